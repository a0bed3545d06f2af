package gcg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/juegodepalabras/palabras/internal/motor/fichas"
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
		switch {
		case s[0] == '.' && !mano:
			res = append(res, pieza{pasante: true})
			s = s[1:]
			continue
		case s[0] == '?' && mano:
			res = append(res, pieza{letra: letra.Comodin})
			s = s[1:]
			continue
		}
		l, minuscula, n, err := fichas.Leer(alf, s)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrFormato, err)
		}
		res = append(res, pieza{letra: l, comodin: !mano && minuscula})
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

// simbolo y escribirMano escriben una ficha y una mano (internal/motor/fichas).
var (
	simbolo      = fichas.Simbolo
	escribirMano = fichas.Mano
)

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
