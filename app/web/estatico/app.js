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
  sesion: localStorage.getItem("sesion"),
  nombre: localStorage.getItem("nombre"),
  ficha: sessionStorage.getItem("ficha"),
  ws: null, reintento: 0, cerrarAdrede: false,
  e: null,            // el estado de la partida
  pendientes: [],     // fichas puestas en el tablero sin jugar: {f, c, l, comodin, i}
  elegida: -1,        // índice de la ficha del atril elegida
  modoCambio: false, marcadas: new Set(),
  reglas: [], niveles: [],
};

// ---------- API ----------
async function api(metodo, ruta, cuerpo) {
  const op = { method: metodo, headers: {} };
  if (app.sesion) op.headers["Authorization"] = "Bearer " + app.sesion;
  if (cuerpo !== undefined) { op.headers["Content-Type"] = "application/json"; op.body = JSON.stringify(cuerpo); }
  const r = await fetch(ruta, op);
  const datos = await r.json().catch(() => ({}));
  if (r.status === 401) { salir(); throw new Error(datos.error || "Sesión inválida"); }
  if (!r.ok) throw new Error(datos.error || ("Error " + r.status));
  return datos;
}

// ---------- vistas ----------
function mostrar(vista) {
  for (const v of document.querySelectorAll(".vista")) v.hidden = v.id !== "vista-" + vista;
  $("#nav").hidden = !app.sesion;
  $("#quien").textContent = app.nombre || "";
  if (vista !== "juego") cerrarWS();
  if (vista === "vestibulo") cargarVestibulo();
  if (vista === "partidas") cargarPartidas();
  if (vista === "clasificacion") cargarClasificacion();
}

function salir() {
  app.sesion = null; app.nombre = null;
  localStorage.removeItem("sesion"); localStorage.removeItem("nombre");
  sessionStorage.removeItem("ficha");
  mostrar("entrar");
}

$("#form-entrar").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    const r = await api("POST", "/api/entrar", { nombre: $("#nombre").value });
    app.sesion = r.sesion; app.nombre = r.nombre;
    localStorage.setItem("sesion", r.sesion); localStorage.setItem("nombre", r.nombre);
    mostrar("vestibulo");
  } catch (e) { alert(e.message); }
});
$("#nav-jugar").onclick = () => mostrar("vestibulo");
$("#nav-partidas").onclick = () => mostrar("partidas");
$("#nav-clasificacion").onclick = () => mostrar("clasificacion");
$("#nav-salir").onclick = salir;

// ---------- vestíbulo ----------
async function cargarVestibulo() {
  if (!app.reglas.length) {
    const r = await api("GET", "/api/reglas");
    app.reglas = r.reglas; app.niveles = r.niveles;
    $("#reglas").replaceChildren(...r.reglas.map((x) => el("option", { value: x.id }, x.nombre)));
    dibujarAsientos();
  }
  const mesas = await api("GET", "/api/mesas");
  $("#mesas").replaceChildren(...(mesas.length ? mesas.map((m) => el("li", {},
    `${m.reglas.nombre}: ${m.puestos.map((p) => p.nombre || "(libre)").join(", ")} `,
    el("button", { type: "button", class: "unirse", onclick: () => unirse(m.id) }, "Unirse"))) :
    [el("li", {}, "Ninguna por ahora.")]));
}

function dibujarAsientos() {
  const n = +$("#jugadores").value;
  const hijos = [];
  for (let i = 1; i < n; i++) {
    const s = el("select", { id: "asiento-" + i, "aria-label": "Asiento " + (i + 1) },
      el("option", { value: "persona" }, "Otra persona"),
      ...app.niveles.map((nv) => el("option", { value: "bot:" + nv }, "Bot " + nv)));
    s.value = "bot:" + (app.niveles[1] || "intermedio");
    hijos.push(el("label", {}, `Asiento ${i + 1} `, s));
  }
  $("#asientos").replaceChildren(...hijos);
}
$("#jugadores").addEventListener("change", dibujarAsientos);

$("#form-crear").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const asientos = ["yo"];
  for (let i = 1; i < +$("#jugadores").value; i++) asientos.push($("#asiento-" + i).value);
  try {
    sentarse(await api("POST", "/api/mesas", { reglas: $("#reglas").value, asientos }));
  } catch (e) { alert(e.message); }
});

async function unirse(id) {
  try { sentarse(await api("POST", `/api/mesas/${id}/unirse`)); } catch (e) { alert(e.message); }
}

