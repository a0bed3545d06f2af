// Package intervalos es el motor de los generadores de jugadas por
// intervalos de la tesis de Romero et al. (2018): el Método de los
// Anagramas (generador/anagramas) y el de las Palabras Internas
// (generador/internas). Es un detalle de esos paquetes.
//
// Un intervalo es un tramo de celdas de una fila o columna con una celda
// libre o el borde a cada lado, con al menos una celda libre y a lo sumo
// tantas como fichas tiene la mano, y con alguna ancla: con la regla de
// conexión, una celda libre vecina de una ficha (el centro con el tablero
// vacío); con las reglas de la especificación toda celda libre es un
// ancla. Toda jugada llena exactamente las celdas libres de un intervalo:
// el de su palabra principal. Las jugadas de una sola ficha se generan en
// la dirección de su palabra de dos letras o más (la horizontal si forma
// dos) y la ficha aislada, palabra de una letra, en la horizontal, así que
// cada jugada sale una vez. Con el tablero simétrico (el vacío) las
// jugadas verticales de dos fichas o más son las horizontales traspuestas.
//
// El [Motor] enumera los intervalos y le pasa cada uno a su [Resolver] (el
// método), que propone palabras candidatas; [Motor.Probar] valida cada una
// con los conjuntos cruzados de las celdas. El tablero, la mano, el
// reparto de los comodines, el puntaje y la entrega de las jugadas son los
// de generador/internal/busqueda, los mismos del GADDAG de generador.
// [Motor.Estadisticas] cuenta intervalos, instancias, consultas y
// candidatas.
package intervalos
