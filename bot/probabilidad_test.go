package bot_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// La probabilidad de ganar de la tabla embebida (hojas.Tabla.ProbabilidadDeGanar)
// está calibrada en partidas del experto contra sí mismo, con bolsas que
// el aprendizaje no usó: antes de cada turno se predice si gana el jugador
// en turno y se compara con el resultado. Predice mejor que ½ siempre
// (puntaje de Brier) y, en cada décimo de probabilidad con bastantes
// posiciones, la frecuencia observada está cerca de la predicha. 40
// partidas; 400 con las pruebas largas.
func TestProbabilidadDeGanarCalibrada(t *testing.T) {
	v := espanol.Clasica()
	tb := hojases.Tabla()
	experto, err := bot.Nuevo(bot.Experto, generadorES(t))
	require.NoError(t, err)
	partidas, tolerancia := 40, 0.12
	if pruebas.Largas() {
		partidas, tolerancia = 400, 0.05
	}
	type posicion struct{ jugador, diferencia, noVistas int }
	var brier, brierMedio float64
	var n int
	var bins [10]struct{ predicha, observada, n float64 }
	for s := range partidas {
		bolsa, err := v.Repositorio(2, 1<<41+uint64(s))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(t, err)
		var ps []posicion
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			p := j.Turno()
			a, _ := j.Puntaje(p)
			o, _ := j.Puntaje(1 - p)
			m, _ := j.Fichas(1 - p)
			ps = append(ps, posicion{p, a - o, j.LetrasEnRepositorio() + m.Tamano()})
			elegida, _ := experto.Elegir(context.Background(), j)
			_, err := elegida.Aplicar(j)
			require.NoError(t, err)
		}
		var fin [2]int
		fin[0], _ = j.Puntaje(0)
		fin[1], _ = j.Puntaje(1)
		for _, x := range ps {
			r := 0.5
			if d := fin[x.jugador] - fin[1-x.jugador]; d > 0 {
				r = 1
			} else if d < 0 {
				r = 0
			}
			q := tb.ProbabilidadDeGanar(x.diferencia, x.noVistas)
			require.True(t, q >= 0 && q <= 1, "%v", q)
			brier += (q - r) * (q - r)
			brierMedio += (0.5 - r) * (0.5 - r)
			b := &bins[min(9, int(q*10))]
			b.predicha, b.observada, b.n = b.predicha+q, b.observada+r, b.n+1
			n++
		}
	}
	brier, brierMedio = brier/float64(n), brierMedio/float64(n)
	require.Less(t, brier, 0.7*brierMedio, "Brier %.4f; ½ siempre: %.4f", brier, brierMedio)
	for k, b := range bins {
		if b.n >= 50 {
			require.Less(t, math.Abs(b.predicha/b.n-b.observada/b.n), tolerancia,
				"%.1f–%.1f: %v posiciones, predicha %.3f, observada %.3f", float64(k)/10, float64(k+1)/10, b.n, b.predicha/b.n, b.observada/b.n)
		}
	}
}
