package cgp

import (
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
)

// Errores del paquete. Los de [Parsear] son [*Error], que envuelven a uno
// de estos; se comparan con [errors.Is].
var (
	// ErrFormato: el texto no es CGP (un campo que falta, un número mal
	// escrito, una fila de otro largo, un corchete sin cerrar…).
	ErrFormato = errors.New("cgp: formato inválido")
	// ErrVariante: el texto es CGP, pero la posición no puede ser de la
	// variante o del alfabeto dados: otro tamaño de tablero, una ficha que
	// el alfabeto no tiene, un comodín en una variante sin comodines, o las
	// operaciones bb o mcnz con otro valor que el de la variante.
	ErrVariante = errors.New("cgp: la posición no es de la variante")
	// ErrNoRepresentable: [Formatear] recibió algo que CGP no puede escribir
	// (ningún jugador, un turno que no es de un jugador, una operación con
	// espacios o ";" en el código, o ";" en el valor).
	ErrNoRepresentable = errors.New("cgp: la posición no se puede escribir")
)

// Campo nombra una parte de un CGP, para ubicar un error.
type Campo int

// Los campos de un CGP, en orden. El valor cero es el texto entero.
const (
	CampoTexto       Campo = iota // el texto entero
	CampoTablero                  // las filas del tablero
	CampoManos                    // las manos, separadas por "/"
	CampoPuntajes                 // los puntajes, separados por "/"
	CampoSinPuntos                // los turnos seguidos sin puntos
	CampoOperaciones              // las operaciones "código valor;"
)

var nombresCampos = [...]string{"texto", "tablero", "manos", "puntajes", "turnos sin puntos", "operaciones"}

// String devuelve el nombre del campo en español ("tablero", "manos"…).
func (c Campo) String() string {
	if c < 0 || int(c) >= len(nombresCampos) {
		return fmt.Sprintf("Campo(%d)", int(c))
	}
	return nombresCampos[c]
}

// Error es un error de lectura: en qué campo, en qué fila del tablero o en
// qué mano o puntaje (desde 1; 0 si no corresponde) y en qué byte del texto
// (desde 0) está el problema, y cuál es. Err envuelve a [ErrFormato] o a
// [ErrVariante].
type Error struct {
	Campo     Campo
	Indice    int    // qué fila, mano, puntaje u operación del texto, desde 1; 0 si no corresponde
	Posicion  int    // byte del texto donde empieza Fragmento
	Fragmento string // el trozo del texto que falló, acortado si es largo
	Err       error
}

// Error describe el problema en español.
func (e *Error) Error() string {
	donde := e.Campo.String()
	if e.Indice > 0 {
		switch e.Campo {
		case CampoTablero:
			// Las filas del tablero se nombran como en la API, desde 0.
			donde += fmt.Sprintf(", fila %d", e.Indice-1)
		case CampoManos:
			donde += fmt.Sprintf(", mano %d", e.Indice)
		case CampoPuntajes:
			donde += fmt.Sprintf(", puntaje %d", e.Indice)
		case CampoOperaciones:
			donde += fmt.Sprintf(", operación %d", e.Indice)
		}
	}
	return fmt.Sprintf("%v (%s, byte %d: %q)", e.Err, donde, e.Posicion, e.Fragmento)
}

// Unwrap devuelve el error envuelto, que envuelve a [ErrFormato] o a
// [ErrVariante].
func (e *Error) Unwrap() error { return e.Err }

// Operacion es una operación de un CGP: un código ("lex", "bb", "mcnz"…) y
// su valor, el resto hasta el ";" sin los espacios de los bordes (vacío si
// no tiene, como "oru;").
type Operacion struct {
	Codigo string
	Valor  string
}

// Posicion es una posición de un CGP: la posición de juego, las
// operaciones, qué manos no se conocían y la variante con que se leyó.
//
// CGP no identifica los asientos: la primera mano y el primer puntaje son
// los del jugador al que le toca jugar. Por eso en Posicion.Posicion ese
// jugador es el 0 (Turno es 0) y los demás siguen en el orden en que van a
// jugar. Posicion.Repositorio es nil: CGP no dice qué hay en la bolsa
// ([juego.DesdePosicion] la completa con las fichas que no se ven).
type Posicion struct {
	juego.Posicion
	// Operaciones son las operaciones del CGP, todas y en su orden, sin el
	// "-" inicial que escribe MAGPIE.
	Operaciones []Operacion
	// Desconocidas dice, por jugador, si su mano estaba vacía en el CGP: en
	// CGP una mano vacía es una mano que no se conoce (o, al final de la
	// partida, una mano sin fichas: CGP no las distingue).
	Desconocidas []bool
	// Variante es la variante con que se leyó (Opciones.Variante), o nil
	// si se leyó solo con un alfabeto. [Posicion.Juego] empieza una
	// partida de ella. [Formatear] no la escribe.
	Variante *variante.Variante
}

// Operacion devuelve el valor de la primera operación de código c e informa
// si hay alguna.
func (p *Posicion) Operacion(c string) (string, bool) {
	for _, o := range p.Operaciones {
		if o.Codigo == c {
			return o.Valor, true
		}
	}
	return "", false
}
