// Package cgp lee y escribe posiciones en CGP (Crossword Game Position), el
// formato de una línea de los protocolos abiertos de Woogles
// (github.com/woogles-io/open-protocols, cgp/README.md), parecido al FEN del
// ajedrez: describe una posición sin la historia que llevó a ella.
//
// Un CGP son cuatro campos separados por espacios y, después, operaciones:
//
//		7D7/15/… AEINRST/ 120/-4 2 lex CSW21; bb 50;
//
//	  - El tablero, por filas de arriba abajo separadas por "/". Cada ficha
//	    es su letra en mayúsculas; un comodín, la letra que representa en
//	    minúsculas; una ficha de varias letras va entre corchetes ("[CH]",
//	    "[ch]" si es un comodín), y una de un solo carácter va sola, aunque no
//	    sea ASCII ("Ñ"). Las celdas libres seguidas se escriben como un
//	    número decimal ("15" es una fila vacía de 15×15).
//	  - Las manos, separadas por "/", con "?" para el comodín. La primera es
//	    la del jugador al que le toca jugar y las demás siguen en el orden en
//	    que van a jugar. Una mano vacía es una mano que no se conoce.
//	  - Los puntajes, en el mismo orden (pueden ser negativos).
//	  - Los turnos seguidos sin puntos que terminaron en la posición.
//	  - CampoOperaciones "código valor;" separadas por un espacio: lex (léxico), ld
//	    (distribución de letras), bb (puntos del bingo), mcnz (turnos sin
//	    puntos que terminan la partida), lm (última jugada), gid, tmr… Este
//	    paquete las guarda todas, en orden, sin interpretarlas, salvo bb y
//	    mcnz, que [Leer] compara con la variante.
//
// CGP no identifica los asientos: solo sabe a quién le toca. Por eso [Leer]
// da una [Posicion] en la que el jugador que tiene el turno es el 0
// (juego.Posicion.Turno es 0), y [Escribir] empieza por el jugador que
// tiene el turno, cualquiera sea. Escribir y volver a leer da la misma
// posición con los jugadores rotados para que el del turno sea el 0.
//
// Como una mano desconocida está vacía y juego.DesdePosicion necesita
// manos completas mientras haya bolsa, [Posicion.Juego] (y [Juego]) las
// completan con fichas que no se ven, en un orden al azar reproducible, y
// empiezan la partida. [Posicion.Desconocidas] dice cuáles eran.
//
// [Leer] acepta además lo que escriben otros programas (un prefijo "cgp ",
// espacios de más, "-lex" como escribe MAGPIE, un último ";" que falta);
// [Escribir] escribe siempre la forma canónica. Los errores de lectura son
// [*Error]: dicen el campo, la fila o la mano y el byte, y envuelven a
// [ErrFormato] o a [ErrVariante]. Ninguna entrada hace entrar en pánico al
// lector.
package cgp
