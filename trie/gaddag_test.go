package trie_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// cadenasGADDAG devuelve, por fuerza bruta, las cadenas que el GADDAG de
// palabras debe aceptar: inv(u)◇v por cada palabra uv con u no vacía.
func cadenasGADDAG(palabras [][]letra.Letra) map[string]bool {
	res := map[string]bool{}
	for _, p := range palabras {
		for i := 1; i <= len(p); i++ {
			s := slices.Clone(p[:i])
			slices.Reverse(s)
			s = append(s, trie.Separador)
			s = append(s, p[i:]...)
			res[string(s)] = true
		}
	}
	return res
}

func TestGADDAGAceptaLoQueDebe(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, 3).Draw(t, "l")) })
		palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 0, 5), 0, 12).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		g, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		require.Same(t, g.DAWG(), g.DAWG())
		for _, p := range palabras {
			require.True(t, g.DAWG().Contiene(p))
		}
		esperadas := cadenasGADDAG(palabras)
		// Toda cadena sobre {0..3, ◇} de hasta 6 símbolos con a lo sumo un
		// separador: aceptada si y solo si es una de las esperadas.
		alfabeto := []letra.Letra{0, 1, 2, 3, trie.Separador}
		var s []letra.Letra
		var probar func()
		probar = func() {
			if separadores(s) <= 1 {
				require.Equal(t, esperadas[string(s)], g.Acepta(s), "cadena %v", s)
			}
			if len(s) == 6 {
				return
			}
			for _, l := range alfabeto {
				s = append(s, l)
				probar()
				s = s[:len(s)-1]
			}
		}
		probar()
		// Y las largas, una por una.
		for c := range esperadas {
			require.True(t, g.Acepta([]letra.Letra(c)))
		}
		// Giro y Salidas son coherentes con Hijo.
		n := g.Raiz()
		for l := range g.Salidas(n).Todas() {
			h, ok := g.Hijo(n, l)
			require.True(t, ok)
			dn, ok := g.Giro(h)
			// l sola, hacia atrás, es el prefijo "l": hay giro si alguna palabra empieza con l.
			empieza := slices.ContainsFunc(palabras, func(p []letra.Letra) bool { return len(p) > 0 && p[0] == l })
			require.Equal(t, empieza, ok)
			if ok {
				require.Equal(t, d.Contiene([]letra.Letra{l}), g.EsFinal(dn))
			}
		}
	})
}

func TestGADDAGRechazaElSeparador(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{1, trie.Separador}})
	require.NoError(t, err)
	_, err = trie.NuevoGADDAG(d)
	require.ErrorIs(t, err, trie.ErrLetraInvalida)
}

func BenchmarkNuevoGADDAG(b *testing.B) {
	d := espanol.Variante().Lexico()
	b.ReportAllocs()
	var g *trie.GADDAG
	for range b.N {
		g, _ = trie.NuevoGADDAG(d)
	}
	b.ReportMetric(float64(g.Estados()), "estados")
	b.ReportMetric(float64(g.Aristas()), "aristas")
}

func separadores(s []letra.Letra) int {
	n := 0
	for _, l := range s {
		if l == trie.Separador {
			n++
		}
	}
	return n
}
