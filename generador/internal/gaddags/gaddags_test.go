package gaddags

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

func varianteDe(t *testing.T, palabras ...string) *variante.Variante {
	t.Helper()
	var ps [][]letra.Letra
	for _, p := range palabras {
		l, err := letra.Espanol().Parsear(p)
		require.NoError(t, err)
		ps = append(ps, l)
	}
	d, err := trie.NuevoDAWG(ps)
	require.NoError(t, err)
	v, err := variante.Nueva(letra.Espanol(), 5, 3, nil, d, variante.Opciones{})
	require.NoError(t, err)
	return v
}

func codificar(t *testing.T, v *variante.Variante) []byte {
	t.Helper()
	g, err := trie.NuevoGADDAG(v.Lexico())
	require.NoError(t, err)
	b, err := g.MarshalBinary()
	require.NoError(t, err)
	return b
}

// TestBuscar comprueba que buscar lea la codificación del léxico pedido una
// sola vez, saltee las de otros léxicos y, si no hay ninguna, use la de la
// variante (que lo construye).
func TestBuscar(t *testing.T) {
	sol, mar := varianteDe(t, "sol", "sal", "los"), varianteDe(t, "mar", "ramas")
	b, bm := codificar(t, sol), codificar(t, mar)

	g, err := buscar(nil, sol)
	require.NoError(t, err)
	propio, err := sol.GADDAG()
	require.NoError(t, err)
	require.Same(t, propio, g, "sin codificaciones, el de la variante")

	cs := []*codificacion{{b: bm}, {b: b}}
	g, err = buscar(cs, sol)
	require.NoError(t, err)
	require.NotSame(t, propio, g, "leído de la codificación")
	leido, err := g.MarshalBinary()
	require.NoError(t, err)
	require.Equal(t, b, leido)
	otra, err := buscar(cs, sol)
	require.NoError(t, err)
	require.Same(t, g, otra, "se lee una sola vez")
	con, err := sol.Con(variante.Opciones{Bolsa: true})
	require.NoError(t, err)
	otra, err = buscar(cs, con)
	require.NoError(t, err)
	require.Same(t, g, otra, "una variante derivada comparte el léxico")

	gm, err := buscar(cs, mar)
	require.NoError(t, err)
	require.Same(t, mar.Lexico(), gm.DAWG())

	// Otro *trie.DAWG con las mismas palabras usa el de su variante.
	sol2 := varianteDe(t, "sol", "sal", "los")
	g2, err := buscar(cs, sol2)
	require.NoError(t, err)
	propio2, err := sol2.GADDAG()
	require.NoError(t, err)
	require.Same(t, propio2, g2)

	// Una codificación dañada del léxico es un error, no se construye otro
	// en silencio: así se nota un archivo embebido roto.
	roto := append([]byte(nil), b...)
	roto[len(roto)-1] ^= 1
	_, err = buscar([]*codificacion{{b: roto}}, sol)
	require.ErrorIs(t, err, trie.ErrChecksum)
}
