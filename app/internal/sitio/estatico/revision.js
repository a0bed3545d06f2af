// La revisión de una partida terminada, jugada a jugada, con el análisis
// del motor (que el servidor calcula en segundo plano: mientras tanto se
// vuelve a pedir cada segundo y medio).

import { estado, actualizar, suscribir } from "./estado.js";
import { $, el, avisar } from "./dom.js";
import { t } from "./textos.js";
import { api } from "./red.js";
import { mostrar } from "./vistas.js";
import { dibujarTableroEn, describir } from "./tablero.js";

let sondeo = 0;

// abrirRevision muestra la revisión de la partida id: al final si es otra
// partida, en el mismo movimiento si es la que se veía.
export async function abrirRevision(id) {
  clearTimeout(sondeo);
  let r;
  try { r = await api("GET", `/api/partidas/${id}/revision`); } catch (e) { avisar(e.message, true); return; }
  const nueva = !estado.rev || estado.rev.partida !== id;
  actualizar({ rev: r, revPaso: nueva ? r.planilla.length : estado.revPaso });
  mostrar("revision");
  if (r.pendiente) sondeo = setTimeout(() => { if (estado.vista === "revision" && estado.rev.partida === id) abrirRevision(id); }, 1500);
}

suscribir((cambiados) => {
  if (cambiados.has("vista") && estado.vista !== "revision") clearTimeout(sondeo);
  if (estado.vista === "revision" && estado.rev && (cambiados.has("visita") || cambiados.has("rev") || cambiados.has("revPaso"))) dibujarRevision();
});

function irA(k) {
  actualizar({ revPaso: Math.max(0, Math.min(estado.rev.planilla.length, k)) });
}

function analisisDe(n) {
  const a = estado.rev.analisis;
  return a ? a.turnos.find((x) => x.n === n) : null;
}

function textoOpcion(o) {
  switch (o.tipo) {
    case "jugada": return `${o.lugar} ${o.palabra}`;
    case "cambio": return `${t("juego.cambiar")} ${o.cambia.join("")}`;
    default: return t("juego.pasar");
  }
}

