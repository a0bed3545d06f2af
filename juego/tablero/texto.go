package tablero

import (
	"fmt"
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
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

// MaxTexto es el largo máximo, en bytes, del texto que lee [Parsear]: el
// de un tablero de [MaxTamano]×MaxTamano escrito con los números en los
// bordes y cada celda alineada cabe de sobra.
const MaxTexto = 1 << 27

// campos recorre los campos de linea separados por espacios, con la
// posición (en bytes) de cada uno, sin guardarlos.
func campos(linea string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i := 0; i < len(linea); {
			if w := espacio(linea[i:]); w > 0 {
				i += w
				continue
			}
			ini := i
			for i < len(linea) {
				if c := linea[i]; c < utf8.RuneSelf {
					if espaciosASCII[c] {
						break
					}
					i++
					continue
				}
				r, w := utf8.DecodeRuneInString(linea[i:])
				if unicode.IsSpace(r) {
					break
				}
				i += w
			}
			if !yield(ini, linea[ini:i]) {
				return
			}
		}
	}
}

// espaciosASCII son los espacios de unicode.IsSpace que son ASCII.
var espaciosASCII = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// espacio devuelve el largo del espacio con que empieza s, o 0 si no
// empieza con uno.
func espacio(s string) int {
	if c := s[0]; c < utf8.RuneSelf {
		if espaciosASCII[c] {
			return 1
		}
		return 0
	}
	if r, w := utf8.DecodeRuneInString(s); unicode.IsSpace(r) {
		return w
	}
	return 0
}

// lineas recorre las líneas de texto que tienen algún campo, con su número
// (desde 1).
func lineas(texto string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for num, resto, hay := 0, texto, true; hay; {
			var linea string
			linea, resto, hay = strings.Cut(resto, "\n")
			num++
			if strings.TrimSpace(linea) != "" && !yield(num, linea) {
				return
			}
		}
	}
}

// Parsear devuelve el tablero escrito en texto, con las letras de alf
// (que no puede ser nil: letra.ErrAlfabetoInvalido). El tamaño sale del
// texto. Si el texto no es un tablero devuelve un error que envuelve a
// [ErrTexto], nombra la línea y cita a lo sumo un trozo corto del texto;
// si pasa de [MaxTexto] bytes, uno que envuelve también a limite.Err.
// Cuesta O(len(texto)) en tiempo, y en memoria solo el tablero.
func Parsear(texto string, alf *letra.Alfabeto) (Tablero, error) {
	if alf == nil {
		return Tablero{}, errSinAlfabeto
	}
	if len(texto) > MaxTexto {
		return Tablero{}, fmt.Errorf("%w: %w", ErrTexto, &limite.Error{Limite: "tablero.MaxTexto", Valor: MaxTexto})
	}
	// Primera pasada: cuántas líneas con campos hay, y si la primera es
	// la de los números de columna (0 1 … N−1, con N las demás líneas).
	filas, primera, esSecuencia, enPrimera := 0, 0, true, 0
	for num, linea := range lineas(texto) {
		if filas == 0 {
			primera = num
			for _, c := range campos(linea) {
				esSecuencia = esSecuencia && c == strconv.Itoa(enPrimera)
				enPrimera++
			}
		}
		filas++
	}
	numerada := filas > 1 && enPrimera == filas-1 && esSecuencia
	n := filas
	if numerada {
		n--
	}
	if n == 0 || n > MaxTamano {
		return Tablero{}, fmt.Errorf("%w: %d filas", ErrTexto, n)
	}
	nuevo, _ := Nuevo(n, alf)
	b := []byte(nuevo.celdas)
	f := 0
	for num, linea := range lineas(texto) {
		if numerada && num == primera {
			continue
		}
		error := func(formato string, args ...any) error {
			return fmt.Errorf("%w: línea %d: "+formato, append([]any{ErrTexto, num}, args...)...)
		}
		// Con números en los bordes, cada fila empieza con el suyo.
		celdas, primerCampo := 0, ""
		for _, c := range campos(linea) {
			if celdas == 0 {
				primerCampo = c
			}
			celdas++
		}
		if numerada {
			if primerCampo != strconv.Itoa(f) {
				return Tablero{}, error("se esperaba el número de fila %d", f)
			}
			celdas--
		}
		if celdas != n {
			return Tablero{}, error("tiene %d celdas y el tablero es de %d×%d", celdas, n, n)
		}
		c := 0
		saltar := numerada // el número de fila no es una celda
		for _, s := range campos(linea) {
			if saltar {
				saltar = false
				continue
			}
			if s != "·" && s != "." {
				l, ok := alf.Indice(s)
				if !ok {
					return Tablero{}, error("%q no es una letra del alfabeto", cita.Texto(s))
				}
				b[f*n+c] = byte(l) + 1
				if esMinuscula(s) {
					b[f*n+c] |= comodin
				}
			}
			c++
		}
		f++
	}
	return Tablero{n: n, alf: alf, celdas: string(b)}, nil
}
