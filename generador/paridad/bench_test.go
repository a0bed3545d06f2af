package paridad_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkOperaciones mide la suma y la inclusión con las tablas del
// español: AEINRST y CASA.
func BenchmarkOperaciones(b *testing.B) {
	v := espanol.Clasica()
	tb, err := paridad.Nuevas(v.Lexico())
	require.NoError(b, err)
	mc := func(s string) paridad.Multiconjunto {
		ls, err := v.Alfabeto().Parsear(s)
		require.NoError(b, err)
		m, ok := tb.Codificar(letra.NuevoMulticonjunto(ls...))
		require.True(b, ok)
		return m
	}
	mano, casa := mc("AEINRST"), mc("CASA")
	b.Run("Sumar", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_, _ = tb.Sumar(mano, casa)
		}
	})
	b.Run("Incluye", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = tb.Incluye(mano, casa)
		}
	})
}
