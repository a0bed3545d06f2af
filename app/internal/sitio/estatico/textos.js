// Los textos de la página, en español y en inglés. La página usa el
// idioma que elige la persona (el botón ES/EN) y, dentro de una partida o
// de su revisión, el de la partida (estado.idioma). Los motivos de las
// jugadas rechazadas y de los tanteos los escribe el servidor, en el
// idioma de la partida.

import { estado, idioma, suscribir } from "./estado.js";

const TEXTOS = {
  es: {
    "nav.jugar": "Jugar", "nav.partidas": "Mis partidas", "nav.mirar": "Mirar", "nav.clasificacion": "Clasificación", "nav.salir": "Salir",
    "entrar.titulo": "Entrar", "entrar.nombre": "Nombre", "entrar.contrasena": "Contraseña", "entrar.boton": "Entrar",
    "alta.titulo": "Crear una cuenta", "alta.contrasena": "Contraseña (8 o más caracteres)", "alta.boton": "Crear la cuenta",
    "invitado.titulo": "Sin cuenta", "invitado.boton": "Entrar como invitado",
    "invitado.nota": "Juegue como invitado: un nombre al azar, sin contraseña. Solo este navegador puede volver a entrar con él.",
    "vestibulo.nueva": "Nueva partida", "vestibulo.reglas": "Reglas e idioma", "vestibulo.jugadores": "Jugadores", "vestibulo.reloj": "Reloj",
    "vestibulo.crear": "Crear partida", "vestibulo.mesas": "Mesas que esperan jugadores", "vestibulo.dejar": "Cerrar la mesa",
    "vestibulo.ninguna": "Ninguna por ahora.", "vestibulo.unirse": "Unirse", "vestibulo.libre": "(libre)",
    "vestibulo.esperando": "Esperando a los demás jugadores… (mesa {0})", "vestibulo.asiento": "Asiento {0}",
    "vestibulo.persona": "Otra persona", "vestibulo.bot": "Bot {0}",
    "juego.jugar": "Jugar", "juego.recoger": "Recoger", "juego.mezclar": "Mezclar", "juego.pasar": "Pasar", "juego.cambiar": "Cambiar",
    "juego.confirmarCambio": "Confirmar cambio", "juego.cancelar": "Cancelar",
    "juego.rendirse": "Rendirse", "juego.pendientes": "Fichas por salir", "juego.planilla": "Planilla", "juego.jugador": "Jugador",
    "juego.jugada": "Jugada", "juego.puntos": "Puntos", "juego.total": "Total", "juego.gcg": "Descargar GCG",
    "juego.comodin": "¿Qué letra representa el comodín?",
    "juego.suTurno": "Es su turno.", "juego.turnoDe": "Turno de {0}.", "juego.terminada": "Partida terminada.",
    "juego.mirando": "Está mirando esta partida.", "juego.usted": "usted", "juego.bot": "bot",
    "juego.conectado": "conectado", "juego.desconectado": "no conectado", "juego.espectadores": "espectadores: {0}",
    "juego.info": "Partida {0} · {1} · bolsa: {2} fichas", "juego.tanteo": "Esta jugada: +{0}",
    "juego.ponga": "Ponga fichas en el tablero (toque una ficha y luego una casilla).",
    "juego.elijaCambio": "Toque las fichas que quiere cambiar y luego «Confirmar cambio».", "juego.ningunaFicha": "No eligió ninguna ficha.",
    "juego.pasarPregunta": "¿Pasar el turno?", "juego.rendirsePregunta": "¿Rendirse? La partida termina y usted pierde.",
    "juego.sinConexion": "Sin conexión con el servidor.", "juego.reconectando": "Conexión perdida; reconectando…",
    "juego.inactiva": "Desconectado por inactividad. Toque la página para volver.",
    "juego.sesionCerrada": "Su sesión se cerró o venció: vuelva a entrar.",
    "juego.pasa": "pasa", "juego.cambia": "cambia {0} ficha(s)", "juego.seRinde": "se rinde", "juego.sinTiempo": "pierde por tiempo",
    "juego.penalizacion": "penalización por tiempo", "juego.ajuste": "ajuste",
    "juego.quedan": "{0} en total: bolsa {1}, atriles {2}",
    "fin.titulo": "Partida terminada: ", "fin.empate": "Empate.", "fin.gano": "¡Ganó usted!", "fin.ganoOtro": "Ganó {0}.",
    "fin.sin-fichas": "un jugador se quedó sin fichas", "fin.sin-puntos": "seis turnos seguidos sin puntos",
    "fin.abandono": "un jugador se rindió", "fin.bandera": "a un jugador se le acabó el tiempo",
    "fin.revision": "Revisar la partida", "fin.clasificacion": "Ver la clasificación", "fin.revancha": "Revancha",
    "fin.revanchaPropuesta": "Le proponen la revancha.", "fin.aceptar": "Aceptar la revancha", "fin.irRevancha": "Ir a la revancha",
    "fin.esperandoRevancha": "Esperando a que el rival acepte la revancha…",
    "rev.titulo": "Revisión de la partida {0}", "rev.paso": "{0} de {1}", "rev.perdida": "Pérdida", "rev.pendiente": "El motor está analizando la partida…",
    "rev.mejores": "Lo que ve el motor", "rev.jugo": "Jugó", "rev.equidad": "equidad", "rev.hoja": "hoja",
    "rev.resumen": "{0}: {1} de equidad perdida, {2} turnos sin pérdida", "rev.metodo": "Análisis: {0}.",
    "rev.inicio": "Antes de la primera jugada.", "rev.mano": "Mano",
    "rev.tableroJugada": "Lo que jugó: {0}", "rev.tableroMotor": "La mejor del motor: {0}", "rev.laMisma": "la misma jugada",
    "rev.motorPendiente": "La mejor del motor: todavía se analiza", "rev.antes": "El tablero antes de la jugada",
    "juego.seRindeAjuste": "se rinde: {0} puntos, para terminar uno por debajo del rival con menos puntos (quien se rinde pierde)",
    "juego.seRindeSinAjuste": "se rinde (ya estaba por debajo: sus puntos no cambian; quien se rinde pierde)",
    "juego.sinTiempoAjuste": "pierde por tiempo: {0} puntos, para terminar uno por debajo del rival con menos puntos",
    "fin.abandonoDe": "{0} se rindió", "fin.banderaDe": "a {0} se le acabó el tiempo",
    "mirar.titulo": "Partidas en juego", "mirar.boton": "Mirar", "mirar.ninguna": "Ninguna por ahora.",
    "tabla.jugadores": "Jugadores", "tabla.reglas": "Reglas", "tabla.estado": "Estado", "tabla.movimientos": "Movimientos",
    "tabla.partidas": "Partidas", "tabla.victorias": "Victorias", "tabla.maximo": "Máximo", "tabla.media": "Media",
    "tabla.terminada": "terminada {0}", "tabla.enCurso": "en curso ({0} mov.)", "tabla.ver": "Revisar", "tabla.seguir": "Seguir",
    "comun.si": "Sí", "comun.no": "No", "comun.cancelar": "Cancelar",
    "reloj.sin": "sin reloj",
  },
  en: {
    "nav.jugar": "Play", "nav.partidas": "My games", "nav.mirar": "Watch", "nav.clasificacion": "Rankings", "nav.salir": "Sign out",
    "entrar.titulo": "Sign in", "entrar.nombre": "Name", "entrar.contrasena": "Password", "entrar.boton": "Sign in",
    "alta.titulo": "Create an account", "alta.contrasena": "Password (8 or more characters)", "alta.boton": "Create the account",
    "invitado.titulo": "No account", "invitado.boton": "Play as a guest",
    "invitado.nota": "Play as a guest: a random name, no password. Only this browser can come back with it.",
    "vestibulo.nueva": "New game", "vestibulo.reglas": "Rules and language", "vestibulo.jugadores": "Players", "vestibulo.reloj": "Clock",
    "vestibulo.crear": "Create game", "vestibulo.mesas": "Tables waiting for players", "vestibulo.dejar": "Close the table",
    "vestibulo.ninguna": "None right now.", "vestibulo.unirse": "Join", "vestibulo.libre": "(free)",
    "vestibulo.esperando": "Waiting for the other players… (table {0})", "vestibulo.asiento": "Seat {0}",
    "vestibulo.persona": "Another person", "vestibulo.bot": "Bot {0}",
    "juego.jugar": "Play", "juego.recoger": "Recall", "juego.mezclar": "Shuffle", "juego.pasar": "Pass", "juego.cambiar": "Exchange",
    "juego.confirmarCambio": "Confirm exchange", "juego.cancelar": "Cancel",
    "juego.rendirse": "Resign", "juego.pendientes": "Unseen tiles", "juego.planilla": "Scoresheet", "juego.jugador": "Player",
    "juego.jugada": "Move", "juego.puntos": "Score", "juego.total": "Total", "juego.gcg": "Download GCG",
    "juego.comodin": "Which letter does the blank stand for?",
    "juego.suTurno": "Your turn.", "juego.turnoDe": "{0}'s turn.", "juego.terminada": "Game over.",
    "juego.mirando": "You are watching this game.", "juego.usted": "you", "juego.bot": "bot",
    "juego.conectado": "connected", "juego.desconectado": "not connected", "juego.espectadores": "spectators: {0}",
    "juego.info": "Game {0} · {1} · bag: {2} tiles", "juego.tanteo": "This play: +{0}",
    "juego.ponga": "Place tiles on the board (tap a tile, then a square).",
    "juego.elijaCambio": "Tap the tiles to exchange, then «Confirm exchange».", "juego.ningunaFicha": "No tiles chosen.",
    "juego.pasarPregunta": "Pass your turn?", "juego.rendirsePregunta": "Resign? The game ends and you lose.",
    "juego.sinConexion": "No connection to the server.", "juego.reconectando": "Connection lost; reconnecting…",
    "juego.inactiva": "Disconnected after inactivity. Tap the page to come back.",
    "juego.sesionCerrada": "Your session was closed or expired: sign in again.",
    "juego.pasa": "passes", "juego.cambia": "exchanges {0} tile(s)", "juego.seRinde": "resigns", "juego.sinTiempo": "loses on time",
    "juego.penalizacion": "time penalty", "juego.ajuste": "adjustment",
    "juego.quedan": "{0} in all: bag {1}, racks {2}",
    "fin.titulo": "Game over: ", "fin.empate": "A tie.", "fin.gano": "You won!", "fin.ganoOtro": "{0} won.",
    "fin.sin-fichas": "a player used all their tiles", "fin.sin-puntos": "six scoreless turns in a row",
    "fin.abandono": "a player resigned", "fin.bandera": "a player ran out of time",
    "fin.revision": "Review the game", "fin.clasificacion": "See the rankings", "fin.revancha": "Rematch",
    "fin.revanchaPropuesta": "A rematch is offered.", "fin.aceptar": "Accept the rematch", "fin.irRevancha": "Go to the rematch",
    "fin.esperandoRevancha": "Waiting for the opponent to accept the rematch…",
    "rev.titulo": "Review of game {0}", "rev.paso": "{0} of {1}", "rev.perdida": "Loss", "rev.pendiente": "The engine is analysing the game…",
    "rev.mejores": "What the engine sees", "rev.jugo": "Played", "rev.equidad": "equity", "rev.hoja": "leave",
    "rev.resumen": "{0}: {1} equity lost, {2} turns without loss", "rev.metodo": "Analysis: {0}.",
    "rev.inicio": "Before the first move.", "rev.mano": "Rack",
    "rev.tableroJugada": "Played: {0}", "rev.tableroMotor": "The engine's best: {0}", "rev.laMisma": "the same move",
    "rev.motorPendiente": "The engine's best: still being analysed", "rev.antes": "The board before the move",
    "juego.seRindeAjuste": "resigns: {0} points, to finish one below the lowest opponent (whoever resigns loses)",
    "juego.seRindeSinAjuste": "resigns (already behind: the score does not change; whoever resigns loses)",
    "juego.sinTiempoAjuste": "loses on time: {0} points, to finish one below the lowest opponent",
    "fin.abandonoDe": "{0} resigned", "fin.banderaDe": "{0} ran out of time",
    "mirar.titulo": "Games in progress", "mirar.boton": "Watch", "mirar.ninguna": "None right now.",
    "tabla.jugadores": "Players", "tabla.reglas": "Rules", "tabla.estado": "Status", "tabla.movimientos": "Moves",
    "tabla.partidas": "Games", "tabla.victorias": "Wins", "tabla.maximo": "Best", "tabla.media": "Average",
    "tabla.terminada": "finished {0}", "tabla.enCurso": "in progress ({0} moves)", "tabla.ver": "Review", "tabla.seguir": "Resume",
    "comun.si": "Yes", "comun.no": "No", "comun.cancelar": "Cancel",
    "reloj.sin": "no clock",
  },
};

