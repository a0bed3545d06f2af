package sitio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/app/internal/bus"
)

// dosSalas abre dos salas sobre la misma base PostgreSQL de prueba y el
// mismo NATS, como dos procesos web de un sitio repartido (salta la prueba
// sin PostgreSQL), y devuelve cada una con la dirección de su servidor.
func dosSalas(t *testing.T) (sA *Sala, baseA string, sB *Sala, baseB string) {
	t.Helper()
	return dosSalasCon(t, Opciones{})
}

// dosSalasCon es dosSalas con las demás opciones de op.
func dosSalasCon(t *testing.T, op Opciones) (sA *Sala, baseA string, sB *Sala, baseB string) {
	t.Helper()
	op.DB, op.Secreto, op.Bus, op.Registro = pruebapg.URL(t), filepath.Join(t.TempDir(), "clave"), busDePrueba(t), registroDe(t)
	op = sinCotas(op)
	sA, baseA = abrirSala(t, op)
	sB, baseB = abrirSala(t, op)
	return sA, baseA, sB, baseB
}

// busDePrueba arranca un NATS embebido para la prueba.
func busDePrueba(tb testing.TB) *bus.Bus {
	tb.Helper()
	b, err := bus.Embebido(tb.TempDir())
	require.NoError(tb, err)
	tb.Cleanup(b.Cerrar)
	return b
}

// mirada es lo que vio un espectador: las líneas de la planilla en orden
// y cuándo llegó cada una.
type mirada struct {
	renglones []respuesta
	llegadas  []time.Time
	fotos     []time.Time // cuándo llegó cada foto (al conectarse y reconectarse)
	fin       bool
	ultimo    error // el último error de conexión
}

// mirar sigue como espectador la partida id en base hasta el final (o
// hasta que ctx se cancela), reconectándose si se corta, y devuelve lo
// visto: la foto y después cada renglón.
func mirarHastaElFin(ctx context.Context, bases func() string, id int64) (*mirada, error) {
	m := &mirada{}
	for ctx.Err() == nil {
		ws, err := dial(ctx, bases(), nil)
		if err != nil {
			m.ultimo = err
			time.Sleep(50 * time.Millisecond)
			continue
		}
		err = func() error {
			defer ws.CloseNow()
			if err := escribir(ctx, ws, mensajeCliente{Tipo: "mirar", Partida: &id}); err != nil {
				return err
			}
			for {
				r, err := leerResp(ctx, ws)
				if err != nil {
					return err
				}
				switch r.Tipo {
				case "estado":
					m.fotos = append(m.fotos, time.Now())
					m.renglones, m.llegadas = m.renglones[:0], m.llegadas[:0]
					for _, x := range r.Estado.Planilla {
						m.renglones = append(m.renglones, respuesta{Tipo: x.Tipo, N: x.N, Jugador: x.Jugador, Puntos: x.Puntos})
						m.llegadas = append(m.llegadas, time.Time{})
					}
					if r.Estado.Fin != nil {
						m.fin = true
						return nil
					}
				case "jugada", "pase", "cambio", "penalizacion", "abandono", "bandera", "ajuste":
					if r.N != len(m.renglones) {
						return fmt.Errorf("%w: espectador: llegó el renglón %d y se esperaba el %d", errFatal, r.N, len(m.renglones))
					}
					m.renglones = append(m.renglones, r)
					m.llegadas = append(m.llegadas, time.Now())
				case "fin":
					m.fin = true
					return nil
				case "error", "mal":
					return fmt.Errorf("%w: espectador: %s %s (%s)", errFatal, r.Tipo, r.Motivo, r.Codigo)
				}
			}
		}()
		if err == nil || errors.Is(err, errFatal) {
			return m, err
		}
		m.ultimo = err
	}
	return m, fmt.Errorf("%w (%d fotos, %d renglones, el último error: %v)", ctx.Err(), len(m.fotos), len(m.renglones), m.ultimo)
}

