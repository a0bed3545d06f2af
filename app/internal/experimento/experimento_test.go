package experimento

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func TestVarianteYJugadores(t *testing.T) {
	v, err := Variante("es", "")
	require.NoError(t, err)
	_, err = Variante("fr", "")
	require.ErrorAs(t, err, new(programa.ErrorDeUso))
	_, err = Variante("en", "/no/existe/sowpods.txt")
	require.Error(t, err)
	require.False(t, errors.As(err, new(programa.ErrorDeUso)))

	// Las variantes descritas: con la lista dada, o la embebida.
	_, err = Variante("catalan", "")
	require.ErrorAs(t, err, new(programa.ErrorDeUso), "sin lista")
	ruta := filepath.Join(t.TempDir(), "catala.txt")
	require.NoError(t, os.WriteFile(ruta, []byte("col·lecció\nnyap\nquatre\n"), 0o600))
	cat, err := Variante("catalan", ruta)
	require.NoError(t, err)
	require.Equal(t, 3, cat.Lexico().Tamano())
	require.Equal(t, 26, cat.Alfabeto().Tamano())
	es, err := Variante("espanol", "")
	require.NoError(t, err)
	require.True(t, es.EsDeLaEspecificacion())

	for _, n := range []string{"principiante", "experto", "lineal"} {
		jg, err := JugadorDe(n, v, "es", "")
		require.NoError(t, err, n)
		require.Equal(t, n, jg.Nombre)
	}
	_, err = JugadorDe("granmaestro", v, "es", "")
	require.ErrorAs(t, err, new(programa.ErrorDeUso))
	_, err = JugadorDe("tabla=/no/existe", v, "es", "")
	require.Error(t, err)

	// Una partida entera entre dos bots: la misma semilla, la misma partida.
	jg, _ := JugadorDe("intermedio", v, "es", "")
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	b, err := jg.Nuevo(g)
	require.NoError(t, err)
	var puntos [2][2]int
	for k := range 2 {
		j, err := NuevoJuego(v, 7)
		require.NoError(t, err)
		turnos := 0
		require.NoError(t, Jugar(context.Background(), j, []*bot.Bot{b, b}, func(p int, d bot.Decision) error {
			require.Equal(t, j.Turno(), p)
			turnos++
			return nil
		}))
		_, fin := j.Terminada()
		require.True(t, fin)
		require.Positive(t, turnos)
		puntos[k][0], _ = j.Puntaje(0)
		puntos[k][1], _ = j.Puntaje(1)
	}
	require.Equal(t, puntos[0], puntos[1])

	// Un error de antes corta la partida.
	j, _ := NuevoJuego(v, 7)
	mal := errors.New("mal")
	require.ErrorIs(t, Jugar(context.Background(), j, []*bot.Bot{b, b}, func(int, bot.Decision) error { return mal }), mal)
	require.Equal(t, 0, len(j.Sucesos()))
}

func TestEnParalelo(t *testing.T) {
	hechas := make([]atomic.Int32, 50)
	var preparadas atomic.Int32
	err := EnParalelo(10, 50, 3, nil, func(k int) (func(int) error, error) {
		preparadas.Add(1)
		return func(i int) error { hechas[i].Add(1); return nil }, nil
	})
	require.NoError(t, err)
	require.Equal(t, int32(3), preparadas.Load())
	for i := range hechas {
		require.Equal(t, int32(min(1, max(0, i-9))), hechas[i].Load(), "tarea %d", i)
	}
	mal := errors.New("mal")
	err = EnParalelo(0, 5, 2, nil, func(k int) (func(int) error, error) {
		if k == 1 {
			return nil, mal
		}
		return func(i int) error { return nil }, nil
	})
	require.ErrorIs(t, err, mal)
}