// t devuelve el texto de clave en el idioma de lo que se ve, con {0}, {1}…
// reemplazados por args.
export function t(clave, ...args) {
  const s = (TEXTOS[idioma()] || TEXTOS.es)[clave] ?? TEXTOS.es[clave] ?? clave;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i] ?? ""));
}

// fmtReloj describe un control de tiempo {inicial, penalizacion, exceso}.
export function fmtReloj(r) {
  if (!r || !r.inicial) return t("reloj.sin");
  const min = r.inicial >= 60 ? `${Math.round(r.inicial / 60)} min` : `${r.inicial} s`;
  const en = idioma() === "en";
  if (!r.exceso) return en ? `${min} (loses when the flag falls)` : `${min} (pierde al caer la bandera)`;
  return en ? `${min}, −${r.penalizacion} per minute over (up to ${Math.round(r.exceso / 60)} min)`
    : `${min}, −${r.penalizacion} por minuto de más (hasta ${Math.round(r.exceso / 60)} min)`;
}

// Los textos fijos de la página (los elementos con data-t) se reescriben
// cuando cambia el idioma de lo que se ve; antes que las vistas, que se
// suscriben después (importan este módulo).
let puesto = "", botonPuesto = "";
export function ponerTextos() {
  const i = idioma();
  if (i !== puesto) {
    puesto = i;
    document.documentElement.lang = i;
    for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  }
  const boton = estado.idiomaUI === "en" ? "ES" : "EN";
  if (boton !== botonPuesto) document.querySelector("#btn-idioma").textContent = botonPuesto = boton;
}
suscribir(ponerTextos);
