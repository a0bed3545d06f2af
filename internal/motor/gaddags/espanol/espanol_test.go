package espanol

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	ve "github.com/juegodepalabras/palabras/variante/espanol"
)

// TestGADDAGEmbebido comprueba que lexico.gaddag y lexico_digrafos.gaddag
// sean exactamente los GADDAG de los léxicos embebidos de variante/espanol,
// y que las variantes, con este paquete registrado, los lean sin
// construirlos.
func TestGADDAGEmbebido(t *testing.T) {
	for _, c := range []struct {
		v        *variante.Variante
		embebido []byte
	}{{ve.Variante(), lexico}, {ve.Clasica(), lexicoDigrafos}} {
		h, err := c.v.GADDAG()
		require.NoError(t, err)
		b, err := h.MarshalBinary()
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, c.embebido), "la variante lee el GADDAG registrado")
		if !pruebas.Largas() {
			continue // construir los dos GADDAG lleva unos segundos
		}
		g, err := trie.NuevoGADDAG(c.v.Lexico())
		require.NoError(t, err)
		b, err = g.MarshalBinary()
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, c.embebido),
			"el GADDAG embebido con %d letras está desactualizado: regenerarlo con go generate ./variante/espanol", c.v.Alfabeto().Tamano())
	}
}
