package sitio

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestEntradasMalas: cada mensaje malo de un cliente recibe un error claro
// (con su código) y la partida no cambia: JSON mal formado, campos o tipos
// desconocidos, mensajes enormes, jugadas por otro asiento o de otra
// partida, sesiones ajenas o falsas, partidas que no existen, jugadas
// fuera de turno, inválidas o en una partida terminada, demasiados
// mensajes seguidos y un origen ajeno.
func TestEntradasMalas(t *testing.T) {
	t.Parallel()
	s, base := abrirSala(t, sinCotas(Opciones{}))
	id, cs := partidaDeDos(t, base, relojJSON{})
	p, err := s.cargar(context.Background(), id)
	require.NoError(t, err)
	ctx, cancelar := context.WithTimeout(context.Background(), time.Minute)
	defer cancelar()
	var ws [2]*websocket.Conn
	var mano []string
	for a := range 2 {
		var e respuesta
		ws[a], e = entrarWS(t, ctx, base, cs[a], id)
		require.Equal(t, 0, e.Estado.Turno)
		require.Equal(t, a, e.Estado.Asiento)
		if a == 0 {
			mano = e.Estado.Mano
		}
	}
	antes := p.mesa.Juego().Posicion()
	igual := func(t *testing.T) {
		t.Helper()
		require.Zero(t, p.mesa.Movimientos())
		require.True(t, reflect.DeepEqual(antes, p.mesa.Juego().Posicion()), "la partida cambió")
	}
	// responde envía crudo por c y devuelve la respuesta de error o mal.
	responde := func(t *testing.T, c *websocket.Conn, tipo websocket.MessageType, crudo string) respuesta {
		t.Helper()
		require.NoError(t, c.Write(ctx, tipo, []byte(crudo)))
		for {
			r, err := leerResp(ctx, c)
			require.NoError(t, err)
			if r.Tipo == "error" || r.Tipo == "mal" {
				require.NotEmpty(t, r.Motivo)
				return r
			}
		}
	}
	casos := []struct {
		nombre, crudo string
		asiento       int
		tipo, codigo  string
		texto         string
	}{
		{"JSON mal formado", `{"tipo":"jugar",`, 0, "error", "invalido", "Mensaje inválido"},
		{"dos valores", `{"tipo":"pasar"} {"tipo":"pasar"}`, 0, "error", "invalido", "sobra"},
		{"campo desconocido", `{"tipo":"pasar","borrar":true}`, 0, "error", "invalido", "borrar"},
		{"tipo desconocido", `{"tipo":"borrarTodo"}`, 0, "error", "invalido", "borrarTodo"},
		{"grande", `{"tipo":"pasar","x":"` + strings.Repeat("a", 10000) + `"}`, 0, "error", "grande", "demasiado grande"},
		{"por otro asiento", `{"tipo":"pasar","asiento":1}`, 0, "error", "asiento", "no es el suyo"},
		{"de otra partida", `{"tipo":"pasar","partida":999}`, 0, "error", "asiento", "no es el suyo"},
		{"entrar dos veces", fmt.Sprintf(`{"tipo":"entrar","partida":%d}`, id), 0, "error", "invalido", "ya entró"},
		{"fuera del tablero", `{"tipo":"jugar","fichas":[{"f":99,"c":0,"l":"A"}]}`, 0, "error", "invalido", "fuera del tablero"},
		{"letra inexistente", `{"tipo":"jugar","fichas":[{"f":7,"c":7,"l":"ZZ"}]}`, 0, "error", "invalido", "no es una letra"},
		{"jugada vacía", `{"tipo":"jugar","fichas":[]}`, 0, "error", "invalido", "entre 1"},
		{"demasiadas fichas", `{"tipo":"jugar","fichas":[` + strings.Repeat(`{"f":7,"c":7,"l":"A"},`, 15) + `{"f":7,"c":7,"l":"A"}]}`, 0, "error", "invalido", "entre 1"},
		{"fuera de turno", `{"tipo":"pasar"}`, 1, "mal", "turno", "No es su turno"},
		{"jugada inválida", `{"tipo":"jugar","fichas":[{"f":0,"c":0,"l":"` + primeraLetra(mano) + `"}]}`, 0, "mal", "jugada", "Jugada inválida"},
		{"letras que no tiene", `{"tipo":"cambiar","letras":["?","?","?"]}`, 0, "mal", "cambio", "No se puede cambiar"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r := responde(t, ws[c.asiento], websocket.MessageText, c.crudo)
			require.Equal(t, c.tipo, r.Tipo, r.Motivo)
			require.Equal(t, c.codigo, r.Codigo, r.Motivo)
			require.Contains(t, r.Motivo, c.texto)
			igual(t)
		})
	}
	t.Run("binario", func(t *testing.T) {
		r := responde(t, ws[0], websocket.MessageBinary, `{"tipo":"pasar"}`)
		require.Equal(t, "invalido", r.Codigo)
		igual(t)
	})
	ajeno := invitado(t, base)
	for _, c := range []struct {
		nombre string
		quien  *cliente
		crudo  string
		codigo string
	}{
		{"sin sesión", nil, fmt.Sprintf(`{"tipo":"entrar","partida":%d}`, id), "sesion"},
		{"sesión de otro jugador", ajeno, fmt.Sprintf(`{"tipo":"entrar","partida":%d}`, id), "asiento"},
		{"asiento ajeno", cs[1], fmt.Sprintf(`{"tipo":"entrar","partida":%d,"asiento":0}`, id), "asiento"},
		{"partida desconocida", cs[0], `{"tipo":"entrar","partida":9999}`, "partida"},
		{"sin partida", cs[0], `{"tipo":"entrar"}`, "invalido"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			nc := conectar(t, ctx, base, c.quien)
			defer nc.CloseNow()
			r := responde(t, nc, websocket.MessageText, c.crudo)
			require.Equal(t, c.codigo, r.Codigo, r.Motivo)
			r = responde(t, nc, websocket.MessageText, `{"tipo":"pasar"}`)
			require.Equal(t, "entrar", r.Codigo)
			igual(t)
		})
	}
	t.Run("sesión falsa", func(t *testing.T) {
		nc, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws",
			&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + strings.Repeat("A", 43)}}})
		require.NoError(t, err)
		defer nc.CloseNow()
		r := responde(t, nc, websocket.MessageText, fmt.Sprintf(`{"tipo":"entrar","partida":%d}`, id))
		require.Equal(t, "sesion", r.Codigo)
		igual(t)
	})
	t.Run("espectador no juega", func(t *testing.T) {
		nc := conectar(t, ctx, base, ajeno)
		defer nc.CloseNow()
		require.NoError(t, escribir(ctx, nc, mensajeCliente{Tipo: "mirar", Partida: &id}))
		e := esperarTipo(t, ctx, nc, "estado")
		require.Equal(t, -1, e.Estado.Asiento)
		require.Empty(t, e.Estado.Mano, "un espectador no ve las manos")
		r := responde(t, nc, websocket.MessageText, `{"tipo":"pasar"}`)
		require.Equal(t, "asiento", r.Codigo)
		igual(t)
	})
	t.Run("enorme", func(t *testing.T) {
		nc, _ := entrarWS(t, ctx, base, cs[0], id)
		nc.Write(ctx, websocket.MessageText, []byte(strings.Repeat(" ", 1<<20)))
		var err error
		for err == nil {
			_, err = leerResp(ctx, nc)
		}
		require.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
		igual(t)
		// El asiento sigue: otra conexión lo toma.
		ws[0], _ = entrarWS(t, ctx, base, cs[0], id)
	})
	t.Run("demasiado seguido", func(t *testing.T) {
		nc := conectar(t, ctx, base, cs[1])
		defer nc.CloseNow()
		for range 60 {
			require.NoError(t, nc.Write(ctx, websocket.MessageText, []byte(`{"tipo":"latido"}`)))
		}
		seguido := 0
		for {
			lctx, c := context.WithTimeout(ctx, time.Second)
			r, err := leerResp(lctx, nc)
			c()
			if err != nil {
				break
			}
			require.Equal(t, "seguido", r.Codigo)
			seguido++
		}
		// 40 de ráfaga: unos 20 rechazados (menos si el balde se llenó un
		// poco mientras tanto).
		require.GreaterOrEqual(t, seguido, 10)
		require.LessOrEqual(t, seguido, 20)
		igual(t)
	})
	t.Run("origen ajeno", func(t *testing.T) {
		_, resp, err := websocket.Dial(ctx, "ws"+base[len("http"):]+"/ws", &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://malo.example"}}})
		require.Error(t, err)
		require.Equal(t, http.StatusForbidden, resp.StatusCode)
	})
	t.Run("partida terminada", func(t *testing.T) {
		require.NoError(t, escribir(ctx, ws[1], mensajeCliente{Tipo: "rendirse"}))
		f := esperarTipo(t, ctx, ws[0], "fin")
		require.Equal(t, 0, f.Fin.Ganador)
		require.Equal(t, "abandono", f.Fin.Motivo)
		n := p.mesa.Movimientos()
		despues := p.mesa.Juego().Posicion()
		for a, crudo := range []string{`{"tipo":"jugar","fichas":[{"f":7,"c":7,"l":"A"}]}`, `{"tipo":"rendirse"}`} {
			r := responde(t, ws[a], websocket.MessageText, crudo)
			require.Equal(t, "mal", r.Tipo)
			require.Equal(t, "terminada", r.Codigo)
			require.Equal(t, n, p.mesa.Movimientos())
			require.True(t, reflect.DeepEqual(despues, p.mesa.Juego().Posicion()))
		}
	})
	t.Run("HTTP", func(t *testing.T) {
		var e map[string]string
		anon := nuevoCliente(base)
		require.Equal(t, 404, anon.pedir(t, "GET", "/api/partidas/9999/gcg", nil, &e))
		require.Contains(t, e["error"], "No existe esa partida")
		require.Equal(t, 400, anon.pedir(t, "GET", "/api/partidas/abc/gcg", nil, &e))
		require.Equal(t, 400, anon.pedir(t, "POST", "/api/entrar", map[string]any{"nombre": 3}, &e))
		require.Equal(t, 400, anon.pedir(t, "POST", "/api/cuentas", credenciales{Nombre: "Bot falso", Contrasena: "12345678"}, &e))
		require.Equal(t, "reservado", e["codigo"])
		require.Equal(t, 400, anon.pedir(t, "POST", "/api/cuentas", credenciales{Nombre: "  ", Contrasena: "12345678"}, &e))
		require.Equal(t, 413, anon.pedir(t, "POST", "/api/entrar", map[string]any{"nombre": strings.Repeat("a", 5000)}, &e))
		require.Equal(t, 401, anon.pedir(t, "GET", "/api/partidas", nil, &e))
		c := invitado(t, base)
		require.Equal(t, 400, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona", "persona", "persona", "persona"}}, &e))
		require.Equal(t, 400, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "klingon", Asientos: []string{"yo", "persona"}}, &e))
		require.Equal(t, 400, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:dios"}}, &e))
		require.Equal(t, 400, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}, Reloj: relojJSON{Inicial: 99999}}, &e))
		require.Equal(t, "reloj", e["codigo"])
		require.Equal(t, 404, c.pedir(t, "POST", "/api/mesas/77/unirse", nil, &e))
		// La partida terminada se descarga en GCG, sin sesión.
		resp, err := http.Get(base + "/api/partidas/" + itoa(id) + "/gcg")
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode)
	})
}

// itoa escribe un entero.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func primeraLetra(mano []string) string {
	for _, l := range mano {
		if l != "?" {
			return l
		}
	}
	return "A"
}
