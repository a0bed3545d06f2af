package bot_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestMaestroJuegaPartidas: el maestro juega partidas enteras contra el
// experto con decisiones que el juego acepta; acotado por iteraciones es
// determinista, y su elección sin plies es la del experto.
func TestMaestroJuegaPartidas(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	g2, _ := generador.Nuevo(v, generador.Opciones{})
	experto, _ := bot.Nuevo(bot.Experto, g2)
	op := bot.OpcionesMaestro{Tiempo: 2 * time.Second, Iteraciones: 6, Candidatas: 4, Plies: 1}
	maestro, err := bot.NuevoMaestro(g, op)
	require.NoError(t, err)
	require.Equal(t, bot.Maestro, maestro.Nivel())
	// Sin inferencia (que tiene un plazo), acotado por iteraciones.
	op.SinInferencia = true
	fijo, _ := bot.NuevoMaestro(g, op)
	otro, _ := bot.NuevoMaestro(g2, op)
	bolsa, _ := v.Repositorio(2, 5)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	for turno := 0; turno < 80; turno++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		var d bot.Decision
		if turno%2 == 0 {
			d = maestro.Elegir(j)
			if turno < 12 {
				require.Equal(t, fijo.Elegir(j), otro.Elegir(j), "turno %d", turno)
			}
		} else {
			d = experto.Elegir(j)
		}
		_, err := d.Aplicar(j)
		require.NoError(t, err, "turno %d: %v", turno, d)
	}
	_, fin := j.Terminada()
	require.True(t, fin)

	// Sin plies, la simulación es la equidad estática: la jugada del
	// experto.
	sinPlies, _ := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: time.Minute, Iteraciones: 2, Plies: -1, SinInferencia: true})
	bolsa, _ = v.Repositorio(2, 6)
	j, _ = juego.Nuevo(2, v, bolsa)
	for range 6 {
		d := sinPlies.Elegir(j)
		e := experto.Elegir(j)
		require.Equal(t, e.Tipo, d.Tipo)
		require.True(t, e.Jugada.Igual(d.Jugada), "%v %v", e, d)
		_, err := d.Aplicar(j)
		require.NoError(t, err)
	}
	_, err = bot.NuevoMaestro(nil, bot.OpcionesMaestro{})
	require.ErrorIs(t, err, bot.ErrSinGenerador)
	n, err := bot.ParsearNivel("Maestro")
	require.NoError(t, err)
	require.Equal(t, bot.Maestro, n)
}
