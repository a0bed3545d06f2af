package tablero

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/letra"
)

// Forma de texto de un tablero: una fila por línea, "·" en las celdas
// libres, cada ficha con su símbolo (en minúsculas si es un comodín) y los
// números de fila y de columna en los bordes, todo alineado en columnas:
//
//	  0 1 2 3
//	0 · · · ·
//	1 · S O L
//	2 · · a ·
//	3 · · · ·
//
// [Parsear] lee esa forma y también la que no tiene los números ni la
// alineación ("." vale como "·"): N líneas de N celdas separadas por
// espacios.

// String devuelve la forma de texto del tablero, que [Parsear] vuelve a
// leer. Es la única forma de escribirlo.
func (t Tablero) String() string {
	if t.n == 0 {
		return ""
	}
	margen := len(strconv.Itoa(t.n - 1))
	ancho := margen
	for _, s := range t.alf.Simbolos() {
		ancho = max(ancho, utf8.RuneCountInString(s))
	}
	var b strings.Builder
	celda := func(s string) {
		b.WriteByte(' ')
		b.WriteString(strings.Repeat(" ", ancho-utf8.RuneCountInString(s)))
		b.WriteString(s)
	}
	b.WriteString(strings.Repeat(" ", margen))
	for c := range t.n {
		celda(strconv.Itoa(c))
	}
	b.WriteByte('\n')
	for f := range t.n {
		b.WriteString(strings.Repeat(" ", margen-len(strconv.Itoa(f))))
		b.WriteString(strconv.Itoa(f))
		for c := range t.n {
			celda(t.simbolo(f, c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// simbolo escribe la celda (f, c): "·", el símbolo de su letra o, si es un
// comodín, el símbolo en minúsculas.
func (t Tablero) simbolo(f, c int) string {
	l, ok := t.Letra(f, c)
	switch {
	case !ok:
		return "·"
	case t.EsComodin(f, c):
		return strings.ToLower(t.alf.Simbolo(l))
	}
	return t.alf.Simbolo(l)
}

// esSecuencia informa si campos es 0 1 … len(campos)−1.
func esSecuencia(campos []string) bool {
	for i, c := range campos {
		if c != strconv.Itoa(i) {
			return false
		}
	}
	return true
}

// esMinuscula informa si s tiene letras y ninguna mayúscula.
func esMinuscula(s string) bool {
	hay := false
	for _, r := range s {
		if unicode.IsUpper(r) {
			return false
		}
		hay = hay || unicode.IsLetter(r)
	}
	return hay
}

// Parsear devuelve el tablero escrito en texto, con las letras de alf
// (que no puede ser nil: letra.ErrAlfabetoInvalido). El tamaño sale del
// texto. Si el texto no es un tablero devuelve un error que envuelve a
// [ErrTexto] y nombra la línea.
func Parsear(texto string, alf *letra.Alfabeto) (Tablero, error) {
	if alf == nil {
		return Tablero{}, errSinAlfabeto
	}
	var filas [][]string
	for _, linea := range strings.Split(texto, "\n") {
		if campos := strings.Fields(linea); len(campos) > 0 {
			filas = append(filas, campos)
		}
	}
	// Con números en los bordes, la primera línea es 0 1 … N−1 y cada fila
	// empieza con su número.
	numerada := len(filas) > 1 && len(filas[0]) == len(filas)-1 && esSecuencia(filas[0])
	if numerada {
		filas = filas[1:]
	}
	n := len(filas)
	if n == 0 || n > MaxTamano {
		return Tablero{}, fmt.Errorf("%w: %d filas", ErrTexto, n)
	}
	nuevo, _ := Nuevo(n, alf)
	b := []byte(nuevo.celdas)
	primera := 1 // número de línea de la primera fila
	if numerada {
		primera = 2
	}
	for f, campos := range filas {
		error := func(formato string, args ...any) error {
			return fmt.Errorf("%w: línea %d: "+formato, append([]any{ErrTexto, f + primera}, args...)...)
		}
		if numerada {
			if campos[0] != strconv.Itoa(f) {
				return Tablero{}, error("se esperaba el número de fila %d", f)
			}
			campos = campos[1:]
		}
		if len(campos) != n {
			return Tablero{}, error("tiene %d celdas y el tablero es de %d×%d", len(campos), n, n)
		}
		for c, s := range campos {
			if s == "·" || s == "." {
				continue
			}
			l, ok := alf.Indice(s)
			if !ok {
				return Tablero{}, error("%q no es una letra del alfabeto", s)
			}
			b[f*n+c] = byte(l) + 1
			if esMinuscula(s) {
				b[f*n+c] |= comodin
			}
		}
	}
	return Tablero{n: n, alf: alf, celdas: string(b)}, nil
}
