// Los relojes de la partida: el estado guarda lo que usó cada asiento y
// desde cuándo corre el del turno; aquí se calcula lo que queda y se
// redibuja cuatro veces por segundo.

import { estado } from "./estado.js";

// relojDe arma el reloj de la foto e (o null si la partida no tiene).
export function relojDe(e) {
  if (!e.reloj) return null;
  return { inicial: e.reloj.inicial * 1000, exceso: e.reloj.exceso * 1000, penalizacion: e.reloj.penalizacion,
    usados: e.reloj.usados.slice(), desde: performance.now() - (e.reloj.corre || 0) };
}

// avanzado es el reloj r después de la línea m de la planilla: suma lo que
// tardó quien movió y empieza a correr el del turno siguiente.
export function avanzado(r, m) {
  if (!r) return r;
  const usados = r.usados.slice();
  if (m.ms) usados[m.jugador] += m.ms;
  return { ...r, usados, desde: performance.now() };
}

function restante(i) {
  const r = estado.reloj, e = estado.juego;
  let usado = r.usados[i];
  if (!e.fin && i === e.turno) usado += performance.now() - r.desde;
  return r.inicial - usado;
}

function fmtTiempo(ms) {
  const neg = ms < 0, s = Math.floor(Math.abs(ms) / 1000);
  const txt = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return neg ? "−" + txt : txt;
}

// dibujarRelojes escribe lo que queda en cada reloj del marcador.
export function dibujarRelojes() {
  if (!estado.reloj || !estado.juego || estado.vista !== "juego") return;
  for (const span of document.querySelectorAll("#marcador .reloj")) {
    const ms = restante(+span.dataset.i);
    span.textContent = fmtTiempo(ms);
    span.classList.toggle("pasado", ms < 0);
    span.classList.toggle("poco", ms >= 0 && ms < 60000);
  }
}
setInterval(dibujarRelojes, 250);
