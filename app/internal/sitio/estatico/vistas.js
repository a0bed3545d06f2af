// Las vistas de la página (secciones .vista): mostrar elige cuál se ve;
// cada módulo de vista se suscribe y se dibuja cuando le toca.

import { estado, actualizar, suscribir } from "./estado.js";
import { $ } from "./dom.js";
import { cerrar } from "./red.js";

// mostrar muestra la vista (aunque ya se viera: se vuelve a dibujar).
export function mostrar(vista) {
  actualizar({ vista, visita: estado.visita + 1 });
}

suscribir((cambiados, antes) => {
  if (cambiados.has("visita")) {
    for (const v of document.querySelectorAll(".vista")) v.hidden = v.id !== "vista-" + estado.vista;
  }
  if (cambiados.has("jugador") || cambiados.has("nombre") || cambiados.has("visita")) {
    $("#nav").hidden = !estado.jugador;
    $("#quien").textContent = estado.nombre || "";
  }
  // Al dejar la partida se cierra su conexión.
  if (cambiados.has("vista") && antes.vista === "juego") {
    cerrar();
    sessionStorage.removeItem("partida");
    actualizar({ partida: 0 });
  }
});
