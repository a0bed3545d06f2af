package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// semillaGuion es la semilla de la bolsa de todas las partidas de las
// pruebas: así cada cliente sabe de antemano una partida válida entera.
const semillaGuion = 7

// abrirSala abre una sala sobre un almacén nuevo y la sirve en
// 127.0.0.1:0. Devuelve la sala y la URL base.
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
	ts := httptest.NewServer(s.Manejador()) // escucha en 127.0.0.1:0
	tb.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
		s.Cerrar()
	})
	return s, ts.URL
}

// paso es un turno del guion: el mensaje que lo hace.
type paso = mensajeCliente

var (
	guionUna sync.Once
	guionVal []paso
	guionFin int
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
			d := b.Elegir(j)
			var p paso
			switch d.Tipo {
			case juego.SucesoColocacion:
				p = paso{Tipo: "jugar", Fichas: fichasJSON(d.Jugada, alf)}
			case juego.SucesoCambio:
				p = paso{Tipo: "cambiar", Letras: simbolos(d.Cambiadas, alf)}
			default:
				p = paso{Tipo: "pasar"}
			}
			if _, err := d.Aplicar(j); err != nil {
				panic(err)
			}
			guionVal = append(guionVal, p)
		}
		guionFin = len(guionVal)
	})
	require.NotEmpty(tb, guionVal)
	return guionVal
}

// api hace un pedido a la API y decodifica la respuesta en res.
func api(tb testing.TB, base, metodo, ruta, sesion string, cuerpo any, res any) int {
	tb.Helper()
	var r io.Reader
	if cuerpo != nil {
		b, _ := json.Marshal(cuerpo)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(metodo, base+ruta, r)
	require.NoError(tb, err)
	if sesion != "" {
		req.Header.Set("Authorization", "Bearer "+sesion)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(tb, err)
	defer resp.Body.Close()
	if res != nil {
		require.NoError(tb, json.NewDecoder(resp.Body).Decode(res))
	}
	return resp.StatusCode
}

// entrar inicia sesión con un nombre y devuelve la ficha de sesión.
func entrar(tb testing.TB, base, nombre string) string {
	tb.Helper()
	var r struct{ Sesion string }
	require.Equal(tb, 200, api(tb, base, "POST", "/api/entrar", "", map[string]string{"nombre": nombre}, &r))
	return r.Sesion
}

// partidaDeDos crea una partida entre dos personas nuevas y devuelve sus
// fichas de asiento.
func partidaDeDos(tb testing.TB, base, prefijo string) (int64, [2]string) {
	tb.Helper()
	s0, s1 := entrar(tb, base, prefijo+"-a"), entrar(tb, base, prefijo+"-b")
	var m sentado
	require.Equal(tb, 200, api(tb, base, "POST", "/api/mesas", s0, pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}}, &m))
	require.NotZero(tb, m.Mesa)
	var b sentado
	require.Equal(tb, 200, api(tb, base, "POST", fmt.Sprintf("/api/mesas/%d/unirse", m.Mesa), s1, nil, &b))
	require.NotEmpty(tb, b.Ficha)
	var a sentado
	require.Equal(tb, 200, api(tb, base, "GET", fmt.Sprintf("/api/mesas/%d/esperar", m.Mesa), s0, nil, &a))
	require.Equal(tb, b.Partida, a.Partida)
	return a.Partida, [2]string{a.Ficha, b.Ficha}
}

// respuesta es un mensaje del servidor tal como llega al cliente.
type respuesta struct {
	Tipo    string   `json:"tipo"`
	Motivo  string   `json:"motivo"`
	Codigo  string   `json:"codigo"`
	Jugador int      `json:"jugador"`
	Turno   *int     `json:"turno"`
	Letras  []string `json:"letras"`
	N       int      `json:"n"`
	Puntos  int      `json:"puntos"`
	Estado  *estado  `json:"estado"`
	Fin     *final   `json:"fin"`
}

// conectar abre un WebSocket a la sala (sin Origin, como un programa).
func conectar(tb testing.TB, ctx context.Context, base string) *websocket.Conn {
	tb.Helper()
	c, _, err := websocket.Dial(ctx, "ws"+base[len("http"):]+"/ws", nil)
	require.NoError(tb, err)
	c.SetReadLimit(1 << 20)
	return c
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
		require.NoError(tb, err)
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
