package notacion

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Errores del paquete. Los de [Parsear] y [ParsearCoordenada] son
// [*Error], que envuelven a uno de estos o, si el texto no coincide con el
// tablero, a tablero.ErrFueraDelTablero (la coordenada o la palabra salen
// del tablero) o a tablero.ErrCeldaOcupada (una letra sobre una casilla
// que tiene otra). Se comparan con [errors.Is].
var (
	// ErrNotacion: el texto no es una jugada: una coordenada mal escrita,
	// una palabra que falta, un corchete sin cerrar, un símbolo que el
	// alfabeto no tiene (el error envuelve además a
	// letra.ErrCaracterDesconocido), texto de más.
	ErrNotacion = errors.New("notacion: el texto no es una jugada")
	// ErrCeldaLibre: un "." en una casilla libre: la ficha que la palabra
	// atraviesa no está en el tablero.
	ErrCeldaLibre = errors.New("notacion: \".\" en una casilla libre")
	// ErrSinFichas: una colocación que no pone ninguna ficha (todas sus
	// casillas ya estaban ocupadas).
	ErrSinFichas = errors.New("notacion: la colocación no pone ninguna ficha")
	// ErrNoRepresentable: [Formatear] recibió una jugada que no se puede
	// escribir: fichas fuera del tablero, sobre casillas ocupadas, que no
	// forman una línea sin huecos con las del tablero, letras que no son
	// del alfabeto, o fichas y cambio a la vez. Envuelve además a la causa
	// (tablero.ErrCeldaOcupada, letra.ErrFueraDeRango…).
	ErrNoRepresentable = errors.New("notacion: la jugada no se puede escribir")
)

// MaxTexto es el largo máximo, en bytes, de lo que lee [Parsear]: la
// palabra más larga de un tablero de tablero.MaxTamano casillas, con cada
// ficha entre corchetes, cabe de sobra.
const MaxTexto = 1 << 16

// maxExtracto es cuántas runas del texto cita un [Error], como mucho.
const maxExtracto = 24

// Error es un error de lectura: el trozo del texto que falló (a lo sumo
// unas pocas runas, con "…" si se cortó), el byte del texto donde empieza
// y el motivo. Err envuelve a [ErrNotacion], [ErrCeldaLibre],
// [ErrSinFichas], tablero.ErrFueraDelTablero o tablero.ErrCeldaOcupada (y
// a letra.ErrAlfabetoInvalido si el tablero no tiene alfabeto: el valor
// cero de tablero.Tablero).
type Error struct {
	Fragmento string // el trozo del texto que falló, acortado
	Posicion  int    // byte del texto donde empieza el trozo
	Motivo    string // qué falló, con las casillas como en la API y en la notación: "(7,3) 8D"
	Err       error
}

// Error describe el problema en español.
func (e *Error) Error() string {
	return fmt.Sprintf("notacion: %q, byte %d: %s", e.Fragmento, e.Posicion, e.Motivo)
}

// Unwrap devuelve el error envuelto.
func (e *Error) Unwrap() error { return e.Err }

// fallo arma el error del trozo de texto que empieza en el byte pos.
func fallo(texto string, pos int, err error, formato string, args ...any) *Error {
	trozo := texto[min(pos, len(texto)):]
	corte, runas := 0, 0
	for corte < len(trozo) && runas < maxExtracto {
		_, n := utf8.DecodeRuneInString(trozo[corte:])
		corte += n
		runas++
	}
	if corte < len(trozo) {
		trozo = trozo[:corte] + "…"
	}
	return &Error{Fragmento: trozo, Posicion: pos, Motivo: fmt.Sprintf(formato, args...), Err: err}
}

// Tipo dice qué clase de turno es una [Jugada].
type Tipo uint8

// Los tipos de jugada. El valor cero es la colocación.
const (
	Colocacion Tipo = iota // pone fichas en el tablero: "8D RESIANT"
	Pase                   // no hace nada: "-"
	Cambio                 // devuelve fichas a la bolsa: "-ABC"
)

var nombresTipo = [...]string{"colocación", "pase", "cambio"}

// String devuelve el nombre del tipo en español ("colocación", "pase",
// "cambio").
func (t Tipo) String() string {
	if int(t) < len(nombresTipo) {
		return nombresTipo[t]
	}
	return "Tipo(" + strconv.Itoa(int(t)) + ")"
}

// Jugada es un turno escrito en la notación: una colocación (Fichas no
// vacía), un cambio (Cambio no vacío) o un pase (las dos vacías: el valor
// cero, como la ocurrencia vacía del juego).
type Jugada struct {
	// Fichas son las fichas que pone una colocación: solo las nuevas, no
	// las del tablero que la palabra atraviesa. Es la ocurrencia que se da
	// a juego.Juego.Ubicar.
	Fichas ocurrencia.Ocurrencia
	// Cambio son las fichas que devuelve un cambio, con los comodines
	// como letra.Comodin. Es lo que se da a juego.Juego.Cambiar.
	Cambio letra.Multiconjunto
}

