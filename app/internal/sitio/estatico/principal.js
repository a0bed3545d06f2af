// Palabras: la página del juego, en módulos ES nativos sin dependencias ni
// paso de compilación (index.html carga este con type="module"). Cada
// módulo es una parte: estado.js (el estado y su único escritor),
// textos.js, dom.js, red.js (API y WebSocket), vistas.js, cuentas.js,
// sala.js (el vestíbulo), listas.js, juego.js, tablero.js, reloj.js,
// tanteo.js y revision.js. Este los reúne, pone el botón del idioma, la
// barra de navegación, y arranca: con sesión, a la partida que se jugaba o
// al vestíbulo; sin ella, a la entrada.

import { estado, actualizar } from "./estado.js";
import { $ } from "./dom.js";
import { ponerTextos } from "./textos.js";
import { api } from "./red.js";
import { mostrar } from "./vistas.js";
import { entrado } from "./cuentas.js";
import "./sala.js";
import "./listas.js";
import "./tanteo.js";
import { abrirPartida } from "./juego.js";

$("#btn-idioma").onclick = () => {
  const idiomaUI = estado.idiomaUI === "en" ? "es" : "en";
  localStorage.setItem("idioma", idiomaUI);
  actualizar({ idiomaUI });
  mostrar(estado.vista);
};
$("#nav-jugar").onclick = () => mostrar("vestibulo");
$("#nav-partidas").onclick = () => mostrar("partidas");
$("#nav-mirar").onclick = () => mostrar("mirar");
$("#nav-clasificacion").onclick = () => mostrar("clasificacion");

ponerTextos();
let yo = null;
try { yo = await api("GET", "/api/yo"); } catch (e) { /* sin sesión */ }
if (!yo) mostrar("entrar");
else {
  entrado(yo);
  const p = +sessionStorage.getItem("partida");
  if (p) abrirPartida(p, false); else mostrar("vestibulo");
}
