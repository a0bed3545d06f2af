package main

import (
	"sync"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Los GADDAG ya construidos, por léxico: construir el del español es caro
// (433.915 estados), así que se hace una vez por proceso y lo comparten los bots (un
// GADDAG se puede consultar desde varias gorutinas; cada bot tiene su
// generador).
var (
	gaddagsMu sync.Mutex
	gaddags   = map[*trie.DAWG]*trie.GADDAG{}
)

// nuevoGenerador devuelve un generador de jugadas para la variante v.
func nuevoGenerador(v *variante.Variante) (*generador.Generador, error) {
	gaddagsMu.Lock()
	defer gaddagsMu.Unlock()
	g, ok := gaddags[v.Lexico()]
	if !ok {
		var err error
		if g, err = trie.NuevoGADDAG(v.Lexico()); err != nil {
			return nil, err
		}
		gaddags[v.Lexico()] = g
	}
	return generador.NuevoConGADDAG(v, g)
}

// mejorJugada devuelve la jugada de más puntos del jugador en turno de j,
// con sus puntos, según el generador g: el bot es codicioso. Ante empates
// gana la primera que el generador encuentra, así que el bot es
// determinista. Si no hay ninguna devuelve la jugada vacía: pasar.
//
// Con las reglas clásicas no hace falta nada más: el generador ya respeta
// el centro y la conexión, prueba cada comodín como cada letra y cuenta
// premios y bingos.
func mejorJugada(g *generador.Generador, j *juego.Juego) (ocurrencia.Ocurrencia, int) {
	if m, ok := g.Mejor(j); ok {
		return m.Ocurrencia(), m.Puntos
	}
	return ocurrencia.Ocurrencia{}, 0
}
