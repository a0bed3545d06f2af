package simulacion_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
)

// TestSinPliesEsLaEquidad: sin respuestas, cada muestra vale la equidad
// estática de la candidata y el orden es el de la equidad, en varias
// posiciones.
func TestSinPliesEsLaEquidad(t *testing.T) {
	hs := hojasES
	for semilla := range uint64(3) {
		for _, turnos := range []int{0, 5, 10} {
			j := mitadDePartida(t, semilla+1, turnos)
			g, _ := generador.Nuevo(j.Variante(), generador.Opciones{})
			mano, _ := j.Fichas(j.Turno())
			estaticas := generador.MejoresPorEquidad(g, j, mano, hs, 15, nil)
			r, err := simulacion.Simular(context.Background(), j, simulacion.Opciones{Candidatas: 15, Plies: -1, Iteraciones: 3, Hojas: hs, Semilla: semilla})
			require.NoError(t, err)
			require.Len(t, r.Candidatas, len(estaticas))
			for i, c := range r.Candidatas {
				require.Equal(t, estaticas[i].Tipo, c.Eleccion.Tipo, "%d", i)
				require.Equal(t, estaticas[i].Equidad, c.Eleccion.Equidad, "%d", i)
				require.Equal(t, 3, c.Iteraciones)
				require.InDelta(t, c.Eleccion.Equidad, c.Media, 1e-9, "%v", c)
				require.InDelta(t, 0, c.Error, 1e-6)
				require.False(t, c.Podada)
			}
		}
	}
}

// TestDeterminista: la misma semilla da el mismo resultado, con uno o dos
// trabajadores; otra semilla, otro.
func TestDeterminista(t *testing.T) {
	j := mitadDePartida(t, 1, 8)
	op := simulacion.Opciones{Candidatas: 6, Iteraciones: 40, Lote: 16, Hojas: hojasES, Semilla: 7}
	op.Trabajadores = 1
	a, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	op.Trabajadores = 2
	b, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.Equal(t, a, b)
	require.Equal(t, 40, a.Iteraciones)
	op.Semilla = 8
	c, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.NotEqual(t, a, c)
	for _, x := range a.Candidatas {
		require.Positive(t, x.Error, "%v", x)
		require.GreaterOrEqual(t, x.Victorias, 0.0)
		require.LessOrEqual(t, x.Victorias, 1.0)
	}
}

// TestProgresoYPoda: el progreso llega lote a lote con más iteraciones,
// cortarlo detiene la simulación, y con muchas iteraciones las candidatas
// mucho peores se podan.
func TestProgresoYPoda(t *testing.T) {
	j := mitadDePartida(t, 2, 6)
	op := simulacion.Opciones{Candidatas: 10, Iteraciones: 256, Lote: 64, Hojas: hojasES, Plies: 1, SinPoda: true}
	var vistas []int
	for r, err := range simulacion.Progreso(context.Background(), j, op) {
		require.NoError(t, err)
		vistas = append(vistas, r.Iteraciones)
	}
	require.Equal(t, []int{64, 128, 192, 256}, vistas)
	// Con poda: las podadas van al final, con al menos MinPoda muestras,
	// y la simulación termina antes si queda una sola viva.
	op.SinPoda = false
	ultimo, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	podadas := 0
	for i, c := range ultimo.Candidatas {
		require.False(t, math.IsNaN(c.Media), "%v", c)
		if c.Podada {
			podadas++
			require.LessOrEqual(t, c.Iteraciones, ultimo.Iteraciones)
			require.GreaterOrEqual(t, c.Iteraciones, simulacion.MinPoda)
		} else {
			require.Zero(t, podadas, "una viva después de una podada (%d)", i)
		}
	}
	require.Positive(t, podadas, "ninguna podada: %v", ultimo.Candidatas)
	t.Logf("%d podadas de %d en %d iteraciones", podadas, len(ultimo.Candidatas), ultimo.Iteraciones)
	// Cortar el recorrido.
	n := 0
	for range simulacion.Progreso(context.Background(), j, op) {
		n++
		break
	}
	require.Equal(t, 1, n)
}

// TestErrores: una partida terminada no se simula; una candidata agregada
// que no es del jugador se rechaza, y una válida se agrega.
func TestErrores(t *testing.T) {
	j := mitadDePartida(t, 1, 4)
	ctx := context.Background()
	_, err := simulacion.Simular(ctx, j, simulacion.Opciones{Agregadas: []generador.Eleccion{{Tipo: juego.SucesoColocacion}}})
	require.ErrorIs(t, err, simulacion.ErrCandidataInvalida)
	mano, _ := j.Fichas(j.Turno())
	r, err := simulacion.Simular(ctx, j, simulacion.Opciones{Candidatas: 1, Iteraciones: 2, Plies: -1,
		Agregadas: []generador.Eleccion{{Tipo: juego.SucesoCambio, Cambiadas: mano}}})
	require.NoError(t, err)
	require.Len(t, r.Candidatas, 2)
	otra := mano
	otra.Agregar(0)
	otra.Agregar(0)
	otra.Agregar(0)
	otra.Agregar(0)
	_, err = simulacion.Simular(ctx, j, simulacion.Opciones{Agregadas: []generador.Eleccion{{Tipo: juego.SucesoCambio, Cambiadas: otra}}})
	require.ErrorIs(t, err, simulacion.ErrCandidataInvalida)
	for range 6 {
		if _, fin := j.Terminada(); !fin {
			require.NoError(t, j.Pasar())
		}
	}
	_, err = simulacion.Simular(ctx, j, simulacion.Opciones{})
	require.ErrorIs(t, err, simulacion.ErrNoSimulable)
}

// TestVictoria: con una probabilidad de ganar, las victorias son sus
// valores en el horizonte (del jugador en turno, vuelta a quien simula).
func TestVictoria(t *testing.T) {
	j := mitadDePartida(t, 1, 8)
	op := simulacion.Opciones{Candidatas: 3, Iteraciones: 8, Hojas: hojasES, Plies: 1, SinPoda: true}
	// Con un solo ply, en el horizonte juega quien simula: vale ¼ siempre.
	op.Victoria = func(diferencia, noVistas int) float64 {
		require.Positive(t, noVistas)
		return 0.25
	}
	r, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	for _, c := range r.Candidatas {
		require.InDelta(t, 0.25, c.Victorias, 1e-12)
	}
	// Con dos, juega el rival: ¾ para quien simula.
	op.Plies = 2
	r, err = simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	for _, c := range r.Candidatas {
		require.InDelta(t, 0.75, c.Victorias, 1e-12)
	}
}
