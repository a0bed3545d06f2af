// El vestíbulo: crear una mesa (reglas, asientos, reloj), unirse a una que
// espera jugadores y esperar a que se llene.

import { estado, actualizar, suscribir } from "./estado.js";
import { $, el, avisar } from "./dom.js";
import { t, fmtReloj } from "./textos.js";
import { api } from "./red.js";
import { abrirPartida } from "./juego.js";

suscribir((cambiados) => {
  if (cambiados.has("visita") && estado.vista === "vestibulo") cargarVestibulo();
  if (cambiados.has("visita") || cambiados.has("mesaEsperando")) {
    $("#esperando").hidden = !estado.mesaEsperando || estado.vista !== "vestibulo";
    $("#texto-esperando").textContent = estado.mesaEsperando ? t("vestibulo.esperando", estado.mesaEsperando) : "";
  }
});

async function cargarVestibulo() {
  if (!estado.reglas.length) {
    const r = await api("GET", "/api/reglas");
    actualizar({ reglas: r.reglas, niveles: r.niveles, relojes: r.relojes });
  }
  const reglas = $("#reglas").value;
  $("#reglas").replaceChildren(...estado.reglas.map((x) => el("option", { value: x.id }, x.nombre)));
  if (reglas) $("#reglas").value = reglas;
  const reloj = $("#reloj").value;
  $("#reloj").replaceChildren(...estado.relojes.map((x, i) => el("option", { value: String(i) }, fmtReloj(x))));
  if (reloj) $("#reloj").value = reloj;
  dibujarAsientos();
  const mesas = await api("GET", "/api/mesas");
  $("#mesas").replaceChildren(...(mesas.length ? mesas.map((m) => el("li", {},
    `${m.reglas.nombre} · ${fmtReloj(m.reloj)}: ${m.puestos.map((p) => p.nombre || t("vestibulo.libre")).join(", ")} `,
    el("button", { type: "button", class: "unirse", dataset: { mesa: m.id }, onclick: () => unirse(m.id) }, t("vestibulo.unirse")))) :
    [el("li", {}, t("vestibulo.ninguna"))]));
}

function dibujarAsientos() {
  const n = +$("#jugadores").value;
  const previos = [...document.querySelectorAll("#asientos select")].map((s) => s.value);
  const hijos = [];
  for (let i = 1; i < n; i++) {
    const s = el("select", { id: "asiento-" + i, "aria-label": t("vestibulo.asiento", i + 1) },
      el("option", { value: "persona" }, t("vestibulo.persona")),
      ...estado.niveles.map((nv) => el("option", { value: "bot:" + nv }, t("vestibulo.bot", nv))));
    s.value = previos[i - 1] || "bot:" + (estado.niveles[1] || "intermedio");
    hijos.push(el("label", {}, t("vestibulo.asiento", i + 1) + " ", s));
  }
  $("#asientos").replaceChildren(...hijos);
}
$("#jugadores").addEventListener("change", dibujarAsientos);

$("#form-crear").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("#error-vestibulo").textContent = "";
  const asientos = ["yo"];
  for (let i = 1; i < +$("#jugadores").value; i++) asientos.push($("#asiento-" + i).value);
  const r = estado.relojes[+$("#reloj").value] || {};
  try {
    sentarse(await api("POST", "/api/mesas", { reglas: $("#reglas").value, asientos,
      reloj: { inicial: r.inicial || 0, penalizacion: r.penalizacion || 0, exceso: r.exceso || 0 } }));
  } catch (e) { $("#error-vestibulo").textContent = e.message; }
});

async function unirse(id) {
  $("#error-vestibulo").textContent = "";
  try { sentarse(await api("POST", `/api/mesas/${id}/unirse`)); } catch (e) { $("#error-vestibulo").textContent = e.message; }
}

$("#btn-dejar").onclick = async () => {
  const id = estado.mesaEsperando;
  actualizar({ mesaEsperando: 0 });
  try { await api("POST", `/api/mesas/${id}/dejar`); } catch (e) { /* ya no estaba */ }
  cargarVestibulo();
};

// sentarse espera, sentado en la mesa de s (la respuesta de crearla o de
// unirse), a que empiece la partida, y la abre.
export async function sentarse(s) {
  try {
    while (!s.partida) {
      actualizar({ mesaEsperando: s.mesa });
      s = await api("GET", `/api/mesas/${s.mesa}/esperar`);
      if (!estado.mesaEsperando) return;
    }
  } catch (e) {
    actualizar({ mesaEsperando: 0 });
    avisar(e.message, true); $("#error-vestibulo").textContent = e.message;
    return;
  }
  actualizar({ mesaEsperando: 0, revanchaEsperando: false });
  abrirPartida(s.partida, false);
}