async function sentarse(s) {
  while (!s.ficha) {
    $("#esperando").hidden = false;
    $("#esperando").textContent = "Esperando a los demás jugadores… (compártales la mesa " + s.mesa + ")";
    s = await api("GET", `/api/mesas/${s.mesa}/esperar`);
  }
  $("#esperando").hidden = true;
  abrirPartida(s.ficha);
}

// ---------- mis partidas y clasificación ----------
async function cargarPartidas() {
  const ps = await api("GET", "/api/partidas");
  $("#tabla-partidas tbody").replaceChildren(...ps.map((p) => el("tr", {},
    el("td", {}, String(p.id)),
    el("td", {}, p.nombres.join(" · ")),
    el("td", {}, p.reglas),
    el("td", {}, p.terminada ? "terminada " + (p.puntajes || []).join("–") : `en curso (${p.movimientos} mov.)`),
    el("td", {}, el("button", { type: "button", onclick: () => abrirPartida(p.ficha) }, p.terminada ? "Ver" : "Seguir"),
      ...(p.terminada ? [" ", el("a", { href: `/api/partidas/${p.id}/gcg` }, "GCG")] : [])))));
}

async function cargarClasificacion() {
  const filas = await api("GET", "/api/clasificacion");
  $("#tabla-clasificacion tbody").replaceChildren(...(filas || []).map((f, i) => el("tr", {},
    el("td", {}, String(i + 1)), el("td", { class: "nombre" }, f.Nombre), el("td", {}, Math.round(f.Rating.Valor).toString()),
    el("td", {}, String(f.Partidas)), el("td", {}, String(f.Victorias)), el("td", {}, String(f.Maximo)),
    el("td", {}, f.Media.toFixed(1)))));
}

// ---------- WebSocket ----------
function abrirPartida(ficha) {
  app.ficha = ficha; sessionStorage.setItem("ficha", ficha);
  app.e = null; limpiarJugada();
  mostrar("juego");
  conectar();
}

function conectar() {
  cerrarWS();
  app.cerrarAdrede = false;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  app.ws = ws;
  ws.onopen = () => { app.reintento = 0; ws.send(JSON.stringify({ tipo: "entrar", ficha: app.ficha })); };
  ws.onmessage = (ev) => recibir(JSON.parse(ev.data));
  ws.onclose = () => {
    if (app.ws !== ws || app.cerrarAdrede) return;
    avisar("Conexión perdida; reconectando…", true);
    const espera = Math.min(5000, 500 * 2 ** app.reintento++);
    setTimeout(() => { if (app.ws === ws && !app.cerrarAdrede) conectar(); }, espera);
  };
}

function cerrarWS() {
  if (app.ws) { app.cerrarAdrede = true; app.ws.close(); app.ws = null; }
}

function enviar(m) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) { avisar("Sin conexión con el servidor.", true); return; }
  app.ws.send(JSON.stringify(m));
}

function recibir(m) {
  const e = app.e;
  switch (m.tipo) {
    case "estado":
      app.e = m.estado;
      for (const k of ["tablero", "mano", "planilla"]) app.e[k] = app.e[k] || []; limpiarJugada(); avisar("");
      dibujarTodo();
      break;
    case "jugada": case "pase": case "cambio": case "abandono":
      if (!e) return;
      e.planilla.push(m); e.movimientos = m.n + 1; e.bolsa = m.bolsa;
      e.puntajes[m.jugador] = m.total;
      if (m.tipo === "jugada") for (const f of m.fichas) e.tablero.push(f);
      if (m.jugador === e.asiento) { limpiarJugada(); avisar(""); }
      else avisar(describir(m, true));
      dibujarTodo();
      break;
    case "mano":
      if (!e) return;
      e.mano = m.letras; limpiarJugada(); dibujarAtril();
      break;
    case "turno":
      if (!e) return;
      e.turno = m.turno; dibujarMarcador();
      break;
    case "fin":
      if (!e) return;
      e.fin = m.fin; e.puntajes = m.fin.puntajes; dibujarTodo();
      break;
    case "mal": case "error":
      avisar(m.motivo, true);
      break;
  }
}

// ---------- dibujo ----------
function dibujarTodo() {
  dibujarMarcador(); dibujarTablero(); dibujarAtril(); dibujarPlanilla(); dibujarFinal();
  const e = app.e;
  $("#info-partida").textContent = `Partida ${e.partida} · ${e.nombreReglas} · bolsa: ${e.bolsa} fichas`;
}

