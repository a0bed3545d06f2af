// Las listas: mis partidas, las partidas en juego para mirar y la
// clasificación.

import { estado, suscribir } from "./estado.js";
import { $, el } from "./dom.js";
import { t } from "./textos.js";
import { api } from "./red.js";
import { abrirPartida } from "./juego.js";
import { abrirRevision } from "./revision.js";

suscribir((cambiados) => {
  if (!cambiados.has("visita")) return;
  if (estado.vista === "partidas") cargarPartidas();
  if (estado.vista === "mirar") cargarMirar();
  if (estado.vista === "clasificacion") cargarClasificacion();
});

async function cargarPartidas() {
  const ps = await api("GET", "/api/partidas");
  $("#tabla-partidas tbody").replaceChildren(...ps.map((p) => el("tr", {},
    el("td", {}, String(p.id)),
    el("td", {}, p.nombres.join(" · ")),
    el("td", {}, p.reglas + (p.reloj ? " · " + p.reloj : "")),
    el("td", {}, p.terminada ? t("tabla.terminada", (p.puntajes || []).join("–")) : t("tabla.enCurso", p.movimientos)),
    el("td", {}, el("button", { type: "button", class: p.terminada ? "revisar" : "seguir", dataset: { partida: p.id },
      onclick: () => p.terminada ? abrirRevision(p.id) : abrirPartida(p.id, false) }, p.terminada ? t("tabla.ver") : t("tabla.seguir")),
      ...(p.terminada ? [" ", el("a", { href: `/api/partidas/${p.id}/gcg` }, "GCG")] : [])))));
}

async function cargarMirar() {
  const ps = await api("GET", "/api/en-juego");
  $("#tabla-mirar tbody").replaceChildren(...(ps.length ? ps.map((p) => el("tr", {},
    el("td", {}, String(p.id)),
    el("td", {}, p.nombres.map((n, i) => `${n} ${(p.puntajes || [])[i] ?? ""}`).join(" · ")),
    el("td", {}, p.reglas),
    el("td", {}, String(p.movimientos)),
    el("td", {}, el("button", { type: "button", class: "mirar", dataset: { partida: p.id }, onclick: () => abrirPartida(p.id, true) }, t("mirar.boton"))))) :
    [el("tr", {}, el("td", { colspan: "5" }, t("mirar.ninguna")))]));
}

async function cargarClasificacion() {
  const filas = await api("GET", "/api/clasificacion");
  $("#tabla-clasificacion tbody").replaceChildren(...(filas || []).map((f, i) => el("tr", {},
    el("td", {}, String(i + 1)), el("td", { class: "nombre" }, f.Nombre), el("td", {}, Math.round(f.Rating.Valor).toString()),
    el("td", {}, String(f.Partidas)), el("td", {}, String(f.Victorias)), el("td", {}, String(f.Maximo)),
    el("td", {}, f.Media.toFixed(1)))));
}
