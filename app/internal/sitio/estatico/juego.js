// La partida: abrirla (jugando o mirando), aplicar al estado lo que manda
// el servidor, dibujarla (marcador, tablero, atril, planilla, fichas por
// salir, final) y los botones para armar y enviar la jugada.

import { estado, actualizar, suscribir, jugadaLimpia } from "./estado.js";
import { $, el, avisar, confirmar } from "./dom.js";
import { t, fmtReloj } from "./textos.js";
import { api, conectar, enviar, escuchar } from "./red.js";
import { mostrar } from "./vistas.js";
import { crearFicha, dibujarTableroEn, ultimaJugada, describir } from "./tablero.js";
import { relojDe, avanzado, dibujarRelojes } from "./reloj.js";
import { abrirRevision } from "./revision.js";

// abrirPartida abre la partida id, para jugarla o para mirarla.
export function abrirPartida(id, mirando) {
  actualizar({ partida: id, mirando, juego: null, reloj: null, revanchaEsperando: false, ...jugadaLimpia() });
  if (!mirando) sessionStorage.setItem("partida", String(id));
  mostrar("juego");
  conectar();
}

// Lo que llega por el WebSocket.
escuchar((m) => {
  const e = estado.juego;
  switch (m.tipo) {
    case "estado": {
      const j = { ...m.estado };
      for (const k of ["tablero", "mano", "planilla"]) j[k] = j[k] || [];
      avisar("");
      actualizar({ juego: j, reloj: relojDe(j), ...jugadaLimpia() });
      break;
    }
    case "jugada": case "pase": case "cambio": case "abandono": case "bandera": case "penalizacion": case "ajuste": {
      if (!e) return;
      const puntajes = e.puntajes.slice();
      puntajes[m.jugador] = m.total;
      const cambios = {
        juego: { ...e, planilla: [...e.planilla, m], movimientos: m.n + 1, bolsa: m.bolsa, puntajes,
          tablero: m.tipo === "jugada" ? [...e.tablero, ...m.fichas] : e.tablero },
        reloj: avanzado(estado.reloj, m),
      };
      const propia = m.jugador === e.asiento && (m.tipo === "jugada" || m.tipo === "cambio" || m.tipo === "pase");
      if (propia) { Object.assign(cambios, jugadaLimpia()); avisar(""); }
      else if (m.jugador !== e.asiento && m.tipo !== "penalizacion") avisar(describir(m, e.nombres, true));
      actualizar(cambios);
      // Para jugar hubo que bajar hasta los botones: después, el tablero
      // entero a la vista (su parte de arriba no queda fuera).
      if (propia) verTablero($("#tablero"));
      break;
    }
    case "mano":
      if (e) actualizar({ juego: { ...e, mano: m.letras }, ...jugadaLimpia() });
      break;
    case "turno":
      if (e) actualizar({ juego: { ...e, turno: m.turno } });
      break;
    case "fin":
      if (e) actualizar({ juego: { ...e, fin: m.fin, puntajes: m.fin.puntajes } });
      break;
    case "revancha":
      if (e) actualizar({ juego: { ...e, revancha: m.mesa, revanchaPartida: m.revancha || 0 } });
      break;
    case "presencia":
      if (e) actualizar({ juego: { ...e, conectados: m.conectados || [], espectadores: m.espectadores || 0 } });
      break;
    case "mal": case "error":
      avisar(m.motivo, true);
      break;
  }
});

// El dibujo: lo que cambió, cuando se ve la partida.
suscribir((cambiados) => {
  if (estado.vista !== "juego") return;
  if (cambiados.has("juego") || cambiados.has("visita")) { dibujarTodo(); return; }
  if (!estado.juego) return;
  if (cambiados.has("pendientes")) dibujarTablero();
  if (cambiados.has("pendientes") || cambiados.has("elegida") || cambiados.has("marcadas") || cambiados.has("modoCambio")) dibujarAtril();
  if (cambiados.has("revanchaEsperando")) dibujarFinal();
});

