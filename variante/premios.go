package variante

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/limite"
)

// Premio es lo que vale una casilla del tablero con las reglas clásicas:
// nada, o multiplicar la letra o las palabras de la ficha que se ubica en
// ella. El valor cero es [SinPremio].
type Premio uint8

// Las casillas de premio del juego clásico.
const (
	SinPremio        Premio = iota // la casilla no tiene premio
	LetraDoble                     // la letra ubicada aquí vale el doble
	LetraTriple                    // la letra ubicada aquí vale el triple
	PalabraDoble                   // cada palabra con la ficha ubicada aquí vale el doble
	PalabraTriple                  // cada palabra con la ficha ubicada aquí vale el triple
	LetraCuadruple                 // la letra ubicada aquí vale el cuádruple (tablero de 21×21)
	PalabraCuadruple               // cada palabra con la ficha ubicada aquí vale el cuádruple
)

// PorLetra devuelve por cuánto multiplica p el valor de la letra ubicada en
// su casilla: 1, 2, 3 o 4.
func (p Premio) PorLetra() int {
	switch p {
	case LetraDoble:
		return 2
	case LetraTriple:
		return 3
	case LetraCuadruple:
		return 4
	}
	return 1
}

// PorPalabra devuelve por cuánto multiplica p cada palabra que contiene la
// ficha ubicada en su casilla: 1, 2, 3 o 4.
func (p Premio) PorPalabra() int {
	switch p {
	case PalabraDoble:
		return 2
	case PalabraTriple:
		return 3
	case PalabraCuadruple:
		return 4
	}
	return 1
}

// simbolosPremio son los caracteres de la forma de texto de los premios, en
// el orden de las constantes.
const simbolosPremio = ".lLpPcC"

// String devuelve el carácter de p en la forma de texto de [ParsearPremios].
func (p Premio) String() string {
	if int(p) < len(simbolosPremio) {
		return simbolosPremio[p : p+1]
	}
	return fmt.Sprintf("Premio(%d)", uint8(p))
}

// ErrPremiosInvalidos: el tablero de premios no es cuadrado, tiene un
// carácter desconocido o no es del tamaño del tablero de la variante.
var ErrPremiosInvalidos = errors.New("variante: tablero de premios inválido")

// Premios es la disposición de las casillas de premio de un tablero de N×N.
// Es inmutable; el valor cero no es útil: se obtiene con [ParsearPremios] o
// [PremiosClasicos].
type Premios struct {
	n        int
	casillas []Premio // fila·N + columna
}

// ParsearPremios lee un tablero de premios: N líneas de N caracteres cada una,
// "." sin premio, "l" letra doble, "L" letra triple, "p" palabra doble,
// "P" palabra triple, "c" letra cuádruple y "C" palabra cuádruple. Se ignoran las líneas vacías y los espacios al comienzo
// y al final de cada línea. Devuelve un error que envuelve a
// [ErrPremiosInvalidos] si el texto no es un tablero cuadrado de esos
// caracteres o si N pasa de [MaxTamanoTablero] (y también a limite.Err
// en este caso); el error cita a lo sumo un trozo corto del texto. Cuesta
// O(len(texto)) en tiempo y, en memoria, solo el tablero.
func ParsearPremios(texto string) (*Premios, error) {
	// lineas recorre las líneas no vacías, sin los espacios de los bordes.
	lineas := func(yield func(string) bool) {
		for resto, hay := texto, true; hay; {
			var linea string
			linea, resto, hay = strings.Cut(resto, "\n")
			if linea = strings.TrimSpace(linea); linea != "" && !yield(linea) {
				return
			}
		}
	}
	n := 0
	for range lineas {
		if n++; n > MaxTamanoTablero {
			return nil, fmt.Errorf("%w: más de %d filas: %w", ErrPremiosInvalidos, MaxTamanoTablero,
				&limite.Error{Limite: "variante.MaxTamanoTablero", Valor: MaxTamanoTablero})
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: %d filas", ErrPremiosInvalidos, n)
	}
	p := &Premios{n: n, casillas: make([]Premio, 0, n*n)}
	i := 0
	for fila := range lineas {
		if len(fila) != n {
			return nil, fmt.Errorf("%w: la fila %d (%q) tiene %d caracteres y hay %d filas", ErrPremiosInvalidos, i, cita.Texto(fila), len(fila), n)
		}
		for j := range len(fila) {
			k := strings.IndexByte(simbolosPremio, fila[j])
			if k < 0 {
				return nil, fmt.Errorf("%w: carácter %q en la fila %d, columna %d", ErrPremiosInvalidos, fila[j], i, j)
			}
			p.casillas = append(p.casillas, Premio(k))
		}
		i++
	}
	return p, nil
}

// clasicos es la disposición del tablero de 15×15 del juego clásico, igual en
// inglés y en español; el centro es una palabra doble.
const clasicos = `
P..l...P...l..P
.p...L...L...p.
..p...l.l...p..
l..p...l...p..l
....p.....p....
.L...L...L...L.
..l...l.l...l..
P..l...p...l..P
..l...l.l...l..
.L...L...L...L.
....p.....p....
l..p...l...p..l
..p...l.l...p..
.p...L...L...p.
P..l...P...l..P
`

// PremiosClasicos devuelve las casillas de premio del tablero clásico de
// 15×15: 8 de palabra triple, 17 de palabra doble (el centro incluido), 12 de
// letra triple y 24 de letra doble.
func PremiosClasicos() *Premios {
	p, err := ParsearPremios(clasicos)
	if err != nil {
		panic(err) // la constante se verifica en las pruebas
	}
	return p
}

// Tamano devuelve N, el lado del tablero.
func (p *Premios) Tamano() int { return p.n }

// Premio devuelve el premio de la casilla (fila, columna), o [SinPremio] si
// no es una casilla del tablero.
func (p *Premios) Premio(fila, columna int) Premio {
	if fila < 0 || fila >= p.n || columna < 0 || columna >= p.n {
		return SinPremio
	}
	return p.casillas[fila*p.n+columna]
}

// String devuelve los premios en la forma de texto de [ParsearPremios].
func (p *Premios) String() string {
	var b strings.Builder
	for i, c := range p.casillas {
		b.WriteString(c.String())
		if i%p.n == p.n-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
