// Package cgp lee y escribe posiciones en CGP (Crossword Game Position), el
// formato de una línea de los protocolos abiertos de Woogles
// (github.com/woogles-io/open-protocols, cgp/README.md), parecido al FEN del
// ajedrez: describe una posición sin la historia que llevó a ella.
//
// Un CGP son cuatro campos separados por espacios y, después, operaciones:
//
//   - El tablero, por filas de arriba abajo separadas por "/": cada ficha
//     con su símbolo, un comodín en minúsculas, las fichas de varias letras
//     entre corchetes ("[CH]", "[ch]"), y las celdas libres seguidas como
//     un número decimal ("15" es una fila vacía de 15×15).
//   - Las manos, separadas por "/", con "?" para el comodín; la primera es
//     la del jugador al que le toca jugar. Una mano vacía no se conoce.
//   - Los puntajes, en el mismo orden, y los turnos seguidos sin puntos.
//   - Operaciones "código valor;": lex, ld, bb, mcnz, lm… Se guardan todas,
//     en orden, sin interpretarlas, salvo bb y mcnz, que se comparan con la
//     variante.
//
// Por ejemplo, "7D7/15/… AEINRST/ 120/-4 2 lex CSW21; bb 50;".
//
// Hay un lector y un escritor: [Parsear] lee un CGP con las [Opciones] (la
// variante, o solo un alfabeto; el valor cero lee con el del español
// clásico) y da una [Posicion]; [Formatear] escribe una Posicion en la
// forma canónica. Parsear acepta además lo que escriben otros programas (un
// prefijo "cgp ", espacios de más, "-lex" como escribe MAGPIE, un último
// ";" que falta). Sus errores son [*Error]: dicen el campo, la fila o la
// mano y el byte, y envuelven a [ErrFormato] o a [ErrVariante]. Ninguna
// entrada lo hace entrar en pánico.
//
// CGP no identifica los asientos: en la Posicion leída el jugador que tiene
// el turno es el 0, y Formatear empieza por el del turno. Escribir y volver
// a leer da la misma posición con los jugadores rotados. [Posicion.Juego]
// empieza una partida de la variante con que se leyó, completando las
// manos desconocidas con fichas que no se ven, en un orden al azar
// reproducible; para escribir la posición de un juego (ver
// ExampleFormatear):
//
//	texto, err := cgp.Formatear(&cgp.Posicion{Posicion: j.Posicion()})
package cgp
