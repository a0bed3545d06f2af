// Package intervalos es lo común a los generadores de jugadas basados en
// intervalos de la tesis de la fuente 002 (cap. 4): el Método de los
// Anagramas (generador/anagramas) y el de las Palabras Internas
// (generador/internas).
//
// Un intervalo (§4.1) es un tramo de celdas de una fila o columna con una
// celda libre o el borde a cada lado, con al menos una celda libre y a lo
// sumo tantas como fichas tiene la mano, y con alguna ancla: con la regla de
// conexión, una celda libre vecina de una ficha (el centro con el tablero
// vacío: 54 intervalos en el tablero vacío de 15×15 con 7 fichas, como en
// la tesis); con las reglas de la especificación toda celda libre es un
// ancla. Toda jugada llena exactamente las celdas libres de un intervalo:
// el de su palabra principal. Las jugadas de una sola ficha se generan en
// la dirección de su palabra de dos letras o más (la horizontal si forma
// dos) y la ficha aislada, palabra de una letra, en la horizontal, así que
// cada jugada sale una vez. Con el tablero simétrico (el vacío) las
// jugadas verticales de dos fichas o más son las horizontales traspuestas,
// como en generador.Generador.
//
// El [Motor] enumera los intervalos, le pasa cada uno a su [Resolver] (el
// método), que propone palabras candidatas, y valida cada candidata con
// los conjuntos cruzados de las celdas (internal/motor/cruces, los
// mismos del GADDAG), reparte los comodines, suma los puntos y entrega las
// jugadas con la API de generador.Generador. [Estadisticas] cuenta
// intervalos, instancias, consultas y candidatas, para el experimento del
// capítulo 6 (app/tesis).
package intervalos
