package generador_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkMejor busca la mejor jugada de cada posición de referencia
// (inglesas y españolas) con Mejor: con las cotas del GADDAG (su
// Mejorador) y recorriendo todas sus jugadas (soloJugadas), en tiempo de
// CPU del hilo (ns-cpu/op).
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
			j := juegoDe(b, v, r.cgp)
			for _, m := range []struct {
				nombre string
				g      generador.Generador
			}{{"cotas", g}, {"recorriendo", soloJugadas{g}}} {
				b.Run(c.idioma+"/"+r.nombre+"/"+m.nombre, func(b *testing.B) {
					generador.Mejor(m.g, j)
					b.ReportAllocs()
					var mejor generador.Jugada
					medirCPU(b, func() { mejor, _ = generador.Mejor(m.g, j) })
					require.NotZero(b, mejor.Puntos)
				})
			}
		}
	}
}
