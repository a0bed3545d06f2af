package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// baseMini es el español clásico con una de cada 25 palabras del léxico:
// su GADDAG se construye enseguida, así que cada proceso hijo empieza a
// jugar rápido.
var baseMini = sync.OnceValue(func() almacen.Base {
	b := almacen.BaseEspanol()
	v := sync.OnceValues(func() (*variante.Variante, error) {
		var ps [][]letra.Letra
		i := 0
		for p := range espanol.Clasica().Lexico().Palabras() {
			if i%25 == 0 || len(p) <= 3 {
				ps = append(ps, append([]letra.Letra(nil), p...))
			}
			i++
		}
		d, err := trie.NuevoDAWG(ps)
		if err != nil {
			return nil, err
		}
		return b.ConLexico(d)
	})
	b.Nombre, b.Variante = "mini", v
	return b
})

const (
	varHijo = "PALABRAS_CAIDAS_DB"
	varAcks = "PALABRAS_CAIDAS_ACKS"
)

// hijo juega partidas sin parar sobre el archivo de $varHijo, tres a la vez,
// reanudando las que quedaron sin terminar, y anota en $varAcks cada jugada
// cuya llamada volvió ("partida n"), antes de seguir. El padre lo mata.
func hijo(t *testing.T) {
	ctx := context.Background()
	a, err := sqlite.Abrir(os.Getenv(varHijo), sqlite.Opciones{})
	require.NoError(t, err)
	cat := almacen.NuevoCatalogo(a, baseMini())
	_, err = cat.Asegurar(ctx, "mini", "mini")
	require.NoError(t, err)
	var ids [2]int64
	for i, n := range []string{"x", "y"} {
		j, err := a.JugadorPorNombre(ctx, n)
		if err != nil {
			j, err = a.CrearJugador(ctx, n, "es")
		}
		require.NoError(t, err)
		ids[i] = j.ID
	}
	acks, err := os.OpenFile(os.Getenv(varAcks), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	require.NoError(t, err)
	var mu sync.Mutex
	pendientes, err := a.Partidas(ctx, almacen.Filtro{Estado: almacen.EnCurso})
	require.NoError(t, err)
	cola := make(chan int64, len(pendientes))
	for _, p := range pendientes {
		cola <- p.ID
	}
	semilla := uint64(time.Now().UnixNano())
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; ; k++ {
				var m *almacen.Mesa
				var err error
				select {
				case id := <-cola:
					m, err = almacen.Reanudar(ctx, a, cat, id)
				default:
					m, err = almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "mini", Semilla: semilla + uint64(w*1000+k),
						Asientos: []almacen.Asiento{{Jugador: ids[0]}, {Jugador: ids[1]}}})
				}
				if err != nil {
					panic(err)
				}
				j := m.Juego()
				g, _ := cat.Generador(j.Variante())
				b, _ := bot.Nuevo(bot.Avanzado, g)
				for {
					if _, fin := j.Terminada(); fin {
						break
					}
					d, _ := b.Elegir(context.Background(), j)
					switch d.Tipo {
					case juego.SucesoColocacion:
						_, err = m.Ubicar(ctx, d.Jugada)
					case juego.SucesoCambio:
						err = m.Cambiar(ctx, d.Cambiadas)
					default:
						err = m.Pasar(ctx)
					}
					if err != nil {
						panic(err)
					}
					mu.Lock()
					fmt.Fprintf(acks, "%d %d\n", m.ID(), m.Movimientos()-1)
					mu.Unlock()
					d.Aplicar(j)
				}
			}
		}()
	}
	wg.Wait()
}

// TestCaidas mata con SIGKILL, en momentos al azar, a un proceso hijo que
// juega y guarda partidas, y comprueba después de cada muerte que el archivo
// abre, que toda partida se puede repetir (Reanudar) y que no se perdió
// ninguna jugada cuya llamada había vuelto. 50 muertes; con -short, 3.
func TestCaidas(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	if os.Getenv(varHijo) != "" {
		hijo(t)
		return
	}
	// Cincuenta muertes con las pruebas largas (PALABRAS_LARGAS=1, la
	// integración continua); tres en la corrida de todos los días.
	muertes := 3
	if pruebas.Largas() {
		muertes = 50
	}
	dir := t.TempDir()
	ruta := filepath.Join(dir, "caidas.db")
	rutaAcks := filepath.Join(dir, "acks.txt")
	azar := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	ackeadas, revisadas, maxPartidas := 0, 0, 0
	for k := range muertes {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCaidas$", "-test.count=1")
		cmd.Env = append(os.Environ(), varHijo+"="+ruta, varAcks+"="+rutaAcks)
		require.NoError(t, cmd.Start())
		// Esperar a que juegue algo y matarlo en un momento al azar.
		antes := tamano(rutaAcks)
		limite := time.Now().Add(30 * time.Second)
		for tamano(rutaAcks) == antes && time.Now().Before(limite) {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(time.Duration(azar.IntN(300)) * time.Millisecond)
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()

		// Revisar.
		a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
		require.NoError(t, err, "muerte %d", k)
		cat := almacen.NuevoCatalogo(a, baseMini())
		ultimas := leerAcks(t, rutaAcks)
		lista, err := a.Partidas(ctx, almacen.Filtro{})
		require.NoError(t, err)
		guardadas := map[int64]int{}
		for _, r := range lista {
			m, err := almacen.Reanudar(ctx, a, cat, r.ID)
			require.NoError(t, err, "muerte %d, partida %d", k, r.ID)
			guardadas[r.ID] = m.Movimientos()
			if _, fin := m.Terminada(); fin {
				require.Equal(t, almacen.Terminada, r.Estado)
			}
		}
		for id, n := range ultimas {
			require.Greater(t, guardadas[id], n, "muerte %d: la partida %d perdió la jugada %d, cuya llamada había vuelto", k, id, n)
		}
		revisadas += len(lista)
		maxPartidas = len(lista)
		require.NoError(t, a.Close())
		ackeadas = contarLineas(rutaAcks)
	}
	t.Logf("%d muertes con SIGKILL; %d revisiones de partidas (%d partidas al final); %d jugadas confirmadas, ninguna perdida",
		muertes, revisadas, maxPartidas, ackeadas)
}

func tamano(ruta string) int64 {
	st, err := os.Stat(ruta)
	if err != nil {
		return 0
	}
	return st.Size()
}

// leerAcks devuelve, por partida, el último movimiento confirmado. Una
// última línea cortada por la muerte se ignora.
func leerAcks(t *testing.T, ruta string) map[int64]int {
	res := map[int64]int{}
	f, err := os.Open(ruta)
	if err != nil {
		return res
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var id int64
		var n int
		if _, err := fmt.Sscanf(sc.Text(), "%d %d", &id, &n); err == nil && n >= res[id] {
			res[id] = n
		}
	}
	return res
}

func contarLineas(ruta string) int {
	f, err := os.Open(ruta)
	if err != nil {
		return 0
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
	}
	return n
}
