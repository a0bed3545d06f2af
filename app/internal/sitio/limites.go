package sitio

import (
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Las cotas del servidor (ver Opciones y las opciones de la línea de
// órdenes): cuántas conexiones abiertas admite en total y por dirección,
// cuántos pedidos por segundo admite de cada dirección, y los baldes de
// fichas con que se cuentan.

// limitador es un balde de fichas: admite r por segundo con ráfagas de
// hasta b. El valor cero no admite nada.
type limitador struct {
	r, b, fichas float64
	ultimo       time.Time
}

func nuevoLimitador(r, b float64, ahora time.Time) *limitador {
	return &limitador{r: r, b: b, fichas: b, ultimo: ahora}
}

// permitir gasta una ficha si hay.
func (l *limitador) permitir(ahora time.Time) bool {
	if d := ahora.Sub(l.ultimo).Seconds(); d > 0 {
		l.fichas = min(l.b, l.fichas+d*l.r)
	}
	l.ultimo = ahora
	if l.fichas < 1 {
		return false
	}
	l.fichas--
	return true
}

// lleno informa si el balde ya se llenó de nuevo (no recuerda nada que
// importe).
func (l *limitador) lleno(ahora time.Time) bool {
	return l.fichas+ahora.Sub(l.ultimo).Seconds()*l.r >= l.b
}

// maxDirecciones es cuántas direcciones recuerda un limitadorPorDireccion.
const maxDirecciones = 1 << 16

// limitadorPorDireccion tiene un balde por dirección (porDireccion). Es
// seguro para usar desde varias gorutinas.
type limitadorPorDireccion struct {
	r, b  float64
	reloj func() time.Time // nil: time.Now (las pruebas lo adelantan)

	mu      sync.Mutex
	baldes  map[string]*limitador
	barrido time.Time
}

func nuevoPorDireccion(r, b float64) *limitadorPorDireccion {
	return &limitadorPorDireccion{r: r, b: b, baldes: map[string]*limitador{}}
}

// permitir gasta una ficha del balde de dir. Olvida de vez en cuando los
// baldes llenos; si aun así hay maxDirecciones, rechaza las nuevas.
func (l *limitadorPorDireccion) permitir(dir string) bool {
	if l == nil || l.r <= 0 {
		return true
	}
	ahora := l.ahora()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.baldes[dir]
	if !ok {
		if len(l.baldes) >= maxDirecciones || ahora.Sub(l.barrido) > time.Minute {
			l.barrido = ahora
			for k, x := range l.baldes {
				if x.lleno(ahora) {
					delete(l.baldes, k)
				}
			}
		}
		if len(l.baldes) >= maxDirecciones {
			return false
		}
		b = nuevoLimitador(l.r, l.b, ahora)
		l.baldes[dir] = b
	}
	return b.permitir(ahora)
}

func (l *limitadorPorDireccion) ahora() time.Time {
	if l.reloj != nil {
		return l.reloj()
	}
	return time.Now()
}

// hay informa si permitir(dir) permitiría, sin gastar nada.
func (l *limitadorPorDireccion) hay(dir string) bool {
	if l == nil || l.r <= 0 {
		return true
	}
	ahora := l.ahora()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.baldes[dir]
	return !ok || min(b.b, b.fichas+max(0, ahora.Sub(b.ultimo).Seconds())*b.r) >= 1
}

// direccionesPorCuenta es cuántas direcciones, cada una en su ritmo de
// intentos, hacen falta para agotar los intentos fallidos de una cuenta.
const direccionesPorCuenta = 5

// intentosPorCuenta frena los intentos de adivinar la contraseña de una
// cuenta desde muchas direcciones, sin dejar afuera a su dueño (issue 32:
// un extraño que probaba una contraseña mala cada 5 s agotaba el balde de
// la cuenta, que contaba todos los intentos con el mismo ritmo que el de
// una dirección, y el dueño entraba 5 veces de 20). Ahora:
//
//   - solo cuentan los intentos fallidos, y el balde de la cuenta es
//     direccionesPorCuenta veces el de una dirección: una sola dirección,
//     que ya está frenada por su propio balde (Opciones.IntentosPorMinuto,
//     para todos sus intentos), no lo puede agotar;
//   - una dirección desde la que alguien entró a la cuenta en los últimos
//     30 días no se frena por la cuenta (sí por su propio balde): ni un
//     ataque desde muchas direcciones deja afuera al dueño donde ya entró.
type intentosPorCuenta struct {
	fallidos *limitadorPorDireccion

	mu        sync.Mutex
	conocidas map[string]time.Time // cuenta + "\x00" + dirección → último ingreso
}

// recordarConocidas es cuánto recuerda intentosPorCuenta una dirección
// desde la que se entró a una cuenta.
const recordarConocidas = 30 * 24 * time.Hour

func nuevoPorCuenta(porMinuto float64) *intentosPorCuenta {
	return &intentosPorCuenta{fallidos: nuevoPorDireccion(direccionesPorCuenta*porMinuto/60, direccionesPorCuenta*10),
		conocidas: map[string]time.Time{}}
}

// permitir informa si se puede intentar entrar a la cuenta desde dir.
func (c *intentosPorCuenta) permitir(cuenta, dir string) bool {
	if dir != "" {
		c.mu.Lock()
		t, ok := c.conocidas[cuenta+"\x00"+dir]
		c.mu.Unlock()
		if ok && c.fallidos.ahora().Sub(t) < recordarConocidas {
			return true
		}
	}
	return c.fallidos.hay(cuenta)
}

// anotar cuenta un intento: si fallo, gasta del balde de la cuenta; si
// no, recuerda dir como conocida.
func (c *intentosPorCuenta) anotar(cuenta, dir string, fallo bool) {
	if fallo {
		c.fallidos.permitir(cuenta)
		return
	}
	if dir == "" {
		return
	}
	ahora := c.fallidos.ahora()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.conocidas) >= maxDirecciones {
		for k, t := range c.conocidas {
			if ahora.Sub(t) >= recordarConocidas || len(c.conocidas) >= maxDirecciones {
				delete(c.conocidas, k)
			}
		}
	}
	c.conocidas[cuenta+"\x00"+dir] = ahora
}

// porDireccion es la clave con que se cuentan las conexiones y los pedidos
// de una dirección: la IPv4 entera, o el prefijo /64 de una IPv6 (quien
// tiene una tiene miles).
func porDireccion(a net.Addr) string {
	var ip net.IP
	switch x := a.(type) {
	case *net.TCPAddr:
		ip = x.IP
	default:
		host, _, err := net.SplitHostPort(a.String())
		if err != nil {
			return a.String()
		}
		ip = net.ParseIP(host)
	}
	return claveIP(ip)
}

func claveIP(ip net.IP) string {
	if ip == nil {
		return "?"
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// direccionDe es porDireccion del cliente de un pedido HTTP.
func direccionDe(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return claveIP(net.ParseIP(host))
}

// oyente limita las conexiones TCP que acepta un net.Listener: a lo sumo
// total abiertas a la vez, y porDir de cada dirección. Una conexión de más
// se acepta y se cierra enseguida (con un 503 si responder), sin llegar al
// servidor HTTP: así una avalancha no agota los descriptores de archivo y
// los demás siguen atendidos.
//
// Las que pasan a ser WebSocket (aWebSocket) siguen contando, y además
// tienen sus propias cotas, para que los WebSocket ociosos no dejen sin
// lugar a lo demás (issue 32: 60 WebSocket ociosos desde cada una de 84
// direcciones llenaban las 4096 plazas y un visitante nuevo no conseguía
// ni GET /): a lo sumo tres cuartos del total son WebSocket (el cuarto
// restante queda siempre para los pedidos HTTP: la página, el alta, la
// API), y de ellos los que no tienen sesión a lo sumo un cuarto del total y
// un cuarto de porDir por dirección (así, los jugadores con sesión tienen
// siempre al menos la mitad).
type oyente struct {
	net.Listener
	total, porDir int
	responder     bool

	mu         sync.Mutex
	abiertas   int
	dirs       map[string]int
	ws, wsSin  int            // WebSocket abiertos, y de ellos sin sesión
	wsSinDirs  map[string]int // WebSocket sin sesión de cada dirección
	rechazadas atomic.Int64
	drenando   atomic.Int32 // conexiones rechazadas que esperan que el cliente lea el 503
}

// maxDrenando es cuántas conexiones rechazadas pueden esperar a la vez que
// su cliente lea el 503, y drenaje cuánto espera cada una.
const (
	maxDrenando = 256
	drenaje     = time.Second
)

// respuesta503 es lo que recibe una conexión de más.
const respuesta503 = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: 33\r\n\r\ndemasiadas conexiones; reintente\n"

// Accept devuelve la próxima conexión dentro de las cotas.
func (o *oyente) Accept() (net.Conn, error) {
	for {
		c, err := o.Listener.Accept()
		if err != nil {
			return nil, err
		}
		dir := porDireccion(c.RemoteAddr())
		o.mu.Lock()
		if o.abiertas >= o.total || o.dirs[dir] >= o.porDir {
			o.mu.Unlock()
			o.rechazadas.Add(1)
			go o.rechazar(c)
			continue
		}
		o.abiertas++
		o.dirs[dir]++
		o.mu.Unlock()
		return &conexionContada{Conn: c, o: o, dir: dir}, nil
	}
}

// rechazar cierra una conexión de más con un 503 (cabe entero en el búfer
// de una conexión nueva, así que escribirlo no espera). Cerrar enseguida
// con datos del cliente sin leer, o con SO_LINGER 0, manda un RST, y un
// cliente que todavía no leyó la respuesta la pierde (lee "connection reset
// by peer"): por eso cierra la escritura y lee lo que el cliente mande hasta
// que cierre o pase [drenaje]. Si ya hay [maxDrenando] conexiones así (una
// avalancha), cierra enseguida con SO_LINGER 0: no sostiene miles de
// gorutinas ni deja conexiones en TIME_WAIT.
func (o *oyente) rechazar(c net.Conn) {
	if o.responder {
		c.Write([]byte(respuesta503))
	}
	tc, esTCP := c.(*net.TCPConn)
	if o.responder && esTCP {
		if o.drenando.Add(1) <= maxDrenando {
			defer o.drenando.Add(-1)
			tc.CloseWrite()
			tc.SetReadDeadline(time.Now().Add(drenaje))
			io.Copy(io.Discard, io.LimitReader(tc, 64<<10))
			tc.Close()
			return
		}
		o.drenando.Add(-1)
	}
	if esTCP {
		tc.SetLinger(0)
	}
	c.Close()
}

// abiertasDe devuelve cuántas conexiones hay abiertas, en total y de dir.
func (o *oyente) abiertasDe(dir string) (int, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.abiertas, o.dirs[dir]
}

func (o *oyente) soltar(c *conexionContada) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.abiertas--
	if o.dirs[c.dir]--; o.dirs[c.dir] <= 0 {
		delete(o.dirs, c.dir)
	}
	if c.ws {
		o.ws--
	}
	if c.sinSesion {
		o.wsSin--
		if o.wsSinDirs[c.dir]--; o.wsSinDirs[c.dir] <= 0 {
			delete(o.wsSinDirs, c.dir)
		}
	}
}

// Las cotas de los WebSocket, como fracción de las de conexiones.
func (o *oyente) maxWS() int           { return max(1, o.total*3/4) }
func (o *oyente) maxWSSinSesion() int  { return max(1, o.total/4) }
func (o *oyente) porDirSinSesion() int { return max(1, o.porDir/4) }

// aWebSocket anota que la conexión c pasa a ser un WebSocket (con sesión
// o no), si cabe en las cotas de los WebSocket; si no, devuelve false y c
// sigue siendo una conexión HTTP.
func (o *oyente) aWebSocket(c *conexionContada, conSesion bool) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if c.ws {
		return true
	}
	if o.ws >= o.maxWS() || !conSesion && (o.wsSin >= o.maxWSSinSesion() || o.wsSinDirs[c.dir] >= o.porDirSinSesion()) {
		return false
	}
	c.ws = true
	o.ws++
	if !conSesion {
		c.sinSesion = true
		o.wsSin++
		if o.wsSinDirs == nil {
			o.wsSinDirs = map[string]int{}
		}
		o.wsSinDirs[c.dir]++
	}
	return true
}

// deWebSocket deshace aWebSocket (el WebSocket no se llegó a abrir).
func (o *oyente) deWebSocket(c *conexionContada) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if c.ws {
		c.ws = false
		o.ws--
	}
	if c.sinSesion {
		c.sinSesion = false
		o.wsSin--
		if o.wsSinDirs[c.dir]--; o.wsSinDirs[c.dir] <= 0 {
			delete(o.wsSinDirs, c.dir)
		}
	}
}