function dibujarMarcador() {
  const e = app.e;
  $("#marcador").replaceChildren(...e.nombres.map((n, i) => el("span", {
    class: "jugador" + (i === e.turno && !e.fin ? " turno" : "") + (i === e.asiento ? " yo" : ""),
  }, `${n}${e.bots[i] ? " (bot)" : ""}: ${e.puntajes[i]}`)));
  const t = e.fin ? "Partida terminada." : e.turno === e.asiento ? "Es su turno." : `Turno de ${e.nombres[e.turno]}.`;
  $("#estado-turno").textContent = t;
  const mio = !e.fin && e.turno === e.asiento;
  for (const b of ["#btn-jugar", "#btn-pasar", "#btn-cambiar"]) $(b).disabled = !mio;
  $("#btn-cambiar").hidden = !e.cambios;
  $("#btn-rendirse").disabled = !!e.fin;
}

function ultimaJugada() {
  const p = app.e.planilla;
  for (let i = p.length - 1; i >= 0; i--) if (p[i].tipo === "jugada") return i === p.length - 1 ? p[i] : null;
  return null;
}

function crearFicha(l, comodin, extra = "") {
  const e = app.e;
  const i = e.alfabeto.indexOf(l);
  const valor = comodin || l === "?" ? 0 : (i >= 0 ? e.valores[i] : 0);
  return el("div", { class: "ficha" + (l.length > 1 ? " digrafo" : "") + (comodin ? " comodin" : "") + extra },
    el("span", { class: "simbolo" }, l === "?" ? "" : l), el("span", { class: "valor" }, valor ? String(valor) : ""));
}

function dibujarTablero() {
  const e = app.e, n = e.tamano, tab = $("#tablero");
  tab.style.setProperty("--n", n);
  const ocupadas = new Map(e.tablero.map((f) => [f.f * n + f.c, f]));
  const ultima = new Set((ultimaJugada()?.fichas || []).map((f) => f.f * n + f.c));
  const pend = new Map(app.pendientes.map((p) => [p.f * n + p.c, p]));
  const celdas = [];
  const clasica = e.premios.some((fila) => fila !== ".".repeat(n));
  for (let f = 0; f < n; f++) for (let c = 0; c < n; c++) {
    const pr = e.premios[f][c];
    const centro = clasica && f === (n >> 1) && c === (n >> 1);
    const cel = el("div", { class: "celda" + (pr !== "." ? " p-" + pr : "") + (centro ? " centro" : ""),
      role: "gridcell", dataset: { f, c }, "aria-label": `fila ${f + 1}, columna ${String.fromCharCode(65 + c)}` });
    const k = f * n + c, o = ocupadas.get(k), p = pend.get(k);
    if (o) cel.append(crearFicha(o.l, o.comodin, ultima.has(k) ? " ultima" : ""));
    else if (p) cel.append(crearFicha(p.l, p.comodin, " pendiente"));
    cel.addEventListener("click", () => tocarCelda(f, c));
    cel.addEventListener("dragover", (ev) => { if (!o) { ev.preventDefault(); cel.classList.add("destino"); } });
    cel.addEventListener("dragleave", () => cel.classList.remove("destino"));
    cel.addEventListener("drop", (ev) => { ev.preventDefault(); cel.classList.remove("destino"); const i = +ev.dataTransfer.getData("text/plain"); app.elegida = i; tocarCelda(f, c); });
    celdas.push(cel);
  }
  tab.replaceChildren(...celdas);
}

function dibujarAtril() {
  const e = app.e;
  const usadas = new Set(app.pendientes.map((p) => p.i));
  $("#atril").replaceChildren(...e.mano.map((l, i) => {
    const f = crearFicha(l, false, (usadas.has(i) ? " usada" : "") + (i === app.elegida ? " elegida" : "") + (app.marcadas.has(i) ? " marcada" : ""));
    f.dataset.letra = l; f.dataset.i = i; f.draggable = !usadas.has(i);
    f.setAttribute("role", "button"); f.setAttribute("aria-label", l === "?" ? "comodín" : l);
    f.addEventListener("click", () => tocarAtril(i));
    f.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", String(i)));
    return f;
  }));
  $("#btn-cambiar").textContent = app.modoCambio ? "Confirmar cambio" : "Cambiar";
  $("#btn-recoger").textContent = app.modoCambio ? "Cancelar" : "Recoger";
}

