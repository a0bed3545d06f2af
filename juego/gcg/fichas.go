package gcg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/letra"
)

// pieza es un elemento de la palabra de una colocación: una ficha nueva (o
// una que ya estaba, escrita con su letra) o "." (pasante: la que ya estaba).
type pieza struct {
	letra   letra.Letra
	comodin bool
	pasante bool
}

// leerPiezas lee una palabra ("RE.OIs", "[CH]A[rr]O") o, si mano, una mano
// ("AEI?[LL]"), donde "?" es el comodín y no hay pasantes.
func leerPiezas(alf *letra.Alfabeto, s string, mano bool) ([]pieza, error) {
	var res []pieza
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		simbolo := s[:n]
		switch {
		case r == '.' && !mano:
			res = append(res, pieza{pasante: true})
			s = s[n:]
			continue
		case r == '?' && mano:
			res = append(res, pieza{letra: letra.Comodin})
			s = s[n:]
			continue
		case r == '[':
			fin := strings.IndexByte(s, ']')
			if fin < 2 {
				return nil, fmt.Errorf("%w: corchete sin cerrar o vacío en %q", ErrFormato, s)
			}
			simbolo, n = s[1:fin], fin+1
			r, _ = utf8.DecodeRuneInString(simbolo)
		}
		l, ok := alf.Indice(simbolo)
		if !ok {
			return nil, fmt.Errorf("%w: %q no es una ficha del alfabeto", ErrFormato, simbolo)
		}
		res = append(res, pieza{letra: l, comodin: !mano && unicode.IsLower(r)})
		s = s[n:]
	}
	return res, nil
}

// leerMano lee una mano como multiconjunto.
func leerMano(alf *letra.Alfabeto, s string) (letra.Multiconjunto, error) {
	piezas, err := leerPiezas(alf, s, true)
	if err != nil {
		return letra.Multiconjunto{}, err
	}
	var m letra.Multiconjunto
	for _, p := range piezas {
		m.Agregar(p.letra)
	}
	return m, nil
}

// simbolo escribe una ficha: entre corchetes si su símbolo tiene varias
// letras, en minúsculas si es un comodín.
func simbolo(alf *letra.Alfabeto, l letra.Letra, comodin bool) string {
	s := alf.Simbolo(l)
	if comodin {
		s = strings.ToLower(s)
	}
	if utf8.RuneCountInString(s) > 1 {
		s = "[" + s + "]"
	}
	return s
}

// escribirMano escribe una mano en orden de letras, con los comodines al
// final como "?".
func escribirMano(alf *letra.Alfabeto, m letra.Multiconjunto) string {
	var b strings.Builder
	for l := range m.Todas() {
		if l != letra.Comodin {
			b.WriteString(simbolo(alf, l, false))
		}
	}
	b.WriteString(strings.Repeat("?", m.Cantidad(letra.Comodin)))
	return b.String()
}

// leerPosicion lee la casilla donde empieza la palabra principal: "8D" es la
// fila 8 y la columna D, horizontal; "D8", la misma casilla, vertical.
func leerPosicion(s string) (fila, columna int, horizontal bool, err error) {
	malo := fmt.Errorf("%w: %q no es una posición como 8D o D8", ErrFormato, s)
	if s == "" {
		return 0, 0, false, malo
	}
	horizontal = s[0] >= '0' && s[0] <= '9'
	i := strings.IndexFunc(s, func(r rune) bool { return (r >= '0' && r <= '9') != horizontal })
	if i <= 0 || i == len(s) {
		return 0, 0, false, malo
	}
	numero, letras := s[:i], s[i:]
	if !horizontal {
		numero, letras = s[i:], s[:i]
	}
	if len(letras) != 1 || len(numero) > 4 {
		return 0, 0, false, malo
	}
	c := unicode.ToUpper(rune(letras[0]))
	if c < 'A' || c > 'Z' {
		return 0, 0, false, malo
	}
	f, err := strconv.Atoi(numero)
	if err != nil || f < 1 {
		return 0, 0, false, malo
	}
	return f - 1, int(c - 'A'), horizontal, nil
}

// escribirPosicion es la inversa de leerPosicion. Las columnas van de la A a
// la Z: GCG no tiene cómo nombrar más.
func escribirPosicion(fila, columna int, horizontal bool) string {
	c := string(rune('A' + columna))
	if horizontal {
		return strconv.Itoa(fila+1) + c
	}
	return c + strconv.Itoa(fila+1)
}
