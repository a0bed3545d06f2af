// Package gcg lee y escribe partidas en GCG, el registro de texto de las
// partidas de Scrabble que leen y escriben los programas principales
// (Quackle, Macondo, Woogles), tal como lo describe
// https://www.poslfit.com/scrabble/gcg/.
//
// Una partida GCG es una lista de pragmas (líneas que empiezan con "#", como
// "#player1 ana Ana Pérez") y de sucesos, uno por línea:
//
//	>ana: AEINRST 8D RESTINA +66 66      colocación (8D: fila 8, columna D, horizontal)
//	>beto: EIOU?RS H4 RE.OIs +20 20      vertical desde H4; "." es una ficha que ya estaba; minúscula, comodín
//	>ana: ABCDEFG - +0 66                pase
//	>beto: EIOUKRS -KU +0 20             cambio de K y U
//	>ana: ABCDEFG (challenge) +5 71      premio por un desafío fallido
//	>beto: EIOUKRS (time) -10 10         penalización por tiempo
//	>ana: ABCDEFG .. -- -20 51           colocación retirada (palabra inválida desafiada)
//	>beto: (ABC) +7 17                   ajuste final: gana las fichas de los demás
//	>ana: ABC (ABC) -7 44                ajuste final: pierde las suyas
//
// Las jugadas se escriben con la notación de juego/notacion: las fichas de
// varias letras (CH, LL, RR) entre corchetes, "[CH]", y "[ch]" si es un
// comodín; en la mano el comodín es "?". Una ficha sola sin vecinos se
// escribe como horizontal, "1A A".
//
// Hay un lector y un escritor. [Leer] lee un registro y lo repite sobre un
// juego nuevo de la variante de su léxico ([Opciones]: una por léxico,
// #lexicon, y una por omisión), completando las manos que el registro no
// muestra y comprobando cada puntaje; da una [Partida], con el juego, las
// palabras que el léxico no tiene ([Partida.Ilegitimas]) y la posición
// antes de cada turno ([Partida.Posicion], y [Partida.CGP] para escribirla
// con juego/cgp). [Escribir] escribe el registro de un juego a partir de
// sus sucesos (juego.Juego.Sucesos), con las manos que se conocen: lo que
// escribe se lee igual.
//
// Un registro mal formado o que no coincide con el juego (una jugada que no
// entra en el tablero, un puntaje distinto, una mano malformada) es un
// [*ErrorLinea] que nombra la línea y envuelve a [ErrFormato] o a
// [ErrInconsistente]; las celdas se nombran como en la API, (fila,columna)
// desde 0, con la posición GCG al lado: "(7,3) 8D".
//
// # Qué se comprueba
//
// Además de repetir cada suceso y comprobar sus puntos, el acumulado, que
// la jugada entre en el tablero y que las fichas existan, [Leer] comprueba
// las reglas del formato que los registros reales a veces no cumplen
// ([Regla]):
//
//   - #rack1 y #rack2 (la mano de cada jugador al cortar el registro):
//     una mano bien formada, de un jugador que existe, una vez, sin
//     sucesos después, que la bolsa permite y que es la del jugador al
//     final ([ReglaManoFinal]);
//   - la mano de una retirada ("--") es la de la colocación que retira, y
//     resta sus puntos ([ReglaRetirada]);
//   - las fichas de las líneas finales son las que quedaron: "MANO (MANO)
//     -N", la hoja del jugador; "(FICHAS) +N", las de los demás
//     ([ReglaFichasFinales]);
//   - un premio por desafío sigue a una colocación no retirada del mismo
//     jugador ([ReglaDesafio]); una penalización por tiempo por jugador
//     ([ReglaTiempo]);
//   - #game-type es "classic" o "scrabble", o no está ([ReglaTipoDeJuego]);
//   - los pragmas de encabezado (#character-encoding, en la primera línea;
//     #lexicon, #title, #description, #id, #game-type, #tile-distribution)
//     van antes del primer suceso y una vez ([ReglaPragma]);
//   - la mano registrada de un jugador tiene lo que conservó de su mano
//     anterior y ninguna ficha que el registro mostraba en otra mano
//     ([ReglaManoSiguiente]).
//
// Con [Opciones.Estricto] una falta es un [*ErrorLinea] que la nombra
// ([ErrorLinea.Regla]). Por omisión (el modo indulgente) el registro se lee
// como si la regla se cumpliera, como lo escribió quien lo escribió, y cada
// falta queda en [Partida.Avisos] con su línea, su regla y su motivo:
// ninguna se perdona en silencio.
package gcg

import (
	"errors"
	"fmt"
)

// Errores de lectura. Los errores de [Leer] son [*ErrorLinea], que envuelven
// a uno de estos.
var (
	// ErrFormato: la línea no es GCG válido.
	ErrFormato = errors.New("gcg: formato inválido")
	// ErrInconsistente: la línea es GCG válido pero no coincide con la
	// partida: una jugada inválida, un puntaje o una mano distintos, un
	// jugador fuera de turno.
	ErrInconsistente = errors.New("gcg: el registro no coincide con la partida")
	// ErrLexicoFaltante: no hay variante con que repetir el registro: la
	// de su léxico (#lexicon) no está en las opciones y no hay una por
	// omisión.
	ErrLexicoFaltante = errors.New("gcg: falta la variante del léxico")
)

// ErrorLinea dice en qué línea y por qué falló la lectura.
type ErrorLinea struct {
	Linea int    // desde 1; 0 si el problema es del archivo entero
	Texto string // la línea, acortada si es larga
	// Regla es la regla del formato que la línea no cumple, si el error
	// es de una ([Opciones.Estricto]); ReglaNinguna si no.
	Regla Regla
	Err   error // ErrFormato o ErrInconsistente, con el detalle
}

// Error devuelve "gcg: línea N ("texto"): motivo", o solo el motivo si el
// problema es del archivo entero.
func (e *ErrorLinea) Error() string {
	if e.Linea == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("gcg: línea %d (%q): %v", e.Linea, e.Texto, e.Err)
}

// Unwrap devuelve el motivo, que envuelve a [ErrFormato] o a
// [ErrInconsistente].
func (e *ErrorLinea) Unwrap() error { return e.Err }

// Jugador es un jugador de la partida: su apodo, el que encabeza cada
// suceso, y su nombre completo.
type Jugador struct {
	Apodo, Nombre string
}
