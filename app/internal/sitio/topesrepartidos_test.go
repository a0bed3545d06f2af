package sitio

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
)

// TestTopesRepartidos: el tope de mesas por jugador vale en todos los
// procesos juntos, no en cada uno. Con dos salas sobre la misma base y el
// mismo NATS y un tope de 2, una cuenta que abrió 2 mesas que esperan en
// una no abre una tercera en la otra; y con 2 partidas contra bots en
// curso creadas en una, la otra le niega una tercera (las cuenta el
// almacén compartido, no la memoria de cada proceso).
func TestTopesRepartidos(t *testing.T) {
	url := pruebapg.URL(t)
	b := busDePrueba(t)
	op := sinCotas(Opciones{DB: url, Secreto: filepath.Join(t.TempDir(), "clave"), Bus: b, Registro: registroDe(t), MesasPorJugador: 2})
	_, baseA := abrirSala(t, op)
	_, baseB := abrirSala(t, op)
	ana := alta(t, baseA, "ana", "una contraseña larga")
	anaEnB := *ana // la misma sesión, pedida al otro proceso
	anaEnB.base = baseB

	var m sentado
	var e respuestaSesion
	for range 2 {
		require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &m))
		require.NotZero(t, m.Mesa)
	}
	require.Equal(t, 429, anaEnB.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &e),
		"la tercera mesa que espera, en el otro proceso")
	require.Equal(t, "mesas", e.Codigo)

	for range 2 {
		require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
		require.NotZero(t, m.Partida)
	}
	e = respuestaSesion{}
	require.Equal(t, 429, anaEnB.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &e),
		"la tercera partida contra bots, en el otro proceso")
	require.Equal(t, "bots", e.Codigo)
	// En el mismo proceso, lo mismo.
	require.Equal(t, 429, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &e))
}

// TestRevanchaSimultanea: los dos jugadores de una partida terminada piden
// la revancha a la vez, cada uno en su proceso: sale una sola partida
// nueva, y los dos están sentados en ella.
func TestRevanchaSimultanea(t *testing.T) {
	sA, baseA, sB, baseB := dosSalas(t)
	ctx, cancelar := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancelar()
	for ronda := range 6 {
		id, cs := partidaEntreSalas(t, baseA, baseB, relojJSON{})
		ws, _ := entrarWS(t, ctx, baseA, cs[0], id)
		require.NoError(t, escribir(ctx, ws, mensajeCliente{Tipo: "rendirse"}))
		ws.CloseNow()
		for _, s := range []*Sala{sA, sB} {
			require.Eventually(t, func() bool {
				p, err := s.cargar(ctx, id)
				return err == nil && p.final() != nil
			}, 10*time.Second, 5*time.Millisecond)
		}
		var rs [2]sentado
		var codigos [2]int
		var errs [2]error
		var listos, empezar sync.WaitGroup
		empezar.Add(1)
		for k := range 2 {
			listos.Add(1)
			go func() {
				defer listos.Done()
				empezar.Wait()
				codigos[k], errs[k] = cs[k].pedirCon("POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, &rs[k], nil)
			}()
		}
		empezar.Done()
		listos.Wait()
		for k := range 2 {
			require.NoError(t, errs[k])
			require.Equal(t, 200, codigos[k], "ronda %d, jugador %d", ronda, k)
		}
		// Quien quedó esperando, espera su partida.
		nuevas := [2]int64{rs[0].Partida, rs[1].Partida}
		for k := range 2 {
			if nuevas[k] == 0 {
				require.NotZero(t, rs[k].Mesa)
				var r sentado
				c, err := cs[k].pedirCon("GET", fmt.Sprintf("/api/mesas/%d/esperar", rs[k].Mesa), nil, &r, nil)
				require.NoError(t, err)
				require.Equal(t, 200, c)
				nuevas[k] = r.Partida
			}
		}
		require.NotZero(t, nuevas[0], "ronda %d", ronda)
		require.Equal(t, nuevas[0], nuevas[1], "ronda %d: una sola revancha", ronda)
		ps, err := sA.almacen.Partidas(ctx, almacen.Filtro{Jugador: cs[0].id})
		require.NoError(t, err)
		require.Len(t, ps, 2, "ronda %d: la partida y su revancha", ronda)
	}
}

// TestTopesSimultaneos: los topes valen en todos los procesos juntos
// también con pedidos exactamente a la vez. Dos salas sobre la misma base y
// el mismo NATS; en cada ronda, la misma cuenta (con tope 1 por jugador)
// pide una mesa que espera en las dos a la vez, y después una partida
// contra un bot en las dos a la vez: pasa una sola de cada par. Y con tope
// 1 de mesas abiertas en total, dos cuentas distintas a la vez, una en
// cada sala: pasa una sola.
func TestTopesSimultaneos(t *testing.T) {
	url := pruebapg.URL(t)
	b := busDePrueba(t)
	op := sinCotas(Opciones{DB: url, Secreto: filepath.Join(t.TempDir(), "clave"), Bus: b, Registro: registroDe(t), MesasPorJugador: 1})
	_, baseA := abrirSala(t, op)
	_, baseB := abrirSala(t, op)
	// aLaVez hace el pedido de c1 y el de c2 a la vez y devuelve los dos
	// códigos.
	aLaVez := func(c1, c2 *cliente, pm pedidoMesa) [2]int {
		var codigos [2]int
		var listos, empezar sync.WaitGroup
		var g sync.WaitGroup
		empezar.Add(1)
		for i, c := range []*cliente{c1, c2} {
			listos.Add(1)
			g.Go(func() {
				listos.Done()
				empezar.Wait()
				var r respuestaSesion
				var err error
				codigos[i], err = c.pedirCon("POST", "/api/mesas", pm, &r, nil)
				assert.NoError(t, err)
			})
		}
		listos.Wait()
		empezar.Done()
		g.Wait()
		return codigos
	}
	espera := pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}
	conBot := pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}
	const rondas = 8
	for ronda := range rondas {
		c := alta(t, baseA, fmt.Sprintf("ana%d", ronda), "una contraseña larga")
		enB := *c
		enB.base = baseB
		codigos := aLaVez(c, &enB, espera)
		require.ElementsMatch(t, []int{200, 429}, codigos[:], "ronda %d, mesas que esperan: pasa una sola", ronda)
		codigos = aLaVez(c, &enB, conBot)
		require.ElementsMatch(t, []int{200, 429}, codigos[:], "ronda %d, partidas con bots: pasa una sola", ronda)
	}

	op.MesasPorJugador, op.MesasAbiertas = 10, 1
	op.DB = pruebapg.URL(t)
	op.Bus = busDePrueba(t)
	_, baseA = abrirSala(t, op)
	_, baseB = abrirSala(t, op)
	for ronda := range rondas {
		c1 := alta(t, baseA, fmt.Sprintf("eva%d", ronda), "una contraseña larga")
		c2 := alta(t, baseB, fmt.Sprintf("leo%d", ronda), "una contraseña larga")
		codigos := aLaVez(c1, c2, espera)
		require.ElementsMatch(t, []int{200, 429}, codigos[:], "ronda %d, mesas abiertas en total: pasa una sola", ronda)
		// La que pasó se deja, para la ronda siguiente.
		var ms []abierta
		require.Equal(t, 200, c1.pedir(t, "GET", "/api/mesas", nil, &ms))
		require.Len(t, ms, 1)
		for _, c := range []*cliente{c1, c2} {
			c.pedirCon("POST", fmt.Sprintf("/api/mesas/%d/dejar", ms[0].ID), nil, nil, nil)
		}
		require.Eventually(t, func() bool {
			ms = nil
			return c1.pedir(t, "GET", "/api/mesas", nil, &ms) == 200 && len(ms) == 0
		}, 5*time.Second, 10*time.Millisecond)
	}

	// Pasado el primer latido, cada sala sabe de la otra y cuenta sin
	// esperar de más (sin eso, 50 ms o más por mesa): 10 mesas seguidas,
	// alternando las salas, en mucho menos de 10 × 50 ms. (Espera el
	// latido: no con -short.)
	if testing.Short() {
		return
	}
	time.Sleep(latidoMesas + 100*time.Millisecond)
	cs := []*cliente{alta(t, baseA, "ivo", "una contraseña larga"), alta(t, baseB, "ema", "una contraseña larga")}
	desde := time.Now()
	for i := range 10 {
		var m sentado
		require.Equal(t, 200, cs[i%2].pedir(t, "POST", "/api/mesas", espera, &m))
		require.Equal(t, 200, cs[i%2].pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/dejar", m.Mesa), nil, nil))
	}
	t.Logf("10 mesas abiertas y dejadas con el candado: %v", time.Since(desde))
	require.Less(t, time.Since(desde), 400*time.Millisecond)
}

