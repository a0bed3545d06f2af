// Las cuentas: entrar con nombre y contraseña, darse de alta, entrar como
// invitado y salir. Sin sesión (al salir o si vence) se vuelve a la
// entrada.

import { estado, actualizar, suscribir } from "./estado.js";
import { $ } from "./dom.js";
import { api } from "./red.js";
import { mostrar } from "./vistas.js";

// entrado guarda la sesión que devolvió el servidor.
export function entrado(r) {
  actualizar({ jugador: r.jugador, nombre: r.nombre, csrf: r.csrf, invitado: !!r.invitado });
}

function sinSesion() {
  actualizar({ jugador: null, nombre: null, csrf: null, invitado: false });
}

suscribir((cambiados, antes) => {
  if (cambiados.has("jugador") && antes.jugador && !estado.jugador) {
    sessionStorage.removeItem("partida");
    mostrar("entrar");
  }
});

async function formCuenta(ev, ruta, nombre, contrasena) {
  ev.preventDefault();
  $("#error-entrar").textContent = "";
  try {
    entrado(await api("POST", ruta, { nombre: $(nombre).value, contrasena: $(contrasena).value, idioma: estado.idiomaUI }));
    $(contrasena).value = "";
    mostrar("vestibulo");
  } catch (e) { $("#error-entrar").textContent = e.message; }
}

$("#form-entrar").addEventListener("submit", (ev) => formCuenta(ev, "/api/entrar", "#nombre", "#contrasena"));
$("#form-alta").addEventListener("submit", (ev) => formCuenta(ev, "/api/cuentas", "#alta-nombre", "#alta-contrasena"));
$("#btn-invitado").onclick = async () => {
  $("#error-entrar").textContent = "";
  try { entrado(await api("POST", "/api/invitado", { idioma: estado.idiomaUI })); mostrar("vestibulo"); }
  catch (e) { $("#error-entrar").textContent = e.message; }
};
$("#nav-salir").onclick = async () => {
  try { await api("POST", "/api/salir"); } catch (e) { /* ya no valía */ }
  sinSesion();
};
