// Palabras: la página del juego. Sin dependencias ni paso de compilación.
"use strict";

const $ = (s) => document.querySelector(s);
const el = (tag, props = {}, ...hijos) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const h of hijos) e.append(h);
  return e;
};

const app = {
  jugador: null, nombre: null, csrf: null, invitado: false,
  idiomaUI: localStorage.getItem("idioma") || ((navigator.language || "es").startsWith("en") ? "en" : "es"),
  idioma: "es",           // el de lo que se ve
  vista: "cargando",
  ws: null, reintento: 0, cerrarAdrede: false, inactiva: false,
  partida: 0, mirando: false,
  e: null,                // el estado de la partida
  pendientes: [],         // fichas puestas en el tablero sin jugar: {f, c, l, comodin, i}
  elegida: -1,            // índice de la ficha del atril elegida
  modoCambio: false, marcadas: new Set(),
  reloj: null,            // {inicial, penalizacion, exceso, usados, desde}
  reglas: [], niveles: [], relojes: [],
  mesaEsperando: 0, revanchaEsperando: false,
  rev: null, revPaso: 0, revSondeo: 0,
};

// ---------- textos ----------
function t(clave, ...args) {
  const s = (TEXTOS[app.idioma] || TEXTOS.es)[clave] ?? TEXTOS.es[clave] ?? clave;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ""));
}

function ponerIdioma(idioma) {
  app.idioma = idioma === "en" ? "en" : "es";
  document.documentElement.lang = app.idioma;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("#btn-idioma").textContent = app.idiomaUI === "en" ? "ES" : "EN";
}

$("#btn-idioma").onclick = () => {
  app.idiomaUI = app.idiomaUI === "en" ? "es" : "en";
  localStorage.setItem("idioma", app.idiomaUI);
  if (app.vista !== "juego" && app.vista !== "revision") ponerIdioma(app.idiomaUI);
  else ponerIdioma(app.idioma);
  mostrar(app.vista);
};

function fmtReloj(r) {
  if (!r || !r.inicial) return t("reloj.sin");
  const min = r.inicial >= 60 ? `${Math.round(r.inicial / 60)} min` : `${r.inicial} s`;
  if (!r.exceso) return app.idioma === "en" ? `${min} (loses when the flag falls)` : `${min} (pierde al caer la bandera)`;
  return app.idioma === "en" ? `${min}, −${r.penalizacion} per minute over (up to ${Math.round(r.exceso / 60)} min)`
    : `${min}, −${r.penalizacion} por minuto de más (hasta ${Math.round(r.exceso / 60)} min)`;
}

// ---------- API ----------
class ErrorAPI extends Error { constructor(m, estado, codigo) { super(m); this.estado = estado; this.codigo = codigo; } }

async function api(metodo, ruta, cuerpo) {
  const op = { method: metodo, headers: { "X-Idioma": app.idioma }, credentials: "same-origin" };
  if (metodo !== "GET") {
    op.headers["Content-Type"] = "application/json";
    if (app.csrf) op.headers["X-CSRF"] = app.csrf;
    op.body = JSON.stringify(cuerpo ?? {});
  }
  const r = await fetch(ruta, op);
  const datos = await r.json().catch(() => ({}));
  if (!r.ok) {
    if (r.status === 401 && datos.codigo === "sesion" && app.jugador) sinSesion();
    throw new ErrorAPI(datos.error || ("Error " + r.status), r.status, datos.codigo);
  }
  return datos;
}

// ---------- vistas ----------
function mostrar(vista) {
  app.vista = vista;
  for (const v of document.querySelectorAll(".vista")) v.hidden = v.id !== "vista-" + vista;
  $("#nav").hidden = !app.jugador;
  $("#quien").textContent = app.nombre || "";
  if (vista !== "juego") { cerrarWS(); app.partida = 0; sessionStorage.removeItem("partida"); }
  if (vista !== "juego" && vista !== "revision") ponerIdioma(app.idiomaUI);
  if (vista !== "revision") clearTimeout(app.revSondeo);
  if (vista === "vestibulo") cargarVestibulo();
  if (vista === "partidas") cargarPartidas();
  if (vista === "mirar") cargarMirar();
  if (vista === "clasificacion") cargarClasificacion();
}

