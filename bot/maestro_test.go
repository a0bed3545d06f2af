package bot_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
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
			d, _ = maestro.Elegir(context.Background(), j)
			if turno < 12 {
				a, _ := fijo.Elegir(context.Background(), j)
				b, _ := otro.Elegir(context.Background(), j)
				require.Equal(t, a, b, "turno %d", turno)
			}
		} else {
			d, _ = experto.Elegir(context.Background(), j)
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
		d, _ := sinPlies.Elegir(context.Background(), j)
		e, _ := experto.Elegir(context.Background(), j)
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

// TestMaestroPrefinalEnSuTiempo: con una ficha en la bolsa el maestro no se
// pasa de su tiempo por el prefinal (antes, un prefinal que no terminaba
// estimaba las candidatas que faltaban después del plazo: más de un segundo
// de más), y la jugada que elige es válida.
func TestMaestroPrefinalEnSuTiempo(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	experto, _ := bot.Nuevo(bot.Experto, g)
	g2, _ := generador.Nuevo(v, generador.Opciones{})
	const tiempo = 200 * time.Millisecond
	maestro, _ := bot.NuevoMaestro(g2, bot.OpcionesMaestro{Tiempo: tiempo})
	prefinales := 0
	for semilla := uint64(1); prefinales < 2 && semilla < 20; semilla++ {
		bolsa, _ := v.Repositorio(2, semilla)
		j, _ := juego.Nuevo(2, v, bolsa)
		for j.LetrasEnRepositorio() > 1 {
			if _, fin := j.Terminada(); fin {
				break
			}
			elegida, _ := experto.Elegir(context.Background(), j)
			_, err := elegida.Aplicar(j)
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); fin || j.LetrasEnRepositorio() != 1 {
			continue
		}
		prefinales++
		inicio := time.Now()
		d, _ := maestro.Elegir(context.Background(), j)
		demora := time.Since(inicio)
		require.Less(t, demora, tiempo+800*time.Millisecond, "semilla %d", semilla)
		_, err := d.Aplicar(j)
		require.NoError(t, err, "semilla %d: %v", semilla, d)
		t.Logf("semilla %d: %v en %v", semilla, d, demora.Round(time.Millisecond))
	}
	require.Equal(t, 2, prefinales)
}

// TestMaestroFinalEnSuTiempo: con la bolsa vacía, en un final que el
// resolvedor no prueba en 30 s (es-bot-07 de analisis/final), el maestro
// deja de buscar a tiempo. Sus búsquedas paran un 5 % antes (con la
// máquina libre juega en 489 ms de 500); la cota, el doble, deja lugar a
// una máquina cargada o al detector de carreras (525–689 ms con -race).
// Sin plazo, el resolvedor seguiría más de 30 s.
func TestMaestroFinalEnSuTiempo(t *testing.T) {
	v := espanol.Clasica()
	datos, err := os.ReadFile("../analisis/final/testdata/finales/es-bot-07.cgp")
	require.NoError(t, err)
	p, err := cgp.Parsear(string(datos), cgp.Opciones{Variante: v})
	require.NoError(t, err)
	j, err := p.Juego()
	require.NoError(t, err)
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	const tiempo = 500 * time.Millisecond
	maestro, _ := bot.NuevoMaestro(g, bot.OpcionesMaestro{Tiempo: tiempo})
	inicio := time.Now()
	d, _ := maestro.Elegir(context.Background(), j)
	demora := time.Since(inicio)
	_, err = d.Aplicar(j)
	require.NoError(t, err, "%v", d)
	t.Logf("%v en %v", d, demora.Round(time.Millisecond))
	require.LessOrEqual(t, demora, 2*tiempo, "el maestro siguió buscando después de su tiempo")
}
