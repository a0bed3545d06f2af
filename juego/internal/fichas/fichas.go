// Package fichas escribe y lee fichas sueltas con la convención que
// comparten los formatos de texto de partidas y posiciones (GCG, CGP): cada
// ficha con su símbolo, entre corchetes si el símbolo tiene varias letras
// ("[CH]"), en minúsculas si es un comodín puesto en el tablero ("[ch]",
// "a"), y "?" para un comodín en una mano.
package fichas

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
)

// Errores de [Parsear]. Los paquetes que lo usan los envuelven en su propio
// error.
var (
	// ErrCorchete: un corchete sin cerrar o vacío.
	ErrCorchete = errors.New("corchete sin cerrar o vacío")
	// ErrFicha: el símbolo no es de una ficha del alfabeto.
	ErrFicha = errors.New("no es una ficha del alfabeto")
)

// Formatear escribe una ficha: entre corchetes si su símbolo tiene varias
// letras, en minúsculas si es un comodín.
func Formatear(alf *letra.Alfabeto, l letra.Letra, comodin bool) string {
	s := alf.Simbolo(l)
	if comodin {
		s = strings.ToLower(s)
	}
	if utf8.RuneCountInString(s) > 1 {
		s = "[" + s + "]"
	}
	return s
}

// FormatearMano escribe una mano en orden de letras, con los comodines al final como
// "?".
func FormatearMano(alf *letra.Alfabeto, m letra.Multiconjunto) string {
	var b strings.Builder
	for l := range m.Todas() {
		if l != letra.Comodin {
			b.WriteString(Formatear(alf, l, false))
		}
	}
	b.WriteString(strings.Repeat("?", m.Cantidad(letra.Comodin)))
	return b.String()
}

// Parsear lee la ficha con que empieza s: un símbolo entre corchetes ("[CH]",
// "[ch]") o, si no, un solo carácter con las marcas combinantes que lo
// siguen ("Ñ", o "N" seguida de U+0303). Devuelve la letra, si está en
// minúsculas (la primera letra del símbolo decide: es un comodín en el
// tablero) y cuántos bytes de s ocupa. Sin corchetes, un símbolo de varias
// letras se lee letra por letra: "CH" son C y H. "?" no es una ficha: cada
// formato decide qué significa. Si s no empieza con una ficha de alf
// devuelve un error que envuelve a [ErrCorchete] (un corchete sin cerrar o
// vacío) o a [ErrFicha] (un símbolo que alf no tiene), que cita a lo sumo
// un trozo corto de s. Nunca entra en pánico.
func Parsear(alf *letra.Alfabeto, s string) (l letra.Letra, minuscula bool, n int, err error) {
	if s == "" {
		return 0, false, 0, fmt.Errorf("%w: texto vacío", ErrFicha)
	}
	simbolo := ""
	if s[0] == '[' {
		fin := strings.IndexByte(s, ']')
		if fin < 2 {
			return 0, false, 0, fmt.Errorf("%w: %q", ErrCorchete, cita.Texto(s))
		}
		simbolo, n = s[1:fin], fin+1
	} else {
		_, n = utf8.DecodeRuneInString(s)
		for n < len(s) {
			r, m := utf8.DecodeRuneInString(s[n:])
			if !unicode.Is(unicode.Mn, r) {
				break
			}
			n += m
		}
		simbolo = s[:n]
	}
	r, _ := utf8.DecodeRuneInString(simbolo)
	l, ok := alf.Indice(simbolo)
	if !ok {
		return 0, false, 0, fmt.Errorf("%w: %q", ErrFicha, cita.Texto(simbolo))
	}
	return l, unicode.IsLower(r), n, nil
}

// ParsearMano lee fichas como están en una mano ("AEI?[LL]"): cada una como en
// [Parsear], sin distinguir mayúsculas, y "?" para el comodín. Si s tiene algo
// que no es una ficha de alf devuelve el error de [Parsear] y el byte de s
// donde empieza. Nunca entra en pánico.
func ParsearMano(alf *letra.Alfabeto, s string) (m letra.Multiconjunto, pos int, err error) {
	for pos < len(s) {
		if s[pos] == '?' {
			m.Agregar(letra.Comodin)
			pos++
			continue
		}
		l, _, n, err := Parsear(alf, s[pos:])
		if err != nil {
			return letra.Multiconjunto{}, pos, err
		}
		m.Agregar(l)
		pos += n
	}
	return m, 0, nil
}
