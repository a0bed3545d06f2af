package sitio

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

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// Variables de entorno con que la prueba de caídas vuelve a ejecutar este
// mismo binario como el servidor.
const (
	varHijo = "PALABRAS_WEB_HIJO" // el directorio del almacén
	varAddr = "PALABRAS_WEB_ADDR" // dónde escuchar
)

// hijo es el servidor de la prueba de caídas: sirve hasta que lo matan, y
// avisa su dirección y cuántas partidas reanudó en archivos de dir.
func hijo(dir, addr string) int {
	op := sinCotas(Opciones{DB: filepath.Join(dir, "web.db"), Semilla: func() uint64 { return semillaGuion }, Registro: io.Discard,
		MensajesPorSegundo: 100, Rafaga: 200})
	err := Servir(context.Background(), addr, op, "", "", func(url string, s *Sala) {
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
	listo      time.Time // cuando empezó a escuchar
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
	h.listo = time.Now()
	b, _ := os.ReadFile(filepath.Join(dir, "reanudadas"))
	h.reanudadas, _ = strconv.Atoi(string(b))
	return h
}

// matar mata el proceso con SIGKILL y espera a que termine.
func (h *servidorHijo) matar() {
	h.cmd.Process.Signal(syscall.SIGKILL)
	h.cmd.Wait()
}

// relojVisto es lo que un jugador sabía del reloj de su partida cuando el
// servidor murió.
type relojVisto struct {
	jg        *jugadorGuion
	restantes [2]int64 // en el momento de la muerte
	turno     int
	fotos     int // cuántas fotos había recibido
	muerte    time.Time
}

// TestCaidas mata el proceso del servidor (SIGKILL) tres veces en medio de
// muchas partidas con reloj y lo vuelve a arrancar en la misma dirección:
// cada partida sigue en su último movimiento confirmado (ninguno se
// pierde), sus clientes se reconectan solos con la misma sesión, los
// relojes siguen donde estaban (el tiempo con el servidor caído no cuenta:
// a lo sumo el segundo del último latido), y todas terminan con lo mismo
// que quedó guardado. Solo con PALABRAS_LARGAS=1.
func TestCaidas(t *testing.T) {
	pruebas.SoloLargas(t)
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
		var cs [2]*cliente
		ids[i], cs = partidaDeDos(t, h.url, relojTorneo)
		for a := range 2 {
			jugadores = append(jugadores, &jugadorGuion{url: func() string { return "http://" + addr }, c: cs[a], partida: ids[i], asiento: a,
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
	reanudadas, comparados := 0, 0
	peor := time.Duration(0)
	inicial := int64(relojTorneo.Inicial) * 1000
	for m := 1; m <= muertes; m++ {
		for acks.Load() < total*int64(m)/(muertes+1) {
			require.NoError(t, ctx.Err(), "sin avance antes de la muerte %d", m)
			time.Sleep(5 * time.Millisecond)
		}
		h.matar()
		muerte := time.Now()
		antes := acks.Load()
		var vistos []relojVisto
		for _, jg := range jugadores {
			jg.mu.Lock()
			listo := jg.usados != nil && !jg.fin
			fotos, turno := len(jg.fotos), jg.turno
			jg.mu.Unlock()
			if listo {
				vistos = append(vistos, relojVisto{jg: jg, restantes: [2]int64{jg.restante(0, inicial), jg.restante(1, inicial)},
					turno: turno, fotos: fotos, muerte: muerte})
			}
		}
		time.Sleep(500 * time.Millisecond) // el servidor caído: no cuenta
		h = arrancarHijo(t, dir, addr)
		require.Positive(t, h.reanudadas, "muerte %d", m)
		reanudadas += h.reanudadas
		// Los relojes, en la primera foto después de volver: el del turno
		// siguió desde donde estaba (menos lo que corrió desde que el
		// servidor volvió), los demás no se movieron.
		for _, v := range vistos {
			var f *estado
			var llego time.Time
			require.Eventually(t, func() bool {
				v.jg.mu.Lock()
				defer v.jg.mu.Unlock()
				if len(v.jg.fotos) > v.fotos {
					f, llego = v.jg.fotos[v.fotos], v.jg.fotosEn[v.fotos]
				}
				return f != nil || v.jg.fin
			}, time.Minute, 10*time.Millisecond)
			if f == nil || f.Reloj == nil || f.Turno != v.turno || f.Fin != nil {
				continue // terminó, o se jugó un movimiento en vuelo
			}
			for i := range 2 {
				servidor := inicial - f.Reloj.Usados[i]
				esperado := v.restantes[i]
				if i == f.Turno {
					servidor -= f.Reloj.Corre
					// Lo que corrió desde que el servidor volvió a escuchar
					// hasta la foto, que el servidor sí cuenta.
					esperado -= llego.Sub(h.listo).Milliseconds()
				}
				d := time.Duration(servidor-esperado) * time.Millisecond
				peor = max(peor, d.Abs())
				require.InDelta(t, esperado, servidor, 1500, "partida %d, asiento %d, muerte %d: el reloj no siguió donde estaba", v.jg.partida, i, m)
			}
			comparados++
		}
		t.Logf("muerte %d con %d/%d movimientos confirmados: reanudó %d partidas en curso", m, antes, total, h.reanudadas)
	}
	wg.Wait()
	require.NoError(t, errors.Join(errs...))
	h.matar()
	require.Positive(t, comparados)

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
	t.Logf("caídas: %d muertes con SIGKILL, %d partidas con reloj (%d clientes), %d reanudadas en total, %d reconexiones, %d movimientos confirmados perdidos; %d relojes comparados tras volver, la mayor diferencia %v; las %d terminaron con %d movimientos cada una",
		muertes, partidas, len(jugadores), reanudadas, reconexiones, perdidos, comparados, peor, partidas, len(pasos))
}
