package sitio

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

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// errFatal marca un error del que un jugador no se recupera
// reconectándose.
var errFatal = errors.New("fatal")

// jugadorGuion juega un asiento por WebSocket siguiendo el guion, con la
// sesión de su cliente, y se reconecta si la conexión se corta (el
// servidor murió, por ejemplo). Comprueba que cada movimiento llegue una
// sola vez y en orden, y anota lo que dice el reloj.
type jugadorGuion struct {
	url     func() string // la URL de la sala (la misma tras reiniciarla)
	c       *cliente
	partida int64
	asiento int
	pasos   []paso

	n            int // movimientos recibidos (o de la última foto)
	latencias    []time.Duration
	acuses       map[int]time.Time // cuándo llegó la confirmación de cada movimiento propio
	reconexiones int
	perdidos     int  // movimientos que había visto y que la foto tras reconectar no tiene
	enFoto       int  // movimientos propios enviados sin acuse que la foto tras reconectar trae (los guardó un proceso que murió antes de confirmarlos)
	sinAcuse     bool // el último movimiento propio enviado no tiene acuse (sigue de una conexión a la siguiente)
	recibidos    []respuesta
	fin          bool
	acks         *atomic.Int64 // movimientos propios confirmados, de todos los jugadores
	pausa        time.Duration // lo que "piensa" antes de cada jugada, al azar hasta el doble

	// El reloj según lo último que supo: lo usado por cada asiento y, para
	// el del turno, desde cuándo corre (en el reloj de la prueba).
	mu      sync.Mutex
	usados  []int64
	turno   int
	desde   time.Time
	fotos   []*estado   // las fotos al (re)conectarse
	fotosEn []time.Time // y cuándo llegó cada una
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
	c, err := dial(ctx, jg.url(), jg.c)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	if err := escribir(ctx, c, mensajeCliente{Tipo: "entrar", Partida: &jg.partida}); err != nil {
		return err
	}
	pendiente, turno := false, -1
	var enviado time.Time
	// Los mensajes los lee otra gorutina: mientras el jugador "piensa", una
	// conexión cortada se nota enseguida (como en la página), no al enviar.
	rctx, cortar := context.WithCancel(ctx)
	defer cortar()
	msgs, errc := make(chan respuesta), make(chan error, 1)
	go func() {
		for {
			r, err := leerResp(rctx, c)
			if err != nil {
				errc <- err
				return
			}
			select {
			case msgs <- r:
			case <-rctx.Done():
				return
			}
		}
	}()
	var pensar <-chan time.Time // cuándo enviar la jugada pensada
	for {
		var r respuesta
		select {
		case err := <-errc:
			return err
		case <-pensar:
			pensar = nil
			if turno != jg.asiento || pendiente || jg.n >= len(jg.pasos) {
				continue
			}
			enviado = time.Now()
			if err := escribir(ctx, c, jg.pasos[jg.n]); err != nil {
				return err
			}
			pendiente, jg.sinAcuse = true, true
			continue
		case r = <-msgs:
		}
		switch r.Tipo {
		case "estado":
			if r.Estado.Movimientos < jg.n {
				jg.perdidos += jg.n - r.Estado.Movimientos
			}
			if jg.sinAcuse && r.Estado.Movimientos > jg.n && jg.n < len(r.Estado.Planilla) && r.Estado.Planilla[jg.n].Jugador == jg.asiento {
				jg.enFoto++
			}
			jg.sinAcuse = false
			jg.n, turno, pendiente = r.Estado.Movimientos, r.Estado.Turno, false
			jg.recibidos = jg.recibidos[:0]
			for _, r := range r.Estado.Planilla {
				jg.recibidos = append(jg.recibidos, respuesta{Tipo: r.Tipo, N: r.N, Jugador: r.Jugador, Puntos: r.Puntos, Ms: r.Ms})
			}
			jg.mu.Lock()
			jg.fotos = append(jg.fotos, r.Estado)
			jg.fotosEn = append(jg.fotosEn, time.Now())
			if r.Estado.Reloj != nil {
				jg.usados = slices.Clone(r.Estado.Reloj.Usados)
				jg.turno = r.Estado.Turno
				jg.desde = time.Now().Add(-time.Duration(r.Estado.Reloj.Corre) * time.Millisecond)
			}
			jg.mu.Unlock()
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
			jg.mu.Lock()
			if jg.usados != nil {
				jg.usados[r.Jugador] += r.Ms
				jg.turno = 1 - r.Jugador
				jg.desde = time.Now()
			}
			jg.mu.Unlock()
			if r.Jugador == jg.asiento && pendiente {
				jg.latencias = append(jg.latencias, time.Since(enviado))
				if jg.acuses != nil {
					jg.acuses[r.N] = time.Now()
				}
				pendiente, jg.sinAcuse = false, false
				jg.acks.Add(1)
			}
		case "penalizacion":
			jg.n++
			jg.recibidos = append(jg.recibidos, r)
		case "turno":
			turno = *r.Turno
		case "fin":
			jg.fin = true
			return nil
		case "mal", "error":
			return fmt.Errorf("%w: asiento %d, movimiento %d: %s %s (%s)", errFatal, jg.asiento, jg.n, r.Tipo, r.Motivo, r.Codigo)
		}
		if turno == jg.asiento && !pendiente && jg.n < len(jg.pasos) && pensar == nil {
			if jg.pausa > 0 {
				pensar = time.After(jg.pausa/2 + rand.N(jg.pausa))
				continue
			}
			enviado = time.Now()
			if err := escribir(ctx, c, jg.pasos[jg.n]); err != nil {
				return err
			}
			pendiente, jg.sinAcuse = true, true
		}
	}
}

