package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

var generadorES = func() func(testing.TB) *generador.GADDAG {
	var g *generador.GADDAG
	return func(tb testing.TB) *generador.GADDAG {
		if g == nil {
			var err error
			g, err = generador.Nuevo(espanol.Clasica(), generador.Opciones{})
			require.NoError(tb, err)
		}
		return g
	}
}()

func TestNiveles(t *testing.T) {
	_, err := bot.ParsearNivel("gran maestro")
	require.ErrorIs(t, err, bot.ErrNivelInvalido)
	_, err = bot.Nuevo(bot.NivelNinguno, generadorES(t))
	require.ErrorIs(t, err, bot.ErrNivelInvalido)
	_, err = bot.Nuevo(bot.Experto, nil)
	require.ErrorIs(t, err, bot.ErrSinGenerador)
	for _, n := range bot.Niveles() {
		p, err := bot.ParsearNivel(n.String())
		require.NoError(t, err)
		require.Equal(t, n, p)
	}
}

// Cada nivel juega partidas enteras sin que el juego rechace una decisión,
// y respeta sus límites de diseño.
func TestDecisionesValidas(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	v := espanol.Clasica()
	rapid.Check(t, func(rt *rapid.T) {
		semilla := rapid.Uint64().Draw(rt, "semilla")
		bolsa, err := v.Repositorio(2, semilla)
		require.NoError(rt, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		niveles := [2]bot.Nivel{
			rapid.SampledFrom(bot.Niveles()).Draw(rt, "a"),
			rapid.SampledFrom(bot.Niveles()).Draw(rt, "b"),
		}
		var bs [2]*bot.Bot
		for i, n := range niveles {
			bs[i], err = bot.Nuevo(n, generadorES(t))
			if n == bot.Maestro { // acotado para que la prueba sea rápida: el tiempo también acota el final y el prefinal
				bs[i], err = bot.NuevoMaestro(generadorES(t), bot.OpcionesMaestro{Tiempo: 100 * time.Millisecond, Iteraciones: 2, Candidatas: 3, Plies: 1, SinInferencia: true})
			}
			require.NoError(rt, err)
		}
		for turno := 0; turno < 300; turno++ {
			if _, fin := j.Terminada(); fin {
				break
			}
			b := bs[j.Turno()]
			d, _ := b.Elegir(context.Background(), j)
			switch b.Nivel() {
			case bot.Principiante:
				require.LessOrEqual(rt, d.Jugada.Tamano(), 3)
				require.NotEqual(rt, juego.SucesoCambio, d.Tipo)
			case bot.Intermedio:
				require.LessOrEqual(rt, d.Jugada.Tamano(), 5)
				require.NotEqual(rt, juego.SucesoCambio, d.Tipo)
			}
			pts, err := d.Aplicar(j)
			require.NoError(rt, err, "%v: %v", b.Nivel(), d)
			require.Equal(rt, d.Puntos, pts)
		}
		_, fin := j.Terminada()
		require.True(rt, fin)
	})
}
