package cgp

import (
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/internal/azar"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

// Juego empieza una partida de la variante p.Variante en la posición p
// ([juego.DesdePosicion]), con el jugador que tiene el turno como jugador
// 0. Para una posición leída solo con un alfabeto, se le da antes la
// variante (p.Variante = v).
//
// CGP deja vacías las manos que no se conocen y escribe solo una parte de
// las que se conocen en parte, pero [juego.DesdePosicion] necesita manos
// completas mientras haya fichas en la bolsa. Juego las completa así, de
// forma reproducible (la misma posición da siempre el mismo juego): con
// bolsa (variante.Variante.Bolsa), junta las fichas que no se ven (la
// distribución de la variante menos las del tablero y las de las manos),
// las mezcla con una semilla que sale del CGP canónico de p y reparte desde
// el principio a cada mano con menos de F fichas, en el orden de los
// jugadores, hasta F o hasta que se acaben; lo que queda es la bolsa, que
// [juego.DesdePosicion] mezcla a su vez. Sin bolsa, completa las manos con
// el comienzo de un repositorio de la variante
// (variante.Variante.Repositorio) con esa misma semilla. p no cambia.
//
// Devuelve un error que envuelve a [ErrVariante] y a juego.ErrSinVariante
// si p.Variante es nil, y
// el de [juego.DesdePosicion] si la posición no puede ser de la variante
// (por ejemplo, más fichas de una letra que las de la distribución). Las
// palabras del tablero que el léxico no tiene no son un error:
// juego.Juego.PalabrasIlegitimas las da.
func (p *Posicion) Juego() (*juego.Juego, error) {
	v := p.Variante
	if v == nil {
		return nil, fmt.Errorf("%w: %w (Posicion.Variante)", ErrVariante, juego.ErrSinVariante)
	}
	q := p.Posicion
	q.Manos = slices.Clone(p.Manos)
	q.Repositorio = nil
	f := v.Fichas()
	cortas := false
	for _, m := range q.Manos {
		cortas = cortas || m.Tamano() < f
	}
	if !cortas {
		return juego.DesdePosicion(v, q)
	}
	semilla := uint64(14695981039346656037) // FNV-1a del CGP canónico
	if s, err := Formatear(&Posicion{Posicion: q}); err == nil {
		for _, b := range []byte(s) {
			semilla = (semilla ^ uint64(b)) * 1099511628211
		}
	}
	var fuente []letra.Letra
	if v.Bolsa() {
		vistas := q.Tablero.DeLaMano()
		for _, m := range q.Manos {
			vistas = vistas.Suma(m)
		}
		fuente = v.Distribucion().Diferencia(vistas).Letras()
		azar.Mezclar(fuente, semilla, 0x636770) // "cgp"
	} else if r, err := v.Repositorio(max(len(q.Manos), 1), semilla); err == nil {
		fuente = r
	}
	for i := range q.Manos {
		for q.Manos[i].Tamano() < f && len(fuente) > 0 {
			q.Manos[i].Agregar(fuente[0])
			fuente = fuente[1:]
		}
	}
	return juego.DesdePosicion(v, q)
}