// restante devuelve lo que el jugador cree que le queda al reloj del
// asiento i en este momento (en milisegundos), con el control r.
func (jg *jugadorGuion) restante(i int, inicial int64) int64 {
	jg.mu.Lock()
	defer jg.mu.Unlock()
	u := jg.usados[i]
	if i == jg.turno {
		u += time.Since(jg.desde).Milliseconds()
	}
	return inicial - u
}

// relojTorneo es el reloj de las pruebas de carga y de caídas: 25 minutos
// con 10 puntos por minuto de exceso.
var relojTorneo = relojJSON{Inicial: 1500, Penalizacion: 10, Exceso: 600}

// TestCarga: clientes por WebSocket en partidas de dos a la vez, con
// reloj, por 127.0.0.1, que juegan hasta el final. Cada movimiento se
// confirma, ninguna notificación se pierde ni se duplica (cada cliente
// recibe todos los movimientos, en orden, una vez, y son los guardados), y
// mide la latencia de cada jugada: del envío a su anuncio.
//
// Sin PALABRAS_LARGAS juegan 4 partidas; con PALABRAS_LARGAS=1, 250 (500
// clientes) en dos rondas: "pensando", donde cada cliente piensa entre 150
// y 450 ms antes de jugar (la latencia que ve un jugador; el objetivo es un
// p99 de 50 ms), y "saturada", sin pausa: todos juegan en cuanto les toca,
// lo que mide el máximo de movimientos por segundo (y la latencia es la de
// la cola; el objetivo, un p99 de 100 ms). Las cifras se informan (con un
// AVISO si pasan el objetivo), no se exigen: la máquina es compartida. PALABRAS_CARGA=n cambia la cantidad de
// partidas.
func TestCarga(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de carga: se salta con -short")
	}
	partidas, pausa := 4, 20*time.Millisecond
	if pruebas.Largas() {
		partidas, pausa = 250, 300*time.Millisecond
	}
	if conCarreras {
		partidas = min(partidas, 25) // con -race, una versión acotada
	}
	if s := os.Getenv("PALABRAS_CARGA"); s != "" {
		var err error
		partidas, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	t.Run("pensando", func(t *testing.T) { carga(t, partidas, pausa, pruebas.Largas() && !conCarreras) })
	if pruebas.Largas() {
		t.Run("saturada", func(t *testing.T) { carga(t, partidas, 0, false) })
	}
}

func carga(t *testing.T, partidas int, pausa time.Duration, objetivo bool) {
	pasos := guion(t)
	s, base := abrirSala(t, sinCotas(Opciones{MensajesPorSegundo: 50, Rafaga: 100}))
	ids := make([]int64, partidas)
	clientes := make([][2]*cliente, partidas)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range partidas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			ids[i], clientes[i] = partidaDeDos(t, base, relojTorneo)
		}()
	}
	wg.Wait()

	ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancelar()
	var acks atomic.Int64
	jugadores := make([]*jugadorGuion, 0, 2*partidas)
	for i := range partidas {
		for a := range 2 {
			jugadores = append(jugadores, &jugadorGuion{url: func() string { return base }, c: clientes[i][a], partida: ids[i], asiento: a,
				pasos: pasos, acks: &acks, pausa: pausa})
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
	p99 := percentil(lat, 99)
	t.Logf("carga (pausa %v): %d clientes, %d partidas con reloj, %d movimientos confirmados en %v (%.0f mov/s); latencia p50 %v, p99 %v, máx %v",
		pausa, len(jugadores), partidas, movs, dur.Round(time.Millisecond), float64(movs)/dur.Seconds(),
		percentil(lat, 50).Round(10*time.Microsecond), p99.Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
	// El objetivo es una cifra, no una condición de la prueba (la máquina es
	// compartida: las cifras van al README, medidas contra main).
	if meta := 50 * time.Millisecond; objetivo && p99 > meta {
		t.Logf("AVISO: p99 %v supera el objetivo de %v", p99, meta)
	} else if meta := 100 * time.Millisecond; !objetivo && pausa == 0 && p99 > meta {
		t.Logf("AVISO: saturada, p99 %v supera el objetivo de %v", p99, meta)
	}
}