// TestCompletarDosVeces: cuando los dos asientos de una mesa se ocupan a la
// vez (el creador de una revancha, y quien se unió desde otro proceso), los
// dos llaman a completar; el primero empieza la partida y el segundo recibe
// esa misma partida, no ErrMesaLlena (así fallaba TestRevanchaSimultanea
// una vez de cada tantas). Y si la mesa se cerró sin empezar, quien llega
// tarde recibe ErrMesaDesconocida.
func TestCompletarDosVeces(t *testing.T) {
	s, base := abrirSala(t, Opciones{})
	ana, beto := alta(t, base, "ana", "una contraseña larga"), alta(t, base, "beto", "otra contraseña larga")
	r, ok := s.reglasDe("es-clasica")
	require.True(t, ok)
	ctx := context.Background()
	m := &abierta{Reglas: r, Creada: time.Now(), Vence: time.Now().Add(time.Hour), creador: ana.id, lista: make(chan struct{}),
		Puestos: []puesto{{Jugador: ana.id, Nombre: "ana"}, {Jugador: beto.id, Nombre: "beto"}}}
	require.NoError(t, s.registrarMesa(m, nil))
	var res [2]sentado
	var errs [2]error
	var g sync.WaitGroup
	for a := range 2 {
		g.Go(func() { res[a], errs[a] = s.completar(ctx, m, a) })
	}
	g.Wait()
	for a := range 2 {
		require.NoError(t, errs[a], "asiento %d", a)
		assert.Equal(t, a, res[a].Asiento)
	}
	require.NotZero(t, res[0].Partida)
	assert.Equal(t, res[0].Partida, res[1].Partida, "una sola partida")
	otra, err := s.completar(ctx, m, 1) // otra vez, ya empezada
	require.NoError(t, err)
	assert.Equal(t, res[0].Partida, otra.Partida)

	cerrada := &abierta{Reglas: r, creador: ana.id, lista: make(chan struct{}), cerrada: true,
		Puestos: []puesto{{Jugador: ana.id, Nombre: "ana"}, {Jugador: beto.id, Nombre: "beto"}}}
	close(cerrada.lista)
	_, err = s.completar(ctx, cerrada, 1)
	require.ErrorIs(t, err, ErrMesaDesconocida)
}