// Tipo devuelve el tipo de j: [Colocacion] si pone fichas, [Cambio] si
// devuelve alguna, [Pase] si no hace nada.
func (j Jugada) Tipo() Tipo {
	switch {
	case !j.Fichas.Vacia():
		return Colocacion
	case !j.Cambio.Vacio():
		return Cambio
	}
	return Pase
}

// Coordenada es la casilla donde empieza la palabra de una colocación y su
// dirección. Fila y Columna cuentan desde 0, como en el resto de la API.
type Coordenada struct {
	Fila, Columna int
	Horizontal    bool
}

// String escribe c en la notación: la fila desde 1 y la columna con letras
// desde la A, primero la fila si es horizontal ("8D") y primero la columna
// si es vertical ("D8"). Después de la Z siguen AA, AB, …, ZZ, AAA. Una
// coordenada negativa, que no es una casilla, se escribe "(fila,columna)".
func (c Coordenada) String() string {
	if c.Fila < 0 || c.Columna < 0 {
		return fmt.Sprintf("(%d,%d)", c.Fila, c.Columna)
	}
	fila := strconv.Itoa(c.Fila + 1)
	if c.Horizontal {
		return fila + columna(c.Columna)
	}
	return columna(c.Columna) + fila
}

// columna escribe la columna c (desde 0) con letras: A…Z, AA…ZZ, AAA…
func columna(c int) string {
	var b [16]byte
	i := len(b)
	for c++; c > 0; c = (c - 1) / 26 {
		i--
		b[i] = byte('A' + (c-1)%26)
	}
	return string(b[i:])
}

// maxCifras y maxLetras son los largos máximos de la fila y de la columna
// de una coordenada: alcanzan para tablero.MaxTamano.
const (
	maxCifras = 4 // hasta 9999
	maxLetras = 3 // hasta ZZZ, la columna 18277
)

// casilla nombra la casilla (f, c) en los mensajes: "(7,3) 8D".
func casilla(f, c int) string {
	return fmt.Sprintf("(%d,%d) %v", f, c, Coordenada{Fila: f, Columna: c, Horizontal: true})
}

// ParsearCoordenada lee una coordenada: "8D" es la fila 8 y la columna D
// (Fila 7, Columna 3), horizontal; "D8" es la misma casilla, vertical. Las
// letras de la columna se leen sin distinguir mayúsculas; la fila se
// cuenta desde 1. Como ningún tablero pasa de tablero.MaxTamano casillas
// de lado, la fila tiene a lo sumo cuatro cifras y la columna a lo sumo
// tres letras (hasta la ZZZ). Los errores son [*Error] que envuelven a
// [ErrNotacion].
func ParsearCoordenada(s string) (Coordenada, error) {
	c, err := coordenada(s, 0, s)
	if err != nil {
		return Coordenada{}, err
	}
	return c, nil
}

// coordenada lee la coordenada s, que está en el byte pos de texto (para
// los errores).
func coordenada(s string, pos int, texto string) (Coordenada, *Error) {
	esCifra := func(b byte) bool { return '0' <= b && b <= '9' }
	esLetra := func(b byte) bool { return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' }
	mal := func(motivo string) (Coordenada, *Error) {
		return Coordenada{}, fallo(texto, pos, ErrNotacion, "%s: se esperaba una coordenada como 8D (horizontal) o D8 (vertical)", motivo)
	}
	if s == "" {
		return mal("falta la coordenada")
	}
	horizontal := esCifra(s[0])
	i := 0
	for i < len(s) && (esCifra(s[i]) == horizontal) && (horizontal || esLetra(s[i])) {
		i++
	}
	cifras, letras := s[:i], s[i:]
	if !horizontal {
		cifras, letras = s[i:], s[:i]
	}
	for x := 0; x < len(letras); x++ {
		if !esLetra(letras[x]) {
			return mal("la columna tiene algo que no es una letra")
		}
	}
	for x := 0; x < len(cifras); x++ {
		if !esCifra(cifras[x]) {
			return mal("la fila tiene algo que no es una cifra")
		}
	}
	switch {
	case cifras == "" || letras == "":
		return mal("falta la fila o la columna")
	case len(letras) > maxLetras || len(cifras) > maxCifras:
		return mal(fmt.Sprintf("la fila tiene más de %d cifras o la columna más de %d letras", maxCifras, maxLetras))
	}
	fila, _ := strconv.Atoi(cifras)
	if fila == 0 {
		return mal("las filas se cuentan desde 1")
	}
	col := 0
	for x := 0; x < len(letras); x++ {
		col = col*26 + int(letras[x]|0x20-'a') + 1
	}
	return Coordenada{Fila: fila - 1, Columna: col - 1, Horizontal: horizontal}, nil
}
