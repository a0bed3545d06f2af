package trabajador_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// Variables de entorno con que la prueba del trabajador muerto vuelve a
// ejecutar este mismo binario como el trabajador que muere.
const (
	varHijo = "PALABRAS_TRABAJADOR_HIJO" // dónde avisa que empezó a analizar
	varDB   = "PALABRAS_TRABAJADOR_DB"   // la URL de PostgreSQL
	varNATS = "PALABRAS_TRABAJADOR_NATS" // la URL de NATS
)

// TestMain ejecuta este mismo binario como el trabajador de la prueba del
// trabajador muerto, si lo pide su variable de entorno; si no, corre las
// pruebas.
func TestMain(m *testing.M) {
	if dir := os.Getenv(varHijo); dir != "" {
		os.Exit(hijo(dir))
	}
	os.Exit(m.Run())
}

// hijo es un trabajador que analiza despacio (descansa 300 ms antes de
// cada turno) y avisa en dir/empezo cuando ya analizó un turno; sirve
// hasta que lo matan.
func hijo(dir string) int {
	ctx := context.Background()
	b, err := bus.Conectar(os.Getenv(varNATS), "prueba-hijo")
	if err != nil {
		fmt.Fprintln(os.Stderr, "hijo:", err)
		return 1
	}
	a, err := abrir.Abrir(ctx, os.Getenv(varDB))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hijo:", err)
		return 1
	}
	bases, _ := trabajador.Bases("")
	pausa := func(ctx context.Context, trabajo time.Duration) error {
		if trabajo > 0 {
			os.WriteFile(filepath.Join(dir, "empezo"), nil, 0o644)
		}
		time.Sleep(300 * time.Millisecond)
		return nil
	}
	err = trabajador.Servir(ctx, b, a, almacen.NuevoCatalogo(a, bases...), trabajador.Opciones{Registro: os.Stderr, Pausa: pausa})
	fmt.Fprintln(os.Stderr, "hijo:", err)
	return 1
}

// servidorNATS arranca un servidor NATS con JetStream en 127.0.0.1, en un
// puerto libre, solo para la prueba, y devuelve su URL.
func servidorNATS(t *testing.T) string {
	t.Helper()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(),
		NoLog: true, NoSigs: true})
	require.NoError(t, err)
	go srv.Start()
	require.True(t, srv.ReadyForConnections(10*time.Second))
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv.ClientURL()
}

// partidaPasada guarda en a una partida española entre dos personas que
// pasaron hasta el final (seis turnos) y devuelve su número.
func partidaPasada(t *testing.T, a abrir.Almacen, cat *almacen.Catalogo, semilla uint64) int64 {
	t.Helper()
	ctx := context.Background()
	_, err := cat.Asegurar(ctx, "es-clasica", "es-clasica")
	require.NoError(t, err)
	var js [2]int64
	for i := range js {
		j, err := a.CrearJugador(ctx, fmt.Sprintf("j%d-%d-%d", semilla, i, time.Now().UnixNano()), "es")
		require.NoError(t, err)
		js[i] = j.ID
	}
	m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: semilla,
		Asientos: []almacen.Asiento{{Jugador: js[0]}, {Jugador: js[1]}}})
	require.NoError(t, err)
	for {
		if _, fin := m.Terminada(); fin {
			return m.ID()
		}
		require.NoError(t, m.Pasar(ctx))
	}
}

