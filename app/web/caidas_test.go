package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/app/almacen/sqlite"
)

// Variables de entorno con que la prueba de caídas vuelve a ejecutar este
// mismo binario como el servidor.
const (
	varHijo = "PALABRAS_WEB_HIJO" // el directorio del almacén
	varAddr = "PALABRAS_WEB_ADDR" // dónde escuchar
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(varHijo); dir != "" {
		os.Exit(hijo(dir, os.Getenv(varAddr)))
	}
	os.Exit(m.Run())
}

// hijo es el servidor de la prueba de caídas: sirve hasta que lo matan, y
// avisa su dirección y cuántas partidas reanudó en archivos de dir.
func hijo(dir, addr string) int {
	op := Opciones{DB: filepath.Join(dir, "web.db"), Semilla: func() uint64 { return semillaGuion }, Registro: io.Discard,
		MensajesPorSegundo: 100, Rafaga: 200}
	err := servir(context.Background(), addr, op, func(url string, s *Sala) {
		os.WriteFile(filepath.Join(dir, "reanudadas"), []byte(strconv.Itoa(s.Reanudadas())), 0o644)
		os.WriteFile(filepath.Join(dir, "url.tmp"), []byte(url), 0o644)
		os.Rename(filepath.Join(dir, "url.tmp"), filepath.Join(dir, "url"))
	})
	fmt.Fprintln(os.Stderr, "hijo:", err)
	return 1
}

// servidorHijo es un proceso servidor de la prueba de caídas.
type servidorHijo struct {
	cmd        *exec.Cmd
	url        string
	reanudadas int
	salida     salidaHijo
}

// salidaHijo guarda lo que escribe el proceso hijo; la escriben las
// gorutinas de os/exec mientras la prueba puede leerla.
type salidaHijo struct {
	mu sync.Mutex
	b  bytes.Buffer
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

// arrancarHijo arranca el servidor en addr sobre el almacén de dir y espera
// a que escuche.
func arrancarHijo(t *testing.T, dir, addr string) *servidorHijo {
	t.Helper()
	os.Remove(filepath.Join(dir, "url"))
	h := &servidorHijo{cmd: exec.Command(os.Args[0], "-test.run=^$")}
	h.cmd.Env = append(os.Environ(), varHijo+"="+dir, varAddr+"="+addr)
	h.cmd.Stdout, h.cmd.Stderr = &h.salida, &h.salida
	require.NoError(t, h.cmd.Start())
	limite := time.Now().Add(60 * time.Second)
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "url")); err == nil {
			h.url = string(b)
			break
		}
		if time.Now().After(limite) {
			t.Fatalf("el servidor hijo no arrancó: %s", h.salida.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "reanudadas"))
	h.reanudadas, _ = strconv.Atoi(string(b))
	return h
}

// matar mata el proceso con SIGKILL y espera a que termine.
func (h *servidorHijo) matar() {
	h.cmd.Process.Signal(syscall.SIGKILL)
	h.cmd.Wait()
}

// TestCaidas mata el proceso del servidor (SIGKILL) tres veces en medio de
// muchas partidas y lo vuelve a arrancar en la misma dirección: cada
// partida sigue en su último movimiento confirmado (ninguno se pierde), sus
// clientes se reconectan solos, y todas terminan con lo mismo que quedó
// guardado.
func TestCaidas(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de caídas: se salta con -short")
	}
	const partidas, muertes = 40, 3
	pasos := guion(t)
	dir := t.TempDir()
	h := arrancarHijo(t, dir, "127.0.0.1:0")
	addr := strings.TrimPrefix(h.url, "http://")
	defer func() { h.matar() }()

	ids := make([]int64, partidas)
	var acks atomic.Int64
	var jugadores []*jugadorGuion
	for i := range partidas {
		var fichas [2]string
		ids[i], fichas = partidaDeDos(t, h.url, fmt.Sprintf("caida%d", i))
		for a := range 2 {
			jugadores = append(jugadores, &jugadorGuion{url: func() string { return "http://" + addr }, ficha: fichas[a], asiento: a,
				pasos: pasos, acks: &acks, pausa: 30 * time.Millisecond})
		}
	}
	ctx, cancelar := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancelar()
	errs := make([]error, len(jugadores))
	var wg sync.WaitGroup
	for k, jg := range jugadores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = jg.jugar(ctx)
		}()
	}
	total := int64(partidas * len(pasos))
	reanudadas := 0
	for m := 1; m <= muertes; m++ {
		for acks.Load() < total*int64(m)/(muertes+1) {
			require.NoError(t, ctx.Err(), "sin avance antes de la muerte %d", m)
			time.Sleep(5 * time.Millisecond)
		}
		h.matar()
		antes := acks.Load()
		h = arrancarHijo(t, dir, addr)
		require.Positive(t, h.reanudadas, "muerte %d", m)
		reanudadas += h.reanudadas
		t.Logf("muerte %d con %d/%d movimientos confirmados: reanudó %d partidas en curso", m, antes, total, h.reanudadas)
	}
	wg.Wait()
	require.NoError(t, errors.Join(errs...))
	h.matar()

	a, err := sqlite.Abrir(filepath.Join(dir, "web.db"), sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	perdidos, reconexiones := 0, 0
	for k, jg := range jugadores {
		perdidos += jg.perdidos
		reconexiones += jg.reconexiones
		require.True(t, jg.fin, "cliente %d sin fin", k)
		p, err := a.Partida(ctx, ids[k/2])
		require.NoError(t, err)
		require.Equal(t, almacen.Terminada, p.Estado)
		require.Len(t, p.Movimientos, len(pasos))
		require.Len(t, jg.recibidos, len(p.Movimientos), "cliente %d", k)
		for n, r := range jg.recibidos {
			require.Equal(t, p.Movimientos[n].Jugador, r.Jugador)
			require.Equal(t, p.Movimientos[n].Puntos, r.Puntos)
		}
	}
	require.Zero(t, perdidos, "movimientos confirmados que se perdieron")
	t.Logf("caídas: %d muertes con SIGKILL, %d partidas (%d clientes), %d reanudadas en total, %d reconexiones, %d movimientos confirmados perdidos; las %d terminaron con %d movimientos cada una",
		muertes, partidas, len(jugadores), reanudadas, reconexiones, perdidos, partidas, len(pasos))
}
