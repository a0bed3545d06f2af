package cgp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/letra"
)

// Formatear devuelve el CGP de la posición p con sus operaciones, en la
// forma canónica: el tablero por filas separadas por "/", con las celdas
// libres seguidas como un número decimal, cada ficha con su símbolo, los
// de varias letras entre corchetes ("[CH]") y los comodines en minúsculas
// ("[ch]", "a"); las manos y los puntajes separados por "/" empezando por
// el jugador p.Turno y siguiendo en el orden en que juegan (los de K−1
// jugadores más allá de p.Turno van después), cada mano en el orden del
// alfabeto con los comodines al final como "?"; los turnos sin puntos; y
// cada operación como "código valor;" ("código;" si el valor es vacío),
// todo separado por un espacio. Una mano vacía se escribe vacía, y se lee
// como desconocida. p.Repositorio, p.Desconocidas y p.Variante no se
// escriben. Para escribir la posición de un juego (ver ExampleFormatear):
//
//	texto, err := cgp.Formatear(&cgp.Posicion{Posicion: j.Posicion()})
//
// Devuelve un error que envuelve a [ErrNoRepresentable] si p es nil o no
// tiene manos, si p.Turno no es un jugador, si hay un solo jugador y su mano está
// vacía (el campo de las manos quedaría vacío), si los puntajes no son uno
// por mano (nil vale como todos 0), si una operación tiene un código vacío,
// con espacios, con ";" o que empieza con "-", o un valor con ";" o con
// espacios en los bordes, o si una mano tiene una ficha que no es del
// alfabeto del tablero.
func Formatear(p *Posicion) (string, error) {
	if p == nil {
		return "", fmt.Errorf("%w: no hay posición", ErrNoRepresentable)
	}
	ops := p.Operaciones
	k := len(p.Manos)
	switch {
	case k == 0:
		return "", fmt.Errorf("%w: no hay manos", ErrNoRepresentable)
	case p.Turno < 0 || p.Turno >= k:
		return "", fmt.Errorf("%w: el turno es del jugador %d y hay %d", ErrNoRepresentable, p.Turno, k)
	case k == 1 && p.Manos[0].Vacio():
		return "", fmt.Errorf("%w: un solo jugador con la mano vacía", ErrNoRepresentable)
	case p.Puntajes != nil && len(p.Puntajes) != k:
		return "", fmt.Errorf("%w: %d puntajes y %d manos", ErrNoRepresentable, len(p.Puntajes), k)
	case p.Tablero.Tamano() == 0:
		return "", fmt.Errorf("%w: el tablero no tiene celdas", ErrNoRepresentable)
	}
	for _, o := range ops {
		if err := validarOperacion(o); err != nil {
			return "", err
		}
	}
	t := p.Tablero
	alf := t.Alfabeto()
	for i, m := range p.Manos {
		for l := range m.Todas() {
			if !alf.Contiene(l) && l != letra.Comodin {
				return "", fmt.Errorf("%w: la mano del jugador %d tiene la ficha %s, que no es del alfabeto", ErrNoRepresentable, i, alf.Simbolo(l))
			}
		}
	}
	var b strings.Builder
	for f := range t.Tamano() {
		if f > 0 {
			b.WriteByte('/')
		}
		libres := 0
		for c := range t.Tamano() {
			l, ok := t.Letra(f, c)
			if !ok {
				libres++
				continue
			}
			if libres > 0 {
				b.WriteString(strconv.Itoa(libres))
				libres = 0
			}
			b.WriteString(fichas.Formatear(alf, l, t.EsComodin(f, c)))
		}
		if libres > 0 {
			b.WriteString(strconv.Itoa(libres))
		}
	}
	for campo := range 2 {
		b.WriteByte(' ')
		for x := range k {
			i := (p.Turno + x) % k
			if x > 0 {
				b.WriteByte('/')
			}
			if campo == 0 {
				b.WriteString(fichas.FormatearMano(alf, p.Manos[i]))
			} else if p.Puntajes != nil {
				b.WriteString(strconv.Itoa(p.Puntajes[i]))
			} else {
				b.WriteByte('0')
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.SinPuntos))
	for _, o := range ops {
		b.WriteByte(' ')
		b.WriteString(o.Codigo)
		if o.Valor != "" {
			b.WriteByte(' ')
			b.WriteString(o.Valor)
		}
		b.WriteByte(';')
	}
	return b.String(), nil
}

func validarOperacion(o Operacion) error {
	switch {
	case o.Codigo == "" || strings.HasPrefix(o.Codigo, "-") ||
		strings.ContainsFunc(o.Codigo, func(r rune) bool { return r == ';' || unicode.IsSpace(r) }):
		return fmt.Errorf("%w: el código de operación %q", ErrNoRepresentable, o.Codigo)
	case strings.Contains(o.Valor, ";") || strings.TrimSpace(o.Valor) != o.Valor:
		return fmt.Errorf("%w: el valor %q de la operación %s", ErrNoRepresentable, o.Valor, o.Codigo)
	}
	return nil
}
