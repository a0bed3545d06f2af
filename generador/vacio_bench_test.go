package generador_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkVacio cuenta, con sus puntos, las jugadas de AEINRST y ?EINRST
// en el tablero vacío con reglas clásicas, en español (FISE) y en inglés
// (SOWPODS), con la tabla de anagramas (Opciones.Anagramas, informa cuánto
// ocupa) y sin ella (el generador por omisión lee cada palabra una vez con
// el DAWG): la tabla sería la opción por omisión si fuera más rápida.
func BenchmarkVacio(b *testing.B) {
	for _, c := range []struct {
		nombre   string
		variante func(testing.TB) *variante.Variante
	}{
		{"es", func(testing.TB) *variante.Variante { return espanol.Clasica() }},
		{"en", varianteInglesa},
	} {
		v := c.variante(b)
		ta, err := tablas.NuevosAnagramas(v.Lexico(), v.TamanoTablero())
		require.NoError(b, err)
		conTabla, err := generador.Nuevo(v, generador.Opciones{Anagramas: ta})
		require.NoError(b, err)
		sinTabla, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(b, err)
		r, err := v.Repositorio(2, 1)
		require.NoError(b, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(b, err)
		for _, mano := range []string{"AEINRST", "?EINRST"} {
			m := manoDe(b, v, mano)
			for _, g := range []struct {
				nombre string
				g      *generador.GADDAG
				mb     float64
			}{{"tabla", conTabla, float64(ta.Bytes()) / (1 << 20)}, {"dawg", sinTabla, 0}} {
				b.Run(c.nombre+"/"+mano+"/"+g.nombre, func(b *testing.B) {
					b.ReportAllocs()
					n := 0
					for range b.N {
						n = generador.ContarDe(g.g, j, m)
					}
					b.ReportMetric(float64(n), "jugadas")
					if g.mb > 0 {
						b.ReportMetric(g.mb, "MB")
					}
					require.Equal(b, generador.ContarDe(sinTabla, j, m), n)
				})
			}
		}
	}
}
