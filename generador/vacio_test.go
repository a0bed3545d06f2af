package generador_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// TestAnagramas compara el generador con la tabla de anagramas (que
// usa en el tablero vacío con conexión) con el generador sin ella, en
// partidas clásicas al azar y con manos al azar con comodines.
func TestAnagramas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v := j.Variante()
		solo, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		ta, err := tablas.NuevosAnagramas(v.Lexico(), 0)
		require.NoError(t, err)
		con, err := generador.Nuevo(v, generador.Opciones{Anagramas: ta})
		require.NoError(t, err)
		for range rapid.IntRange(1, 3).Draw(t, "turnos") {
			m, _ := j.Fichas(j.Turno())
			if rapid.Bool().Draw(t, "otra mano") {
				m = letra.Multiconjunto{}
				for range rapid.IntRange(1, v.Fichas()).Draw(t, "fichas") {
					l := letra.Comodin
					if rapid.IntRange(0, 3).Draw(t, "¿comodín?") > 0 {
						l = letra.Letra(rapid.IntRange(0, v.Alfabeto().Tamano()-1).Draw(t, "letra"))
					}
					m.Agregar(l)
				}
			}
			a, b := map[string]int{}, map[string]int{}
			for jg := range solo.JugadasDe(j, m) {
				a[jg.Ocurrencia().String()] = jg.Puntos
			}
			for jg := range con.JugadasDe(j, m) {
				k := jg.Ocurrencia().String()
				_, rep := b[k]
				require.False(t, rep, "%s dos veces", k)
				b[k] = jg.Puntos
			}
			require.Equal(t, a, b, "mano %v\n%s", m, j)
			require.Equal(t, len(a), con.ContarDe(j, m))
			mejor, hay := con.MejorDe(j, m)
			require.Equal(t, len(a) > 0, hay)
			if hay {
				require.Equal(t, slices.Max(slices.Collect(maps.Values(a))), mejor.Puntos)
			}
			validas, _ := j.Fichas(j.Turno())
			jugadas := map[string]int{}
			for jg := range solo.JugadasDe(j, validas) {
				jugadas[jg.Ocurrencia().String()] = jg.Puntos
			}
			if len(jugadas) == 0 {
				return
			}
			clave := rapid.SampledFrom(slices.Sorted(maps.Keys(jugadas))).Draw(t, "jugada")
			o, err := ocurrencia.Parsear(clave, v.Alfabeto())
			require.NoError(t, err)
			if _, err := j.Ubicar(o); err != nil {
				return
			}
		}
	})
}
