package sitio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// Un cliente que inunda el WebSocket se desconecta (1008), sea una ráfaga
// sin pausa o un chorro parejo de ~800 mensajes por segundo.
func TestInundacion(t *testing.T) {
	t.Parallel()
	_, base := abrirSala(t, sinCotas(Opciones{}))
	for _, c := range []struct {
		nombre string
		pausa  time.Duration
	}{{"ráfaga", 0}, {"800 por segundo", 1250 * time.Microsecond}} {
		t.Run(c.nombre, func(t *testing.T) {
			ctx, cancelar := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancelar()
			ws := conectar(t, ctx, base, nil)
			defer ws.CloseNow()
			cerrado := make(chan error, 1)
			go func() {
				for {
					if _, _, err := ws.Read(ctx); err != nil {
						cerrado <- err
						return
					}
				}
			}()
			inicio := time.Now()
			enviados := 0
			var err error
			for err == nil && time.Since(inicio) < 8*time.Second {
				if err = ws.Write(ctx, websocket.MessageText, []byte(`{"tipo":"latido"}`)); err == nil {
					enviados++
				}
				if c.pausa > 0 {
					time.Sleep(c.pausa)
				}
				select {
				case err = <-cerrado:
				default:
				}
			}
			if err == nil || websocket.CloseStatus(err) == -1 {
				select {
				case err = <-cerrado:
				case <-time.After(5 * time.Second):
				}
			}
			dur := time.Since(inicio)
			require.Equal(t, websocket.StatusPolicyViolation, websocket.CloseStatus(err), "%v", err)
			require.Less(t, dur, 5*time.Second)
			t.Logf("%s: cerrado con 1008 tras %d mensajes en %v", c.nombre, enviados, dur.Round(time.Millisecond))
		})
	}
}

// Las conexiones de una dirección tienen un tope: la de más recibe un 503
// y se cierra enseguida, y otra dirección sigue atendida; al cerrarse una,
// entra otra.
func TestConexionesPorDireccion(t *testing.T) {
	t.Parallel()
	s, base := abrirSala(t, sinCotas(Opciones{ConexionesPorDireccion: 5}))
	addr := strings.TrimPrefix(base, "http://")
	var abiertas []net.Conn
	for range 5 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		abiertas = append(abiertas, c)
	}
	defer func() {
		for _, c := range abiertas {
			c.Close()
		}
	}()
	require.Eventually(t, func() bool { _, n := s.oyentes[0].abiertasDe("127.0.0.1"); return n == 5 }, 5*time.Second, 10*time.Millisecond)
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	linea, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "HTTP/1.1 503 Service Unavailable\r\n", linea)
	c.Close()
	require.EqualValues(t, 1, s.Rechazadas())
	// Desde 127.0.0.2 (otra dirección del mismo equipo) sí.
	require.Equal(t, 200, getDesde(t, "127.0.0.2", base+"/api/reglas"))
	abiertas[0].Close()
	abiertas = abiertas[1:]
	require.Eventually(t, func() bool { _, n := s.oyentes[0].abiertasDe("127.0.0.1"); return n == 4 }, 5*time.Second, 10*time.Millisecond)
	resp, err := http.Get(base + "/api/reglas")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
}

// getDesde hace un GET desde la dirección local dada, en una conexión
// nueva, y devuelve el estado.
func getDesde(t testing.TB, local, url string) int {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	cl := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	resp, err := cl.Get(url)
	require.NoError(t, err)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// Los plazos: una conexión que no manda sus cabeceras, un WebSocket que no
// saluda y uno que se queda callado se cierran; uno que manda latidos
// sigue.
func TestPlazos(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	_, base := abrirSala(t, sinCotas(Opciones{Saludo: 300 * time.Millisecond, Inactividad: 600 * time.Millisecond}))
	id, cs := partidaDeDos(t, base, relojJSON{})
	ctx, cancelar := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancelar()

	t.Run("cabeceras", func(t *testing.T) {
		c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		require.NoError(t, err)
		defer c.Close()
		c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")) // y nunca la línea vacía
		inicio := time.Now()
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		io.Copy(io.Discard, c)
		require.Less(t, time.Since(inicio), 3*time.Second, "cerrada por el plazo de saludo")
	})
	t.Run("saludo", func(t *testing.T) {
		ws := conectar(t, ctx, base, nil)
		_, _, err := ws.Read(ctx)
		require.Equal(t, websocket.StatusCode(cierreSaludo), websocket.CloseStatus(err), "%v", err)
	})
	t.Run("inactividad", func(t *testing.T) {
		ws, _ := entrarWS(t, ctx, base, cs[0], id)
		inicio := time.Now()
		var err error
		for err == nil {
			_, _, err = ws.Read(ctx)
		}
		require.Equal(t, websocket.StatusCode(cierreInactiva), websocket.CloseStatus(err), "%v", err)
		require.Less(t, time.Since(inicio), 3*time.Second)
	})
	t.Run("con latidos sigue", func(t *testing.T) {
		ws, _ := entrarWS(t, ctx, base, cs[1], id)
		defer ws.CloseNow()
		leido := make(chan error, 1)
		go func() {
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					leido <- err
					return
				}
			}
		}()
		for range 5 {
			time.Sleep(200 * time.Millisecond)
			require.NoError(t, escribir(ctx, ws, mensajeCliente{Tipo: "latido"}))
		}
		select {
		case err := <-leido:
			t.Fatalf("se cerró: %v", err)
		default:
		}
	})
}

