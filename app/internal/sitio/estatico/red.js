// La red: los pedidos a la API JSON y el WebSocket de la partida abierta,
// con su reconexión, sus latidos y su cierre por inactividad. La conexión
// (el socket, los reintentos) es de este módulo; lo que llega se reparte a
// quienes escuchan.

import { estado, actualizar, idioma } from "./estado.js";
import { t } from "./textos.js";
import { avisar } from "./dom.js";

// ErrorAPI es un pedido rechazado: el mensaje del servidor, el estado HTTP
// y el código estable del error.
export class ErrorAPI extends Error {
  constructor(m, estadoHTTP, codigo) {
    super(m);
    this.estado = estadoHTTP;
    this.codigo = codigo;
  }
}

// api hace un pedido a la API y devuelve la respuesta, o lanza un
// ErrorAPI. Una sesión vencida deja la página sin sesión.
export async function api(metodo, ruta, cuerpo) {
  const op = { method: metodo, headers: { "X-Idioma": idioma() }, credentials: "same-origin" };
  if (metodo !== "GET") {
    op.headers["Content-Type"] = "application/json";
    if (estado.csrf) op.headers["X-CSRF"] = estado.csrf;
    op.body = JSON.stringify(cuerpo ?? {});
  }
  const r = await fetch(ruta, op);
  const datos = await r.json().catch(() => ({}));
  if (!r.ok) {
    if (r.status === 401 && datos.codigo === "sesion" && estado.jugador) actualizar({ jugador: null, nombre: null, csrf: null });
    throw new ErrorAPI(datos.error || ("Error " + r.status), r.status, datos.codigo);
  }
  return datos;
}

let ws = null, reintento = 0, adrede = false;
const oyentes = [];

// escuchar registra fn para cada mensaje que llega por el WebSocket.
export function escuchar(fn) {
  oyentes.push(fn);
}

// conectar abre el WebSocket de estado.partida (jugando o mirando, según
// estado.mirando) y se reconecta solo si se corta, salvo por inactividad.
export function conectar() {
  cerrar();
  adrede = false;
  actualizar({ inactiva: false });
  const w = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws = w;
  w.onopen = () => { reintento = 0; w.send(JSON.stringify({ tipo: estado.mirando ? "mirar" : "entrar", partida: estado.partida })); };
  w.onmessage = (ev) => { const m = JSON.parse(ev.data); for (const fn of oyentes) fn(m); };
  w.onclose = (ev) => {
    if (ws !== w || adrede) return;
    if (ev.code === 4000 || ev.code === 4001) { actualizar({ inactiva: true }); avisar(t("juego.inactiva"), true); return; }
    if (ev.code === 4002) { actualizar({ jugador: null, nombre: null, csrf: null }); avisar(t("juego.sesionCerrada"), true); return; }
    avisar(t("juego.reconectando"), true);
    const espera = Math.min(5000, 500 * 2 ** reintento++);
    setTimeout(() => { if (ws === w && !adrede) conectar(); }, espera);
  };
}

// cerrar cierra el WebSocket, sin reconectarse.
export function cerrar() {
  if (ws) { adrede = true; ws.close(); ws = null; }
}

// enviar manda el mensaje m si hay conexión y dice si lo mandó; si no, y
// no es silencioso, avisa.
export function enviar(m, silencioso = false) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (!silencioso) avisar(t("juego.sinConexion"), true);
    return false;
  }
  ws.send(JSON.stringify(m));
  return true;
}

// Un latido cada 4 minutos mientras la página se ve: una pestaña oculta
// deja de mandarlos y el servidor la cierra por inactividad. Al volver a
// la página (verla o tocarla), se reconecta.
setInterval(() => {
  if (ws && ws.readyState === WebSocket.OPEN && document.visibilityState === "visible") ws.send('{"tipo":"latido"}');
}, 240000);
const volver = () => { if (estado.inactiva && estado.vista === "juego") conectar(); };
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") volver(); });
document.addEventListener("pointerdown", volver);
