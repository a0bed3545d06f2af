package generador_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkMejor busca la mejor jugada de cada posición de referencia
// (inglesas y españolas) con Mejor, que el GADDAG resuelve con cotas (su
// Mejorador).
func BenchmarkMejor(b *testing.B) {
	for _, c := range []struct {
		idioma string
		refs   []referencia
		ingles bool
	}{{"ingles", referenciasInglesas, true}, {"espanol", referenciasEspanolas, false}} {
		v := espanol.Clasica()
		if c.ingles {
			v = varianteInglesa(b)
		}
		g := generadorDe(b, v)
		for _, r := range c.refs {
			b.Run(c.idioma+"/"+r.nombre, func(b *testing.B) {
				j := juegoDe(b, v, r.cgp)
				generador.Mejor(g, j)
				b.ReportAllocs()
				b.ResetTimer()
				var m generador.Jugada
				for range b.N {
					m, _ = generador.Mejor(g, j)
				}
				b.StopTimer()
				require.NotZero(b, m.Puntos)
			})
		}
	}
}
