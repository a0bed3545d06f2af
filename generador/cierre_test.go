package generador_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Con la bolsa vacía, Cierre vale −2 veces las fichas de la hoja, o 2
// veces las de los rivales si la hoja es vacía; y la mejor jugada por
// equidad con Cierre es, entre las que salen, la de más puntos.
func TestCierre(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	suma := func(m letra.Multiconjunto) int {
		s := 0
		for l := range letra.Letra(letra.MaxLetras) {
			s += m.Cantidad(l) * v.ValorFicha(l)
		}
		return s
	}
	finales := 0
	for semilla := uint64(1); finales < 3; semilla++ {
		bolsa, err := v.Repositorio(2, semilla)
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(t, err)
		for j.LetrasEnRepositorio() > 0 {
			if _, fin := j.Terminada(); fin {
				break
			}
			var mejor *generador.Jugada
			for x := range generador.Jugadas(g, j) {
				if mejor == nil || x.Puntos > mejor.Puntos {
					x.Fichas = slices.Clone(x.Fichas)
					mejor = &x
				}
			}
			if mejor == nil {
				break
			}
			_, err := j.Ubicar(mejor.Ocurrencia())
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); fin || j.LetrasEnRepositorio() > 0 {
			continue
		}
		finales++
		var c generador.Cierre
		c.Cargar(j)
		mia, _ := j.Fichas(j.Turno())
		rival, _ := j.Fichas(1 - j.Turno())
		require.Equal(t, float64(2*suma(rival)), c.Valor(letra.Multiconjunto{}))
		require.Equal(t, float64(-2*suma(mia)), c.Valor(mia))
		es := generador.MejoresPorEquidad(g, j, mia, &c, 1, nil)
		require.NotEmpty(t, es)
		mejorSalida := -1
		for x := range generador.Jugadas(g, j) {
			if len(x.Fichas) == mia.Tamano() {
				mejorSalida = max(mejorSalida, x.Puntos)
			}
		}
		if mejorSalida >= 0 && es[0].Tipo == juego.SucesoColocacion && len(es[0].Jugada.Fichas) == mia.Tamano() {
			require.Equal(t, mejorSalida, es[0].Jugada.Puntos)
		}
	}
}
