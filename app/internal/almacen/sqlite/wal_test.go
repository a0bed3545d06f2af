package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// almacenConWAL guarda en ruta partidas entre personas y bots sobre la base
// "mini", de a un movimiento por partida y por vuelta (así cada partida
// tiene movimientos hasta el final del WAL), y copia los archivos (la base,
// el WAL y su índice) con el almacén todavía abierto, como quedarían si el
// proceso muriera. Devuelve los tres archivos y cómo quedó cada partida.
func almacenConWAL(t *testing.T, ruta string, partidas, movimientos int) (db, wal, shm []byte, esperadas map[int64]esperada) {
	t.Helper()
	ctx := context.Background()
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, baseMini())
	_, err = cat.Asegurar(ctx, "mini", "mini")
	require.NoError(t, err)
	x, err := a.CrearJugador(ctx, "x", "es")
	require.NoError(t, err)
	y, err := a.CrearJugador(ctx, "y", "es")
	require.NoError(t, err)
	var mesas []*almacen.Mesa
	var bs []*bot.Bot
	for k := range partidas {
		m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "mini", Semilla: uint64(300 + k),
			Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID, Nivel: "avanzado"}}})
		require.NoError(t, err)
		g, err := cat.Generador(m.Juego().Variante())
		require.NoError(t, err)
		b, err := bot.Nuevo(bot.Avanzado, g)
		require.NoError(t, err)
		mesas, bs = append(mesas, m), append(bs, b)
	}
	for range movimientos {
		for i, m := range mesas {
			contrato.JugarBot(t, ctx, m, bs[i])
		}
	}
	esperadas = map[int64]esperada{}
	for _, m := range mesas {
		j := m.Juego()
		esperadas[m.ID()] = esperada{m.Partida().Estado, m.Movimientos(), j.Posicion(), j.Sucesos()}
	}
	leer := func(sufijo string) []byte {
		b, err := os.ReadFile(ruta + sufijo)
		require.NoError(t, err)
		return b
	}
	return leer(""), leer("-wal"), leer("-shm"), esperadas
}

// TestWALDanado es la campaña del issue 32: copias de un almacén con 10
// partidas de 30 movimientos confirmados, con el WAL sin pasar a la base y
// de 1 a 4 bits dados vuelta en el WAL (semilla fija). Antes, SQLite
// dejaba de repetir el WAL en el primer marco dañado y el almacén abría un
// estado más viejo y coherente, sin error: partidas que desaparecían o se
// reanudaban cortas. Ahora cada copia, o abre con todo lo confirmado, o se
// informa dañada (al abrir, o en la verificación): ninguna pérdida
// silenciosa. También la copia sin daño abre completa (la cola vieja del
// WAL, de antes de su último reinicio, no es un daño), y sin el índice
// (-shm) un daño que no sea del último marco se sigue detectando. 400
// copias con las pruebas largas (PALABRAS_LARGAS=1); 16 si no.
func TestWALDanado(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	copias := 16
	if pruebas.Largas() {
		copias = 400
	}
	campanaWAL(t, copias, 10, 30, 32)
	// Con 25 partidas el WAL pasa de 1000 páginas: SQLite lo vuelca en la
	// base y lo empieza de nuevo (otra sal), y detrás de los marcos nuevos
	// queda la cola vieja, que no es un daño.
	t.Run("con cola vieja", func(t *testing.T) { campanaWAL(t, copias/2, 25, 30, 33) })
}

// campanaWAL es la campaña de TestWALDanado con copias copias de un
// almacén de partidas partidas de hasta movimientos movimientos, con la
// semilla dada.
func campanaWAL(t *testing.T, copias, partidas, movimientos int, semilla uint64) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, wal, shm, esperadas := almacenConWAL(t, filepath.Join(dir, "base.db"), partidas, movimientos)
	ids := make([]int64, 0, len(esperadas))
	total := 0
	for id, e := range esperadas {
		ids = append(ids, id)
		total += e.movimientos
	}
	slices.Sort(ids)
	copia := filepath.Join(dir, "copia.db")
	// probar abre la copia con ese WAL (y ese índice, si no es nil) y dice
	// qué pasó; una pérdida silenciosa es un error de la prueba.
	probar := func(nombre string, w, s []byte) string {
		t.Helper()
		require.NoError(t, os.WriteFile(copia, db, 0o644))
		require.NoError(t, os.WriteFile(copia+"-wal", w, 0o644))
		os.Remove(copia + "-shm")
		if s != nil {
			require.NoError(t, os.WriteFile(copia+"-shm", s, 0o644))
		}
		a, err := sqlite.Abrir(copia, sqlite.Opciones{})
		if err != nil {
			if errors.Is(err, almacen.ErrDanado) || errors.Is(err, almacen.ErrNoEsBaseDeDatos) {
				return "detectada al abrir"
			}
			t.Errorf("%s: error inesperado al abrir: %v", nombre, err)
			return "otro error"
		}
		defer a.Close()
		danadas := map[int64]bool{}
		for _, d := range a.Danadas() {
			danadas[d.ID] = true
		}
		cat := almacen.NuevoCatalogo(a, baseMini())
		resultado := "abrió completa"
		for _, id := range ids {
			m, err := almacen.Reanudar(ctx, a, cat, id)
			switch {
			case err == nil && igual(m, esperadas[id]):
			case danadas[id], errors.Is(err, almacen.ErrPartidaCorrupta), errors.Is(err, almacen.ErrDanado):
				resultado = "detectada en la verificación"
			case err == nil:
				t.Errorf("%s: la partida %d se reanudó con %d movimientos de %d: pérdida silenciosa", nombre, id, m.Movimientos(), esperadas[id].movimientos)
				return "silenciosa"
			default:
				t.Errorf("%s: la partida %d: %v: pérdida silenciosa", nombre, id, err)
				return "silenciosa"
			}
		}
		return resultado
	}
	require.Equal(t, "abrió completa", probar("sin daño", wal, shm))
	require.Equal(t, "abrió completa", probar("sin daño ni índice", wal, nil))

	azar := rand.New(rand.NewPCG(semilla, 400))
	cuentas := map[string]int{}
	sinIndice := map[string]int{}
	for k := range copias {
		w := slices.Clone(wal)
		n := 1 + azar.IntN(4)
		var bits []string
		for range n {
			i, b := azar.IntN(len(w)), azar.IntN(8)
			w[i] ^= 1 << b
			bits = append(bits, fmt.Sprintf("%d.%d", i, b))
		}
		nombre := fmt.Sprintf("copia %d (bits %s)", k, strings.Join(bits, " "))
		cuentas[probar(nombre, w, shm)]++
		if k%4 == 0 { // sin el índice: solo el daño del último marco puede pasar por una escritura cortada
			sinIndice[probar(nombre+" sin índice", w, nil)]++
		}
	}
	t.Logf("%d copias de un almacén de %d bytes con un WAL de %d bytes (%d partidas, %d movimientos confirmados), 1–4 bits dados vuelta en el WAL: %v; sin el índice (-shm), %d de ellas: %v",
		copias, len(db), len(wal), len(ids), total, cuentas, (copias+3)/4, sinIndice)
	require.Zero(t, cuentas["silenciosa"]+cuentas["otro error"])
	require.Equal(t, copias, cuentas["abrió completa"]+cuentas["detectada al abrir"]+cuentas["detectada en la verificación"])
}
