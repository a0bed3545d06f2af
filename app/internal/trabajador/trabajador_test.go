package trabajador_test

import (
	"context"
	"io"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// Un trabajo que tomó alguien que murió sin terminarlo (no da señales de
// vida) lo hace otro trabajador dentro de EsperaBot más el plazo de la
// jugada, una sola vez aunque se haya encargado repetido, y se anuncia; un
// trabajo viejo (la partida ya tiene ese movimiento) se descarta sin jugar.
func TestTrabajador(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	ctx := context.Background()
	a, err := sqlite.Abrir(filepath.Join(t.TempDir(), "t.db"), sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	bases, err := trabajador.Bases("")
	require.NoError(t, err)
	require.Len(t, bases, 2)
	cat := almacen.NuevoCatalogo(a, bases...)
	_, err = cat.Asegurar(ctx, "es-clasica", "es-clasica")
	require.NoError(t, err)
	ana, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	robot, err := a.CrearJugador(ctx, "robot", "es")
	require.NoError(t, err)
	m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: robot.ID, Nivel: "principiante"}, {Jugador: ana.ID}}})
	require.NoError(t, err)

	b, err := bus.Embebido(t.TempDir())
	require.NoError(t, err)
	defer b.Cerrar()
	novedades := make(chan bus.Novedad, 8)
	sub, err := b.Novedades(func(n bus.Novedad) { novedades <- n })
	require.NoError(t, err)
	defer sub.Unsubscribe()

	tr := bus.Trabajo{Partida: m.ID(), N: 0, Asiento: 0, Nivel: "principiante"}
	require.NoError(t, b.Encargar(ctx, tr, 0))
	muerto, err := b.Tomar(time.Second) // lo toma y "muere": nunca contesta
	require.NoError(t, err)
	require.NotNil(t, muerto)
	murio := time.Now()
	require.NoError(t, b.Encargar(ctx, tr, 1)) // otro proceso lo volvió a encargar

	sctx, parar := context.WithCancel(ctx)
	var hechas atomic.Int64
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(sctx, b, a, cat, trabajador.Opciones{N: 2, Plazo: time.Second, Registro: io.Discard,
			Hechas: func() { hechas.Add(1) }})
	}()
	select {
	case n := <-novedades:
		require.Equal(t, m.ID(), n.Partida)
		require.Equal(t, 1, n.N)
	case <-time.After(10 * time.Second):
		t.Fatal("nadie hizo la jugada")
	}
	require.Less(t, time.Since(murio), bus.EsperaBot+time.Second+time.Second, "la jugada tardó más que el plazo más 1 s")
	// Que termine de descartar los repetidos (el del muerto vuelve a la
	// cola a lo sumo EsperaBot después).
	time.Sleep(2 * bus.EsperaBot)
	parar()
	require.NoError(t, <-listo)
	require.Equal(t, int64(1), hechas.Load(), "la jugada se hizo más de una vez")
	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Len(t, p.Movimientos, 1)
	require.Equal(t, 0, p.Movimientos[0].Jugador)
}

// El trabajador recuerda la partida de su última jugada y la pone al día
// con lo que otro guardó después (la jugada de la persona), leyéndolo del
// almacén o, si viaja en el trabajo, de ahí (y del almacén si lo que
// viaja no sirve): la jugada siguiente del bot es la del juego al día, y
// lo guardado se reanuda entero, sin daños.
func TestTrabajadorSigueLaPartida(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de procesos: corre sin -short")
	}
	ctx := context.Background()
	a, err := sqlite.Abrir(filepath.Join(t.TempDir(), "t.db"), sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	bases, err := trabajador.Bases("")
	require.NoError(t, err)
	cat := almacen.NuevoCatalogo(a, bases...)
	_, err = cat.Asegurar(ctx, "es-clasica", "es-clasica")
	require.NoError(t, err)
	ana, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	robot, err := a.CrearJugador(ctx, "robot", "es")
	require.NoError(t, err)
	m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "es-clasica", Semilla: 7,
		Asientos: []almacen.Asiento{{Jugador: robot.ID, Nivel: "principiante"}, {Jugador: ana.ID}}})
	require.NoError(t, err)
	b, err := bus.Embebido(t.TempDir())
	require.NoError(t, err)
	defer b.Cerrar()
	novedades := make(chan bus.Novedad, 8)
	sub, err := b.Novedades(func(n bus.Novedad) { novedades <- n })
	require.NoError(t, err)
	defer sub.Unsubscribe()
	sctx, parar := context.WithCancel(ctx)
	listo := make(chan error, 1)
	go func() {
		listo <- trabajador.Servir(sctx, b, a, cat, trabajador.Opciones{N: 1, Plazo: time.Second, Registro: io.Discard})
	}()
	esperar := func(n int) {
		t.Helper()
		select {
		case x := <-novedades:
			require.Equal(t, n, x.N)
		case <-time.After(10 * time.Second):
			t.Fatalf("nadie hizo la jugada %d", n-1)
		}
	}
	for ronda := range 4 {
		n := 2 * ronda
		tr := bus.Trabajo{Partida: m.ID(), N: n, Asiento: 0, Nivel: "principiante"}
		switch ronda {
		case 2: // lo último viaja en el trabajo: el trabajador no lee el almacén
			p, err := a.Partida(ctx, m.ID())
			require.NoError(t, err)
			tr.Desde, tr.Movs, tr.Ultima = n-1, almacen.CodificarMovimientos(p.Movimientos[n-1:]), time.Now().UnixNano()
		case 3: // lo que viaja no sirve: lo lee del almacén
			tr.Desde, tr.Movs = n-1, []byte(`[{"t":1,"j":1,"f":"xx","p":99}]`)
		}
		require.NoError(t, b.Encargar(ctx, tr, 0))
		esperar(n + 1)
		// La persona juega en "otro proceso": su propia Mesa, al día.
		_, _, err := m.Seguir(ctx)
		require.NoError(t, err)
		require.Equal(t, n+1, m.Movimientos())
		require.NoError(t, m.Pasar(ctx))
	}
	parar()
	require.NoError(t, <-listo)
	r, err := almacen.Reanudar(ctx, a, cat, m.ID())
	require.NoError(t, err)
	require.Equal(t, 8, r.Movimientos())
	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	for i, mov := range p.Movimientos {
		require.Equal(t, i%2, mov.Jugador, "movimiento %d", i)
	}
}
