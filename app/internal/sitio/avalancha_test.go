package sitio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// sondear pide GET / cada 10 ms, cada vez en una conexión nueva desde la
// dirección local (otra que la del ataque), hasta que parar se cierre, y
// devuelve las latencias y cuántos pedidos no dieron 200.
func sondear(base, local string, parar <-chan struct{}) ([]time.Duration, int) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 10 * time.Second}
	cl := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	var lat []time.Duration
	malos := 0
	for {
		select {
		case <-parar:
			return lat, malos
		case <-time.After(10 * time.Millisecond):
		}
		inicio := time.Now()
		resp, err := cl.Get(base + "/")
		if err != nil {
			malos++
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		lat = append(lat, time.Since(inicio))
		if resp.StatusCode != 200 {
			malos++
		}
	}
}

// varAtacante es la variable de entorno con que la prueba de la avalancha
// vuelve a ejecutar este binario como el atacante: "dirección modo".
const varAtacante = "PALABRAS_WEB_ATACANTE"

// atacante es el proceso que ataca (en otro proceso, como un atacante de
// verdad: no le quita al servidor su parte del procesador de Go): abre
// 20.000 conexiones a addr desde una dirección ("una") o desde 200
// ("muchas"), la mitad TCP que no manda nada y la mitad WebSocket que saluda
// y calla, o ("ws") 60 WebSocket sin sesión que mandan un latido y callan
// desde cada una de 84 direcciones (127.0.0.10 a 127.0.0.93); deja abiertas las que el servidor aceptó (una TCP que en medio
// segundo no recibió nada, un WebSocket que saludó) y cierra de su lado las
// que el servidor ya cerró. Escribe "abiertas N rechazadas M" y espera a
// que se cierre su entrada para salir.
func atacante(arg string) int {
	addr, modo, _ := strings.Cut(arg, " ")
	intentos := 20000
	dir := func(int) string { return "127.0.0.1" }
	switch modo {
	case "muchas":
		dir = func(i int) string { return fmt.Sprintf("127.0.1.%d", 1+i%200) }
	case "ws": // el ataque del issue 32: 60 WebSocket ociosos desde cada una de 84 direcciones
		intentos = 84 * 60
		dir = func(i int) string { return fmt.Sprintf("127.0.0.%d", 10+i%84) }
	}
	var mu sync.Mutex
	var abiertas []io.Closer
	var rechazadas atomic.Int64
	var wg sync.WaitGroup
	sem := make(chan struct{}, 256)
	inicio := time.Now()
	for i := range intentos {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(dir(i))}, Timeout: 10 * time.Second}
			if i%2 == 0 && modo != "ws" {
				c, err := d.Dial("tcp", addr)
				if err != nil {
					rechazadas.Add(1)
					return
				}
				c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
				if _, err := c.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
					c.Close() // el 503, o cerrada
					rechazadas.Add(1)
					return
				}
				mu.Lock()
				abiertas = append(abiertas, c)
				mu.Unlock()
				return
			}
			ctx, cancelar := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancelar()
			ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws", &websocket.DialOptions{HTTPClient: &http.Client{
				Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}})
			if err != nil {
				rechazadas.Add(1)
				return
			}
			if modo == "ws" { // saluda (si no, el plazo de saludo lo cierra) y calla
				if ws.Write(ctx, websocket.MessageText, []byte(`{"tipo":"latido"}`)) != nil {
					rechazadas.Add(1)
					return
				}
			}
			mu.Lock()
			abiertas = append(abiertas, cerrador(func() error { return ws.CloseNow() }))
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Printf("abiertas %d rechazadas %d en %v\n", len(abiertas), rechazadas.Load(), time.Since(inicio).Round(time.Millisecond))
	io.Copy(io.Discard, os.Stdin)
	for _, c := range abiertas {
		c.Close()
	}
	return 0
}

// atacar corre el atacante en otro proceso contra addr y devuelve lo que
// informó; parar lo termina (cierra sus conexiones).
func atacar(t *testing.T, addr, modo string) (informe string, parar func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), varAtacante+"="+addr+" "+modo)
	entrada, err := cmd.StdinPipe()
	require.NoError(t, err)
	salida, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	linea, err := bufio.NewReader(salida).ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(linea), func() { entrada.Close(); cmd.Wait() }
}

