package gcg_test

import (
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func trieDe(ps [][]letra.Letra) (*trie.DAWG, error) { return trie.NuevoDAWG(ps) }

func puntajesIngles() map[letra.Letra]int     { return ingles.Puntajes() }
func distribucionIngles() map[letra.Letra]int { return ingles.Distribucion() }
