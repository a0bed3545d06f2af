// El estado de la página: un solo objeto congelado que solo actualizar
// reemplaza. Las vistas lo leen (import { estado }: un enlace de solo
// lectura que siempre apunta al último) y se suscriben para redibujarse
// cuando cambia; nadie más lo escribe: el objeto y todo lo que cuelga de
// él están congelados, y asignar un campo fuera de aquí lanza un TypeError.

export let estado = congelar({
  // La sesión.
  jugador: null, nombre: null, csrf: null, invitado: false,
  idiomaUI: localStorage.getItem("idioma") || ((navigator.language || "es").startsWith("en") ? "en" : "es"),
  // La vista que se ve, y cuántas veces se pidió mostrar una (para
  // redibujar la misma).
  vista: "cargando", visita: 0,
  // La partida abierta: su número, si se mira sin jugar, si la conexión se
  // cerró por inactividad, y su foto (el mensaje "estado" con las
  // novedades aplicadas).
  partida: 0, mirando: false, inactiva: false,
  juego: null,
  // La jugada que se arma: fichas puestas sin enviar {f, c, l, comodin, i},
  // la ficha del atril elegida, el modo de cambio con las marcadas, y el
  // tanteo del servidor {seq, listo, vale, motivo}.
  pendientes: [], elegida: -1, modoCambio: false, marcadas: [],
  tanteo: null,
  // El reloj de la partida: {inicial, penalizacion, exceso, usados, desde}.
  reloj: null,
  // El vestíbulo.
  reglas: [], niveles: [], relojes: [], mesaEsperando: 0, revanchaEsperando: false,
  // La revisión: la partida y el movimiento que se muestra.
  rev: null, revPaso: 0,
});

const oyentes = [];
const cola = [];
let avisando = false;

// suscribir registra fn, que se llama después de cada cambio con el
// conjunto de campos que cambiaron y el estado anterior.
export function suscribir(fn) {
  oyentes.push(fn);
}

// actualizar es el único que escribe el estado: lo reemplaza por una copia
// congelada con los cambios y avisa a los suscriptores. Un cambio pedido
// mientras se avisa se aplica enseguida y se avisa después, en orden.
export function actualizar(cambios) {
  const antes = estado;
  estado = congelar({ ...antes, ...cambios });
  const cambiados = new Set(Object.keys(cambios).filter((k) => antes[k] !== estado[k]));
  if (!cambiados.size) return;
  cola.push([cambiados, antes]);
  if (avisando) return;
  avisando = true;
  try {
    while (cola.length) {
      const [c, a] = cola.shift();
      for (const fn of oyentes) fn(c, a);
    }
  } finally {
    avisando = false;
  }
}

// jugadaLimpia son los cambios que descartan la jugada que se armaba.
export function jugadaLimpia() {
  return { pendientes: [], elegida: -1, modoCambio: false, marcadas: [], tanteo: null };
}

// idioma es el de lo que se ve: el de la partida en el juego y en la
// revisión; si no, el que eligió la persona.
export function idioma(e = estado) {
  if (e.vista === "juego" && e.juego) return e.juego.idioma;
  if (e.vista === "revision" && e.rev) return e.rev.idioma;
  return e.idiomaUI;
}

// congelar congela x y todo lo que cuelga de él (lo ya congelado se deja).
function congelar(x) {
  if (x === null || typeof x !== "object" || Object.isFrozen(x)) return x;
  Object.freeze(x);
  for (const v of Object.values(x)) congelar(v);
  return x;
}