// compararConAlmacen comprueba que los renglones sean los movimientos
// guardados de la partida, en orden.
func compararConAlmacen(t *testing.T, a almacen.Partidas, id int64, rs []respuesta, quien string) almacen.Partida {
	t.Helper()
	p, err := a.Partida(context.Background(), id)
	require.NoError(t, err)
	require.Len(t, rs, len(p.Movimientos), "%s, partida %d", quien, id)
	for n, r := range rs {
		require.Equal(t, p.Movimientos[n].Jugador, r.Jugador, "%s, partida %d, movimiento %d", quien, id, n)
		require.Equal(t, p.Movimientos[n].Puntos, r.Puntos, "%s, partida %d, movimiento %d", quien, id, n)
	}
	return p
}

// jugarContraBot juega el asiento humano de una partida contra bots
// pasando en cada turno hasta el final, conectado a bases() (que puede
// cambiar entre reconexiones), y devuelve los renglones recibidos. Si
// fotos no es nil, anota cuándo llegó cada foto.
func jugarContraBot(ctx context.Context, bases func() string, c *cliente, id int64, fotos *[]time.Time) ([]respuesta, int, error) {
	var rs []respuesta
	reconexiones := 0
	for ctx.Err() == nil {
		fin, err := func() (bool, error) {
			ws, err := dial(ctx, bases(), c)
			if err != nil {
				return false, err
			}
			defer ws.CloseNow()
			if err := escribir(ctx, ws, mensajeCliente{Tipo: "entrar", Partida: &id}); err != nil {
				return false, err
			}
			asiento, turno, pendiente := -1, -1, false
			for {
				r, err := leerResp(ctx, ws)
				if err != nil {
					return false, err
				}
				switch r.Tipo {
				case "estado":
					if fotos != nil {
						*fotos = append(*fotos, time.Now())
					}
					asiento, turno, pendiente = r.Estado.Asiento, r.Estado.Turno, false
					rs = rs[:0]
					for _, x := range r.Estado.Planilla {
						rs = append(rs, respuesta{Tipo: x.Tipo, N: x.N, Jugador: x.Jugador, Puntos: x.Puntos})
					}
					if r.Estado.Fin != nil {
						return true, nil
					}
				case "jugada", "pase", "cambio", "penalizacion":
					if r.N != len(rs) {
						return false, fmt.Errorf("%w: llegó el movimiento %d y se esperaba el %d", errFatal, r.N, len(rs))
					}
					rs = append(rs, r)
					if r.Jugador == asiento {
						pendiente = false
					}
					turno = -1
				case "turno":
					turno = *r.Turno
				case "fin":
					return true, nil
				case "mal", "error":
					return false, fmt.Errorf("%w: %s %s (%s)", errFatal, r.Tipo, r.Motivo, r.Codigo)
				}
				if turno == asiento && !pendiente {
					if err := escribir(ctx, ws, mensajeCliente{Tipo: "pasar"}); err != nil {
						return false, err
					}
					pendiente = true
				}
			}
		}()
		if fin || errors.Is(err, errFatal) {
			return rs, reconexiones, err
		}
		reconexiones++
		time.Sleep(100 * time.Millisecond)
	}
	return rs, reconexiones, ctx.Err()
}

