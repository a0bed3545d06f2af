package contrato

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/juego"
)

var pruebasProcesos = []prueba{
	{"MismoMovimiento", procesosMismoMovimiento},
	{"NombreRepetido", procesosNombreRepetido},
}

// Dos almacenes sobre los mismos datos (dos procesos, cada uno con sus
// conexiones) agregan a la vez los mismos movimientos a las mismas
// partidas, cada uno el suyo: cada número se acepta una sola vez (el otro
// recibe ErrConflicto), ninguno aceptado se pierde, y lo guardado es lo
// del que lo ganó.
func procesosMismoMovimiento(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, otro := abrir(t, nueva)
	b := otro(t)
	const partidas, movimientos = 4, 25
	procesos := []Almacen{a, b}
	var ids []int64
	for i := range partidas {
		ids = append(ids, partidaDePases(t, a, fmt.Sprintf("q%d", i)).ID)
	}
	// ganador[p][n] es el proceso cuyo movimiento n de la partida p se
	// aceptó (Puntos dice de quién es: 1000·proceso + n).
	ganador := make([][]int, partidas)
	aceptados := make([][2]int, partidas)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for p, id := range ids {
		ganador[p] = make([]int, movimientos)
		for i := range ganador[p] {
			ganador[p][i] = -1
		}
		for q, al := range procesos {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := range movimientos {
					m := almacen.Movimiento{Tipo: juego.SucesoPase, Jugador: n % 2, Puntos: 1000*q + n}
					err := al.AgregarMovimiento(ctx, id, n, m, nil)
					switch {
					case err == nil:
						mu.Lock()
						if ganador[p][n] != -1 {
							t.Errorf("partida %d, movimiento %d: aceptado por los dos procesos", id, n)
						}
						ganador[p][n] = q
						aceptados[p][q]++
						mu.Unlock()
					case errors.Is(err, almacen.ErrConflicto):
					default:
						t.Errorf("partida %d, movimiento %d, proceso %d: %v", id, n, q, err)
					}
				}
			}()
		}
	}
	wg.Wait()
	total := [2]int{}
	for p, id := range ids {
		for _, q := range []int{0, 1} {
			leida, err := procesos[q].Partida(ctx, id)
			require.NoError(t, err)
			require.Len(t, leida.Movimientos, movimientos, "partida %d leída por el proceso %d", id, q)
			for n, m := range leida.Movimientos {
				require.NotEqual(t, -1, ganador[p][n], "partida %d, movimiento %d: guardado y nadie lo ganó", id, n)
				require.Equal(t, 1000*ganador[p][n]+n, m.Puntos, "partida %d, movimiento %d: es el del ganador", id, n)
			}
		}
		require.Equal(t, movimientos, aceptados[p][0]+aceptados[p][1])
		total[0] += aceptados[p][0]
		total[1] += aceptados[p][1]
	}
	t.Logf("movimientos aceptados por cada proceso: %v de %d", total, partidas*movimientos)
	require.Empty(t, a.Danadas())
}

// Dos procesos crean a la vez jugadores con los mismos nombres: cada
// nombre queda una sola vez y el otro recibe ErrNombreRepetido.
func procesosNombreRepetido(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, otro := abrir(t, nueva)
	b := otro(t)
	const nombres = 20
	var wg sync.WaitGroup
	creados := make([][2]bool, nombres)
	for q, al := range []Almacen{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range nombres {
				nombre := fmt.Sprintf("Jugador%d", i)
				if q == 1 {
					nombre = fmt.Sprintf("JUGADOR%d", i)
				}
				_, err := al.CrearJugador(ctx, nombre, "es")
				if err == nil {
					creados[i][q] = true
				} else if !errors.Is(err, almacen.ErrNombreRepetido) {
					t.Errorf("%s: %v", nombre, err)
				}
			}
		}()
	}
	wg.Wait()
	for i, c := range creados {
		require.True(t, c[0] != c[1], "el nombre %d se creó en %v", i, c)
	}
	todos, err := b.Jugadores(ctx)
	require.NoError(t, err)
	require.Len(t, todos, nombres)
}
