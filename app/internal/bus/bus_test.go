package bus_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/bus"
)

func embebido(t *testing.T) *bus.Bus {
	t.Helper()
	b, err := bus.Embebido(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(b.Cerrar)
	return b
}

// Las novedades llegan a todos los suscritos, también al que las publicó;
// las revocaciones, igual.
func TestNovedades(t *testing.T) {
	b := embebido(t)
	llegan := make(chan bus.Novedad, 4)
	sub, err := b.Novedades(func(n bus.Novedad) { llegan <- n })
	require.NoError(t, err)
	defer sub.Unsubscribe()
	revocadas := make(chan string, 1)
	sub2, err := b.Revocaciones(func(r []byte) { revocadas <- string(r) })
	require.NoError(t, err)
	defer sub2.Unsubscribe()
	require.NoError(t, b.Anunciar(bus.Novedad{Partida: 42, N: 7}))
	require.NoError(t, b.Revocar([]byte("resumen")))
	select {
	case n := <-llegan:
		require.Equal(t, int64(42), n.Partida)
		require.Equal(t, 7, n.N)
		require.NotZero(t, n.Enviada)
	case <-time.After(5 * time.Second):
		t.Fatal("no llegó la novedad")
	}
	select {
	case r := <-revocadas:
		require.Equal(t, "resumen", r)
	case <-time.After(5 * time.Second):
		t.Fatal("no llegó la revocación")
	}
}

// El mismo trabajo encargado dos veces con el mismo intento (dos procesos
// que tienen la partida) se guarda una vez; con otro intento, otra vez. Un
// trabajo tomado y abandonado (quien lo tomó murió) vuelve a la cola
// después de EsperaBot; uno que da señales de vida, no.
func TestTrabajos(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	b := embebido(t)
	ctx := context.Background()
	tr := bus.Trabajo{Partida: 1, N: 3, Asiento: 1, Nivel: "experto"}
	require.NoError(t, b.Encargar(ctx, tr, 0))
	require.NoError(t, b.Encargar(ctx, tr, 0))
	p, err := b.Tomar(time.Second)
	require.NoError(t, err)
	require.NotNil(t, p)
	require.Equal(t, tr, p.Trabajo)
	require.NoError(t, p.Hecho())
	otro, err := b.Tomar(300 * time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, otro, "el duplicado no debía guardarse")

	require.NoError(t, b.Encargar(ctx, tr, 1))
	abandonado, err := b.Tomar(time.Second)
	require.NoError(t, err)
	require.NotNil(t, abandonado)
	tomado := time.Now()
	deNuevo, err := b.Tomar(3 * bus.EsperaBot)
	require.NoError(t, err)
	require.NotNil(t, deNuevo, "el trabajo abandonado no volvió a la cola")
	require.Equal(t, tr, deNuevo.Trabajo)
	require.GreaterOrEqual(t, time.Since(tomado), bus.EsperaBot-100*time.Millisecond)
	require.Less(t, time.Since(tomado), 2*bus.EsperaBot+500*time.Millisecond)

	// Con señales de vida no vuelve aunque pase la espera.
	hasta := time.Now().Add(2 * bus.EsperaBot)
	for time.Now().Before(hasta) {
		require.NoError(t, deNuevo.Sigo())
		time.Sleep(bus.EsperaBot / 4)
	}
	ninguno, err := b.Tomar(100 * time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, ninguno)
	require.NoError(t, deNuevo.Devolver(0))
	vuelto, err := b.Tomar(time.Second)
	require.NoError(t, err)
	require.NotNil(t, vuelto, "lo devuelto vuelve a la cola")
	require.NoError(t, vuelto.Hecho())
}

// Reclamar: de muchos a la vez, uno solo gana y todos ven su valor;
// Soltar con una revisión vieja no borra el reclamo de otro, con la
// vigente sí, y entonces otro puede ganarlo.
func TestReclamar(t *testing.T) {
	b := embebido(t)
	ctx := context.Background()
	vistos := make(chan int64, 8)
	for i := range 8 {
		go func() {
			v, _, err := b.Reclamar(ctx, "revancha.7", int64(100+i))
			if err != nil {
				v = -1
			}
			vistos <- v
		}()
	}
	ganador := <-vistos
	require.GreaterOrEqual(t, ganador, int64(100))
	for range 7 {
		require.Equal(t, ganador, <-vistos)
	}
	v, rev, err := b.Reclamar(ctx, "revancha.7", 5)
	require.NoError(t, err)
	require.Equal(t, ganador, v)
	require.NoError(t, b.Soltar(ctx, "revancha.7", rev+1)) // no es la vigente: nada
	v, _, err = b.Reclamar(ctx, "revancha.7", 5)
	require.NoError(t, err)
	require.Equal(t, ganador, v)
	require.NoError(t, b.Soltar(ctx, "revancha.7", rev))
	v, _, err = b.Reclamar(ctx, "revancha.7", 5)
	require.NoError(t, err)
	require.Equal(t, int64(5), v)
}

// TestCandado: de a uno. Ocho gorutinas toman el mismo candado diez veces
// cada una y nunca hay dos adentro; con el candado tomado, otra espera
// hasta que vence su ctx y no lo tiene.
func TestCandado(t *testing.T) {
	b := embebido(t)
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()
	var adentro, maximo, vueltas atomic.Int64
	var g sync.WaitGroup
	for range 8 {
		g.Go(func() {
			for range 10 {
				soltar, err := b.TomarCandado(ctx, "prueba")
				if !assert.NoError(t, err) {
					return
				}
				n := adentro.Add(1)
				if n > maximo.Load() {
					maximo.Store(n)
				}
				time.Sleep(100 * time.Microsecond)
				vueltas.Add(1)
				adentro.Add(-1)
				soltar()
			}
		})
	}
	g.Wait()
	require.Equal(t, int64(80), vueltas.Load())
	require.Equal(t, int64(1), maximo.Load(), "dos a la vez con el candado")

	soltar, err := b.TomarCandado(ctx, "prueba")
	require.NoError(t, err)
	corto, cancelarCorto := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancelarCorto()
	_, err = b.TomarCandado(corto, "prueba")
	require.ErrorIs(t, err, context.DeadlineExceeded)
	otra, err := b.TomarCandado(ctx, "otra") // otra clave no espera
	require.NoError(t, err)
	otra()
	soltar()
	soltar, err = b.TomarCandado(ctx, "prueba")
	require.NoError(t, err)
	soltar()
}

// La cola de los análisis tiene a lo sumo uno por partida: encargarlo de
// nuevo mientras espera, o mientras alguien lo tiene tomado, no agrega
// otro; uno tomado y abandonado (quien lo tomó murió) vuelve a la cola
// después de EsperaRevision; uno que da señales de vida, no; y terminado,
// se puede encargar otra vez.
func TestRevisiones(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos: corre sin -short")
	}
	b := embebido(t)
	ctx := context.Background()
	for range 3 {
		require.NoError(t, b.EncargarRevision(ctx, 7))
	}
	require.NoError(t, b.EncargarRevision(ctx, 8))
	tomadas := map[int64]*bus.Revision{}
	for range 2 {
		r, err := b.TomarRevision(time.Second)
		require.NoError(t, err)
		require.NotNil(t, r)
		tomadas[r.Partida] = r
	}
	require.Contains(t, tomadas, int64(7))
	require.Contains(t, tomadas, int64(8))
	otra, err := b.TomarRevision(300 * time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, otra, "la partida 7 se encargó tres veces y debía estar una sola")

	// La 7 la tiene alguien vivo, la 8 alguien que murió.
	require.NoError(t, b.EncargarRevision(ctx, 7))
	require.NoError(t, b.EncargarRevision(ctx, 8))
	tomada := time.Now()
	var retomada *bus.Revision
	for time.Since(tomada) < 3*bus.EsperaRevision {
		require.NoError(t, tomadas[7].Sigo())
		if retomada != nil {
			require.NoError(t, retomada.Sigo())
		}
		r, err := b.TomarRevision(bus.EsperaRevision / 4)
		require.NoError(t, err)
		if r != nil {
			require.Nil(t, retomada, "volvió dos veces")
			retomada = r
		}
	}
	require.NotNil(t, retomada, "la del muerto no volvió a la cola")
	require.Equal(t, int64(8), retomada.Partida, "la 7 daba señales de vida, o la 8 se encargó de nuevo")
	require.NoError(t, retomada.Hecho())
	require.NoError(t, tomadas[7].Hecho())
	nada, err := b.TomarRevision(300 * time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, nada)

	// Terminada, otro encargo es otro análisis (quien lo toma ve que ya
	// está guardado); y una que no es un análisis se descarta.
	require.NoError(t, b.EncargarRevision(ctx, 7))
	r, err := b.TomarRevision(time.Second)
	require.NoError(t, err)
	require.NotNil(t, r)
	require.Equal(t, int64(7), r.Partida)
	require.NoError(t, r.Devolver(0))
	r, err = b.TomarRevision(time.Second)
	require.NoError(t, err)
	require.NotNil(t, r, "devuelta, vuelve a la cola")
	require.NoError(t, r.Hecho())
	_, err = b.Conn().Request("palabras.revision.9", []byte("no es json"), time.Second)
	require.NoError(t, err)
	basura, err := b.TomarRevision(300 * time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, basura)
}
