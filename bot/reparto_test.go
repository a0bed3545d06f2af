package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// partidaDeExpertos devuelve las posiciones (antes de cada jugada) de una
// partida española entre expertos, hasta que la bolsa se vacía.
func partidaDeExpertos(t *testing.T, semilla uint64) []*juego.Juego {
	t.Helper()
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	experto, err := Nuevo(Experto, g)
	require.NoError(t, err)
	bolsa, _ := v.Repositorio(2, semilla)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	var ps []*juego.Juego
	for j.LetrasEnRepositorio() > 0 {
		if _, fin := j.Terminada(); fin {
			break
		}
		ps = append(ps, j.Clonar())
		d, err := experto.Elegir(context.Background(), j)
		require.NoError(t, err)
		_, err = d.Aplicar(j)
		require.NoError(t, err)
	}
	return ps
}

// TestPesoJugada: las primeras jugadas pesan menos, las del final de la
// mitad de la partida más, y el peso no baja a medida que la bolsa se
// vacía.
func TestPesoJugada(t *testing.T) {
	ps := partidaDeExpertos(t, 3)
	require.Equal(t, 0.75, PesoJugada(ps[0]))
	require.Equal(t, 1.5, PesoJugada(ps[len(ps)-1]))
	vistos := map[float64]bool{}
	for i := 1; i < len(ps); i++ {
		require.GreaterOrEqual(t, PesoJugada(ps[i]), PesoJugada(ps[i-1]))
		vistos[PesoJugada(ps[i])] = true
	}
	require.True(t, vistos[1], "ninguna jugada de peso 1")
}

// TestRepartoDelTiempo: si cada jugada gasta a lo sumo el tiempo que se le
// dio, el tiempo de la partida no pasa del de Tiempo por jugada; ninguna
// jugada recibe más de MaxFactorTiempo·Tiempo; una partida nueva empieza
// sin lo guardado; y con TiempoFijo cada jugada tiene Tiempo.
func TestRepartoDelTiempo(t *testing.T) {
	ps := partidaDeExpertos(t, 5)
	const tiempo = time.Second
	rapid.Check(t, func(rt *rapid.T) {
		b := &Bot{nivel: Maestro, maestro: OpcionesMaestro{Tiempo: tiempo}}
		var total time.Duration
		for i, j := range ps {
			d := b.tiempoJugada(j)
			require.LessOrEqual(rt, d, MaxFactorTiempo*tiempo)
			require.Positive(rt, d)
			gastado := time.Duration(rapid.Float64Range(0, 1).Draw(rt, "fracción") * float64(d))
			total += gastado
			b.anotarTiempo(gastado)
			require.LessOrEqual(rt, total, time.Duration(i+1)*tiempo, "jugada %d", i)
		}
		// Otra partida: sin lo guardado, la primera jugada tiene su parte.
		require.Equal(rt, time.Duration(float64(tiempo)*PesoJugada(ps[0])), b.tiempoJugada(ps[0]))
		b.maestro.TiempoFijo = true
		for _, j := range ps {
			require.Equal(rt, tiempo, b.tiempoJugada(j))
		}
	})
	// Sin gastar nada, lo guardado llega a las jugadas siguientes.
	b := &Bot{nivel: Maestro, maestro: OpcionesMaestro{Tiempo: tiempo}}
	b.tiempoJugada(ps[0])
	b.anotarTiempo(0)
	require.Greater(t, b.tiempoJugada(ps[1]), time.Duration(float64(tiempo)*PesoJugada(ps[1])))
}
