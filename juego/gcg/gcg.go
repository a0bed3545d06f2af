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
// [Leer] repite la partida sobre un juego nuevo de la
// variante del registro ([Opciones]: una por léxico, #lexicon, y una por
// omisión) y comprueban el puntaje y el acumulado de cada línea. Leen los
// registros como los escriben las personas y los programas: en UTF-8 o en
// ISO-8859-1 (si el texto no es UTF-8 válido o el pragma
// #character-encoding lo dice), con o sin marca de orden de bytes, con
// CRLF, con notas de varias líneas (las que no empiezan con "#" ni ">"
// siguen la nota anterior), con apodos repetidos (el orden de las líneas
// dice quién es), con cambios escritos como cantidad ("-4"), retiradas
// "-- -N" o "-- +0", letras que la palabra atraviesa escritas con su letra
// en lugar de ".", el pase de quien desafió sin razón la jugada que terminó
// la partida, y premios y penalizaciones después del fin.
//
// Las palabras que el léxico de la variante no tiene (falsas que nadie
// desafió, o de otro léxico) se juegan igual (juego.Juego.UbicarSinLexico)
// y se informan en [Partida.Ilegitimas]. La regla de fin de partida
// (variante.ReglaFin) sale de la línea del que salió: si gana el doble de
// las fichas de los demás, la norteamericana; si gana lo mismo, la
// internacional; si el registro no lo dice, la de la familia de su léxico
// ([Familia]: NWL norteamericana, CSW y FISE internacional) o la de la
// variante.
//
// La mayoría de los registros no dicen todas las manos: solo las fichas
// que se juegan, y el orden de la bolsa nunca. Con bolsa (las reglas
// clásicas), antes de cada turno la mano del jugador pasa a tener las
// fichas que el registro muestra: las de su línea, las que juega, las que
// se sabían de antes y, si pasa, las que mostrará después
// (juego.Juego.AsignarManos); el resto de la mano son fichas que no se ven,
// de la bolsa o de la parte desconocida de otra mano. Cuando se sabe qué
// sacará un jugador (su próxima mano), se pone al frente de la bolsa
// (juego.Juego.ProximasFichas). Los puntajes salen del tablero, así que no
// dependen de las fichas que no se ven; al final, con la bolsa vacía, las
// manos son las que quedan, y las líneas finales (que muestran las manos
// que quedaron) fijan las de los que ya no juegan. Es un error una mano
// registrada completa que no tiene lo que se juega, o una mano con más
// fichas de una letra de las que la variante tiene fuera del tablero; si
// dos líneas muestran en dos manos más fichas de las que hay, manda la
// línea en curso. [Partida.Posicion] y [Partida.CGP] dan la posición antes
// de cada turno con las manos como se conocen.
//
// Un registro mal formado o que no coincide con el juego (una jugada que no
// entra en el tablero, un puntaje distinto) es un [*ErrorLinea] que nombra
// la línea y dice qué se esperaba; las celdas se nombran como en la API,
// (fila,columna) desde 0, con la posición GCG al lado: "(7,3) 8D".
// [Escribir] escribe el registro de un juego a partir de sus sucesos
// (juego.Juego.Sucesos), con las manos que se conocen: lo que escribe se
// lee igual.
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
