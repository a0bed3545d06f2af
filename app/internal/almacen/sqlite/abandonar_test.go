package sqlite_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
)

// Rendirse termina la partida con quien se rinde por debajo de su rival,
// queda guardado como un ajuste que Reanudar repite, y después nada más se
// acepta.
func TestAbandonar(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 3,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	bs := bots(t, m, bot.Avanzado)
	for range 4 {
		require.True(t, jugarBot(t, ctx, m, bs[m.Turno()]))
	}
	j := m.Juego()
	p0, _ := j.Puntaje(0)
	p1, _ := j.Puntaje(1)
	ganador := 0
	if p1 > p0 {
		ganador = 1
	}
	_, err = m.Abandonar(ctx, 2)
	require.ErrorIs(t, err, almacen.ErrAsientosInvalidos)
	require.Equal(t, 4, m.Movimientos())

	// Se rinde quien va ganando: queda un punto por debajo.
	puntajes, err := m.Abandonar(ctx, ganador)
	require.NoError(t, err)
	require.Equal(t, puntajes[1-ganador]-1, puntajes[ganador])
	require.Equal(t, 5, m.Movimientos())
	require.Equal(t, almacen.Terminada, m.Partida().Estado)
	_, err = m.Abandonar(ctx, 1-ganador)
	require.ErrorIs(t, err, almacen.ErrPartidaTerminada)
	require.ErrorIs(t, m.Pasar(ctx), almacen.ErrPartidaTerminada)

	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, p.Estado)
	require.Equal(t, puntajes, p.Puntajes)
	r, err := almacen.Reanudar(ctx, a, c, m.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, r.Partida().Estado)
	for i, pt := range puntajes {
		got, _ := r.Juego().Puntaje(i)
		require.Equal(t, pt, got)
	}
	e, err := a.Estadisticas(ctx, []int64{ana.ID, beto.ID}[1-ganador])
	require.NoError(t, err)
	require.Equal(t, 1, e.Victorias)
	var gcg bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&gcg, p, m.Juego().Variante(), []string{"ana", "beto"}))
	// GCG no tiene un suceso para rendirse: el registro termina en la última
	// jugada, con una nota, y sin un "(time)" ni un "(challenge)" que se
	// leerían como una penalización o un premio.
	require.Contains(t, gcg.String(), "\n#note "+[]string{"ana", "beto"}[ganador]+" resigned\n")
	require.NotContains(t, gcg.String(), "(time)")
	require.NotContains(t, gcg.String(), "(challenge)")
	require.Contains(t, gcg.String(), "\n#lexicon fise\n")

	// Quien va perdiendo no pierde más puntos.
	m2, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 4,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.True(t, jugarBot(t, ctx, m2, bs[0]))
	puntajes, err = m2.Abandonar(ctx, 1)
	require.NoError(t, err)
	require.Equal(t, 0, puntajes[1])
}
