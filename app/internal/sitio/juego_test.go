package sitio

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/revision"
)

// jugarEntera juega la partida id de los clientes cs siguiendo el guion,
// hasta el final.
func jugarEntera(t *testing.T, base string, id int64, cs [2]*cliente) {
	t.Helper()
	ctx, cancelar := context.WithTimeout(context.Background(), time.Minute)
	defer cancelar()
	var acks atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for a := range 2 {
		jg := &jugadorGuion{url: func() string { return base }, c: cs[a], partida: id, asiento: a, pasos: guion(t), acks: &acks}
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

// El reloj: corre para quien está en turno; la bandera cae en el momento
// justo (sin que nadie mande nada) y la partida termina por tiempo; quien
// se pasa con exceso permitido pierde 10 puntos por minuto empezado al
// final.
func TestRelojes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	s, base := abrirSala(t, sinCotas(Opciones{}))
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()

	t.Run("bandera", func(t *testing.T) {
		id, cs := partidaDeDos(t, base, relojJSON{Inicial: 1})
		ws, e := entrarWS(t, ctx, base, cs[1], id)
		defer ws.CloseNow()
		require.NotNil(t, e.Estado.Reloj)
		require.Equal(t, 1, e.Estado.Reloj.Inicial)
		require.Equal(t, []int64{0, 0}, e.Estado.Reloj.Usados)
		inicio := time.Now()
		b := esperarTipo(t, ctx, ws, "bandera")
		require.Equal(t, 0, b.Jugador)
		// Ni antes de tiempo ni mucho después (la máquina puede estar
		// ocupada: el margen es amplio).
		require.GreaterOrEqual(t, b.Ms, int64(1000))
		require.Less(t, b.Ms, int64(3000))
		f := esperarTipo(t, ctx, ws, "fin")
		// Visto desde el cliente: lo que ya corría cuando el servidor armó la
		// foto (en ms enteros) más lo que pasó desde que llegó. Se queda corto
		// en lo que tardó la foto en llegar y en la fracción de ms (una vez,
		// 998,6 ms con la máquina cargada): el "antes de tiempo" exacto es el
		// de b.Ms, medido por el servidor.
		corrio := time.Since(inicio) + time.Duration(e.Estado.Reloj.Corre)*time.Millisecond
		require.GreaterOrEqual(t, corrio, time.Second-50*time.Millisecond)
		require.Less(t, corrio, 3*time.Second)
		require.Equal(t, "bandera", f.Fin.Motivo)
		require.Equal(t, 1, f.Fin.Ganador)
		p, err := s.almacen.Partida(ctx, id)
		require.NoError(t, err)
		require.Equal(t, almacen.Terminada, p.Estado)
		require.Equal(t, almacen.AjusteBandera, p.Movimientos[0].Motivo)
		gcg := traer(t, base+fmt.Sprintf("/api/partidas/%d/gcg", id))
		require.Contains(t, gcg, "\n#note "+cs[0].nombre+" lost on time\n")
		require.Contains(t, gcg, "\n#title Español, reglas clásicas (FISE)\n")
		require.Contains(t, gcg, "\n#lexicon es-clasica\n")
		require.NotContains(t, gcg, "(time)")
	})

	t.Run("penalización", func(t *testing.T) {
		id, cs := partidaDeDos(t, base, relojJSON{Inicial: 1, Penalizacion: 10, Exceso: 60})
		var ws [2]*websocket.Conn
		for a := range 2 {
			ws[a], _ = entrarWS(t, ctx, base, cs[a], id)
			defer ws[a].CloseNow()
		}
		time.Sleep(1200 * time.Millisecond) // el asiento 0 se pasa 0,2 s: un minuto empezado
		for n := range 6 {                  // seis pases terminan la partida
			require.NoError(t, escribir(ctx, ws[n%2], mensajeCliente{Tipo: "pasar"}))
			r := esperarTipo(t, ctx, ws[n%2], "pase")
			for r.N < n { // el pase del otro, que quedó sin leer
				r = esperarTipo(t, ctx, ws[n%2], "pase")
			}
			require.Equal(t, n, r.N)
			if n == 0 {
				require.GreaterOrEqual(t, r.Ms, int64(1200))
			}
		}
		pen := esperarTipo(t, ctx, ws[1], "penalizacion")
		require.Equal(t, 0, pen.Jugador)
		require.Equal(t, -10, pen.Puntos)
		f := esperarTipo(t, ctx, ws[1], "fin")
		require.Equal(t, "sin-puntos", f.Fin.Motivo)
		p, err := s.almacen.Partida(ctx, id)
		require.NoError(t, err)
		require.Len(t, p.Movimientos, 7)
		require.Equal(t, p.Puntajes, f.Fin.Puntajes)
		require.Contains(t, traer(t, base+fmt.Sprintf("/api/partidas/%d/gcg", id)), "(time) -10")
	})
}

// Un espectador, aun sin sesión, ve la partida sin las manos y cada
// movimiento cuando ocurre; al terminar, la revancha: la propone uno, al
// otro le llega, la acepta y empieza con los asientos corridos.
func TestEspectadorYRevancha(t *testing.T) {
	t.Parallel()
	_, base := abrirSala(t, sinCotas(Opciones{}))
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()
	id, cs := partidaDeDos(t, base, relojTorneo)
	var enJuego []resumenPartida
	require.Equal(t, 200, nuevoCliente(base).pedir(t, "GET", "/api/en-juego", nil, &enJuego))
	require.Len(t, enJuego, 1)
	require.Equal(t, id, enJuego[0].ID)

	mira := conectar(t, ctx, base, nil)
	defer mira.CloseNow()
	require.NoError(t, escribir(ctx, mira, mensajeCliente{Tipo: "mirar", Partida: &id}))
	e := esperarTipo(t, ctx, mira, "estado")
	require.Equal(t, -1, e.Estado.Asiento)
	require.Empty(t, e.Estado.Mano)
	require.Equal(t, []int{7, 7}, e.Estado.Manos)
	require.NotNil(t, e.Estado.Reloj)

	var ws [2]*websocket.Conn
	for a := range 2 {
		ws[a], _ = entrarWS(t, ctx, base, cs[a], id)
		defer ws[a].CloseNow()
	}
	pasos := guion(t)
	for n := range 2 {
		require.NoError(t, escribir(ctx, ws[n%2], pasos[n]))
		r := esperarTipo(t, ctx, mira, "jugada")
		require.Equal(t, n, r.N)
		require.NotEmpty(t, r.Lugar)
		require.Equal(t, 1-n%2, *esperarTipo(t, ctx, mira, "turno").Turno)
	}
	require.NoError(t, escribir(ctx, ws[1], mensajeCliente{Tipo: "rendirse"}))
	require.Equal(t, "abandono", esperarTipo(t, ctx, mira, "abandono").Tipo)
	f := esperarTipo(t, ctx, mira, "fin")
	require.Equal(t, 0, f.Fin.Ganador)
	for a := range 2 {
		esperarTipo(t, ctx, ws[a], "fin")
	}

	// La revancha.
	var s0 sentado
	require.Equal(t, 200, cs[0].pedir(t, "POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, &s0))
	require.NotZero(t, s0.Mesa)
	require.Zero(t, s0.Partida)
	require.Equal(t, 1, s0.Asiento, "los asientos se corren: empieza el otro")
	rv := esperarTipo(t, ctx, ws[1], "revancha")
	require.Equal(t, s0.Mesa, rv.Mesa)
	var lista []abierta
	require.Equal(t, 200, cs[1].pedir(t, "GET", "/api/mesas", nil, &lista))
	require.Empty(t, lista, "una revancha no se ofrece a cualquiera")
	intruso := invitado(t, base)
	require.Equal(t, 409, intruso.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/unirse", s0.Mesa), nil, nil))
	require.Equal(t, 403, intruso.pedir(t, "POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, nil))
	var s1 sentado
	require.Equal(t, 200, cs[1].pedir(t, "POST", fmt.Sprintf("/api/partidas/%d/revancha", id), nil, &s1))
	require.NotZero(t, s1.Partida)
	require.Equal(t, 0, s1.Asiento)
	var s0b sentado
	require.Equal(t, 200, cs[0].pedir(t, "GET", fmt.Sprintf("/api/mesas/%d/esperar", s0.Mesa), nil, &s0b))
	require.Equal(t, s1.Partida, s0b.Partida)
	for rv.Revancha == 0 { // la propuesta y después la partida que empezó
		rv = esperarTipo(t, ctx, ws[0], "revancha")
	}
	require.Equal(t, s1.Partida, rv.Revancha)
	w, e2 := entrarWS(t, ctx, base, cs[1], s1.Partida)
	defer w.CloseNow()
	require.Equal(t, 0, e2.Estado.Asiento)
	require.Equal(t, []string{cs[1].nombre, cs[0].nombre}, e2.Estado.Nombres)
	require.Equal(t, relojTorneo.Inicial, e2.Estado.Reloj.Inicial)
}

// La revisión: al terminar, el motor analiza cada turno en segundo plano
// y lo guarda; la revisión da las manos y el análisis, que sobrevive a un
// reinicio; las partidas que quedaron sin analizar se analizan al
// arrancar.
func TestRevision(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "web.db")
	s, base := abrirSala(t, sinCotas(Opciones{DB: db}))
	id, cs := partidaDeDos(t, base, relojJSON{})
	var r revisionPrueba
	require.Equal(t, 409, cs[0].pedir(t, "GET", fmt.Sprintf("/api/partidas/%d/revision", id), nil, nil), "no terminó")
	jugarEntera(t, base, id, cs)
	r = esperarAnalisis(t, base, id)
	require.Len(t, r.Manos, len(r.Planilla))
	a := r.Analisis
	require.Equal(t, revision.Version, a.Version)
	turnos := 0
	for _, x := range r.Planilla {
		if x.Tipo == "jugada" || x.Tipo == "pase" || x.Tipo == "cambio" {
			turnos++
		}
	}
	require.Len(t, a.Turnos, turnos)
	suma := []float64{0, 0}
	for _, x := range a.Turnos {
		require.Equal(t, r.Manos[x.N], x.Mano)
		require.NotEmpty(t, x.Mejores)
		require.LessOrEqual(t, len(x.Mejores), revision.MaxOpciones)
		for i := 1; i < len(x.Mejores); i++ {
			require.GreaterOrEqual(t, x.Mejores[i-1].Equidad, x.Mejores[i].Equidad)
		}
		require.GreaterOrEqual(t, x.Perdida, 0.0)
		require.InDelta(t, max(0, x.Mejores[0].Equidad-x.Jugada.Equidad), x.Perdida, 0.11)
		if x.Jugada.Tipo == "jugada" {
			require.Equal(t, r.Planilla[x.N].Puntos, x.Jugada.Puntos)
			require.Equal(t, r.Planilla[x.N].Lugar, x.Jugada.Lugar)
		}
		if x.Mejores[0].Tipo == "jugada" {
			require.NotEmpty(t, x.Mejores[0].Lugar)
		}
		suma[x.Jugador] += x.Perdida
	}
	require.InDelta(t, suma[0], a.Perdidas[0], 0.01)
	// El guion es del bot avanzado (el de más puntos): el análisis por
	// equidad encuentra algo mejor en algún turno.
	require.Positive(t, a.Perdidas[0]+a.Perdidas[1])

	// Sobrevive al reinicio, sin calcularse de nuevo; y una partida que
	// terminó sin análisis se analiza al arrancar.
	datos, _, err := s.almacen.Revision(context.Background(), id)
	require.NoError(t, err)
	require.NoError(t, s.Cerrar())
	s2, base2 := abrirSala(t, sinCotas(Opciones{DB: db, SinAnalisis: true}))
	id2, cs2 := partidaDeDos(t, base2, relojJSON{})
	jugarEntera(t, base2, id2, cs2)
	r = revisionPrueba{}
	require.Equal(t, 200, cs2[0].pedir(t, "GET", fmt.Sprintf("/api/partidas/%d/revision", id2), nil, &r))
	require.Nil(t, r.Analisis)
	require.NoError(t, s2.Cerrar())
	s3, base3 := abrirSala(t, sinCotas(Opciones{DB: db}))
	r = esperarAnalisis(t, base3, id2)
	require.NotEmpty(t, r.Analisis.Turnos)
	otra, _, err := s3.almacen.Revision(context.Background(), id)
	require.NoError(t, err)
	require.Equal(t, datos, otra)
}

// revisionPrueba es revisionJSON para decodificar (JSON no llena un
// puntero embebido a un tipo sin exportar).
type revisionPrueba struct {
	estado
	Manos     [][]string         `json:"manosAntes"`
	Analisis  *revision.Analisis `json:"analisis"`
	Pendiente bool               `json:"pendiente"`
}

// esperarAnalisis pide la revisión de la partida id hasta que tenga el
// análisis.
func esperarAnalisis(t *testing.T, base string, id int64) revisionPrueba {
	t.Helper()
	var r revisionPrueba
	limite := time.Now().Add(60 * time.Second)
	for {
		r = revisionPrueba{}
		require.Equal(t, 200, nuevoCliente(base).pedir(t, "GET", fmt.Sprintf("/api/partidas/%d/revision", id), nil, &r))
		if r.Analisis != nil {
			return r
		}
		require.True(t, r.Pendiente)
		require.True(t, time.Now().Before(limite), "el análisis no llegó")
		time.Sleep(100 * time.Millisecond)
	}
}

// traer devuelve el cuerpo de un GET.
func traer(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}