// verTablero desplaza la página lo justo para que se vea la parte de
// arriba del tablero tab, si quedó fuera de la vista.
export function verTablero(tab) {
  const r = tab.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight) tab.scrollIntoView({ block: "start" });
}

function dibujarTodo() {
  const e = estado.juego;
  $("#vista-juego").dataset.partida = e ? String(e.partida) : "";
  if (!e) {
    $("#final").hidden = true;
    for (const s of ["#marcador", "#tablero", "#atril"]) $(s).replaceChildren();
    return;
  }
  dibujarMarcador(); dibujarTablero(); dibujarAtril(); dibujarPlanilla(); dibujarFinal(); dibujarPendientes();
  $("#info-partida").textContent = t("juego.info", e.partida, e.nombreReglas, e.bolsa) + (estado.reloj ? " · " + fmtReloj(e.reloj) : "") +
    (e.espectadores ? " · " + t("juego.espectadores", e.espectadores) : "");
}

function dibujarMarcador() {
  const e = estado.juego;
  $("#marcador").replaceChildren(...e.nombres.map((n, i) => el("span", {
    class: "jugador" + (i === e.turno && !e.fin ? " turno" : "") + (i === e.asiento ? " yo" : ""), dataset: { i },
  }, ...(e.conectados && !e.bots[i] ? [el("span", { class: "presencia" + (e.conectados[i] ? " conectado" : ""),
    title: t(e.conectados[i] ? "juego.conectado" : "juego.desconectado") }, e.conectados[i] ? "● " : "○ ")] : []),
  `${n}${e.bots[i] ? " (" + t("juego.bot") + ")" : ""}${i === e.asiento ? " (" + t("juego.usted") + ")" : ""}: `,
  el("b", { class: "puntaje" }, String(e.puntajes[i])),
  ...(estado.reloj ? [" ", el("span", { class: "reloj", dataset: { i } }, "")] : []))));
  dibujarRelojes();
  const mira = e.asiento < 0;
  const texto = e.fin ? t("juego.terminada") : mira ? t("juego.mirando") + " " + t("juego.turnoDe", e.nombres[e.turno])
    : e.turno === e.asiento ? t("juego.suTurno") : t("juego.turnoDe", e.nombres[e.turno]);
  $("#estado-turno").textContent = texto;
  const mio = !e.fin && e.turno === e.asiento;
  for (const b of ["#btn-jugar", "#btn-pasar", "#btn-cambiar"]) $(b).disabled = !mio;
  $("#btn-cambiar").hidden = !e.cambios;
  $("#btn-rendirse").disabled = !!e.fin;
  $("#botones").hidden = mira;
  $("#atril").hidden = mira;
  $("#tanteo").hidden = mira;
}

function dibujarTablero() {
  const e = estado.juego;
  dibujarTableroEn($("#tablero"), e, e.tablero, { resaltar: ultimaJugada(e.planilla)?.fichas, pendientes: estado.pendientes,
    tocar: e.asiento >= 0 ? tocarCelda : null });
}

function dibujarAtril() {
  const e = estado.juego;
  const usadas = new Set(estado.pendientes.map((p) => p.i));
  $("#atril").replaceChildren(...e.mano.map((l, i) => {
    const f = crearFicha(e, l, false, (usadas.has(i) ? " usada" : "") + (i === estado.elegida ? " elegida" : "") +
      (estado.marcadas.includes(i) ? " marcada" : ""));
    f.dataset.letra = l; f.dataset.i = i; f.draggable = !usadas.has(i);
    f.setAttribute("role", "button"); f.setAttribute("aria-label", l === "?" ? "?" : l);
    f.addEventListener("click", () => tocarAtril(i));
    f.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", String(i)));
    return f;
  }));
  $("#btn-cambiar").textContent = estado.modoCambio ? t("juego.confirmarCambio") : t("juego.cambiar");
  $("#btn-recoger").textContent = estado.modoCambio ? t("juego.cancelar") : t("juego.recoger");
}