// salidaHijo guarda lo que escribe el proceso hijo.
type salidaHijo struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *salidaHijo) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *salidaHijo) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Un trabajador de verdad (otro proceso) toma el análisis de una partida
// y muere con SIGKILL a mitad (ya analizó un turno, no lo guardó); otro
// trabajador lo retoma a lo sumo EsperaRevision después y lo termina: el
// análisis se guarda una vez, completo, y el sobreviviente lo calcula una
// sola vez aunque los procesos web lo hayan encargado de nuevo mientras
// el muerto lo tenía. PostgreSQL y NATS reales.
func TestRevisionDelMuerto(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de procesos: corre sin -short")
	}
	ctx := context.Background()
	url := pruebapg.URL(t)
	a, err := abrir.Abrir(ctx, url)
	require.NoError(t, err)
	defer a.Close()
	bases, err := trabajador.Bases("")
	require.NoError(t, err)
	cat := almacen.NuevoCatalogo(a, bases...)
	id := partidaPasada(t, a, cat, 7)
	natsURL := servidorNATS(t)
	b, err := bus.Conectar(natsURL, "prueba")
	require.NoError(t, err)
	defer b.Cerrar()
	// Los GADDAG del sobreviviente, fuera del reloj: Servir los arma antes
	// de tomar trabajos (con el detector de carreras, más de 10 s), y lo
	// que se mide es cuándo retoma el análisis.
	require.NoError(t, cat.Precalentar(ctx))

	dir := t.TempDir()
	var salida salidaHijo
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), varHijo+"="+dir, varDB+"="+url, varNATS+"="+natsURL)
	cmd.Stdout, cmd.Stderr = &salida, &salida
	require.NoError(t, cmd.Start())
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	require.NoError(t, b.EncargarRevision(ctx, id))
	limite := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(dir, "empezo")); err == nil {
			break
		}
		require.True(t, time.Now().Before(limite), "el hijo no empezó a analizar: %s", salida.String())
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, b.EncargarRevision(ctx, id)) // los procesos web lo encargan otra vez
	require.NoError(t, b.EncargarRevision(ctx, id))
	// El otro trabajador ya está esperando cuando el primero muere.
	sctx, parar := context.WithCancel(ctx)
	var mu sync.Mutex
	calculadas := map[int64]int{}
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(sctx, b, a, cat, trabajador.Opciones{Registro: io.Discard, Revisadas: func(id int64) {
			mu.Lock()
			calculadas[id]++
			mu.Unlock()
		}})
	}()
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	murio := time.Now()
	_, _, err = a.Revision(ctx, id)
	require.ErrorIs(t, err, almacen.ErrRevisionInexistente, "el hijo terminó antes de morir: la prueba no prueba nada")

	// Lo retoma otro a lo sumo EsperaRevision después de la última señal
	// del muerto, y lo termina: con el detector de carreras el análisis
	// tarda varias veces más.
	plazo := bus.EsperaRevision + 10*time.Second
	if conCarreras {
		plazo = bus.EsperaRevision + 60*time.Second
	}
	var datos []byte
	for {
		var version int
		datos, version, err = a.Revision(ctx, id)
		if err == nil {
			require.Equal(t, revision.Version, version)
			break
		}
		require.True(t, errors.Is(err, almacen.ErrRevisionInexistente), "%v", err)
		require.Less(t, time.Since(murio), plazo, "nadie retomó el análisis")
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("retomado y terminado %v después de la muerte (EsperaRevision: %v)", time.Since(murio).Round(time.Millisecond), bus.EsperaRevision)
	time.Sleep(2 * bus.EsperaRevision) // que vuelva lo que tuviera que volver
	parar()
	require.NoError(t, <-listo)
	require.Equal(t, map[int64]int{id: 1}, calculadas)
	require.Contains(t, string(datos), `"turnos":[`)
	require.Equal(t, 6, strings.Count(string(datos), `"mano":`))
}

// Un análisis que no se puede hacer nunca (la partida no existe, o no
// terminó) sale de la cola sin guardar nada, con una línea en el
// registro; la partida terminada del mismo lote sí se analiza.
func TestRevisionDescartada(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de procesos: corre sin -short")
	}
	ctx := context.Background()
	a, err := abrir.Abrir(ctx, filepath.Join(t.TempDir(), "t.db"))
	require.NoError(t, err)
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	terminada := partidaPasada(t, a, cat, 7)
	ana, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	beto, err := a.CrearJugador(ctx, "beto", "es")
	require.NoError(t, err)
	enCurso, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: 8,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	b, err := bus.Embebido(t.TempDir())
	require.NoError(t, err)
	defer b.Cerrar()
	for _, id := range []int64{999, enCurso.ID(), terminada} {
		require.NoError(t, b.EncargarRevision(ctx, id))
	}
	var registro salidaHijo
	var mu sync.Mutex
	var calculadas []int64
	sctx, parar := context.WithCancel(ctx)
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(sctx, b, a, cat, trabajador.Opciones{Registro: &registro, Revisadas: func(id int64) {
			mu.Lock()
			calculadas = append(calculadas, id)
			mu.Unlock()
		}})
	}()
	limite := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		n := len(calculadas)
		mu.Unlock()
		if n == 1 && strings.Contains(registro.String(), "partida 999") &&
			strings.Contains(registro.String(), fmt.Sprintf("partida %d", enCurso.ID())) {
			break
		}
		require.True(t, time.Now().Before(limite), "no terminó: %s", registro.String())
		time.Sleep(20 * time.Millisecond)
	}
	parar()
	require.NoError(t, <-listo)
	require.Equal(t, []int64{terminada}, calculadas)
	require.Contains(t, registro.String(), revision.ErrNoTerminada.Error())
	for _, id := range []int64{999, enCurso.ID()} {
		_, _, err := a.Revision(ctx, id)
		require.ErrorIs(t, err, almacen.ErrRevisionInexistente)
	}
	// Salieron de la cola: encargarlos otra vez los pone enseguida (si
	// hubieran vuelto a la cola para más tarde, el encargo nuevo se
	// rechazaría y no habría nada que tomar).
	for _, id := range []int64{999, enCurso.ID()} {
		require.NoError(t, b.EncargarRevision(ctx, id))
		otra, err := b.TomarRevision(time.Second)
		require.NoError(t, err)
		require.NotNil(t, otra, "el análisis imposible de %d quedó en la cola", id)
		require.Equal(t, id, otra.Partida)
		require.NoError(t, otra.Hecho())
	}
}