function entrado(r) {
  app.jugador = r.jugador; app.nombre = r.nombre; app.csrf = r.csrf; app.invitado = !!r.invitado;
}

function sinSesion() {
  app.jugador = null; app.nombre = null; app.csrf = null;
  sessionStorage.removeItem("partida");
  mostrar("entrar");
}

async function formCuenta(ev, ruta, nombre, contrasena) {
  ev.preventDefault();
  $("#error-entrar").textContent = "";
  try {
    entrado(await api("POST", ruta, { nombre: $(nombre).value, contrasena: $(contrasena).value, idioma: app.idiomaUI }));
    $(contrasena).value = "";
    mostrar("vestibulo");
  } catch (e) { $("#error-entrar").textContent = e.message; }
}
$("#form-entrar").addEventListener("submit", (ev) => formCuenta(ev, "/api/entrar", "#nombre", "#contrasena"));
$("#form-alta").addEventListener("submit", (ev) => formCuenta(ev, "/api/cuentas", "#alta-nombre", "#alta-contrasena"));
$("#btn-invitado").onclick = async () => {
  $("#error-entrar").textContent = "";
  try { entrado(await api("POST", "/api/invitado", { idioma: app.idiomaUI })); mostrar("vestibulo"); }
  catch (e) { $("#error-entrar").textContent = e.message; }
};
$("#nav-jugar").onclick = () => mostrar("vestibulo");
$("#nav-partidas").onclick = () => mostrar("partidas");
$("#nav-mirar").onclick = () => mostrar("mirar");
$("#nav-clasificacion").onclick = () => mostrar("clasificacion");
$("#nav-salir").onclick = async () => { try { await api("POST", "/api/salir"); } catch (e) { /* ya no vale */ } sinSesion(); };

// ---------- vestíbulo ----------
async function cargarVestibulo() {
  if (!app.reglas.length) {
    const r = await api("GET", "/api/reglas");
    app.reglas = r.reglas; app.niveles = r.niveles; app.relojes = r.relojes;
  }
  const reglas = $("#reglas").value;
  $("#reglas").replaceChildren(...app.reglas.map((x) => el("option", { value: x.id }, x.nombre)));
  if (reglas) $("#reglas").value = reglas;
  const reloj = $("#reloj").value;
  $("#reloj").replaceChildren(...app.relojes.map((x, i) => el("option", { value: String(i) }, fmtReloj(x))));
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
      ...app.niveles.map((nv) => el("option", { value: "bot:" + nv }, t("vestibulo.bot", nv))));
    s.value = previos[i - 1] || "bot:" + (app.niveles[1] || "intermedio");
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
  const r = app.relojes[+$("#reloj").value] || {};
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
  const id = app.mesaEsperando;
  app.mesaEsperando = 0;
  $("#esperando").hidden = true;
  try { await api("POST", `/api/mesas/${id}/dejar`); } catch (e) { /* ya no estaba */ }
  cargarVestibulo();
};

async function sentarse(s) {
  try {
    while (!s.partida) {
      app.mesaEsperando = s.mesa;
      $("#esperando").hidden = app.vista !== "vestibulo";
      $("#texto-esperando").textContent = t("vestibulo.esperando", s.mesa);
      s = await api("GET", `/api/mesas/${s.mesa}/esperar`);
      if (!app.mesaEsperando) return;
    }
  } catch (e) {
    $("#esperando").hidden = true; app.mesaEsperando = 0;
    avisar(e.message, true); $("#error-vestibulo").textContent = e.message;
    return;
  }
  $("#esperando").hidden = true; app.mesaEsperando = 0; app.revanchaEsperando = false;
  abrirPartida(s.partida, false);
}

// ---------- listas ----------
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

// ---------- WebSocket ----------
function abrirPartida(id, mirando) {
  app.partida = id; app.mirando = mirando;
  if (!mirando) sessionStorage.setItem("partida", String(id));
  app.e = null; limpiarJugada();
  mostrar("juego");
  app.partida = id;
  if (!mirando) sessionStorage.setItem("partida", String(id));
  $("#final").hidden = true; $("#marcador").replaceChildren(); $("#tablero").replaceChildren(); $("#atril").replaceChildren();
  conectar();
}