function dibujarPlanilla() {
  const e = estado.juego, n = e.planilla.length;
  $("#planilla tbody").replaceChildren(...e.planilla.map((r, i) => el("tr", { class: i === n - 1 ? "ultima" : "" },
    el("td", {}, String(r.n + 1)), el("td", {}, e.nombres[r.jugador]), el("td", { title: describir(r, e.nombres, false) }, describir(r, e.nombres, false, false)),
    el("td", {}, String(r.puntos)), el("td", {}, String(r.total)))));
}

// dibujarPendientes cuenta las fichas que quien mira todavía no vio: la
// bolsa entera menos el tablero y su mano (las de la bolsa y los atriles
// de los demás).
function dibujarPendientes() {
  const e = estado.juego;
  $("#caja-pendientes").hidden = !e.conBolsa;
  if (!e.conBolsa) return;
  const cuentas = e.reparto.slice();
  let blancos = e.blancos;
  for (const f of e.tablero) { if (f.comodin) blancos--; else { const i = e.alfabeto.indexOf(f.l); if (i >= 0) cuentas[i]--; } }
  for (const l of e.mano) { if (l === "?") blancos--; else { const i = e.alfabeto.indexOf(l); if (i >= 0) cuentas[i]--; } }
  const total = cuentas.reduce((a, b) => a + Math.max(0, b), 0) + Math.max(0, blancos);
  const letras = e.alfabeto.map((l, i) => [l, cuentas[i]]).filter(([, k]) => k > 0);
  if (blancos > 0) letras.push(["?", blancos]);
  $("#pendientes").replaceChildren(
    el("p", { class: "nota", id: "pendientes-total", dataset: { total } }, t("juego.quedan", total, e.bolsa, Math.max(0, total - e.bolsa))),
    el("div", { class: "letras-pendientes" }, ...letras.map(([l, k]) => el("span", { class: "pendiente", dataset: { letra: l, cuantas: k } },
      el("b", {}, l), "×" + k))));
}

function dibujarFinal() {
  const e = estado.juego, f = e.fin, div = $("#final");
  div.hidden = !f;
  if (!f) return;
  const res = f.ganador < 0 ? t("fin.empate") : f.ganador === e.asiento ? t("fin.gano") : t("fin.ganoOtro", e.nombres[f.ganador]);
  // Quién se rindió o se quedó sin tiempo: el último renglón de la planilla.
  const perdio = [...e.planilla].reverse().find((r) => r.tipo === f.motivo);
  const motivo = perdio ? t(f.motivo === "abandono" ? "fin.abandonoDe" : "fin.banderaDe", e.nombres[perdio.jugador]) : t("fin." + f.motivo);
  const hijos = [el("strong", {}, t("fin.titulo") + res), el("br"),
    `(${motivo}) ` + e.nombres.map((n, i) => `${n} ${f.puntajes[i]}`).join(" · "), el("br"),
    el("button", { type: "button", id: "btn-revisar", onclick: () => abrirRevision(e.partida) }, t("fin.revision")), " ",
    el("a", { href: `/api/partidas/${e.partida}/gcg`, id: "enlace-gcg" }, t("juego.gcg")), " ",
    el("button", { type: "button", id: "btn-ver-clasificacion", onclick: () => mostrar("clasificacion") }, t("fin.clasificacion"))];
  if (e.asiento >= 0) {
    hijos.push(el("br"));
    if (e.revanchaPartida) hijos.push(el("button", { type: "button", id: "btn-ir-revancha", onclick: () => abrirPartida(e.revanchaPartida, false) }, t("fin.irRevancha")));
    else if (estado.revanchaEsperando) hijos.push(el("span", { id: "esperando-revancha" }, t("fin.esperandoRevancha")));
    else if (e.revancha) hijos.push(t("fin.revanchaPropuesta") + " ", el("button", { type: "button", id: "btn-revancha", onclick: revancha }, t("fin.aceptar")));
    else hijos.push(el("button", { type: "button", id: "btn-revancha", onclick: revancha }, t("fin.revancha")));
  }
  div.replaceChildren(...hijos);
}

