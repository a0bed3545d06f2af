package clasificacion_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// El ejemplo de Glickman (2012): un jugador de 1500 (RD 200, σ 0,06) le gana
// a uno de 1400 (RD 30) y pierde con uno de 1550 (RD 100) y con uno de 1700
// (RD 300): queda en 1464,06 (RD 151,52, σ 0,05999).
func TestGlickman(t *testing.T) {
	r := clasificacion.Actualizar(clasificacion.Rating{Valor: 1500, Desviacion: 200, Volatilidad: 0.06}, []clasificacion.Resultado{
		{Rival: clasificacion.Rating{Valor: 1400, Desviacion: 30, Volatilidad: 0.06}, Puntos: 1},
		{Rival: clasificacion.Rating{Valor: 1550, Desviacion: 100, Volatilidad: 0.06}, Puntos: 0},
		{Rival: clasificacion.Rating{Valor: 1700, Desviacion: 300, Volatilidad: 0.06}, Puntos: 0},
	})
	require.InDelta(t, 1464.06, r.Valor, 0.01)
	require.InDelta(t, 151.52, r.Desviacion, 0.01)
	require.InDelta(t, 0.05999, r.Volatilidad, 0.00001)
}

func TestPartidaPropiedades(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gen := rapid.Custom(func(t *rapid.T) clasificacion.Rating {
			return clasificacion.Rating{
				Valor:       rapid.Float64Range(-5000, 5000).Draw(t, "valor"),
				Desviacion:  rapid.Float64Range(-10, 1000).Draw(t, "rd"),
				Volatilidad: rapid.Float64Range(-1, 2).Draw(t, "vol"),
			}
		})
		a, b := gen.Draw(t, "a"), gen.Draw(t, "b")
		pa := rapid.IntRange(0, 600).Draw(t, "pa")
		pb := rapid.IntRange(0, 600).Draw(t, "pb")
		d := clasificacion.Partida([]clasificacion.Rating{a, b}, []int{pa, pb})
		for _, r := range d {
			require.False(t, math.IsNaN(r.Valor) || math.IsNaN(r.Desviacion) || math.IsNaN(r.Volatilidad))
			require.Greater(t, r.Desviacion, 0.0)
		}
		// Ganar nunca baja el rating; perder nunca lo sube.
		if pa > pb {
			require.GreaterOrEqual(t, d[0].Valor, a.Valor-1e-9)
			require.LessOrEqual(t, d[1].Valor, b.Valor+1e-9)
		}
	})
}

func TestCriterios(t *testing.T) {
	filas := []clasificacion.Fila{
		{Jugador: 1, Nombre: "ana", Maximo: 400, Media: 300, Victorias: 2, Total: 900, Rating: clasificacion.Rating{Valor: 1600}},
		{Jugador: 2, Nombre: "beto", Maximo: 500, Media: 250, Victorias: 5, Total: 800, Rating: clasificacion.Rating{Valor: 1500}},
		{Jugador: 3, Nombre: "ceci", Maximo: 300, Media: 350, Victorias: 1, Total: 1000, Rating: clasificacion.Rating{Valor: 1700}},
	}
	casos := map[clasificacion.Criterio][]int64{
		clasificacion.PorMaximo:    {2, 1, 3},
		clasificacion.PorMedia:     {3, 1, 2},
		clasificacion.PorVictorias: {2, 1, 3},
		clasificacion.PorTotal:     {3, 1, 2},
		clasificacion.PorRating:    {3, 1, 2},
	}
	for c, ids := range casos {
		t.Run(c.String(), func(t *testing.T) {
			clasificacion.Ordenar(filas, c)
			var got []int64
			for _, f := range filas {
				got = append(got, f.Jugador)
			}
			require.Equal(t, ids, got)
			p, err := clasificacion.ParsearCriterio(c.String())
			require.NoError(t, err)
			require.Equal(t, c, p)
		})
	}
	_, err := clasificacion.ParsearCriterio("altura")
	require.ErrorIs(t, err, clasificacion.ErrCriterioInvalido)
}

func filasAlAzar(n int) []clasificacion.Fila {
	r := rand.New(rand.NewPCG(1, 2))
	filas := make([]clasificacion.Fila, n)
	for i := range filas {
		p := 1 + r.IntN(100)
		tot := p * (200 + r.IntN(300))
		filas[i] = clasificacion.Fila{Jugador: int64(i + 1), Nombre: fmt.Sprintf("j%05d", i), Partidas: p,
			Victorias: r.IntN(p + 1), Total: tot, Maximo: 300 + r.IntN(400), Media: float64(tot) / float64(p),
			Rating: clasificacion.Rating{Valor: 1000 + r.Float64()*1000, Desviacion: 50, Volatilidad: 0.06}}
	}
	return filas
}

// BenchmarkOrdenar10000 ordena la clasificación de 10.000 jugadores por cada
// criterio (objetivo: ≤ 10 ms).
func BenchmarkOrdenar10000(b *testing.B) {
	base := filasAlAzar(10000)
	filas := make([]clasificacion.Fila, len(base))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		copy(filas, base)
		clasificacion.Ordenar(filas, clasificacion.Criterio(i%5))
	}
}