function conectar() {
  cerrarWS();
  app.cerrarAdrede = false; app.inactiva = false;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  app.ws = ws;
  ws.onopen = () => { app.reintento = 0; ws.send(JSON.stringify({ tipo: app.mirando ? "mirar" : "entrar", partida: app.partida })); };
  ws.onmessage = (ev) => recibir(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (app.ws !== ws || app.cerrarAdrede) return;
    if (ev.code === 4000 || ev.code === 4001) { app.inactiva = true; avisar(t("juego.inactiva"), true); return; }
    avisar(t("juego.reconectando"), true);
    const espera = Math.min(5000, 500 * 2 ** app.reintento++);
    setTimeout(() => { if (app.ws === ws && !app.cerrarAdrede) conectar(); }, espera);
  };
}

function cerrarWS() {
  if (app.ws) { app.cerrarAdrede = true; app.ws.close(); app.ws = null; }
}

// Un latido cada 4 minutos mientras la página se ve: una pestaña oculta
// deja de mandarlos y el servidor la cierra por inactividad.
setInterval(() => {
  if (app.ws && app.ws.readyState === WebSocket.OPEN && document.visibilityState === "visible") app.ws.send('{"tipo":"latido"}');
}, 240000);
const volver = () => { if (app.inactiva && app.vista === "juego") conectar(); };
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") volver(); });
document.addEventListener("pointerdown", volver);

function enviar(m) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) { avisar(t("juego.sinConexion"), true); return; }
  app.ws.send(JSON.stringify(m));
}

function recibir(m) {
  const e = app.e;
  switch (m.tipo) {
    case "estado":
      app.e = m.estado;
      for (const k of ["tablero", "mano", "planilla"]) app.e[k] = app.e[k] || [];
      ponerIdioma(app.e.idioma);
      iniciarReloj(app.e);
      limpiarJugada(); avisar("");
      dibujarTodo();
      break;
    case "jugada": case "pase": case "cambio": case "abandono": case "bandera": case "penalizacion": case "ajuste":
      if (!e) return;
      e.planilla.push(m); e.movimientos = m.n + 1; e.bolsa = m.bolsa;
      e.puntajes[m.jugador] = m.total;
      if (m.tipo === "jugada") {
        for (const f of m.fichas) e.tablero.push(f);
      }
      avanzarReloj(m);
      if (m.jugador === e.asiento) { if (m.tipo === "jugada" || m.tipo === "cambio" || m.tipo === "pase") { limpiarJugada(); avisar(""); } }
      else if (m.tipo !== "penalizacion") avisar(describir(m, true));
      dibujarTodo();
      break;
    case "mano":
      if (!e) return;
      e.mano = m.letras; limpiarJugada(); dibujarAtril(); dibujarPendientes(); dibujarTanteo();
      break;
    case "turno":
      if (!e) return;
      e.turno = m.turno; dibujarMarcador();
      break;
    case "fin":
      if (!e) return;
      e.fin = m.fin; e.puntajes = m.fin.puntajes; dibujarTodo();
      break;
    case "revancha":
      if (!e) return;
      e.revancha = m.mesa; e.revanchaPartida = m.revancha || 0; dibujarFinal();
      break;
    case "mal": case "error":
      avisar(m.motivo, true);
      break;
  }
}

// ---------- reloj ----------
function iniciarReloj(e) {
  if (!e.reloj) { app.reloj = null; return; }
  app.reloj = { inicial: e.reloj.inicial * 1000, exceso: e.reloj.exceso * 1000, penalizacion: e.reloj.penalizacion,
    usados: e.reloj.usados.slice(), desde: performance.now() - (e.reloj.corre || 0) };
}

function avanzarReloj(m) {
  const r = app.reloj;
  if (!r) return;
  if (m.ms) r.usados[m.jugador] += m.ms;
  r.desde = performance.now();
}

function restante(i) {
  const r = app.reloj, e = app.e;
  let usado = r.usados[i];
  if (!e.fin && i === e.turno) usado += performance.now() - r.desde;
  return r.inicial - usado;
}

function fmtTiempo(ms) {
  const neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
  const txt = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return neg ? "−" + txt : txt;
}

