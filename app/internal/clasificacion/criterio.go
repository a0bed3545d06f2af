package clasificacion

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Fila es una fila de la clasificación: las estadísticas de un jugador.
type Fila struct {
	Jugador   int64
	Nombre    string
	Partidas  int
	Victorias int
	Total     int     // suma de los puntajes de todas sus partidas
	Maximo    int     // el mayor puntaje de una partida
	Media     float64 // Total / Partidas, o 0 sin partidas
	Rating    Rating
}

// Criterio es un orden de la clasificación. El valor cero, PorRating, ordena
// por rating.
type Criterio uint8

// Los criterios: todos de mayor a menor.
const (
	PorRating Criterio = iota
	PorMaximo
	PorMedia
	PorVictorias
	PorTotal
)

// ErrCriterioInvalido: el criterio no es uno de los definidos.
var ErrCriterioInvalido = errors.New("clasificacion: criterio inválido")

var nombresCriterio = [...]string{"rating", "maximo", "media", "victorias", "total"}

// String devuelve el nombre del criterio ("maximo").
func (c Criterio) String() string {
	if int(c) < len(nombresCriterio) {
		return nombresCriterio[c]
	}
	return fmt.Sprintf("Criterio(%d)", uint8(c))
}

// Valido informa si c es un criterio definido.
func (c Criterio) Valido() bool { return int(c) < len(nombresCriterio) }

// ParsearCriterio devuelve el criterio de nombre s (rating, maximo, media,
// victorias o total), o un error que envuelve a ErrCriterioInvalido.
func ParsearCriterio(s string) (Criterio, error) {
	for i, n := range nombresCriterio {
		if strings.EqualFold(s, n) {
			return Criterio(i), nil
		}
	}
	return 0, fmt.Errorf("%w: %q", ErrCriterioInvalido, s)
}

// Comparar compara dos filas según c: negativo si a va antes que b. A igual
// valor desempata el rating, luego el nombre y luego el identificador, así
// que el orden es total. Un criterio inválido ordena por rating.
func (c Criterio) Comparar(a, b Fila) int {
	var r int
	switch c {
	case PorMaximo:
		r = cmp.Compare(b.Maximo, a.Maximo)
	case PorMedia:
		r = cmp.Compare(b.Media, a.Media)
	case PorVictorias:
		r = cmp.Compare(b.Victorias, a.Victorias)
	case PorTotal:
		r = cmp.Compare(b.Total, a.Total)
	}
	if r != 0 {
		return r
	}
	if r = cmp.Compare(b.Rating.Valor, a.Rating.Valor); r != 0 {
		return r
	}
	if r = strings.Compare(a.Nombre, b.Nombre); r != 0 {
		return r
	}
	return cmp.Compare(a.Jugador, b.Jugador)
}

// Ordenar ordena filas según c, en el lugar. Cuesta O(n log n).
func Ordenar(filas []Fila, c Criterio) {
	slices.SortFunc(filas, c.Comparar)
}