// websocketsAbiertos devuelve cuántos WebSocket hay abiertos, y de ellos
// sin sesión.
func (o *oyente) websocketsAbiertos() (int, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.ws, o.wsSin
}

// conexionContada descuenta su conexión del oyente al cerrarse.
type conexionContada struct {
	net.Conn
	o      *oyente
	dir    string
	cerrar sync.Once

	ws, sinSesion bool // pasó a ser un WebSocket (aWebSocket); con o sin sesión; los protege o.mu
}

func (c *conexionContada) Close() error {
	err := c.Conn.Close()
	c.cerrar.Do(func() { c.o.soltar(c) })
	return err
}

// claveConexion es la clave del contexto de un pedido donde
// Sala.Servidor deja su conexión (http.Server.ConnContext).
type claveConexion struct{}

// conexionDe devuelve la conexión contada de un pedido, si la hay (el
// servidor de Sala.Servidor sobre un Sala.Oyente).
func conexionDe(r *http.Request) (*conexionContada, bool) {
	c, _ := r.Context().Value(claveConexion{}).(net.Conn)
	if t, ok := c.(interface{ NetConn() net.Conn }); ok { // *tls.Conn
		c = t.NetConn()
	}
	cc, ok := c.(*conexionContada)
	return cc, ok
}

// origenPropio informa si el pedido viene de una página de este mismo
// sitio (o de uno de los orígenes admitidos): las cabeceras Sec-Fetch-Site y
// Origin, si están, lo dicen. Un pedido sin ninguna de las dos es de un
// programa, no de un navegador.
func origenPropio(r *http.Request, admitidos []string) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	host, ok := strings.CutPrefix(o, "https://")
	if !ok {
		if host, ok = strings.CutPrefix(o, "http://"); !ok {
			return false
		}
	}
	if strings.EqualFold(host, r.Host) {
		return true
	}
	for _, a := range admitidos {
		if strings.EqualFold(host, a) {
			return true
		}
	}
	return false
}
