package sqlite_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/juego"
)

// Las jugadas de muchas partidas a la vez se guardan agrupadas: cada una
// con su resultado (las que no son la siguiente de su partida fallan con
// ErrConflicto sin arrastrar a las demás), todas guardadas antes de
// volver, y una cancelada antes de su turno no guarda nada.
func TestEscrituraEnGrupo(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	var grupos, mayor atomic.Int64
	sqlite.AlGuardarGrupo(func(n int) {
		grupos.Add(1)
		for {
			m := mayor.Load()
			if int64(n) <= m || mayor.CompareAndSwap(m, int64(n)) {
				break
			}
		}
	})
	defer sqlite.AlGuardarGrupo(nil)
	const partidas, rondas = 32, 6
	var ids []int64
	for i := range partidas {
		j1, err := a.CrearJugador(ctx, "a"+itoa(i), "es")
		require.NoError(t, err)
		j2, err := a.CrearJugador(ctx, "b"+itoa(i), "es")
		require.NoError(t, err)
		p, err := a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Semilla: 1,
			Asientos: []almacen.Asiento{{Jugador: j1.ID}, {Jugador: j2.ID}}})
		require.NoError(t, err)
		ids = append(ids, p.ID)
	}
	_ = c
	var wg sync.WaitGroup
	conflictos := make([]int, partidas)
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range rondas {
				pase := almacen.Movimiento{Tipo: juego.SucesoPase, Jugador: n % 2}
				if i%4 == 0 { // además, uno repetido: el mismo número otra vez
					err := a.AgregarMovimiento(ctx, id, n+1, pase, nil)
					if err != nil {
						assert.ErrorIs(t, err, almacen.ErrConflicto)
						conflictos[i]++
					}
				}
				assert.NoError(t, a.AgregarMovimiento(ctx, id, n, pase, nil))
			}
		}()
	}
	wg.Wait()
	for i, id := range ids {
		p, err := a.Partida(ctx, id)
		require.NoError(t, err)
		require.Len(t, p.Movimientos, rondas, "partida %d", i)
		if i%4 == 0 {
			require.Equal(t, rondas, conflictos[i])
		}
	}
	t.Logf("%d transacciones para %d escrituras; el grupo mayor, %d", grupos.Load(), partidas*rondas+partidas/4*rondas, mayor.Load())
	require.Less(t, grupos.Load(), int64(partidas*rondas+partidas/4*rondas), "algunas se agruparon")

	// Cancelada antes de empezar: no guarda nada.
	cancelada, cancelar := context.WithCancel(ctx)
	cancelar()
	err := a.AgregarMovimiento(cancelada, ids[0], rondas, almacen.Movimiento{Tipo: juego.SucesoPase}, nil)
	require.ErrorIs(t, err, context.Canceled)
	p, _ := a.Partida(ctx, ids[0])
	require.Len(t, p.Movimientos, rondas)
	require.NoError(t, a.Close())
	require.ErrorIs(t, a.AgregarMovimiento(ctx, ids[0], rondas, almacen.Movimiento{Tipo: juego.SucesoPase}, nil), almacen.ErrCerrado)
}

func itoa(i int) string {
	return string(rune('a'+i/26)) + string(rune('a'+i%26))
}
