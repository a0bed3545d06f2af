package trie_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// conjunto es el modelo: un conjunto de palabras como mapa, con la palabra
// escrita como string de bytes (cada letra un byte).
type conjunto map[string]bool

func clave(p []letra.Letra) string {
	b := make([]byte, len(p))
	for i, l := range p {
		b[i] = byte(l)
	}
	return string(b)
}

func palabra(s string) []letra.Letra {
	p := make([]letra.Letra, len(s))
	for i := range s {
		p[i] = letra.Letra(s[i])
	}
	return p
}

func (c conjunto) ordenadas() [][]letra.Letra {
	claves := make([]string, 0, len(c))
	for k := range c {
		claves = append(claves, k)
	}
	slices.Sort(claves) // bytes = letras: el orden de string es el lexicográfico
	res := make([][]letra.Letra, len(claves))
	for i, k := range claves {
		res[i] = palabra(k)
	}
	return res
}

// genPalabras genera palabras de hasta 7 letras sobre un alfabeto de
// tamaño entre 1 y 5, con repeticiones: conjuntos chicos y muy solapados,
// donde la minimización tiene trabajo.
func genPalabras(t *rapid.T) (palabras [][]letra.Letra, sigma int) {
	sigma = rapid.IntRange(1, 5).Draw(t, "sigma")
	gl := rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, sigma-1).Draw(t, "l"))
	})
	palabras = rapid.SliceOfN(rapid.SliceOfN(gl, 0, 7), 0, 40).Draw(t, "palabras")
	return palabras, sigma
}

func genConsulta(t *rapid.T, sigma int) []letra.Letra {
	gl := rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, sigma).Draw(t, "l"))
	})
	return rapid.SliceOfN(gl, 0, 8).Draw(t, "consulta")
}

func modeloDe(palabras [][]letra.Letra) conjunto {
	c := conjunto{}
	for _, p := range palabras {
		c[clave(p)] = true
	}
	return c
}

func todas(lx trie.Lexico) [][]letra.Letra {
	res := [][]letra.Letra{}
	for p := range lx.Palabras() {
		res = append(res, p)
	}
	return res
}

// aceptaLoMismo comprueba que lx represente exactamente al modelo: su
// función de abstracción (el recorrido de sus palabras) da el modelo, y la
// navegación es coherente con Contiene.
func aceptaLoMismo(t *rapid.T, lx trie.Lexico, mod conjunto, sigma int) {
	require.Equal(t, len(mod), lx.Tamano())
	quiere := mod.ordenadas()
	tiene := todas(lx)
	require.Equal(t, len(quiere), len(tiene))
	for i := range quiere {
		require.True(t, slices.Equal(quiere[i], tiene[i]), "palabra %d: %v vs %v", i, quiere[i], tiene[i])
	}
	for _, p := range quiere {
		require.True(t, lx.Contiene(p))
	}
	for range 10 {
		q := genConsulta(t, sigma)
		require.Equal(t, mod[clave(q)], lx.Contiene(q), "consulta %v", q)
		// Navegar letra a letra da lo mismo que Contiene.
		n, ok := lx.Raiz(), true
		for _, l := range q {
			if n, ok = lx.Hijo(n, l); !ok {
				break
			}
		}
		require.Equal(t, mod[clave(q)], ok && lx.EsFinal(n))
	}
	// Hijos enumera en orden exactamente las letras que Hijo acepta.
	var revisar func(n trie.Nodo, prof int)
	revisar = func(n trie.Nodo, prof int) {
		var letras []letra.Letra
		for l, h := range lx.Hijos(n) {
			letras = append(letras, l)
			otro, ok := lx.Hijo(n, l)
			require.True(t, ok)
			require.Equal(t, h, otro)
			if prof < 3 {
				revisar(h, prof+1)
			}
		}
		require.True(t, slices.IsSorted(letras))
		for l := range sigma + 1 {
			_, ok := lx.Hijo(n, letra.Letra(l))
			require.Equal(t, slices.Contains(letras, letra.Letra(l)), ok)
		}
	}
	revisar(lx.Raiz(), 0)
}

func TestPropiedadTrie(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		palabras, sigma := genPalabras(t)
		orden := rapid.Permutation(palabras).Draw(t, "orden de inserción")
		var tr trie.Trie
		for _, p := range orden {
			require.NoError(t, tr.Definir(p))
		}
		mod := modeloDe(palabras)
		aceptaLoMismo(t, &tr, mod, sigma)
		prefijos := map[string]bool{"": true}
		for k := range mod {
			for i := range len(k) {
				prefijos[k[:i+1]] = true
			}
		}
		require.Equal(t, len(prefijos), tr.Nodos(), "un nodo por prefijo")
	})
}

func TestTrieValorCero(t *testing.T) {
	var tr trie.Trie
	require.Equal(t, 0, tr.Tamano())
	require.False(t, tr.Contiene(nil))
	require.False(t, tr.EsFinal(tr.Raiz()))
	_, ok := tr.Hijo(tr.Raiz(), 0)
	require.False(t, ok)
	require.Empty(t, todas(&tr))
	require.Equal(t, 1, tr.Nodos())
	require.Equal(t, 1, tr.Minimizar().Estados())

	require.NoError(t, tr.Definir(nil))
	require.True(t, tr.Contiene([]letra.Letra{}), "la palabra vacía, si se define, pertenece")
	require.Equal(t, 1, tr.Tamano())
}

func TestTrieLetraInvalida(t *testing.T) {
	var tr trie.Trie
	require.NoError(t, tr.Definir([]letra.Letra{1, 2}))
	err := tr.Definir([]letra.Letra{1, 2, letra.MaxLetras})
	require.ErrorIs(t, err, trie.ErrLetraInvalida)
	require.Equal(t, 3, tr.Nodos(), "un error no cambia el trie")
	require.Equal(t, 1, tr.Tamano())
	require.False(t, tr.Contiene([]letra.Letra{1, 2, letra.MaxLetras}))
}

func TestTrieRepetidas(t *testing.T) {
	var tr trie.Trie
	es := letra.Espanol()
	for _, w := range strings.Fields("casa casas casa caso cas casa") {
		p, err := es.Parsear(w)
		require.NoError(t, err)
		require.NoError(t, tr.Definir(p))
	}
	require.Equal(t, 4, tr.Tamano())
	require.Equal(t, 7, tr.Nodos()) // raíz, C, CA, CAS, CASA, CASAS, CASO
}

// prefijosDe devuelve los prefijos no vacíos distintos de las palabras.
func prefijosDe(palabras [][]letra.Letra) conjunto {
	c := conjunto{}
	for _, p := range palabras {
		for i := 1; i <= len(p); i++ {
			c[clave(p[:i])] = true
		}
	}
	return c
}
