package notacion

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
)

// Formatear escribe la jugada j en la notación, sobre el tablero t, el de
// antes de jugarla: lo que [Parsear] vuelve a leer igual.
//
// Un pase es "-"; un cambio, "-" y las fichas en el orden del alfabeto, con
// los comodines al final como "?" ("-ABC?"). Una colocación es la
// coordenada de la palabra principal (tablero.Tablero.Principal: la de la
// línea de las fichas; para una sola ficha, la horizontal si la forma, si
// no la vertical, y si no la ficha sola, como horizontal) y la palabra
// entera, con "." en cada casilla que ya estaba ocupada, los comodines en
// minúsculas y las fichas de varias letras entre corchetes:
// "8D RESIANT", "H4 RE.OIs", "8F [CH]O[RR]OS". Después de la columna Z
// siguen AA, AB… (ver [Coordenada.String]).
//
// Devuelve un error que envuelve a [ErrNoRepresentable] y a la causa si las
// fichas no entran en t (fuera del tablero, sobre una casilla ocupada, dos
// en la misma casilla, una letra que no es del alfabeto), si no forman con
// las del tablero una sola línea sin huecos, si un cambio tiene una ficha
// que no es del alfabeto ni un comodín, o si j tiene fichas y cambio a la
// vez. Cuesta O(N² + m) para m fichas.
func Formatear(j Jugada, t tablero.Tablero) (string, error) {
	alf := t.Alfabeto()
	if alf == nil {
		return "", fmt.Errorf("%w: %w: el tablero no tiene alfabeto (tablero.Nuevo)", ErrNoRepresentable, letra.ErrAlfabetoInvalido)
	}
	switch {
	case !j.Fichas.Vacia() && !j.Cambio.Vacio():
		return "", fmt.Errorf("%w: la jugada pone fichas y cambia otras", ErrNoRepresentable)
	case !j.Cambio.Vacio():
		for l := range j.Cambio.Todas() {
			if l != letra.Comodin && !alf.Contiene(l) {
				return "", fmt.Errorf("%w: %w: el cambio tiene la letra %d", ErrNoRepresentable, letra.ErrFueraDeRango, l)
			}
		}
		return "-" + fichas.FormatearMano(alf, j.Cambio), nil
	case j.Fichas.Vacia():
		return "-", nil
	}
	o := j.Fichas
	despues, err := t.Poner(o.Slice()...)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoRepresentable, err)
	}
	palabra, horizontal, ok := despues.Principal(o)
	if !ok {
		return "", fmt.Errorf("%w: las fichas %v no forman una línea sin huecos con las del tablero", ErrNoRepresentable, o.ConAlfabeto(alf))
	}
	primera := palabra.Ficha(0)
	var b strings.Builder
	b.WriteString(Coordenada{Fila: primera.Fila, Columna: primera.Columna, Horizontal: horizontal}.String())
	b.WriteByte(' ')
	for f := range palabra.Fichas() {
		if !o.Pertenece(f) {
			b.WriteByte('.')
			continue
		}
		s := fichas.Formatear(alf, f.Letra, f.Comodin)
		if r, _ := utf8.DecodeRuneInString(strings.TrimPrefix(s, "[")); unicode.IsLower(r) != f.Comodin {
			// Un símbolo sin minúsculas (de una escritura sin mayúsculas) no
			// distingue el comodín de la letra.
			return "", fmt.Errorf("%w: el comodín %s no se distingue de su letra", ErrNoRepresentable, s)
		}
		b.WriteString(s)
	}
	return b.String(), nil
}
