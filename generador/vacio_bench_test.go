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
// (SOWPODS), con la tabla de anagramas (Opciones.Anagramas).
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
		g, err := generador.Nuevo(v, generador.Opciones{Anagramas: ta})
		require.NoError(b, err)
		r, err := v.Repositorio(2, 1)
		require.NoError(b, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(b, err)
		for _, mano := range []string{"AEINRST", "?EINRST"} {
			m := manoDe(b, v, mano)
			b.Run(c.nombre+"/"+mano, func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for range b.N {
					n = g.ContarDe(j, m)
				}
				b.ReportMetric(float64(n), "jugadas")
			})
		}
	}
}
