// El dibujo que comparten la partida y su revisión: las fichas, el tablero
// con sus coordenadas y la descripción de cada línea de la planilla. Solo
// dibuja lo que manda el servidor: los puntos los calcula él.

import { el } from "./dom.js";
import { t } from "./textos.js";

// valorDe es el valor impreso en la ficha l de la foto e (0 el comodín).
export function valorDe(e, l, comodin) {
  if (comodin || l === "?") return 0;
  const i = e.alfabeto.indexOf(l);
  return i >= 0 ? e.valores[i] : 0;
}

// crearFicha dibuja la ficha l (extra: clases de más).
export function crearFicha(e, l, comodin, extra = "") {
  const valor = valorDe(e, l, comodin);
  return el("div", { class: "ficha" + (l.length > 1 ? " digrafo" : "") + (comodin ? " comodin" : "") + extra },
    el("span", { class: "simbolo" }, l === "?" ? "" : l), el("span", { class: "valor" }, valor ? String(valor) : ""));
}

const columna = (c) => String.fromCharCode(65 + c);

// dibujarTableroEn dibuja en tab el tablero de la foto e con las fichas
// dadas y sus coordenadas: las columnas con letras arriba y las filas con
// números a la izquierda, como en las planillas ("8D" es la fila 8,
// columna D). Opciones: resaltar (fichas de la última jugada), pendientes
// (puestas sin enviar), fantasma (la mejor jugada, en la revisión) y
// tocar(f, c, i), que recibe los toques y las fichas del atril soltadas
// (i, su índice).
export function dibujarTableroEn(tab, e, fichas, opciones = {}) {
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
        cel.addEventListener("drop", (ev) => {
          ev.preventDefault(); cel.classList.remove("destino");
          const i = ev.dataTransfer.getData("text/plain");
          if (/^\d+$/.test(i)) opciones.tocar(f, c, +i); // solo fichas del atril
        });
      }
      celdas.push(cel);
    }
  }
  tab.replaceChildren(...celdas);
}

// ultimaJugada es la última jugada de la planilla (salvo que después haya
// un pase, un cambio…; las penalizaciones no cuentan), o null.
export function ultimaJugada(planilla) {
  for (let i = planilla.length - 1; i >= 0; i--) {
    if (planilla[i].tipo === "jugada") return planilla[i];
    if (planilla[i].tipo !== "penalizacion") return null;
  }
  return null;
}

// describir escribe la línea r de la planilla en la notación de los
// jugadores ("8D CASA (+12)": el lugar y la palabra); con el nombre de
// quien movió (de nombres) si conNombre; una rendición o una bandera, con
// su ajuste explicado salvo que explicar sea false (en las planillas, donde
// va como título).
export function describir(r, nombres, conNombre, explicar = true) {
  const quien = conNombre ? nombres[r.jugador] + ": " : "";
  if (!explicar && r.tipo === "abandono") return quien + t("juego.seRinde");
  if (!explicar && r.tipo === "bandera") return quien + t("juego.sinTiempo");
  switch (r.tipo) {
    case "jugada": return `${quien}${r.lugar} ${r.palabra} (+${r.puntos})`;
    case "pase": return quien + t("juego.pasa");
    case "cambio": return quien + t("juego.cambia", r.cantidad);
    // Quien se rinde (o se queda sin tiempo) pierde: el ajuste lo deja un
    // punto por debajo del rival con menos puntos, o igual si ya lo estaba.
    case "abandono": return quien + (r.puntos < 0 ? t("juego.seRindeAjuste", r.puntos) : t("juego.seRindeSinAjuste"));
    case "bandera": return quien + (r.puntos < 0 ? t("juego.sinTiempoAjuste", r.puntos) : t("juego.sinTiempo"));
    case "penalizacion": return `${quien}${t("juego.penalizacion")} (${r.puntos})`;
    default: return `${quien}${t("juego.ajuste")} (${r.puntos})`;
  }
}
