package juego

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Errores de construcción y de consulta. Se comparan con [errors.Is].
var (
	// ErrSinVariante: Nuevo recibió una variante nil.
	ErrSinVariante = errors.New("juego: falta la variante")
	// ErrRepositorioCorto: el repositorio tiene menos de N·N + K·F letras
	// (la precondición de nuevoJuego, R7).
	ErrRepositorioCorto = errors.New("juego: el repositorio es demasiado corto")
	// ErrRepositorioInvalido: el repositorio tiene letras que no son del
	// alfabeto de la variante.
	ErrRepositorioInvalido = errors.New("juego: el repositorio tiene letras fuera del alfabeto")
	// ErrJugadorInexistente: el número de jugador no es menor que la
	// cantidad de jugadores.
	ErrJugadorInexistente = errors.New("juego: no existe ese jugador")
	// ErrCambioInvalido: no se puede cambiar fichas: la variante no lo
	// permite, la bolsa tiene menos de F fichas, no se nombró ninguna o el
	// jugador no las tiene. Los errores de [Juego.Cambiar] lo envuelven.
	ErrCambioInvalido = errors.New("juego: cambio de fichas inválido")
	// ErrSinBolsa: la operación solo tiene sentido con una bolsa
	// (variante.Opciones.Bolsa).
	ErrSinBolsa = errors.New("juego: la variante no tiene bolsa")
	// ErrManoInvalida: la mano pedida no tiene la cantidad de fichas de la
	// actual o no puede armarse con ella y la bolsa.
	ErrManoInvalida = errors.New("juego: mano imposible")
)

// Errores de una jugada inválida. Todos los devuelve [Juego.Validar] (y
// [Juego.Ubicar]) dentro de un [*ErrorJugada], que envuelve a
// [ErrJugadaInvalida] y al motivo. Una ficha fuera del tablero o en una
// celda ocupada (regla R3.1) tiene por motivo los errores del tablero,
// tablero.ErrFueraDelTablero y tablero.ErrCeldaOcupada.
var (
	// ErrJugadaInvalida: la jugada no es válida (R3 y R5).
	ErrJugadaInvalida = errors.New("juego: jugada inválida")
	// ErrDemasiadasFichas: la jugada tiene más fichas que la palabra
	// legítima más larga, así que ninguna palabra puede contenerlas.
	ErrDemasiadasFichas = errors.New("más fichas que letras tiene la palabra legítima más larga")
	// ErrFaltanLetras: el jugador en turno no tiene todas las letras de la
	// jugada (R5).
	ErrFaltanLetras = errors.New("el jugador no tiene esas letras")
	// ErrSuperpuestas: dos fichas de la jugada van a la misma celda (R3.2).
	ErrSuperpuestas = errors.New("dos fichas en la misma celda")
	// ErrNoAlineadas: las fichas no están en una misma fila ni en una misma
	// columna, así que ninguna palabra las contiene a todas (R3.3).
	ErrNoAlineadas = errors.New("las fichas no están en una misma fila o columna")
	// ErrNoContiguas: entre las fichas hay celdas vacías, así que ninguna
	// palabra las contiene a todas (R3.3).
	ErrNoContiguas = errors.New("hay celdas vacías entre las fichas")
	// ErrPalabraIlegitima: se forma una palabra que no es legítima (R3.4).
	ErrPalabraIlegitima = errors.New("se forma una palabra que no es legítima")
	// ErrFueraDelCentro: con las reglas clásicas, la primera jugada no
	// cubre la casilla central.
	ErrFueraDelCentro = errors.New("la primera jugada debe cubrir el centro")
	// ErrDesconectada: con las reglas clásicas, la jugada no toca ninguna
	// ficha del tablero.
	ErrDesconectada = errors.New("la jugada no toca ninguna ficha del tablero")
	// ErrPalabraCorta: con las reglas clásicas, la jugada forma una palabra
	// de una sola letra.
	ErrPalabraCorta = errors.New("toda palabra debe tener al menos dos letras")
	// ErrPartidaTerminada: la partida ya terminó (variante.Opciones.FinDePartida).
	ErrPartidaTerminada = errors.New("la partida terminó")
)

// ErrorJugada explica por qué una jugada no es válida.
type ErrorJugada struct {
	// Motivo es uno de los errores de jugada (ErrFaltanLetras,
	// tablero.ErrCeldaOcupada, …).
	Motivo error
	// Ficha es la ficha de la jugada que causa el problema, si es una sola
	// (fuera del tablero, celda ocupada, letra que falta).
	Ficha *ocurrencia.Ficha
	// Palabra es la palabra ilegítima, escrita con el alfabeto de la
	// variante, si el motivo es ErrPalabraIlegitima; Desde es su primera
	// celda y Horizontal su dirección.
	Palabra    string
	Desde      [2]int
	Horizontal bool
}

// Error describe el motivo y, si los hay, la ficha o la palabra culpables.
func (e *ErrorJugada) Error() string {
	var b strings.Builder
	b.WriteString("juego: jugada inválida: ")
	b.WriteString(e.Motivo.Error())
	switch {
	case e.Ficha != nil:
		fmt.Fprintf(&b, " (%d,%d)", e.Ficha.Fila, e.Ficha.Columna)
	case e.Palabra != "":
		dir := "vertical"
		if e.Horizontal {
			dir = "horizontal"
		}
		fmt.Fprintf(&b, ": %s, %s desde (%d,%d)", e.Palabra, dir, e.Desde[0], e.Desde[1])
	}
	return b.String()
}

// Unwrap devuelve [ErrJugadaInvalida] y el motivo.
func (e *ErrorJugada) Unwrap() []error { return []error{ErrJugadaInvalida, e.Motivo} }