// TestAvalancha: 20.000 intentos de conexión que se quedan quietos (la
// mitad TCP sin mandar nada, la mitad WebSocket que saluda y calla) desde
// una misma dirección, con las cotas por omisión: el servidor acepta las
// suyas (64), cierra las demás al aceptarlas, y un pedido HTTP cualquiera
// desde otra dirección sigue contestándose (el objetivo: p99 de 100 ms; se
// exige menos de 1 s, que distingue «contesta» de «espera minutos»).
// Después, los mismos 20.000 desde 200 direcciones: el tope total (4096)
// los frena y un cliente que ya estaba conectado sigue atendido. El
// atacante es otro proceso, que cierra de su lado las conexiones que el
// servidor ya cerró (así cabe en el límite de 20.000 descriptores, que no
// hace falta subir). Solo con PALABRAS_LARGAS=1.
func TestAvalancha(t *testing.T) {
	pruebas.SoloLargas(t)
	s, base := abrirSala(t, Opciones{})
	addr := strings.TrimPrefix(base, "http://")

	// Una dirección.
	parar := make(chan struct{})
	var lat []time.Duration
	var malos int
	sondeo := make(chan struct{})
	go func() { lat, malos = sondear(base, "127.0.0.2", parar); close(sondeo) }()
	informe, terminar := atacar(t, addr, "una")
	time.Sleep(time.Second)
	close(parar)
	<-sondeo
	total, propias := s.oyentes[0].abiertasDe("127.0.0.1")
	terminar()
	slices.Sort(lat)
	p99 := percentil(lat, 99)
	t.Logf("una dirección: atacante: %s; el servidor tenía %d abiertas de 127.0.0.1 (%d en total) y cerró %d al aceptarlas; GET / desde 127.0.0.2: %d pedidos, p50 %v, p99 %v, máx %v, %d sin 200",
		informe, propias, total, s.Rechazadas(), len(lat),
		percentil(lat, 50).Round(10*time.Microsecond), p99.Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond), malos)
	require.LessOrEqual(t, propias, 64)
	require.GreaterOrEqual(t, s.Rechazadas(), int64(20000-64-1000))
	require.Zero(t, malos)
	require.Greater(t, len(lat), 50)
	// Contesta (antes, un pedido esperaba minutos); el objetivo de 100 ms
	// es una cifra que se informa, no una condición (la máquina es
	// compartida).
	require.Less(t, p99, time.Second)
	if p99 > 100*time.Millisecond {
		t.Logf("AVISO: p99 %v supera el objetivo de 100 ms", p99)
	}

	// Doscientas direcciones: el tope total.
	require.Eventually(t, func() bool { n, _ := s.oyentes[0].abiertasDe(""); return n < 10 }, 30*time.Second, 50*time.Millisecond)
	previo := nuevoCliente(base) // conectado antes, con su conexión viva
	require.Equal(t, 200, previo.pedir(t, "GET", "/api/reglas", nil, nil))
	parar = make(chan struct{})
	var latPrevio []time.Duration
	hecho := make(chan struct{})
	go func() {
		defer close(hecho)
		for {
			select {
			case <-parar:
				return
			case <-time.After(10 * time.Millisecond):
			}
			i := time.Now()
			code, err := previo.pedirCon("GET", "/", nil, nil, nil)
			if err == nil && code == 200 {
				latPrevio = append(latPrevio, time.Since(i))
			} else {
				malos++
			}
		}
	}()
	rechazosAntes := s.Rechazadas()
	informe, terminar = atacar(t, addr, "muchas")
	total, _ = s.oyentes[0].abiertasDe("")
	time.Sleep(time.Second)
	close(parar)
	<-hecho
	terminar()
	slices.Sort(latPrevio)
	t.Logf("200 direcciones: atacante: %s; el servidor tenía %d abiertas (tope 4096) y cerró %d al aceptarlas; un cliente ya conectado: %d pedidos, p99 %v, %d fallidos",
		informe, total, s.Rechazadas()-rechazosAntes, len(latPrevio), percentil(latPrevio, 99).Round(10*time.Microsecond), malos)
	require.LessOrEqual(t, total, 4096)
	require.Zero(t, malos)
	require.Less(t, percentil(latPrevio, 99), time.Second)
}

// cerrador hace de una función un io.Closer.
type cerrador func() error

func (c cerrador) Close() error { return c() }