function dibujarRevision() {
  const r = estado.rev, k = estado.revPaso, pl = r.planilla;
  $("#titulo-revision").textContent = t("rev.titulo", r.partida) + " · " + r.nombreReglas;
  $("#rev-paso").textContent = t("rev.paso", k, pl.length);
  const fichas = [];
  const totales = r.nombres.map(() => 0);
  for (let i = 0; i < k; i++) {
    if (pl[i].tipo === "jugada") fichas.push(...pl[i].fichas);
    totales[pl[i].jugador] = pl[i].total;
  }
  const actual = k > 0 ? pl[k - 1] : null;
  const an = actual ? analisisDe(actual.n) : null;
  // Dos tableros, sin encimar nada: a la izquierda el de después de la
  // jugada hecha (resaltada); a la derecha el de antes con la mejor del
  // motor puesta (en fantasma). Si el motor elige lo mismo, lo dice.
  const jugadas = actual && actual.tipo === "jugada" ? actual.fichas : [];
  const previas = fichas.slice(0, fichas.length - jugadas.length);
  dibujarTableroEn($("#rev-tablero"), r, fichas, { resaltar: jugadas });
  $("#rev-titulo-jugada").textContent = actual ? t("rev.tableroJugada", describir(actual, r.nombres, true)) : t("rev.inicio");
  const figuraMotor = $("#rev-figura-motor");
  // Sin análisis de un movimiento que no pone fichas (una rendición), el
  // segundo tablero sería el mismo: no se muestra.
  figuraMotor.hidden = !actual || (!an && actual.tipo !== "jugada");
  if (!figuraMotor.hidden) {
    const mejor = an && an.mejores.length ? an.mejores[0] : null;
    const igual = an && mejor && an.perdida <= 0;
    const ocupadas = new Set(previas.map((f) => f.f * r.tamano + f.c));
    const fantasma = mejor && mejor.tipo === "jugada" ? mejor.fichas.filter((f) => !ocupadas.has(f.f * r.tamano + f.c)) : [];
    dibujarTableroEn($("#rev-tablero-motor"), r, previas, { fantasma });
    $("#rev-titulo-motor").textContent = !an ? (r.pendiente ? t("rev.motorPendiente") : t("rev.antes"))
      : t("rev.tableroMotor", (igual ? t("rev.laMisma") + " · " : "") + (mejor ? `${textoOpcion(mejor)} (${mejor.puntos}, ${t("rev.equidad")} ${mejor.equidad})` : "—"));
  }
  $("#rev-marcador").replaceChildren(...r.nombres.map((n, i) => el("span", { class: "jugador" + (actual && actual.jugador === i ? " turno" : "") },
    `${n}: `, el("b", {}, String(k === pl.length ? r.fin.puntajes[i] : totales[i])))));
  // El detalle del movimiento k: la mano, lo que jugó, lo que ve el motor.
  const det = [];
  if (!actual) det.push(el("p", {}, t("rev.inicio")));
  else {
    det.push(el("p", {}, el("b", {}, `${actual.n + 1}. ${r.nombres[actual.jugador]}: `), describir(actual, r.nombres, false),
      ` · ${t("rev.mano")}: ${(r.manosAntes[actual.n] || []).join(" ")}`));
    if (an) {
      det.push(el("p", { id: "rev-jugo" }, `${t("rev.jugo")}: ${textoOpcion(an.jugada)} (${an.jugada.puntos}, ${t("rev.hoja")} ${an.jugada.hoja.join("") || "—"} ${an.jugada.valorHoja}, ${t("rev.equidad")} ${an.jugada.equidad}) · ${t("rev.perdida")}: ${an.perdida}`));
      det.push(el("table", { id: "rev-mejores" }, el("caption", {}, t("rev.mejores")),
        el("thead", {}, el("tr", {}, el("th", {}, t("juego.jugada")), el("th", {}, t("juego.puntos")), el("th", {}, t("rev.hoja")), el("th", {}, t("rev.equidad")))),
        ...an.mejores.map((o) => el("tr", { class: Math.abs(o.equidad - an.jugada.equidad) < 0.05 && textoOpcion(o) === textoOpcion(an.jugada) ? "jugada" : "" },
          el("td", {}, textoOpcion(o)), el("td", {}, String(o.puntos)), el("td", {}, o.hoja.join("") || "—"), el("td", {}, String(o.equidad))))));
    } else if (r.pendiente) det.push(el("p", { class: "nota" }, t("rev.pendiente")));
  }
  $("#rev-detalle").replaceChildren(...det);
  const a = r.analisis;
  $("#rev-resumen").replaceChildren(...(a ? [t("rev.metodo", a.metodo), el("br"),
    ...r.nombres.flatMap((n, i) => [t("rev.resumen", n, a.perdidas[i].toFixed(1), a.exactas[i]), el("br")])] : r.pendiente ? [t("rev.pendiente")] : []));
  $("#rev-movimientos tbody").replaceChildren(...pl.map((x, i) => {
    const ai = analisisDe(x.n);
    return el("tr", { class: (i === k - 1 ? "actual" : "") + (ai && ai.perdida >= 10 ? " error" : ""), dataset: { paso: i + 1 }, onclick: () => irA(i + 1) },
      el("td", {}, String(x.n + 1)), el("td", {}, r.nombres[x.jugador]), el("td", { title: describir(x, r.nombres, false) }, describir(x, r.nombres, false, false).replace(/ \(\+\d+\)$/, "")), el("td", {}, String(x.puntos)),
      el("td", { class: "perdida" }, ai ? String(ai.perdida) : ""));
  }));
  $("#rev-gcg").href = `/api/partidas/${r.partida}/gcg`;
}

$("#rev-inicio").onclick = () => irA(0);
$("#rev-atras").onclick = () => irA(estado.revPaso - 1);
$("#rev-adelante").onclick = () => irA(estado.revPaso + 1);
$("#rev-fin").onclick = () => irA(estado.rev.planilla.length);
document.addEventListener("keydown", (ev) => {
  if (estado.vista !== "revision" || ev.target.closest("input, select, textarea")) return;
  if (ev.key === "ArrowLeft") $("#rev-atras").click();
  if (ev.key === "ArrowRight") $("#rev-adelante").click();
});