// Los pedidos a la API, las altas y los intentos de entrar tienen un ritmo
// por dirección: los de más reciben 429.
func TestRitmos(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	s, base := abrirSala(t, Opciones{APIPorSegundo: 5, APIRafaga: 10, ConexionesPorDireccion: 1000})
	// El reloj del ritmo se detiene mientras se piden los 40 (con la
	// máquina cargada, 40 pedidos pueden tardar segundos) y después avanza
	// 300 ms.
	var ahora atomic.Int64
	ahora.Store(time.Now().UnixNano())
	s.ritmo.reloj = func() time.Time { return time.Unix(0, ahora.Load()) }
	c := nuevoCliente(base)
	var muchos error
	codigos := map[int]int{}
	for range 40 {
		code, err := c.pedirCon("GET", "/api/reglas", nil, nil, nil)
		muchos = errors.Join(muchos, err)
		codigos[code]++
	}
	require.NoError(t, muchos)
	// Los diez de la ráfaga, el resto 429.
	require.Equal(t, map[int]int{200: 10, 429: 30}, codigos)
	ahora.Add(int64(300 * time.Millisecond))
	require.Equal(t, 200, c.pedir(t, "GET", "/api/reglas", nil, nil), "el balde se vuelve a llenar")

	// Altas: diez de ráfaga y después una por hora; intentos de entrar:
	// diez de ráfaga y después uno por minuto.
	_, base = abrirSala(t, sinCotas(Opciones{AltasPorHora: 1, IntentosPorMinuto: 1}))
	for i := range 12 {
		code, err := nuevoCliente(base).pedirCon("POST", "/api/invitado", nil, nil, map[string]string{"Origin": ""})
		require.NoError(t, err)
		if i < 10 {
			require.Equal(t, 200, code, "alta %d", i)
		} else {
			require.Equal(t, 429, code, "alta %d", i)
		}
	}
	n429 := 0
	for range 12 {
		code, _ := nuevoCliente(base).pedirCon("POST", "/api/entrar", credenciales{Nombre: "nadie", Contrasena: "12345678"}, nil, nil)
		if code == 429 {
			n429++
		}
	}
	require.Equal(t, 2, n429)

	// Y los fallidos de cada cuenta, vengan de donde vengan: el balde de la
	// cuenta es el de direccionesPorCuenta direcciones (50 de ráfaga), así
	// que de 55 intentos fallidos con el mismo nombre desde 55 direcciones,
	// 5 reciben 429 (ver también TestIntentosNoDejanAfueraAlDueno). El
	// reloj del balde de la cuenta queda quieto: con la máquina cargada los
	// 55 intentos (cada uno verifica una contraseña) tardaban más de los
	// 12 s en que el balde recupera una ficha, y eran 4.
	s, base = abrirSala(t, sinCotas(Opciones{IntentosPorMinuto: 1}))
	quieto := time.Now()
	s.porCuenta.fallidos.reloj = func() time.Time { return quieto }
	alta(t, base, "Dora", "contraseña de dora")
	n429 = 0
	for i := range 10*direccionesPorCuenta + 5 {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(fmt.Sprintf("127.0.2.%d", i+1))}}
		c := nuevoCliente(base)
		c.http.Transport = &http.Transport{DialContext: d.DialContext}
		code, _ := c.pedirCon("POST", "/api/entrar", credenciales{Nombre: "dora", Contrasena: "contraseña de otro"}, nil, nil)
		if code == 429 {
			n429++
		}
	}
	require.Equal(t, 5, n429)
}

// Las mesas abiertas tienen un tope por jugador y vencen.
func TestMesasAbiertas(t *testing.T) {
	t.Parallel()
	s, base := abrirSala(t, sinCotas(Opciones{MesasPorJugador: 2, MesasAbiertas: 3, VidaMesa: time.Hour}))
	c := invitado(t, base)
	var m1, m2 sentado
	var e map[string]string
	pm := pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pm, &m1))
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pm, &m2))
	require.Equal(t, 429, c.pedir(t, "POST", "/api/mesas", pm, &e))
	require.Equal(t, "mesas", e["codigo"])
	// Contra bots no espera a nadie: cuenta aparte (TestPartidasConBotsPorJugador).
	var b sentado
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &b))
	require.NotZero(t, b.Partida)
	// Cerrar una deja crear otra.
	require.Equal(t, 200, c.pedir(t, "POST", fmt.Sprintf("/api/mesas/%d/dejar", m1.Mesa), nil, nil))
	require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pm, &m1))
	// El tope de la sala.
	otro := invitado(t, base)
	var m3 sentado
	require.Equal(t, 200, otro.pedir(t, "POST", "/api/mesas", pm, &m3))
	require.Equal(t, 429, invitado(t, base).pedir(t, "POST", "/api/mesas", pm, &e))
	var lista []abierta
	require.Equal(t, 200, c.pedir(t, "GET", "/api/mesas", nil, &lista))
	require.Len(t, lista, 3)
	// Vencen: quien espera se entera, y dejan lugar.
	espera := make(chan int, 1)
	go func() {
		code, _ := otro.pedirCon("GET", fmt.Sprintf("/api/mesas/%d/esperar", m3.Mesa), nil, &e, nil)
		espera <- code
	}()
	time.Sleep(100 * time.Millisecond)
	s.cerrarVencidas(time.Now().Add(2 * time.Hour))
	select {
	case code := <-espera:
		require.Equal(t, 410, code)
	case <-time.After(10 * time.Second):
		t.Fatal("la espera no terminó")
	}
	require.Equal(t, 200, c.pedir(t, "GET", "/api/mesas", nil, &lista))
	require.Empty(t, lista)
}
