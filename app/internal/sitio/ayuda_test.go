package sitio

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// semillaGuion es la semilla de la bolsa de todas las partidas de las
// pruebas: así cada cliente sabe de antemano una partida válida entera.
const semillaGuion = 7

// sinCotas son opciones con las cotas de pedidos tan altas que las pruebas
// que no las miden no las tocan.
func sinCotas(op Opciones) Opciones {
	if op.APIPorSegundo == 0 {
		op.APIPorSegundo, op.APIRafaga = 1e6, 1e6
	}
	if op.AltasPorHora == 0 {
		op.AltasPorHora = 1e9
	}
	if op.IntentosPorMinuto == 0 {
		op.IntentosPorMinuto = 1e9
	}
	if op.MesasPorJugador == 0 {
		op.MesasPorJugador = 1000
	}
	if op.MesasAbiertas == 0 {
		op.MesasAbiertas = 100000
	}
	if op.ConexionesPorDireccion == 0 {
		op.ConexionesPorDireccion = 100000
	}
	if op.MaxConexiones == 0 {
		op.MaxConexiones = 100000
	}
	return op
}

// abrirSala abre una sala sobre un almacén nuevo y la sirve en
// 127.0.0.1:0, con sus plazos y sus cotas de conexiones. Devuelve la sala
// y la URL base.
func abrirSala(tb testing.TB, op Opciones) (*Sala, string) {
	tb.Helper()
	if op.DB == "" {
		op.DB = filepath.Join(tb.TempDir(), "web.db")
	}
	if op.Semilla == nil {
		op.Semilla = func() uint64 { return semillaGuion }
	}
	if op.Registro == nil {
		op.Registro = io.Discard
	}
	s, err := Abrir(op)
	require.NoError(tb, err)
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = s.Servidor()
	ts.Listener = s.Oyente(ts.Listener, false)
	ts.Start()
	tb.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		s.Cerrar()
	})
	return s, ts.URL
}

// cliente es un programa que habla con la sala como un navegador: guarda
// la cookie de sesión y manda la ficha CSRF.
type cliente struct {
	base   string
	http   *http.Client
	csrf   string
	id     int64
	nombre string
}

func nuevoCliente(base string) *cliente {
	jar, _ := cookiejar.New(nil)
	return &cliente{base: base, http: &http.Client{Jar: jar, Timeout: time.Minute}}
}

// pedir hace un pedido a la API (con Origin y X-CSRF como la página) y
// decodifica la respuesta en res. Devuelve el estado HTTP.
func (c *cliente) pedir(tb testing.TB, metodo, ruta string, cuerpo any, res any) int {
	tb.Helper()
	r, err := c.pedirCon(metodo, ruta, cuerpo, res, nil)
	require.NoError(tb, err)
	return r
}

