package generador

import (
	"fmt"

	"github.com/juegodepalabras/palabras/letra"
)

// CargarTablero pone en el generador un tablero dado por filas de texto
// ('.' libre, una letra del alfabeto por celda), sin un juego detrás: sirve
// para las posiciones de referencia, que no salen de una partida jugada.
func (g *Generador) CargarTablero(filas []string) error {
	alf := g.v.Alfabeto()
	t := &g.tablero
	n := t.n
	t.juego, t.ocupadas = nil, 0
	for p := range n * n {
		t.letras[0][p], t.letras[1][p] = 0, 0
		t.comodin[0][p], t.comodin[1][p] = false, false
	}
	for f, fila := range filas {
		for c, r := range fila {
			if r == '.' {
				continue
			}
			l, ok := alf.Indice(string(r))
			if !ok || f >= n || c >= n {
				return fmt.Errorf("celda (%d,%d): %q", f, c, r)
			}
			t.letras[0][f*n+c], t.letras[1][c*n+f] = l+1, l+1
			t.ocupadas++
		}
	}
	for p := range n * n {
		t.cruzar(g, p/n, p%n)
	}
	t.anclar(g)
	return nil
}

// ContarEnTablero y MejorEnTablero son Contar y Mejor sobre el tablero
// cargado, con la mano m.
func (g *Generador) ContarEnTablero(m letra.Multiconjunto) int {
	g.modo = contar
	g.buscar(&m)
	return g.cuenta
}

func (g *Generador) MejorEnTablero(m letra.Multiconjunto) (Jugada, bool) {
	g.modo = buscarMejor
	g.mejor, g.mejorPts = g.mejor[:0], -1
	g.buscar(&m)
	return g.laMejor()
}
