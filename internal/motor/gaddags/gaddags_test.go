package gaddags

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

func dawg(t *testing.T, palabras ...string) *trie.DAWG {
	t.Helper()
	var ps [][]letra.Letra
	for _, p := range palabras {
		l, err := letra.Espanol().Parsear(p)
		require.NoError(t, err)
		ps = append(ps, l)
	}
	d, err := trie.NuevoDAWG(ps)
	require.NoError(t, err)
	return d
}

// TestBuscar comprueba que Buscar lea la codificación registrada del léxico
// pedido, saltee las de otros léxicos y construya el GADDAG si no hay
// ninguna.
func TestBuscar(t *testing.T) {
	sol, mar := dawg(t, "sol", "sal", "los"), dawg(t, "mar", "ramas")
	construido, err := trie.NuevoGADDAG(sol)
	require.NoError(t, err)
	b, err := construido.MarshalBinary()
	require.NoError(t, err)

	g, err := Buscar(sol)
	require.NoError(t, err)
	require.Equal(t, construido.Aristas(), g.Aristas(), "sin registro, lo construye")

	otro, err := trie.NuevoGADDAG(mar)
	require.NoError(t, err)
	bm, err := otro.MarshalBinary()
	require.NoError(t, err)
	antes := registrados
	t.Cleanup(func() { registrados = antes })
	Registrar(bm)
	// Una codificación dañada del mismo léxico es un error, no se construye
	// otro en silencio: así se nota un archivo embebido roto.
	roto := append([]byte(nil), b...)
	roto[len(roto)-1] ^= 1
	Registrar(roto)
	_, err = Buscar(sol)
	require.ErrorIs(t, err, trie.ErrChecksum)

	registrados = antes
	Registrar(bm)
	Registrar(b)
	g, err = Buscar(sol)
	require.NoError(t, err)
	leido, _ := g.MarshalBinary()
	require.Equal(t, b, leido)
	g, err = Buscar(mar)
	require.NoError(t, err)
	require.Equal(t, otro.Aristas(), g.Aristas())
}
