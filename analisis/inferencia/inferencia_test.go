package inferencia_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestNuncaExcluyeLaVerdadera: en partidas de expertos, la inferencia de
// cada turno (desde el jugador que sigue) deja la hoja que el rival
// conservó de verdad, con probabilidad positiva; también cuando el plazo la
// corta. En español; con PALABRAS_LARGAS, más partidas y también en inglés
// (SOWPODS). Informa las cifras.
func TestNuncaExcluyeLaVerdadera(t *testing.T) {
	t.Run("es", func(t *testing.T) { nuncaExcluye(t, espanol.Clasica()) })
	if pruebas.Largas() {
		t.Run("en", func(t *testing.T) { nuncaExcluye(t, pruebas.Ingles(t)) })
	}
}

func nuncaExcluye(t *testing.T, v *variante.Variante) {
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	hs, _ := bot.ValoracionPara(v) // las del experto
	partidas, turnos, plazo := 1, 8, 100*time.Millisecond
	if testing.Short() {
		turnos = 4
	}
	if pruebas.Largas() {
		partidas, turnos, plazo = 6, 100, 2*time.Second
	}
	var total, completas, informativas, descartadas, examinadas int
	var quedan, posibles, probVerdadera float64
	var tamanos []int
	for semilla := range uint64(partidas) {
		autojuego(t, v, g, semilla+1, func(j *juego.Juego) bool {
			antes, turno, noVistas, err := inferencia.UltimoTurno(j)
			if err != nil {
				require.ErrorIs(t, err, inferencia.ErrSinTurno)
				return j.Tiempo() == 0
			}
			ctx, cancel := context.WithTimeout(context.Background(), plazo)
			in, err := inferencia.Inferir(ctx, antes, turno, noVistas, hs, inferencia.Opciones{})
			cancel()
			require.NoError(t, err)
			sucesos := j.Sucesos()
			s := sucesos[len(sucesos)-1]
			total++
			if !in.Informativa() {
				// Un pase, o el plazo venció antes de enumerar las hojas.
				require.True(t, s.Tipo == juego.SucesoPase || !in.Completa, "%v", in)
				return j.Tiempo() < turnos
			}
			informativas++
			p := in.Probabilidad(hojaVerdadera(s))
			require.Positive(t, p, "turno %d (%v): la hoja %v quedó fuera; %v", j.Tiempo(), s.Tipo, hojaVerdadera(s), in)
			probVerdadera += p
			if in.Completa {
				completas++
			}
			quedan += float64(in.Len())
			posibles += float64(in.Posibles)
			examinadas += in.Examinadas
			descartadas += in.Descartadas
			tamanos = append(tamanos, in.Len())
			return j.Tiempo() < turnos
		})
	}
	require.Positive(t, informativas)
	require.Positive(t, descartadas, "la inferencia no descartó nada")
	slices.Sort(tamanos)
	t.Logf("%d partidas, %d turnos, %d informativos (%d completos antes de %v); hojas posibles %.1f, quedan %.1f en promedio (mediana %d); examinadas %d, descartadas %d (%.0f %%); probabilidad media de la verdadera %.4f",
		partidas, total, informativas, completas, plazo, posibles/float64(informativas), quedan/float64(informativas), tamanos[len(tamanos)/2],
		examinadas, descartadas, 100*float64(descartadas)/float64(examinadas), probVerdadera/float64(informativas))
}

// TestInferirDeterminista: las mismas entradas dan las mismas hojas, con
// uno o dos trabajadores; Cuantil recorre la distribución.
func TestInferirDeterminista(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	var probado bool
	autojuego(t, v, g, 3, func(j *juego.Juego) bool {
		antes, turno, noVistas, err := inferencia.UltimoTurno(j)
		if err != nil {
			return true
		}
		a, err := inferencia.Inferir(context.Background(), antes, turno, noVistas, hojasES, inferencia.Opciones{Trabajadores: 1})
		require.NoError(t, err)
		b, err := inferencia.Inferir(context.Background(), antes, turno, noVistas, hojasES, inferencia.Opciones{Trabajadores: 2})
		require.NoError(t, err)
		require.True(t, a.Completa)
		require.Equal(t, a, b)
		// Cuantil: la primera hoja en 0, la última cerca de 1, y cada una
		// con su masa.
		var hs []letra.Multiconjunto
		acum := 0.0
		for h, p := range a.Hojas() {
			require.Equal(t, h, a.Cuantil(acum+p/2))
			acum += p
			hs = append(hs, h)
		}
		require.InDelta(t, 1, acum, 1e-9)
		require.Equal(t, hs[0], a.Cuantil(0))
		require.Equal(t, hs[len(hs)-1], a.Cuantil(0.999999999))
		probado = true
		return false
	})
	require.True(t, probado)
}

// TestInferirErrores: un turno imposible se rechaza; un pase no dice nada.
func TestInferirErrores(t *testing.T) {
	v := espanol.Clasica()
	bolsa, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	_, _, _, err = inferencia.UltimoTurno(j)
	require.ErrorIs(t, err, inferencia.ErrSinTurno)
	noVistas := v.Distribucion()
	mano, _ := j.Fichas(0)
	noVistas = noVistas.Diferencia(mano)
	ctx := context.Background()
	hs := hojasES
	for _, turno := range []inferencia.Turno{
		{Tipo: juego.SucesoColocacion}, // no puso nada
		{Tipo: juego.SucesoColocacion, Puestas: letra.NuevoMulticonjunto(0, 0, 0, 0, 0, 0, 0, 0)},                      // más que la mano
		{Tipo: juego.SucesoColocacion, Puestas: letra.NuevoMulticonjunto(letra.Comodin, letra.Comodin, letra.Comodin)}, // no hay tres comodines
		{Tipo: juego.SucesoCambio, Cambiadas: 0},
		{Tipo: juego.SucesoCambio, Cambiadas: 8},
	} {
		_, err := inferencia.Inferir(ctx, j, turno, noVistas, hs, inferencia.Opciones{})
		require.True(t, errors.Is(err, inferencia.ErrTurnoImposible), "%v: %v", turno, err)
	}
	_, err = inferencia.Inferir(ctx, j, inferencia.Turno{Tipo: juego.SucesoCambio, Cambiadas: 1}, noVistas, hs, inferencia.Opciones{MaxHojas: 10})
	require.ErrorIs(t, err, inferencia.ErrDemasiadasHojas)
	in, err := inferencia.Inferir(ctx, j, inferencia.Turno{Tipo: juego.SucesoPase}, noVistas, hs, inferencia.Opciones{})
	require.NoError(t, err)
	require.False(t, in.Informativa())
	require.Equal(t, letra.Multiconjunto{}, in.Cuantil(0.5))
}