function describir(r, conNombre) {
  const quien = conNombre ? app.e.nombres[r.jugador] + ": " : "";
  switch (r.tipo) {
    case "jugada": return `${quien}${r.palabra} ${r.lugar} (+${r.puntos})`;
    case "pase": return quien + "pasa";
    case "cambio": return `${quien}cambia ${r.cantidad} ficha${r.cantidad === 1 ? "" : "s"}`;
    default: return quien + "se rinde";
  }
}

function dibujarPlanilla() {
  const e = app.e, n = e.planilla.length;
  $("#planilla tbody").replaceChildren(...e.planilla.map((r, i) => el("tr", { class: i === n - 1 ? "ultima" : "" },
    el("td", {}, String(r.n + 1)), el("td", {}, e.nombres[r.jugador]), el("td", {}, describir(r, false)),
    el("td", {}, String(r.puntos)), el("td", {}, String(r.total)))));
}

function dibujarFinal() {
  const e = app.e, f = e.fin, div = $("#final");
  div.hidden = !f;
  if (!f) return;
  const res = f.ganador < 0 ? "Empate." : f.ganador === e.asiento ? "¡Ganó usted!" : `Ganó ${e.nombres[f.ganador]}.`;
  div.replaceChildren(el("strong", {}, "Partida terminada: " + res), el("br"),
    `(${f.motivo}) ` + e.nombres.map((n, i) => `${n} ${f.puntajes[i]}`).join(" · "), el("br"),
    el("a", { href: `/api/partidas/${e.partida}/gcg`, id: "enlace-gcg" }, "Descargar GCG"), " · ",
    el("button", { type: "button", id: "btn-ver-clasificacion", onclick: () => mostrar("clasificacion") }, "Ver la clasificación"));
}

function avisar(texto, error) {
  const m = $("#mensaje");
  m.textContent = texto; m.className = error ? "error" : "";
}

// ---------- jugar ----------
function limpiarJugada() {
  app.pendientes = []; app.elegida = -1; app.modoCambio = false; app.marcadas.clear();
}

function tocarAtril(i) {
  if (app.modoCambio) {
    if (app.marcadas.has(i)) app.marcadas.delete(i); else app.marcadas.add(i);
  } else app.elegida = app.elegida === i ? -1 : i;
  dibujarAtril();
}

function tocarCelda(f, c) {
  const e = app.e;
  if (!e || e.fin || app.modoCambio) return;
  const k = app.pendientes.findIndex((p) => p.f === f && p.c === c);
  if (k >= 0) { app.pendientes.splice(k, 1); dibujarTablero(); dibujarAtril(); return; }
  if (app.elegida < 0 || e.tablero.some((x) => x.f === f && x.c === c)) return;
  const i = app.elegida, l = e.mano[i];
  const poner = (letra, comodin) => {
    app.pendientes.push({ f, c, l: letra, comodin, i }); app.elegida = -1;
    dibujarTablero(); dibujarAtril();
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
  if (!app.pendientes.length) { avisar("Ponga fichas en el tablero (toque una ficha y luego una casilla).", true); return; }
  enviar({ tipo: "jugar", fichas: app.pendientes.map(({ f, c, l, comodin }) => ({ f, c, l, comodin })) });
};
$("#btn-recoger").onclick = () => { limpiarJugada(); dibujarTablero(); dibujarAtril(); avisar(""); };
$("#btn-mezclar").onclick = () => {
  if (!app.e) return;
  limpiarJugada();
  const m = app.e.mano;
  for (let i = m.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [m[i], m[j]] = [m[j], m[i]]; }
  dibujarTablero(); dibujarAtril();
};
$("#btn-pasar").onclick = () => confirmar("¿Pasar el turno?", () => enviar({ tipo: "pasar" }));
$("#btn-cambiar").onclick = () => {
  if (!app.modoCambio) {
    limpiarJugada(); app.modoCambio = true; dibujarTablero(); dibujarAtril();
    avisar("Toque las fichas que quiere cambiar y luego «Confirmar cambio».");
    return;
  }
  const letras = [...app.marcadas].map((i) => app.e.mano[i]);
  if (!letras.length) { avisar("No eligió ninguna ficha.", true); return; }
  enviar({ tipo: "cambiar", letras });
  app.modoCambio = false; app.marcadas.clear(); dibujarAtril();
};
$("#btn-rendirse").onclick = () => confirmar("¿Rendirse? La partida termina y usted pierde.", () => enviar({ tipo: "rendirse" }));

// ---------- inicio ----------
if (!app.sesion) mostrar("entrar");
else if (app.ficha) abrirPartida(app.ficha);
else mostrar("vestibulo");
