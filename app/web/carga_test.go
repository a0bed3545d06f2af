package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// errFatal marca un error del que un jugador no se recupera
// reconectándose.
var errFatal = errors.New("fatal")

// jugadorGuion juega un asiento por WebSocket siguiendo el guion, y se
// reconecta si la conexión se corta (el servidor murió, por ejemplo).
// Comprueba que cada movimiento llegue una sola vez y en orden.
type jugadorGuion struct {
	url     func() string // la URL de la sala (la misma tras reiniciarla)
	ficha   string
	asiento int
	pasos   []paso

	n            int // movimientos recibidos (o de la última foto)
	latencias    []time.Duration
	reconexiones int
	perdidos     int // movimientos que había visto y que la foto tras reconectar no tiene
	recibidos    []respuesta
	fin          bool
	acks         *atomic.Int64 // movimientos propios confirmados, de todos los jugadores
	pausa        time.Duration // lo que "piensa" antes de cada jugada, al azar hasta el doble
}

func (jg *jugadorGuion) jugar(ctx context.Context) error {
	espera := 20 * time.Millisecond
	for ctx.Err() == nil {
		err := jg.sesion(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errFatal) {
			return err
		}
		jg.reconexiones++
		select {
		case <-ctx.Done():
		case <-time.After(espera):
		}
		espera = min(2*espera, 500*time.Millisecond)
	}
	return fmt.Errorf("asiento %d: no terminó (%d movimientos): %w", jg.asiento, jg.n, ctx.Err())
}

