package hojas

import (
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// varianteChica arma una variante clásica con las letras A…E, las copias
// dadas (una letra sin copias no está en la bolsa), los comodines y manos
// de f fichas.
func varianteChica(t require.TestingT, copias []int, comodines, f int) *variante.Variante {
	return varianteCon(t, []string{"A", "B", "C", "D", "E"}, copias, comodines, f)
}

// varianteOtroAlfabeto es varianteChica con las letras V…Z.
func varianteOtroAlfabeto(t require.TestingT, copias []int, comodines, f int) *variante.Variante {
	return varianteCon(t, []string{"V", "W", "X", "Y", "Z"}, copias, comodines, f)
}

func varianteCon(t require.TestingT, simbolos []string, copias []int, comodines, f int) *variante.Variante {
	alf, err := letra.NuevoAlfabeto(simbolos...)
	require.NoError(t, err)
	var palabras [][]letra.Letra
	dist := map[letra.Letra]int{}
	for l, n := range copias {
		palabras = append(palabras, []letra.Letra{letra.Letra(l), letra.Letra(l)})
		if n > 0 {
			dist[letra.Letra(l)] = n
		}
	}
	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	op := variante.Clasicas()
	op.Premios = nil
	op.Distribucion, op.Comodines = dist, comodines
	v, err := variante.Nueva(alf, 7, f, nil, lex, op)
	require.NoError(t, err)
	return v
}

// varianteAlAzar es una varianteChica al azar, con al menos una ficha.
func varianteAlAzar(t *rapid.T) *variante.Variante {
	copias := rapid.SliceOfN(rapid.IntRange(0, 4), 5, 5).Draw(t, "copias")
	copias[rapid.IntRange(0, 4).Draw(t, "con fichas")]++
	return varianteChica(t, copias, rapid.IntRange(0, 2).Draw(t, "comodines"), rapid.IntRange(1, 7).Draw(t, "F"))
}
