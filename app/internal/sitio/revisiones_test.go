package sitio

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// contador cuenta cuántas veces calculó un trabajador el análisis de cada
// partida (trabajador.Opciones.Revisadas).
type contador struct {
	mu sync.Mutex
	n  map[int64]int
}

func (c *contador) sumar(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[int64]int{}
	}
	c.n[id]++
}

func (c *contador) veces() map[int64]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	res := map[int64]int{}
	for id, n := range c.n {
		res[id] = n
	}
	return res
}

// servirTrabajador corre un trabajador de bots y análisis sobre el almacén
// de s y el Bus b hasta el final de la prueba, con revisores análisis a la
// vez, y cuenta los análisis que calcula.
func servirTrabajador(t *testing.T, s *Sala, b *bus.Bus, revisores int) *contador {
	t.Helper()
	c := &contador{}
	ctx, parar := context.WithCancel(context.Background())
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(ctx, b, s.almacen, s.cat, trabajador.Opciones{N: 2, Revisores: revisores, Registro: io.Discard,
			Revisadas: c.sumar})
	}()
	t.Cleanup(func() {
		parar()
		require.NoError(t, <-listo)
	})
	return c
}

// esperarRevisiones espera a que las partidas ids tengan el análisis de
// esta versión guardado en a.
func esperarRevisiones(t *testing.T, a almacen.Revisiones, ids []int64, plazo time.Duration) {
	t.Helper()
	limite := time.Now().Add(plazo)
	for _, id := range ids {
		for {
			_, version, err := a.Revision(context.Background(), id)
			if err == nil && version == revision.Version {
				break
			}
			require.True(t, err == nil || errors.Is(err, almacen.ErrRevisionInexistente), "%v", err)
			require.True(t, time.Now().Before(limite), "el análisis de la partida %d no llegó", id)
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// jugarEntreSalas juega la partida id con el guion, cada cliente en su
// sala.
func jugarEntreSalas(t *testing.T, bases [2]string, id int64, cs [2]*cliente) {
	t.Helper()
	ctx, cancelar := context.WithTimeout(context.Background(), time.Minute)
	defer cancelar()
	var acks atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for a := range 2 {
		jg := &jugadorGuion{url: func() string { return bases[a] }, c: cs[a], partida: id, asiento: a, pasos: guion(t), acks: &acks}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[a] = jg.jugar(ctx)
		}()
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
}

// El análisis en el sitio repartido: dos procesos web (sin trabajadores
// propios) y un trabajador. Las partidas que terminan (entre personas, con
// un jugador en cada proceso, y una contra un bot que termina el
// trabajador) se analizan todas, cada una una vez, en el trabajador y
// nunca en los procesos web. Después, partidas terminadas sin análisis
// (las jugó un proceso con SinAnalisis) las encuentran pendientes dos
// procesos que arrancan a la vez, y el trabajador, con cuatro revisores,
// las analiza una vez cada una. PostgreSQL y NATS reales.
func TestRevisionRepartida(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de procesos: corre sin -short")
	}
	sA, baseA, sB, baseB := dosSalasCon(t, Opciones{MensajesPorSegundo: 100, Rafaga: 200})
	b := sA.op.Bus
	cuenta := servirTrabajador(t, sA, b, 4)
	var ids []int64
	for k := range 3 {
		bases := [2]string{baseA, baseB}
		if k%2 == 1 {
			bases = [2]string{baseB, baseA}
		}
		id, cs := partidaEntreSalas(t, bases[0], bases[1], relojJSON{})
		jugarEntreSalas(t, bases, id, cs)
		ids = append(ids, id)
	}
	ctx, cancelar := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancelar()
	c := invitado(t, baseB)
	var m sentado
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
	require.NotZero(t, m.Partida)
	_, _, err := jugarContraBot(ctx, func() string { return baseA }, c, m.Partida, nil)
	require.NoError(t, err)
	ids = append(ids, m.Partida)

	esperarRevisiones(t, sA.almacen, ids, time.Minute)
	time.Sleep(2 * bus.EsperaRevision) // lo que sobrara en la cola
	veces := map[int64]int{}
	for _, id := range ids {
		veces[id] = 1
	}
	require.Equal(t, veces, cuenta.veces(), "cada partida se analiza una vez, en el trabajador")
	require.Zero(t, sA.analizadas.Load()+sB.analizadas.Load(), "los procesos web no analizan")
	r := esperarAnalisis(t, baseB, ids[0]) // y la revisión lo muestra en cualquier proceso
	require.NotEmpty(t, r.Analisis.Turnos)

	// Pendientes al arrancar: las juega un proceso que no encarga
	// análisis; después arrancan dos a la vez, que las encuentran.
	op := sA.op
	op.SinAnalisis = true
	sC, baseC := abrirSala(t, op)
	var pendientes []int64
	for range 3 {
		id, cs := partidaDeDos(t, baseC, relojJSON{})
		jugarEntera(t, baseC, id, cs)
		pendientes = append(pendientes, id)
	}
	require.NoError(t, sC.Cerrar())
	op.SinAnalisis = false
	nuevas := make([]*Sala, 2)
	var wg sync.WaitGroup
	for k := range nuevas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nuevas[k], _ = abrirSala(t, op)
		}()
	}
	wg.Wait()
	esperarRevisiones(t, sA.almacen, pendientes, time.Minute)
	time.Sleep(2 * bus.EsperaRevision)
	for _, id := range pendientes {
		veces[id] = 1
	}
	require.Equal(t, veces, cuenta.veces(), "cada pendiente se analiza una vez")
	for _, s := range append(nuevas, sA, sB) {
		require.Zero(t, s.analizadas.Load(), "los procesos web no analizan")
	}
}

// Con un solo proceso y el NATS embebido (el modo por omisión de
// app/cmd/web), el análisis lo hacen los trabajadores del propio proceso,
// por la cola: el respaldo local.
func TestRevisionRespaldoLocal(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de procesos: corre sin -short")
	}
	s, base := abrirSala(t, sinCotas(Opciones{Bus: busDePrueba(t), Trabajadores: 1}))
	id, cs := partidaDeDos(t, base, relojJSON{})
	jugarEntera(t, base, id, cs)
	r := esperarAnalisis(t, base, id)
	require.NotEmpty(t, r.Analisis.Turnos)
	require.Equal(t, int64(1), s.analizadas.Load())
}
