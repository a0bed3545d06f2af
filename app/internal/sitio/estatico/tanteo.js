// El tanteo: cuánto vale la jugada que se arma, antes de enviarla. Lo
// calcula el servidor con el motor (el mensaje "tantear" del protocolo);
// la página no sabe las reglas. Se pide un momento después de cada cambio
// de las fichas puestas (o del tablero o la mano), con un número de
// secuencia: una respuesta a un pedido viejo se descarta.

import { estado, actualizar, suscribir } from "./estado.js";
import { $ } from "./dom.js";
import { t } from "./textos.js";
import { enviar, escuchar } from "./red.js";

// retardo es cuánto se espera (ms) a que las fichas dejen de cambiar.
const retardo = 120;
let seq = 0, temporizador = 0, pedido = "";

suscribir((cambiados) => {
  if (cambiados.has("pendientes") || cambiados.has("juego")) pedir();
  if (cambiados.has("tanteo") || cambiados.has("pendientes") || cambiados.has("juego") || cambiados.has("visita")) dibujarTanteo();
});

// pedir pide el tanteo de las fichas puestas si cambiaron ellas o lo que
// el tanteo mira (el tablero, la mano, el turno); sin fichas, lo borra.
function pedir() {
  const e = estado.juego, puestas = estado.pendientes;
  if (!e || e.asiento < 0 || e.fin || !puestas.length) {
    clearTimeout(temporizador);
    pedido = "";
    if (estado.tanteo) actualizar({ tanteo: null });
    return;
  }
  const fichas = puestas.map(({ f, c, l, comodin }) => ({ f, c, l, comodin }));
  const clave = JSON.stringify([fichas, e.movimientos, e.mano, e.turno]);
  if (clave === pedido) return;
  pedido = clave;
  clearTimeout(temporizador);
  const n = ++seq;
  // Mientras llega, se ve el tanteo anterior (sin parpadear), pero no listo.
  actualizar({ tanteo: { ...(estado.tanteo || { vale: null, motivo: "" }), seq: n, listo: false } });
  temporizador = setTimeout(() => enviar({ tipo: "tantear", seq: n, fichas }, true), retardo);
}

escuchar((m) => {
  if (m.tipo !== "tanteo" || !estado.tanteo || m.seq !== estado.tanteo.seq) return;
  actualizar({ tanteo: { seq: m.seq, listo: true, vale: m.vale ?? null, motivo: m.motivo || "" } });
});

// dibujarTanteo muestra el tanteo: los puntos, o por qué no es una jugada.
// data-estado dice si es la respuesta a las fichas que se ven ("vale" o
// "no") o si se está pidiendo; data-puntos, los puntos.
function dibujarTanteo() {
  const d = $("#tanteo"), x = estado.tanteo;
  if (!x || !estado.pendientes.length) {
    d.textContent = ""; d.dataset.puntos = ""; d.dataset.estado = "";
    return;
  }
  d.textContent = x.vale !== null ? t("juego.tanteo", x.vale) : x.motivo;
  d.dataset.puntos = x.vale !== null ? String(x.vale) : "";
  d.dataset.estado = !x.listo ? "pidiendo" : x.vale !== null ? "vale" : "no";
  d.classList.toggle("invalida", x.listo && x.vale === null);
}