// TestRepartido: dos salas (como dos procesos web) sobre la misma base
// PostgreSQL y el mismo NATS. Una partida entre personas creada en una se
// juega con un jugador en cada sala y espectadores en las dos: todos ven
// cada jugada una vez y en orden, y es lo guardado. Una partida contra un
// bot creada en la segunda sala (sin trabajadores) se juega desde la
// primera: las jugadas del bot las hace el trabajador de la primera por la
// cola, una vez cada una.
func TestRepartido(t *testing.T) {
	url := pruebapg.URL(t)
	b := busDePrueba(t)
	secreto := filepath.Join(t.TempDir(), "clave")
	op := sinCotas(Opciones{DB: url, Secreto: secreto, Bus: b, MensajesPorSegundo: 100, Rafaga: 200, Registro: registroDe(t)})
	opA := op
	opA.Trabajadores = 1
	sA, baseA := abrirSala(t, opA)
	sB, baseB := abrirSala(t, op)
	ctx, cancelar := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancelar()

	pasos := guion(t)
	id, cs := partidaDeDos(t, baseA, relojTorneo)
	enJuego := sB.EnJuego() // B no la tiene en memoria, pero la lista
	require.Len(t, enJuego, 1)
	require.Equal(t, id, enJuego[0].ID)
	require.Len(t, enJuego[0].Nombres, 2)
	var acks atomic.Int64
	bases := [2]string{baseA, baseB}
	jugadores := make([]*jugadorGuion, 2)
	for a := range 2 {
		jugadores[a] = &jugadorGuion{url: func() string { return bases[a] }, c: cs[a], partida: id, asiento: a, pasos: pasos, acks: &acks}
	}
	miradas := make([]*mirada, 2)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			errs[k] = jugadores[k].jugar(ctx)
		}()
		go func() {
			defer wg.Done()
			miradas[k], errs[2+k] = mirarHastaElFin(ctx, func() string { return bases[k] }, id)
		}()
	}
	// La partida contra el bot, creada en B y jugada desde A.
	c := invitado(t, baseB)
	var m sentado
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
	require.NotZero(t, m.Partida)
	rs, _, err := jugarContraBot(ctx, func() string { return baseA }, c, m.Partida, nil)
	wg.Wait()
	if err != nil || errors.Join(errs...) != nil {
		t.Logf("errores: bot %v; jugadores y espectadores %v", err, errs)
		for _, id := range []int64{id, m.Partida} {
			p, _ := sA.almacen.Partida(context.Background(), id)
			t.Logf("partida %d: guardados %d, estado %v", id, len(p.Movimientos), p.Estado)
			for k, s := range []*Sala{sA, sB} {
				s.mu.Lock()
				x := s.partidas[id]
				s.mu.Unlock()
				if x != nil {
					t.Logf("sala %d: %d movimientos, turno %d, fin %v, planilla %d", k, x.mesa.Movimientos(), x.mesa.Turno(), x.final(), len(x.planilla))
				}
			}
		}
		for k, jg := range jugadores {
			t.Logf("jugador %d: n %d, fin %v", k, jg.n, jg.fin)
		}
	}
	require.NoError(t, err)
	require.NoError(t, errors.Join(errs...))

	for k, jg := range jugadores {
		require.True(t, jg.fin, "jugador %d sin fin", k)
		compararConAlmacen(t, sA.almacen, id, jg.recibidos, fmt.Sprintf("jugador %d", k))
		require.True(t, miradas[k].fin, "espectador %d sin fin", k)
		compararConAlmacen(t, sA.almacen, id, miradas[k].renglones, fmt.Sprintf("espectador %d", k))
	}
	p := compararConAlmacen(t, sA.almacen, m.Partida, rs, "contra el bot")
	require.Equal(t, almacen.Terminada, p.Estado)
	bot := 0
	for _, mov := range p.Movimientos {
		if mov.Jugador == 1 {
			bot++
		}
	}
	require.Positive(t, bot)
	t.Logf("partida entre personas en dos salas: %d movimientos; contra el bot: %d movimientos, %d del bot", len(pasos), len(p.Movimientos), bot)

	// La revancha: la propone el jugador 0 en A; el 1, en B, se sienta en
	// la misma mesa (la de A) y los dos empiezan la misma partida.
	var r0 sentado
	require.Equal(t, 200, cs[0].pedir(t, "POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, &r0))
	require.NotZero(t, r0.Mesa)
	require.Eventually(t, func() bool {
		sB.mu.Lock()
		x := sB.partidas[id]
		sB.mu.Unlock()
		mesa, _ := x.revanchaOfrecida()
		return mesa == r0.Mesa
	}, 10*time.Second, 10*time.Millisecond, "B no se enteró de la revancha")
	var r1 sentado
	require.Equal(t, 200, cs[1].pedir(t, "POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, &r1))
	require.NotZero(t, r1.Partida)
	var r0b sentado
	require.Equal(t, 200, cs[0].pedir(t, "GET", fmt.Sprintf("/api/mesas/%d/esperar", r0.Mesa), nil, &r0b))
	require.Equal(t, r1.Partida, r0b.Partida)
	require.Eventually(t, func() bool {
		sB.mu.Lock()
		x := sB.partidas[id]
		sB.mu.Unlock()
		_, nueva := x.revanchaOfrecida()
		return nueva == r1.Partida
	}, 10*time.Second, 10*time.Millisecond, "B no se enteró de que la revancha empezó")
}

// registroDe escribe el registro de una sala en el de la prueba.
func registroDe(t *testing.T) io.Writer { return escritorT{t} }

type escritorT struct{ t *testing.T }

func (e escritorT) Write(p []byte) (int, error) {
	e.t.Logf("%s", p)
	return len(p), nil
}

// TestMesasRepartidas: una mesa abierta en una sala se ve en la lista de
// la otra, alguien se sienta en ella desde la otra (se le pide a su dueña
// por NATS), y quien la creó, esperando en la suya, recibe la misma
// partida. Dejar una mesa ajena y sentarse en una que no existe dan los
// mismos errores que en la propia.
func TestMesasRepartidas(t *testing.T) {
	_, baseA, sB, baseB := dosSalas(t)
	ana, beto := invitado(t, baseA), invitado(t, baseB)
	var m sentado
	require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &m))
	require.NotZero(t, m.Mesa)
	var lista []abierta
	require.Equal(t, 200, beto.pedir(t, "GET", "/api/mesas", nil, &lista))
	require.Len(t, lista, 1)
	require.Equal(t, m.Mesa, lista[0].ID)
	require.True(t, sB.mesaAjena(m.Mesa))

	espera := make(chan sentado, 1)
	go func() {
		var a sentado
		ana.pedirCon("GET", fmt.Sprintf("/api/mesas/%d/esperar", m.Mesa), nil, &a, nil)
		espera <- a
	}()
	var e respuestaSesion
	require.Equal(t, 404, beto.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/dejar", m.Mesa), nil, &e), "beto no está sentado")
	var sb sentado
	require.Equal(t, 200, beto.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/unirse", m.Mesa), nil, &sb))
	require.NotZero(t, sb.Partida)
	require.Equal(t, 1, sb.Asiento)
	select {
	case a := <-espera:
		require.Equal(t, sb.Partida, a.Partida)
		require.Equal(t, 0, a.Asiento)
	case <-time.After(20 * time.Second):
		t.Fatal("quien creó la mesa no se enteró")
	}
	require.Equal(t, 200, beto.pedir(t, "GET", "/api/mesas", nil, &lista))
	require.Empty(t, lista)
	require.Equal(t, 404, beto.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/unirse", m.Mesa+7), nil, &e))
	require.Equal(t, "mesa", e.Codigo)
	// Un proceso que no existe: la mesa no existe.
	require.Equal(t, 404, beto.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/unirse", int64(1<<20)<<32|1), nil, &e))
	// La partida se juega desde las dos salas.
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()
	ws, foto := entrarWS(t, ctx, baseB, beto, sb.Partida)
	defer ws.CloseNow()
	require.Equal(t, 1, foto.Estado.Asiento)
}

// partidaEntreSalas es partidaDeDos con la mesa abierta en la sala de
// baseCrear y el segundo jugador sentándose desde la de baseUnirse.
func partidaEntreSalas(tb testing.TB, baseCrear, baseUnirse string, reloj relojJSON) (int64, [2]*cliente) {
	tb.Helper()
	c0, c1 := invitado(tb, baseCrear), invitado(tb, baseUnirse)
	var m sentado
	require.Equal(tb, 200, c0.pedir(tb, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}, Reloj: reloj}, &m))
	require.NotZero(tb, m.Mesa)
	var b sentado
	require.Equal(tb, 200, c1.pedir(tb, "POST", fmt.Sprintf("/api/mesas/%d/unirse", m.Mesa), nil, &b))
	require.NotZero(tb, b.Partida)
	var a sentado
	require.Equal(tb, 200, c0.pedir(tb, "GET", fmt.Sprintf("/api/mesas/%d/esperar", m.Mesa), nil, &a))
	require.Equal(tb, b.Partida, a.Partida)
	return a.Partida, [2]*cliente{c0, c1}
}

// Issue 32: salir, vencer o revocar una sesión cierra sus WebSocket en
// todos los procesos web en menos de 1 s. Dos salas sobre la misma base y
// el mismo NATS: la sesión entra en A y abre su asiento y una mirada en B;
// salir en A cierra las dos conexiones de B (código cierreSesion) en menos
// de 1 s, y la del rival, en B también, sigue atendida. Y una sesión que
// vence (creada en A) cierra a tiempo su WebSocket de B, sin que nadie la
// use en ninguna sala.
func TestSalirCierraEnTodas(t *testing.T) {
	t.Run("salir", func(t *testing.T) {
		ctx, cancelar := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancelar()
		_, baseA, _, baseB := dosSalas(t)
		id, cs := partidaDeDos(t, baseA, relojJSON{})
		ws, _ := entrarWS(t, ctx, baseB, cs[0], id)
		defer ws.CloseNow()
		mirando := conectar(t, ctx, baseB, cs[0])
		defer mirando.CloseNow()
		require.NoError(t, escribir(ctx, mirando, mensajeCliente{Tipo: "mirar", Partida: &id}))
		esperarTipo(t, ctx, mirando, "estado")
		otro, _ := entrarWS(t, ctx, baseB, cs[1], id)
		defer otro.CloseNow()
		inicio := time.Now()
		require.Equal(t, 200, cs[0].pedir(t, "POST", "/api/salir", nil, nil))
		for _, w := range []*websocket.Conn{ws, mirando} {
			codigo, dur := esperarCierre(ctx, w, inicio)
			t.Logf("la conexión de B, cerrada con %d a los %v de salir en A", codigo, dur.Round(time.Millisecond))
			require.Equal(t, websocket.StatusCode(cierreSesion), codigo)
			require.Less(t, dur, time.Second)
		}
		// El rival sigue atendido en B: su pase recibe respuesta (el pase,
		// o "mal" si no era su turno), no un cierre.
		require.NoError(t, escribir(ctx, otro, mensajeCliente{Tipo: "pasar"}))
		for {
			r, err := leerResp(ctx, otro)
			require.NoError(t, err, "la conexión del rival")
			if r.Tipo == "pase" || r.Tipo == "mal" {
				break
			}
		}
		// Con la cookie vieja, B tampoco la deja entrar.
		w2 := conectar(t, ctx, baseB, cs[0])
		defer w2.CloseNow()
		require.NoError(t, escribir(ctx, w2, mensajeCliente{Tipo: "entrar", Partida: &id}))
		require.Equal(t, "sesion", esperarTipo(t, ctx, w2, "error").Codigo)
	})
	t.Run("vencer", func(t *testing.T) {
		ctx, cancelar := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancelar()
		const vida = 1500 * time.Millisecond
		_, baseA, _, baseB := dosSalasCon(t, Opciones{VidaSesion: vida})
		id, cs := partidaDeDos(t, baseA, relojJSON{})
		creada := time.Now() // un poco después de crear la sesión de cs[0]
		ws, _ := entrarWS(t, ctx, baseB, cs[0], id)
		defer ws.CloseNow()
		codigo, dur := esperarCierre(ctx, ws, creada)
		t.Logf("la conexión de B, cerrada con %d a los %v de una sesión de %v creada en A", codigo, dur.Round(time.Millisecond), vida)
		require.Equal(t, websocket.StatusCode(cierreSesion), codigo)
		require.Less(t, dur, vida+time.Second)
	})
}
