package arcos_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// TestResumen: si los resúmenes de dos conjuntos no se cortan, los
// conjuntos tampoco; con letras por debajo de 31 el resumen es el conjunto.
func TestResumen(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.Uint64().Draw(t, "a"), rapid.Uint64().Draw(t, "b")
		if arcos.Resumen(a)&arcos.Resumen(b) == 0 {
			require.Zero(t, a&b)
		}
		c := a & (1<<31 - 1)
		require.Equal(t, uint32(c), arcos.Resumen(c))
		require.Equal(t, a&^(1<<31-1) != 0, arcos.Resumen(a)>>31 == 1)
	})
}

// TestArcos: la vista de un GADDAG (trie.GADDAG.Arcos) sigue sus transiciones: desde la raíz, el
// arco de cada letra lleva al estado al que lleva GADDAG.Hijo.
func TestArcos(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}, {1, 2, 0}, {2}})
	require.NoError(t, err)
	g, err := trie.NuevoGADDAG(d)
	require.NoError(t, err)
	v := g.Arcos()
	raiz := uint32(g.Raiz()) >> 1
	m := v.Salidas(raiz)
	require.Equal(t, uint64(g.Salidas(g.Raiz())), m&^(1<<trie.Separador))
	for l := range letra.Letra(3) {
		h, ok := g.Hijo(g.Raiz(), l)
		require.True(t, ok)
		a := arcos.Arco(v.En(raiz + 1 + uint32(m>>63) + uint32(l)))
		require.Equal(t, l, letra.Letra(a.Letra()))
		require.Equal(t, uint32(h)>>1, a.Hijos())
	}
	require.Positive(t, v.Cantidad())
}