// pedirCon es pedir con cabeceras propias (y sin require: sirve desde
// varias gorutinas).
func (c *cliente) pedirCon(metodo, ruta string, cuerpo any, res any, cabeceras map[string]string) (int, error) {
	var r io.Reader
	if metodo != "GET" {
		if cuerpo == nil {
			cuerpo = map[string]any{}
		}
		b, _ := json.Marshal(cuerpo)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(metodo, c.base+ruta, r)
	if err != nil {
		return 0, err
	}
	if metodo != "GET" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", c.base)
		req.Header.Set("X-CSRF", c.csrf)
	}
	for k, v := range cabeceras {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	defer io.Copy(io.Discard, resp.Body) // hasta el final: la conexión se reusa
	if res != nil {
		if err := json.NewDecoder(resp.Body).Decode(res); err != nil {
			return resp.StatusCode, err
		}
	}
	return resp.StatusCode, nil
}

// respuestaSesion es lo que devuelven el alta, la entrada y el invitado.
type respuestaSesion struct {
	Jugador  int64  `json:"jugador"`
	Nombre   string `json:"nombre"`
	CSRF     string `json:"csrf"`
	Invitado bool   `json:"invitado"`
	Error    string `json:"error"`
	Codigo   string `json:"codigo"`
}

func (c *cliente) entro(r respuestaSesion) {
	c.csrf, c.id, c.nombre = r.CSRF, r.Jugador, r.Nombre
}

// invitado entra como invitado en una sesión nueva.
func invitado(tb testing.TB, base string) *cliente {
	tb.Helper()
	c := nuevoCliente(base)
	var r respuestaSesion
	require.Equal(tb, 200, c.pedir(tb, "POST", "/api/invitado", nil, &r), r.Error)
	c.entro(r)
	return c
}

// alta crea una cuenta y entra con ella.
func alta(tb testing.TB, base, nombre, contrasena string) *cliente {
	tb.Helper()
	c := nuevoCliente(base)
	var r respuestaSesion
	require.Equal(tb, 200, c.pedir(tb, "POST", "/api/cuentas", credenciales{Nombre: nombre, Contrasena: contrasena}, &r), r.Error)
	c.entro(r)
	return c
}

// partidaDeDos crea una partida entre dos invitados nuevos (con el reloj
// dado) y devuelve su número y sus clientes.
func partidaDeDos(tb testing.TB, base string, reloj relojJSON) (int64, [2]*cliente) {
	tb.Helper()
	c0, c1 := invitado(tb, base), invitado(tb, base)
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

// paso es un turno del guion: el mensaje que lo hace.
type paso = mensajeCliente

var (
	guionUna sync.Once
	guionVal []paso
)

// guion juega una partida de dos bots avanzados con la semilla de las
// pruebas (español clásico) y devuelve sus turnos como mensajes del
// protocolo: repetidos por los dos clientes de una partida, la juegan
// entera.
func guion(tb testing.TB) []paso {
	guionUna.Do(func() {
		v := espanol.Clasica()
		bolsa, err := v.Repositorio(2, semillaGuion)
		if err != nil {
			panic(err)
		}
		j, _ := juego.Nuevo(2, v, bolsa)
		g, _ := generador.Nuevo(v, generador.Opciones{})
		b, _ := bot.Nuevo(bot.Avanzado, g)
		alf := v.Alfabeto()
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			d, _ := b.Elegir(context.Background(), j)
			var p paso
			switch d.Tipo {
			case juego.SucesoColocacion:
				p = paso{Tipo: "jugar", Fichas: revision.Fichas(d.Jugada, alf)}
			case juego.SucesoCambio:
				p = paso{Tipo: "cambiar", Letras: revision.Simbolos(d.Cambiadas, alf)}
			default:
				p = paso{Tipo: "pasar"}
			}
			if _, err := d.Aplicar(j); err != nil {
				panic(err)
			}
			guionVal = append(guionVal, p)
		}
	})
	require.NotEmpty(tb, guionVal)
	return guionVal
}

// respuesta es un mensaje del servidor tal como llega al cliente.
type respuesta struct {
	Tipo     string   `json:"tipo"`
	Motivo   string   `json:"motivo"`
	Codigo   string   `json:"codigo"`
	Jugador  int      `json:"jugador"`
	Turno    *int     `json:"turno"`
	Letras   []string `json:"letras"`
	N        int      `json:"n"`
	Puntos   int      `json:"puntos"`
	Total    int      `json:"total"`
	Ms       int64    `json:"ms"`
	Lugar    string   `json:"lugar"`
	Palabra  string   `json:"palabra"`
	Estado   *estado  `json:"estado"`
	Fin      *final   `json:"fin"`
	Mesa     int64    `json:"mesa"`
	Revancha int64    `json:"revancha"`
	Seq      int64    `json:"seq"`
	Vale     *int     `json:"vale"`
	// Los de "presencia".
	Conectados   []bool `json:"conectados"`
	Espectadores *int   `json:"espectadores"`
}

// dial abre un WebSocket a la sala con la sesión del cliente (o sin
// sesión si c es nil), sin Origin, como un programa.
func dial(ctx context.Context, base string, c *cliente) (*websocket.Conn, error) {
	op := &websocket.DialOptions{}
	if c != nil {
		op.HTTPClient = c.http
	}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", op)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	return ws, nil
}

// conectar es dial que no puede fallar.
func conectar(tb testing.TB, ctx context.Context, base string, c *cliente) *websocket.Conn {
	tb.Helper()
	ws, err := dial(ctx, base, c)
	require.NoError(tb, err)
	return ws
}

// entrarWS conecta al cliente a su asiento de la partida id y devuelve la
// conexión y la foto.
func entrarWS(tb testing.TB, ctx context.Context, base string, c *cliente, id int64) (*websocket.Conn, respuesta) {
	tb.Helper()
	ws := conectar(tb, ctx, base, c)
	require.NoError(tb, escribir(ctx, ws, mensajeCliente{Tipo: "entrar", Partida: &id}))
	return ws, esperarTipo(tb, ctx, ws, "estado")
}

func escribir(ctx context.Context, c *websocket.Conn, m any) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.Write(ctx, websocket.MessageText, b)
}

func leerResp(ctx context.Context, c *websocket.Conn) (respuesta, error) {
	var r respuesta
	_, b, err := c.Read(ctx)
	if err != nil {
		return r, err
	}
	err = json.Unmarshal(b, &r)
	return r, err
}

// esperarTipo lee hasta un mensaje del tipo dado (descarta los demás).
func esperarTipo(tb testing.TB, ctx context.Context, c *websocket.Conn, tipo string) respuesta {
	tb.Helper()
	for {
		r, err := leerResp(ctx, c)
		require.NoError(tb, err, "esperando %q", tipo)
		if r.Tipo == tipo {
			return r
		}
	}
}

// percentil devuelve el percentil p (0–100) de ds, ordenado.
func percentil(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := int(float64(len(ds)-1) * p / 100)
	return ds[i]
}
