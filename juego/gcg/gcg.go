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
// Las fichas de varias letras (CH, LL, RR) se escriben entre corchetes:
// "[CH]", y "[ch]" si es un comodín. En la mano el comodín es "?".
//
// [Leer] repite la partida sobre un juego nuevo de la variante dada y
// comprueba el puntaje y el acumulado de cada línea. Un registro mal formado
// o que no coincide con el juego (una jugada que no entra en el tablero, un
// puntaje distinto) es un [*ErrorLinea] que nombra la línea; las celdas se
// nombran como en la API, (fila,columna) desde 0, con la posición GCG al
// lado: "(7,3) 8D". [Escribir] escribe el registro de un juego a partir de
// sus sucesos (juego.Juego.Sucesos).
//
// Con bolsa (las reglas clásicas, variante.ConBolsa), antes de cada turno
// Leer le da al jugador la mano registrada (juego.Juego.AsignarMano) y pone
// al frente de la bolsa las fichas que sacó según su mano siguiente.
//
// Con las reglas de la especificación (sin bolsa) el repositorio es una
// cola fija, así que Leer arma uno que coincide con el registro: las manos
// iniciales son la primera mano registrada de cada jugador, después de cada
// turno vienen las letras que sacó (su mano registrada siguiente menos lo
// que le quedó), en el orden de los turnos, y el resto hasta el largo que
// pide juego.Nuevo son letras de variante.Variante.Repositorio(k, 0). Cada
// mano registrada debe ser la que el jugador tiene; si una no se registró,
// el jugador saca lo que sigue en la cola. Esas partidas no terminan: no
// tienen ajuste final.
//
// Una ficha sola sin vecinos (válida con las reglas de la especificación si
// es una palabra de una letra) se escribe como horizontal, "1A A"; al leer,
// "1A A" y "A1 A" ponen la misma ficha. En general la palabra escrita es la
// principal de la jugada (tablero.Tablero.Principal).
//
// El ajuste final es el de las reglas internacionales (cada jugador pierde
// sus fichas y el que se quedó sin fichas gana la suma): los registros con
// la regla norteamericana (el que sale gana el doble y nadie pierde) no
// coinciden con el juego y se rechazan.
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
	Texto string // la línea
	Err   error  // ErrFormato o ErrInconsistente, con el detalle
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
