package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func jugar(t *testing.T, args ...string) string {
	t.Helper()
	var salida strings.Builder
	require.NoError(t, ejecutar(args, &salida))
	return salida.String()
}

// TestPartidaCompleta juega partidas enteras: terminan por una de las dos
// razones, la misma semilla da la misma partida (los bots son
// deterministas y juegan por turno aunque corran en gorutinas), y las
// posiciones salen ordenadas.
func TestPartidaCompleta(t *testing.T) {
	if testing.Short() {
		t.Skip("partidas completas: se omiten con -short")
	}
	una := jugar(t, "-jugadores", "3", "-semilla", "7")
	require.Equal(t, una, jugar(t, "-jugadores", "3", "-semilla", "7"), "determinista")
	require.NotEqual(t, una, jugar(t, "-jugadores", "3", "-semilla", "8"))
	require.Regexp(t, `Fin después de \d+ turnos: (el tablero está lleno|los 3 jugadores pasaron seguidos)\.`, una)

	puntos := regexp.MustCompile(`(?m)^  \d\. jugador (\d): (\d+) puntos$`).FindAllStringSubmatch(una, -1)
	require.Len(t, puntos, 3)
	for i := 1; i < len(puntos); i++ {
		require.GreaterOrEqual(t, atoi(puntos[i-1][2]), atoi(puntos[i][2]), "posiciones ordenadas")
	}
	turnos := regexp.MustCompile(`(?m)^\s*\d+\. jugador (\d): (?:pasa|\S+ en \()`).FindAllStringSubmatch(una, -1)
	require.NotEmpty(t, turnos)
	for i, m := range turnos {
		require.Equal(t, string(rune('0'+i%3)), m[1], "los turnos rotan")
	}

	solo := jugar(t, "-jugadores", "1", "-detalle", "0")
	require.NotRegexp(t, `(?m)^\s*1\. jugador 0: \S+ en \(`, solo, "con -detalle 0 no se cuentan los turnos")
	require.Contains(t, solo, "el jugador pasó")
	require.Contains(t, solo, "Posiciones:")
}

func TestMejorJugada(t *testing.T) {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, err := v.Repositorio(1, 3)
	require.NoError(t, err)
	mano, _ := es.Leer("QUESOXX")
	copy(r, mano)
	j, err := juego.NuevoJuego(1, v, r)
	require.NoError(t, err)
	o, puntos := mejorJugada(j)
	require.True(t, j.JugadaValida(o))
	p, err := j.PuntajeObtenido(o)
	require.NoError(t, err)
	require.Equal(t, p, puntos)
	require.GreaterOrEqual(t, puntos, 9, "QUESO vale 9: la mejor vale al menos eso")
}

func TestArgumentos(t *testing.T) {
	var salida strings.Builder
	require.Error(t, ejecutar([]string{"-jugadores", "0"}, &salida))
	require.Error(t, ejecutar([]string{"-jugadores", "9"}, &salida))
	require.Error(t, ejecutar([]string{"-no-existe"}, &salida))
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}