async function revancha() {
  const id = estado.juego.partida;
  actualizar({ revanchaEsperando: true });
  try {
    let s = await api("POST", `/api/partidas/${id}/revancha`);
    while (!s.partida) {
      if (estado.vista !== "juego" || estado.partida !== id) return;
      s = await api("GET", `/api/mesas/${s.mesa}/esperar`);
    }
    actualizar({ revanchaEsperando: false });
    if (estado.vista === "juego" && estado.partida === id) abrirPartida(s.partida, false);
  } catch (e) { avisar(e.message, true); actualizar({ revanchaEsperando: false }); }
}

// ---------- armar la jugada ----------

function tocarAtril(i) {
  if (estado.modoCambio) {
    const m = estado.marcadas;
    actualizar({ marcadas: m.includes(i) ? m.filter((x) => x !== i) : [...m, i] });
  } else actualizar({ elegida: estado.elegida === i ? -1 : i });
}

// tocarCelda pone en (f, c) la ficha elegida del atril (o la i, soltada
// ahí), o quita la que estaba puesta.
function tocarCelda(f, c, i = estado.elegida) {
  const e = estado.juego;
  if (!e || e.fin || estado.modoCambio || e.asiento < 0) return;
  const puestas = estado.pendientes;
  if (puestas.some((p) => p.f === f && p.c === c)) { actualizar({ pendientes: puestas.filter((p) => p.f !== f || p.c !== c) }); return; }
  if (i < 0 || i >= e.mano.length || puestas.some((p) => p.i === i) || e.tablero.some((x) => x.f === f && x.c === c)) return;
  const l = e.mano[i];
  const poner = (letra, comodin) => actualizar({ pendientes: [...estado.pendientes, { f, c, l: letra, comodin, i }], elegida: -1 });
  if (l === "?") elegirComodin((letra) => poner(letra, true));
  else poner(l, false);
}

function elegirComodin(hecho) {
  const d = $("#dialogo-comodin");
  $("#letras-comodin").replaceChildren(...estado.juego.alfabeto.map((l) =>
    el("button", { type: "button", dataset: { letra: l }, onclick: () => { d.close(); hecho(l); } }, l)));
  d.showModal();
}
$("#btn-comodin-cancelar").onclick = () => $("#dialogo-comodin").close();

$("#btn-jugar").onclick = () => {
  if (!estado.pendientes.length) { avisar(t("juego.ponga"), true); return; }
  enviar({ tipo: "jugar", fichas: estado.pendientes.map(({ f, c, l, comodin }) => ({ f, c, l, comodin })) });
};
$("#btn-recoger").onclick = () => { actualizar(jugadaLimpia()); avisar(""); };
$("#btn-mezclar").onclick = () => {
  const e = estado.juego;
  if (!e) return;
  const m = e.mano.slice();
  for (let i = m.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [m[i], m[j]] = [m[j], m[i]]; }
  actualizar({ juego: { ...e, mano: m }, ...jugadaLimpia() });
};
$("#btn-pasar").onclick = () => confirmar(t("juego.pasarPregunta"), () => enviar({ tipo: "pasar" }));
$("#btn-cambiar").onclick = () => {
  if (!estado.modoCambio) {
    actualizar({ ...jugadaLimpia(), modoCambio: true });
    avisar(t("juego.elijaCambio"));
    return;
  }
  const letras = estado.marcadas.map((i) => estado.juego.mano[i]);
  if (!letras.length) { avisar(t("juego.ningunaFicha"), true); return; }
  enviar({ tipo: "cambiar", letras });
  actualizar({ modoCambio: false, marcadas: [] });
};
$("#btn-rendirse").onclick = () => confirmar(t("juego.rendirsePregunta"), () => enviar({ tipo: "rendirse" }));
