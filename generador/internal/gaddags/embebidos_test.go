package gaddags

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	ve "github.com/juegodepalabras/palabras/variante/espanol"
)

// TestGADDAGEmbebido comprueba que Buscar lea lexico.gaddag y
// lexico_digrafos.gaddag para las variantes de variante/espanol, sin
// construirlos, con los estados y las transiciones que tienen; y, con
// PALABRAS_LARGAS=1, que sean exactamente los GADDAG que se construyen hoy
// de los léxicos embebidos de variante/espanol.
func TestGADDAGEmbebido(t *testing.T) {
	for _, c := range []struct {
		v                  *variante.Variante
		embebido           []byte
		estados, aristas   int
		dEstados, dAristas int
	}{
		{ve.Variante(), lexico, 433914, 1073046, 48061, 133433},
		{ve.Clasica(), lexicoDigrafos, 424217, 1062112, 47150, 132326},
	} {
		h, err := Buscar(c.v)
		require.NoError(t, err)
		b, err := h.MarshalBinary()
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, c.embebido), "se lee el GADDAG embebido")
		require.Equal(t, 636598, c.v.Lexico().Tamano())
		require.Equal(t, []int{c.dEstados, c.dAristas}, []int{c.v.Lexico().Estados(), c.v.Lexico().Aristas()}, "el DAWG")
		require.Equal(t, []int{c.estados, c.aristas}, []int{h.Estados(), h.Aristas()}, "el GADDAG")
		if !pruebas.Largas() {
			continue // construir los dos GADDAG lleva unos segundos
		}
		g, err := trie.NuevoGADDAG(c.v.Lexico())
		require.NoError(t, err)
		b, err = g.MarshalBinary()
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, c.embebido),
			"el GADDAG embebido con %d letras está desactualizado: regenerarlo con go generate ./generador/internal/gaddags", c.v.Alfabeto().Tamano())
	}
}
