package internas_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/anagramas"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkTableroVacio cuenta las jugadas de AEINRST y ?EINRST en el
// tablero vacío con reglas clásicas, con los tres métodos.
func BenchmarkTableroVacio(b *testing.B) {
	for _, c := range []struct {
		nombre   string
		variante func(testing.TB) *variante.Variante
	}{
		{"es", func(testing.TB) *variante.Variante { return espanol.Clasica() }},
		{"en", inglesa},
	} {
		v := c.variante(b)
		ti := tablasDe(b, v)
		gi, err := internas.Nuevo(v, ti)
		require.NoError(b, err)
		ga, err := anagramas.Nuevo(v, ti.Anagramas)
		require.NoError(b, err)
		gd, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(b, err)
		r, err := v.Repositorio(2, 1)
		require.NoError(b, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(b, err)
		for _, mano := range []string{"AEINRST", "?EINRST"} {
			ls, err := v.Alfabeto().ParsearFichas(mano)
			require.NoError(b, err)
			m := letra.NuevoMulticonjunto(ls...)
			esperadas := generador.ContarDe(gd, j, m)
			for _, g := range []struct {
				nombre string
				gen    generador.Generador
			}{{"gaddag", gd}, {"anagramas", ga}, {"internas", gi}} {
				b.Run(c.nombre+"/"+mano+"/"+g.nombre, func(b *testing.B) {
					b.ReportAllocs()
					n := 0
					for range b.N {
						n = generador.ContarDe(g.gen, j, m)
					}
					require.Equal(b, esperadas, n)
					b.ReportMetric(float64(n), "jugadas")
				})
			}
		}
	}
}