function dibujarRelojes() {
  if (!app.reloj || !app.e || app.vista !== "juego") return;
  for (const span of document.querySelectorAll("#marcador .reloj")) {
    const ms = restante(+span.dataset.i);
    span.textContent = fmtTiempo(ms);
    span.classList.toggle("pasado", ms < 0);
    span.classList.toggle("poco", ms >= 0 && ms < 60000);
  }
}
setInterval(dibujarRelojes, 250);

// ---------- dibujo ----------
function dibujarTodo() {
  dibujarMarcador(); dibujarTablero(); dibujarAtril(); dibujarPlanilla(); dibujarFinal(); dibujarPendientes(); dibujarTanteo();
  const e = app.e;
  $("#info-partida").textContent = t("juego.info", e.partida, e.nombreReglas, e.bolsa) + (app.reloj ? " · " + fmtReloj(e.reloj) : "");
}

function dibujarMarcador() {
  const e = app.e;
  $("#marcador").replaceChildren(...e.nombres.map((n, i) => el("span", {
    class: "jugador" + (i === e.turno && !e.fin ? " turno" : "") + (i === e.asiento ? " yo" : ""), dataset: { i },
  }, `${n}${e.bots[i] ? " (" + t("juego.bot") + ")" : ""}${i === e.asiento ? " (" + t("juego.usted") + ")" : ""}: `,
  el("b", { class: "puntaje" }, String(e.puntajes[i])),
  ...(app.reloj ? [" ", el("span", { class: "reloj", dataset: { i } }, "")] : []))));
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

function ultimaJugada(planilla) {
  for (let i = planilla.length - 1; i >= 0; i--) {
    if (planilla[i].tipo === "jugada") return planilla[i];
    if (planilla[i].tipo !== "penalizacion") return null;
  }
  return null;
}

function valorDe(e, l, comodin) {
  if (comodin || l === "?") return 0;
  const i = e.alfabeto.indexOf(l);
  return i >= 0 ? e.valores[i] : 0;
}

function crearFicha(e, l, comodin, extra = "") {
  const valor = valorDe(e, l, comodin);
  return el("div", { class: "ficha" + (l.length > 1 ? " digrafo" : "") + (comodin ? " comodin" : "") + extra },
    el("span", { class: "simbolo" }, l === "?" ? "" : l), el("span", { class: "valor" }, valor ? String(valor) : ""));
}

const columna = (c) => String.fromCharCode(65 + c);

// dibujarTableroEn dibuja un tablero con sus coordenadas: las columnas con
// letras arriba y las filas con números a la izquierda, como en las
// planillas ("8D" es la fila 8, columna D).
function dibujarTableroEn(tab, e, fichas, opciones = {}) {
  const n = e.tamano;
  tab.style.setProperty("--n", n);
  const ocupadas = new Map(fichas.map((f) => [f.f * n + f.c, f]));
  const resaltar = new Set((opciones.resaltar || []).map((f) => f.f * n + f.c));
  const pend = new Map((opciones.pendientes || []).map((p) => [p.f * n + p.c, p]));
  const fantasma = new Map((opciones.fantasma || []).map((p) => [p.f * n + p.c, p]));
  const celdas = [el("div", { class: "coord esquina" })];
  for (let c = 0; c < n; c++) celdas.push(el("div", { class: "coord col" }, columna(c)));
  const clasica = e.premios.some((fila) => fila !== ".".repeat(n));
  for (let f = 0; f < n; f++) {
    celdas.push(el("div", { class: "coord fila" }, String(f + 1)));
    for (let c = 0; c < n; c++) {
      const pr = e.premios[f][c];
      const centro = clasica && f === (n >> 1) && c === (n >> 1);
      const cel = el("div", { class: "celda" + (pr !== "." ? " p-" + pr : "") + (centro ? " centro" : ""),
        role: "gridcell", dataset: { f, c }, "aria-label": `${f + 1}${columna(c)}` });
      const k = f * n + c, o = ocupadas.get(k), p = pend.get(k), g = fantasma.get(k);
      if (o) cel.append(crearFicha(e, o.l, o.comodin, resaltar.has(k) ? " ultima" : ""));
      else if (p) cel.append(crearFicha(e, p.l, p.comodin, " pendiente"));
      else if (g) cel.append(crearFicha(e, g.l, g.comodin, " fantasma"));
      if (opciones.tocar) {
        cel.addEventListener("click", () => opciones.tocar(f, c));
        cel.addEventListener("dragover", (ev) => { if (!o) { ev.preventDefault(); cel.classList.add("destino"); } });
        cel.addEventListener("dragleave", () => cel.classList.remove("destino"));
        cel.addEventListener("drop", (ev) => { ev.preventDefault(); cel.classList.remove("destino"); app.elegida = +ev.dataTransfer.getData("text/plain"); opciones.tocar(f, c); });
      }
      celdas.push(cel);
    }
  }
  tab.replaceChildren(...celdas);
}

function dibujarTablero() {
  const e = app.e;
  dibujarTableroEn($("#tablero"), e, e.tablero, { resaltar: ultimaJugada(e.planilla)?.fichas, pendientes: app.pendientes,
    tocar: e.asiento >= 0 ? tocarCelda : null });
}

function dibujarAtril() {
  const e = app.e;
  const usadas = new Set(app.pendientes.map((p) => p.i));
  $("#atril").replaceChildren(...e.mano.map((l, i) => {
    const f = crearFicha(e, l, false, (usadas.has(i) ? " usada" : "") + (i === app.elegida ? " elegida" : "") + (app.marcadas.has(i) ? " marcada" : ""));
    f.dataset.letra = l; f.dataset.i = i; f.draggable = !usadas.has(i);
    f.setAttribute("role", "button"); f.setAttribute("aria-label", l === "?" ? "?" : l);
    f.addEventListener("click", () => tocarAtril(i));
    f.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", String(i)));
    return f;
  }));
  $("#btn-cambiar").textContent = app.modoCambio ? t("juego.confirmarCambio") : t("juego.cambiar");
  $("#btn-recoger").textContent = app.modoCambio ? t("juego.cancelar") : t("juego.recoger");
}

function describir(r, conNombre) {
  const quien = conNombre ? app.e.nombres[r.jugador] + ": " : "";
  switch (r.tipo) {
    case "jugada": return `${quien}${r.palabra} ${r.lugar} (+${r.puntos})`;
    case "pase": return quien + t("juego.pasa");
    case "cambio": return quien + t("juego.cambia", r.cantidad);
    case "abandono": return quien + t("juego.seRinde");
    case "bandera": return quien + t("juego.sinTiempo");
    case "penalizacion": return `${quien}${t("juego.penalizacion")} (${r.puntos})`;
    default: return `${quien}${t("juego.ajuste")} (${r.puntos})`;
  }
}

function dibujarPlanilla() {
  const e = app.e, n = e.planilla.length;
  $("#planilla tbody").replaceChildren(...e.planilla.map((r, i) => el("tr", { class: i === n - 1 ? "ultima" : "" },
    el("td", {}, String(r.n + 1)), el("td", {}, e.nombres[r.jugador]), el("td", {}, describir(r, false)),
    el("td", {}, String(r.puntos)), el("td", {}, String(r.total)))));
}

// dibujarPendientes cuenta las fichas que quien mira todavía no vio: la
// bolsa entera menos el tablero y su mano (las de la bolsa y los atriles
// de los demás).
function dibujarPendientes() {
  const e = app.e;
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

// tantear calcula los puntos de las fichas puestas (reglas R1, R4, C1 y
// C4 de docs/reglas.md): cada palabra del tablero que contiene una ficha
// nueva suma el valor de sus letras, con los premios de las casillas que
// cubren las nuevas; más el bingo si se usan todas. No mira el léxico: null
// si las fichas no están en una línea sin huecos.
function tantear(e, pendientes) {
  if (!pendientes.length) return null;
  const n = e.tamano, celda = new Map();
  for (const x of e.tablero) celda.set(x.f * n + x.c, { l: x.l, comodin: x.comodin, nueva: false });
  for (const p of pendientes) celda.set(p.f * n + p.c, { l: p.l, comodin: p.comodin, nueva: true, f: p.f, c: p.c });
  const filas = new Set(pendientes.map((p) => p.f)), cols = new Set(pendientes.map((p) => p.c));
  if (filas.size > 1 && cols.size > 1) return null;
  const dentro = (f, c) => f >= 0 && c >= 0 && f < n && c < n;
  const hay = (f, c) => dentro(f, c) && celda.has(f * n + c);
  if (pendientes.length > 1) {
    const horizontal = filas.size === 1;
    const vals = pendientes.map((p) => horizontal ? p.c : p.f);
    for (let x = Math.min(...vals); x <= Math.max(...vals); x++) {
      if (horizontal ? !hay(pendientes[0].f, x) : !hay(x, pendientes[0].c)) return null;
    }
  }
  const palabras = [], vistas = new Set();
  for (const p of pendientes) {
    for (const [df, dc] of [[0, 1], [1, 0]]) {
      let f = p.f, c = p.c;
      while (hay(f - df, c - dc)) { f -= df; c -= dc; }
      const clave = `${f},${c},${df}`;
      const palabra = [];
      for (let ff = f, cc = c; hay(ff, cc); ff += df, cc += dc) palabra.push({ f: ff, c: cc, ...celda.get(ff * n + cc) });
      if (palabra.length >= 2 && !vistas.has(clave)) { vistas.add(clave); palabras.push(palabra); }
    }
  }
  if (!palabras.length) {
    if (pendientes.length !== 1) return null;
    const p = pendientes[0];
    palabras.push([{ f: p.f, c: p.c, l: p.l, comodin: p.comodin, nueva: true }]);
  }
  let total = 0;
  for (const palabra of palabras) {
    let suma = 0, mult = 1;
    for (const x of palabra) {
      let v = valorDe(e, x.l, x.comodin);
      if (x.nueva) {
        const pr = e.premios[x.f][x.c];
        if (pr === "l") v *= 2; else if (pr === "L") v *= 3; else if (pr === "p") mult *= 2; else if (pr === "P") mult *= 3;
      }
      suma += v;
    }
    total += suma * mult;
  }
  if (pendientes.length === e.fichas && e.bingo) total += e.bingo;
  return total;
}

function dibujarTanteo() {
  const e = app.e;
  if (!e || e.asiento < 0) return;
  const pts = tantear(e, app.pendientes);
  $("#tanteo").textContent = !app.pendientes.length ? "" : pts === null ? t("juego.tanteoNo") : t("juego.tanteo", pts);
  $("#tanteo").dataset.puntos = pts === null ? "" : String(pts);
}

function dibujarFinal() {
  const e = app.e, f = e.fin, div = $("#final");
  div.hidden = !f;
  if (!f) return;
  const res = f.ganador < 0 ? t("fin.empate") : f.ganador === e.asiento ? t("fin.gano") : t("fin.ganoOtro", e.nombres[f.ganador]);
  const hijos = [el("strong", {}, t("fin.titulo") + res), el("br"),
    `(${t("fin." + f.motivo)}) ` + e.nombres.map((n, i) => `${n} ${f.puntajes[i]}`).join(" · "), el("br"),
    el("button", { type: "button", id: "btn-revisar", onclick: () => abrirRevision(e.partida) }, t("fin.revision")), " ",
    el("a", { href: `/api/partidas/${e.partida}/gcg`, id: "enlace-gcg" }, t("juego.gcg")), " ",
    el("button", { type: "button", id: "btn-ver-clasificacion", onclick: () => mostrar("clasificacion") }, t("fin.clasificacion"))];
  if (e.asiento >= 0) {
    hijos.push(el("br"));
    if (e.revanchaPartida) hijos.push(el("button", { type: "button", id: "btn-ir-revancha", onclick: () => abrirPartida(e.revanchaPartida, false) }, t("fin.irRevancha")));
    else if (app.revanchaEsperando) hijos.push(el("span", { id: "esperando-revancha" }, t("fin.esperandoRevancha")));
    else if (e.revancha) hijos.push(t("fin.revanchaPropuesta") + " ", el("button", { type: "button", id: "btn-revancha", onclick: revancha }, t("fin.aceptar")));
    else hijos.push(el("button", { type: "button", id: "btn-revancha", onclick: revancha }, t("fin.revancha")));
  }
  div.replaceChildren(...hijos);
}

async function revancha() {
  const id = app.e.partida;
  app.revanchaEsperando = true; dibujarFinal();
  try {
    let s = await api("POST", `/api/partidas/${id}/revancha`);
    while (!s.partida) {
      if (app.vista !== "juego" || app.partida !== id) return;
      s = await api("GET", `/api/mesas/${s.mesa}/esperar`);
    }
    app.revanchaEsperando = false;
    if (app.vista === "juego" && app.partida === id) abrirPartida(s.partida, false);
  } catch (e) { app.revanchaEsperando = false; avisar(e.message, true); dibujarFinal(); }
}

function avisar(texto, error) {
  const m = $("#mensaje");
  m.textContent = texto; m.className = error ? "error" : "";
}

// ---------- jugar ----------
function limpiarJugada() {
  app.pendientes = []; app.elegida = -1; app.modoCambio = false; app.marcadas.clear();
}

function redibujarJugada() { dibujarTablero(); dibujarAtril(); dibujarTanteo(); }

function tocarAtril(i) {
  if (app.modoCambio) {
    if (app.marcadas.has(i)) app.marcadas.delete(i); else app.marcadas.add(i);
  } else app.elegida = app.elegida === i ? -1 : i;
  dibujarAtril();
}

function tocarCelda(f, c) {
  const e = app.e;
  if (!e || e.fin || app.modoCambio || e.asiento < 0) return;
  const k = app.pendientes.findIndex((p) => p.f === f && p.c === c);
  if (k >= 0) { app.pendientes.splice(k, 1); redibujarJugada(); return; }
  if (app.elegida < 0 || e.tablero.some((x) => x.f === f && x.c === c)) return;
  const i = app.elegida, l = e.mano[i];
  const poner = (letra, comodin) => {
    app.pendientes.push({ f, c, l: letra, comodin, i }); app.elegida = -1;
    redibujarJugada();
  };
  if (l === "?") elegirComodin((letra) => poner(letra, true));
  else poner(l, false);
}

function elegirComodin(hecho) {
  const d = $("#dialogo-comodin");
  $("#letras-comodin").replaceChildren(...app.e.alfabeto.map((l) =>
    el("button", { type: "button", dataset: { letra: l }, onclick: () => { d.close(); hecho(l); } }, l)));
  d.showModal();
}
$("#btn-comodin-cancelar").onclick = () => $("#dialogo-comodin").close();

function confirmar(texto, si) {
  const d = $("#dialogo-confirmar");
  $("#texto-confirmar").textContent = texto;
  $("#btn-confirmar-si").onclick = () => { d.close(); si(); };
  $("#btn-confirmar-no").onclick = () => d.close();
  d.showModal();
}

$("#btn-jugar").onclick = () => {
  if (!app.pendientes.length) { avisar(t("juego.ponga"), true); return; }
  enviar({ tipo: "jugar", fichas: app.pendientes.map(({ f, c, l, comodin }) => ({ f, c, l, comodin })) });
};
$("#btn-recoger").onclick = () => { limpiarJugada(); redibujarJugada(); avisar(""); };
$("#btn-mezclar").onclick = () => {
  if (!app.e) return;
  limpiarJugada();
  const m = app.e.mano;
  for (let i = m.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [m[i], m[j]] = [m[j], m[i]]; }
  redibujarJugada();
};
$("#btn-pasar").onclick = () => confirmar(t("juego.pasarPregunta"), () => enviar({ tipo: "pasar" }));
$("#btn-cambiar").onclick = () => {
  if (!app.modoCambio) {
    limpiarJugada(); app.modoCambio = true; redibujarJugada();
    avisar(t("juego.elijaCambio"));
    return;
  }
  const letras = [...app.marcadas].map((i) => app.e.mano[i]);
  if (!letras.length) { avisar(t("juego.ningunaFicha"), true); return; }
  enviar({ tipo: "cambiar", letras });
  app.modoCambio = false; app.marcadas.clear(); dibujarAtril();
};
$("#btn-rendirse").onclick = () => confirmar(t("juego.rendirsePregunta"), () => enviar({ tipo: "rendirse" }));

// ---------- revisión ----------
async function abrirRevision(id) {
  clearTimeout(app.revSondeo);
  let r;
  try { r = await api("GET", `/api/partidas/${id}/revision`); } catch (e) { avisar(e.message, true); return; }
  const nueva = !app.rev || app.rev.partida !== id;
  app.rev = r;
  if (nueva) app.revPaso = r.planilla.length;
  ponerIdioma(r.idioma);
  mostrar("revision");
  dibujarRevision();
  if (r.pendiente) app.revSondeo = setTimeout(() => { if (app.vista === "revision" && app.rev.partida === id) abrirRevision(id); }, 1500);
}

function analisisDe(n) {
  const a = app.rev.analisis;
  return a ? a.turnos.find((x) => x.n === n) : null;
}

function textoOpcion(o) {
  switch (o.tipo) {
    case "jugada": return `${o.palabra} ${o.lugar}`;
    case "cambio": return `${t("juego.cambiar")} ${o.cambia.join("")}`;
    default: return t("juego.pasar");
  }
}

function dibujarRevision() {
  const r = app.rev, k = app.revPaso, pl = r.planilla;
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
  const mejor = an && an.mejores.length && an.perdida > 0 && an.mejores[0].tipo === "jugada" ? an.mejores[0].fichas : [];
  const ocupadas = new Set(fichas.map((f) => f.f * r.tamano + f.c));
  const previas = new Set(fichas.slice(0, fichas.length - (actual && actual.tipo === "jugada" ? actual.fichas.length : 0)).map((f) => f.f * r.tamano + f.c));
  dibujarTableroEn($("#rev-tablero"), r, fichas, { resaltar: actual && actual.tipo === "jugada" ? actual.fichas : [],
    fantasma: mejor.filter((f) => !previas.has(f.f * r.tamano + f.c) && !ocupadas.has(f.f * r.tamano + f.c)) });
  $("#rev-marcador").replaceChildren(...r.nombres.map((n, i) => el("span", { class: "jugador" + (actual && actual.jugador === i ? " turno" : "") },
    `${n}: `, el("b", {}, String(k === pl.length ? r.fin.puntajes[i] : totales[i])))));
  // El detalle del movimiento k: la mano, lo que jugó, lo que ve el motor.
  const det = [];
  if (!actual) det.push(el("p", {}, t("rev.inicio")));
  else {
    det.push(el("p", {}, el("b", {}, `${actual.n + 1}. ${r.nombres[actual.jugador]}: `), describirRev(actual),
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
    return el("tr", { class: (i === k - 1 ? "actual" : "") + (ai && ai.perdida >= 10 ? " error" : ""), dataset: { paso: i + 1 }, onclick: () => { app.revPaso = i + 1; dibujarRevision(); } },
      el("td", {}, String(x.n + 1)), el("td", {}, r.nombres[x.jugador]), el("td", {}, describirRev(x).replace(/ \(\+\d+\)$/, "")), el("td", {}, String(x.puntos)),
      el("td", { class: "perdida" }, ai ? String(ai.perdida) : ""));
  }));
  $("#rev-gcg").href = `/api/partidas/${r.partida}/gcg`;
}

function describirRev(x) {
  const guardado = app.e;
  app.e = app.rev;
  try { return describir(x, false); } finally { app.e = guardado; }
}

$("#rev-inicio").onclick = () => { app.revPaso = 0; dibujarRevision(); };
$("#rev-atras").onclick = () => { app.revPaso = Math.max(0, app.revPaso - 1); dibujarRevision(); };
$("#rev-adelante").onclick = () => { app.revPaso = Math.min(app.rev.planilla.length, app.revPaso + 1); dibujarRevision(); };
$("#rev-fin").onclick = () => { app.revPaso = app.rev.planilla.length; dibujarRevision(); };
document.addEventListener("keydown", (ev) => {
  if (app.vista !== "revision" || ev.target.closest("input, select, textarea")) return;
  if (ev.key === "ArrowLeft") $("#rev-atras").click();
  if (ev.key === "ArrowRight") $("#rev-adelante").click();
});

// ---------- inicio ----------
(async () => {
  ponerIdioma(app.idiomaUI);
  try { entrado(await api("GET", "/api/yo")); } catch (e) { mostrar("entrar"); return; }
  const p = +sessionStorage.getItem("partida");
  if (p) abrirPartida(p, false); else mostrar("vestibulo");
})();
