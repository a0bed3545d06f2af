package contrato

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

var pruebasJugadores = []prueba{
	{"CrearYBuscar", jugadoresCrearYBuscar},
	{"Cerrado", jugadoresCerrado},
}

// Los nombres son únicos sin distinguir mayúsculas, se validan y se
// buscan; lo que no existe da ErrJugadorInexistente.
func jugadoresCrearYBuscar(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	ana, err := a.CrearJugador(ctx, "Ana", "es")
	require.NoError(t, err)
	_, err = a.CrearJugador(ctx, "ana", "en")
	require.ErrorIs(t, err, almacen.ErrNombreRepetido)
	for _, mal := range []string{"", "   ", "a\x00b", string(bytes.Repeat([]byte("x"), 65))} {
		_, err = a.CrearJugador(ctx, mal, "es")
		require.ErrorIs(t, err, almacen.ErrNombreInvalido, "%q", mal)
	}
	j, err := a.JugadorPorNombre(ctx, "ANA")
	require.NoError(t, err)
	require.Equal(t, ana.ID, j.ID)
	require.Equal(t, "Ana", j.Nombre)
	j, err = a.Jugador(ctx, ana.ID)
	require.NoError(t, err)
	require.Equal(t, ana, j, "se lee lo que se guardó, con el instante exacto")
	_, err = a.Jugador(ctx, 999)
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	_, err = a.JugadorPorNombre(ctx, "nadie")
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	_, err = a.Estadisticas(ctx, 999)
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
	beto, err := a.CrearJugador(ctx, "Beto Ñandú", "es")
	require.NoError(t, err)
	todos, err := a.Jugadores(ctx)
	require.NoError(t, err)
	require.Equal(t, []almacen.Jugador{ana, beto}, todos)
	e, err := a.Estadisticas(ctx, beto.ID)
	require.NoError(t, err)
	require.Zero(t, e.Partidas)
	require.Empty(t, e.Puntajes)
	require.Equal(t, clasificacion.Rating{Valor: 1500, Desviacion: 350, Volatilidad: 0.06}, e.Rating)
}

// Después de Close todo devuelve ErrCerrado; cerrar dos veces no es un
// error.
func jugadoresCerrado(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	ana, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	require.NoError(t, a.Close())
	_, err = a.CrearJugador(ctx, "beto", "es")
	require.ErrorIs(t, err, almacen.ErrCerrado)
	_, err = a.Jugador(ctx, ana.ID)
	require.ErrorIs(t, err, almacen.ErrCerrado)
	_, err = a.Jugadores(ctx)
	require.ErrorIs(t, err, almacen.ErrCerrado)
	_, err = a.Partidas(ctx, almacen.Filtro{})
	require.ErrorIs(t, err, almacen.ErrCerrado)
}
