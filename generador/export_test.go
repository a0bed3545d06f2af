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
	n := g.n
	letras := make([]letra.Letra, n*n)
	for f, fila := range filas {
		for c, r := range fila {
			if r == '.' {
				continue
			}
			l, ok := alf.Indice(string(r))
			if !ok || f >= n || c >= n {
				return fmt.Errorf("celda (%d,%d): %q", f, c, r)
			}
			letras[f*n+c] = l + 1
		}
	}
	g.tablero.Cargar(&g.reglas, letras)
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