// sesion es una conexión: devuelve nil al final de la partida, un error
// con errFatal si algo no es como debe, u otro error para reconectarse.
func (jg *jugadorGuion) sesion(ctx context.Context) error {
	c, _, err := websocket.Dial(ctx, "ws"+jg.url()[len("http"):]+"/ws", nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	if err := escribir(ctx, c, mensajeCliente{Tipo: "entrar", Ficha: jg.ficha}); err != nil {
		return err
	}
	pendiente, turno := false, -1
	var enviado time.Time
	for {
		r, err := leerResp(ctx, c)
		if err != nil {
			return err
		}
		switch r.Tipo {
		case "estado":
			if r.Estado.Movimientos < jg.n {
				jg.perdidos += jg.n - r.Estado.Movimientos
			}
			jg.n, turno, pendiente = r.Estado.Movimientos, r.Estado.Turno, false
			jg.recibidos = jg.recibidos[:0]
			for _, r := range r.Estado.Planilla {
				jg.recibidos = append(jg.recibidos, respuesta{Tipo: r.Tipo, N: r.N, Jugador: r.Jugador, Puntos: r.Puntos})
			}
			if r.Estado.Fin != nil {
				jg.fin = true
				return nil
			}
		case "jugada", "pase", "cambio":
			if r.N != jg.n {
				return fmt.Errorf("%w: asiento %d: llegó el movimiento %d y se esperaba el %d", errFatal, jg.asiento, r.N, jg.n)
			}
			jg.n++
			turno = -1 // hasta el próximo "turno"
			jg.recibidos = append(jg.recibidos, r)
			if r.Jugador == jg.asiento && pendiente {
				jg.latencias = append(jg.latencias, time.Since(enviado))
				pendiente = false
				jg.acks.Add(1)
			}
		case "turno":
			turno = *r.Turno
		case "fin":
			jg.fin = true
			return nil
		case "mal", "error":
			return fmt.Errorf("%w: asiento %d, movimiento %d: %s %s (%s)", errFatal, jg.asiento, jg.n, r.Tipo, r.Motivo, r.Codigo)
		}
		if turno == jg.asiento && !pendiente && jg.n < len(jg.pasos) {
			if jg.pausa > 0 {
				time.Sleep(jg.pausa/2 + rand.N(jg.pausa))
			}
			enviado = time.Now()
			if err := escribir(ctx, c, jg.pasos[jg.n]); err != nil {
				return err
			}
			pendiente = true
		}
	}
}

// TestCarga: 500 clientes por WebSocket en 250 partidas a la vez, por
// 127.0.0.1, que juegan hasta el final. Cada movimiento se confirma, ninguna
// notificación se pierde ni se duplica (cada cliente recibe todos los
// movimientos, en orden, una vez, y son los guardados), y mide la latencia
// de cada jugada: del envío a su anuncio. PALABRAS_CARGA=n cambia la
// cantidad de partidas.
//
// Dos rondas: "pensando", donde cada cliente piensa entre 150 y 450 ms
// antes de jugar (lo que mide la latencia que ve un jugador), y
// "saturada", sin pausa: todos juegan en cuanto les toca, lo que mide el
// máximo de movimientos por segundo (y la latencia es la de la cola).
func TestCarga(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de carga: se salta con -short")
	}
	partidas := 250
	if conCarreras {
		partidas = 25 // con -race, una versión acotada
	}
	if s := os.Getenv("PALABRAS_CARGA"); s != "" {
		var err error
		partidas, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	t.Run("pensando", func(t *testing.T) { carga(t, partidas, 300*time.Millisecond, true) })
	t.Run("saturada", func(t *testing.T) { carga(t, partidas, 0, false) })
}

func carga(t *testing.T, partidas int, pausa time.Duration, objetivo bool) {
	pasos := guion(t)
	s, base := abrirSala(t, Opciones{MensajesPorSegundo: 50, Rafaga: 100})
	ids := make([]int64, partidas)
	fichas := make([][2]string, partidas)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range partidas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			ids[i], fichas[i] = partidaDeDos(t, base, fmt.Sprintf("carga%d", i))
		}()
	}
	wg.Wait()

	ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelar()
	var acks atomic.Int64
	jugadores := make([]*jugadorGuion, 0, 2*partidas)
	for i := range partidas {
		for a := range 2 {
			jugadores = append(jugadores, &jugadorGuion{url: func() string { return base }, ficha: fichas[i][a], asiento: a, pasos: pasos, acks: &acks, pausa: pausa})
		}
	}
	inicio := time.Now()
	errs := make([]error, len(jugadores))
	for k, jg := range jugadores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = jg.jugar(ctx)
		}()
	}
	wg.Wait()
	dur := time.Since(inicio)
	require.NoError(t, errors.Join(errs...))

	var lat []time.Duration
	for k, jg := range jugadores {
		lat = append(lat, jg.latencias...)
		require.True(t, jg.fin, "cliente %d sin fin", k)
		require.Zero(t, jg.reconexiones, "cliente %d se reconectó", k)
		// Lo recibido es lo guardado: ni perdido ni duplicado.
		p, err := s.almacen.Partida(ctx, ids[k/2])
		require.NoError(t, err)
		require.Len(t, jg.recibidos, len(p.Movimientos), "cliente %d", k)
		for n, r := range jg.recibidos {
			require.Equal(t, p.Movimientos[n].Jugador, r.Jugador)
			require.Equal(t, p.Movimientos[n].Puntos, r.Puntos)
		}
	}
	slices.Sort(lat)
	movs := len(lat)
	require.Equal(t, int64(movs), acks.Load())
	require.Equal(t, partidas*len(pasos), movs)
	t.Logf("carga (pausa %v): %d clientes, %d partidas, %d movimientos confirmados en %v (%.0f mov/s); latencia p50 %v, p99 %v, máx %v",
		pausa, len(jugadores), partidas, movs, dur.Round(time.Millisecond), float64(movs)/dur.Seconds(),
		percentil(lat, 50).Round(10*time.Microsecond), percentil(lat, 99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
	if p99 := percentil(lat, 99); objetivo && p99 > 50*time.Millisecond {
		t.Logf("AVISO: p99 %v supera el objetivo de 50 ms", p99)
	}
}
