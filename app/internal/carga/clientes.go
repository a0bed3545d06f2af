package carga

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// cliente habla con un proceso web como la página: guarda la cookie de
// sesión y manda la ficha CSRF.
type cliente struct {
	base string
	http *http.Client
	csrf string
}

func nuevoCliente(base string, tr http.RoundTripper) *cliente {
	jar, _ := cookiejar.New(nil)
	return &cliente{base: base, http: &http.Client{Jar: jar, Timeout: time.Minute, Transport: tr}}
}

// pedir hace un pedido a la API y decodifica la respuesta en res; un
// estado distinto de 200 es un error.
func (c *cliente) pedir(ctx context.Context, metodo, ruta string, cuerpo, res any) error {
	var r io.Reader
	if metodo != "GET" {
		if cuerpo == nil {
			cuerpo = map[string]any{}
		}
		b, _ := json.Marshal(cuerpo)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, metodo, c.base+ruta, r)
	if err != nil {
		return err
	}
	if metodo != "GET" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", c.base)
		req.Header.Set("X-CSRF", c.csrf)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s %s: %d %s", metodo, ruta, resp.StatusCode, bytes.TrimSpace(b))
	}
	if res != nil {
		return json.Unmarshal(b, res)
	}
	return nil
}

// invitado entra como invitado en una sesión nueva en base.
func invitado(ctx context.Context, base string, tr http.RoundTripper) (*cliente, error) {
	c := nuevoCliente(base, tr)
	var r struct {
		CSRF string `json:"csrf"`
	}
	if err := c.pedir(ctx, "POST", "/api/invitado", nil, &r); err != nil {
		return nil, err
	}
	c.csrf = r.CSRF
	return c, nil
}

// relojJSON es el control de tiempo de una mesa nueva.
type relojJSON struct {
	Inicial      int `json:"inicial"`
	Penalizacion int `json:"penalizacion"`
	Exceso       int `json:"exceso"`
}

// relojTorneo: 25 minutos con 10 puntos por minuto de exceso.
var relojTorneo = relojJSON{Inicial: 1500, Penalizacion: 10, Exceso: 600}

type pedidoMesa struct {
	Reglas   string    `json:"reglas"`
	Asientos []string  `json:"asientos"`
	Reloj    relojJSON `json:"reloj"`
}

type sentado struct {
	Mesa    int64 `json:"mesa"`
	Partida int64 `json:"partida"`
}

// partidaDeDos crea una mesa en baseA, sienta a un segundo invitado desde
// baseB y devuelve la partida y sus dos clientes.
func partidaDeDos(ctx context.Context, baseA, baseB string, tr http.RoundTripper) (int64, [2]*cliente, error) {
	var cs [2]*cliente
	var err error
	if cs[0], err = invitado(ctx, baseA, tr); err != nil {
		return 0, cs, err
	}
	if cs[1], err = invitado(ctx, baseB, tr); err != nil {
		return 0, cs, err
	}
	var m, b, a sentado
	if err := cs[0].pedir(ctx, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "persona"}, Reloj: relojTorneo}, &m); err != nil {
		return 0, cs, err
	}
	if err := cs[1].pedir(ctx, "POST", fmt.Sprintf("/api/mesas/%d/unirse", m.Mesa), nil, &b); err != nil {
		return 0, cs, err
	}
	if err := cs[0].pedir(ctx, "GET", fmt.Sprintf("/api/mesas/%d/esperar", m.Mesa), nil, &a); err != nil {
		return 0, cs, err
	}
	if a.Partida == 0 || a.Partida != b.Partida {
		return 0, cs, fmt.Errorf("carga: la mesa %d dio las partidas %d y %d", m.Mesa, a.Partida, b.Partida)
	}
	return a.Partida, cs, nil
}

// ficha y mensaje son los del protocolo del sitio (app/internal/sitio).
type ficha struct {
	F       int    `json:"f"`
	C       int    `json:"c"`
	L       string `json:"l"`
	Comodin bool   `json:"comodin,omitempty"`
}

type mensaje struct {
	Tipo    string   `json:"tipo"`
	Partida *int64   `json:"partida,omitempty"`
	Fichas  []ficha  `json:"fichas,omitempty"`
	Letras  []string `json:"letras,omitempty"`
}

// respuesta es lo que la carga lee de un mensaje del servidor.
type respuesta struct {
	Tipo    string `json:"tipo"`
	Motivo  string `json:"motivo"`
	Codigo  string `json:"codigo"`
	Jugador int    `json:"jugador"`
	Turno   *int   `json:"turno"`
	N       int    `json:"n"`
	Estado  *struct {
		Movimientos int             `json:"movimientos"`
		Turno       int             `json:"turno"`
		Asiento     int             `json:"asiento"`
		Fin         json.RawMessage `json:"fin"`
	} `json:"estado"`
}

var (
	guionUna sync.Once
	guionVal []mensaje
	guionErr error
)

// guion juega una partida de dos bots avanzados con SemillaGuion (español
// clásico) y devuelve sus turnos como mensajes del protocolo: repetidos
// por los dos clientes de una partida de los procesos web de la carga, la
// juegan entera.
func guion() ([]mensaje, error) {
	guionUna.Do(func() {
		v := espanol.Clasica()
		bolsa, err := v.Repositorio(2, SemillaGuion)
		if err != nil {
			guionErr = err
			return
		}
		j, err := juego.Nuevo(2, v, bolsa)
		if err != nil {
			guionErr = err
			return
		}
		g, err := generador.Nuevo(v, generador.Opciones{})
		if err != nil {
			guionErr = err
			return
		}
		b, err := bot.Nuevo(bot.Avanzado, g)
		if err != nil {
			guionErr = err
			return
		}
		alf := v.Alfabeto()
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			d, err := b.Elegir(context.Background(), j)
			if err != nil {
				guionErr = err
				return
			}
			m := mensaje{Tipo: "pasar"}
			switch d.Tipo {
			case juego.SucesoColocacion:
				m = mensaje{Tipo: "jugar"}
				for f := range d.Jugada.Fichas() {
					m.Fichas = append(m.Fichas, ficha{F: f.Fila, C: f.Columna, L: alf.Simbolo(f.Letra), Comodin: f.Comodin})
				}
			case juego.SucesoCambio:
				m = mensaje{Tipo: "cambiar"}
				for l := range d.Cambiadas.Todas() {
					m.Letras = append(m.Letras, alf.Simbolo(l))
				}
			}
			if _, err := d.Aplicar(j); err != nil {
				guionErr = err
				return
			}
			guionVal = append(guionVal, m)
		}
	})
	return guionVal, guionErr
}

// dial abre un WebSocket con la sesión del cliente.
func dial(ctx context.Context, c *cliente) (*websocket.Conn, error) {
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(c.base, "http")+"/ws", &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	return ws, nil
}

func escribir(ctx context.Context, ws *websocket.Conn, m any) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return ws.Write(ctx, websocket.MessageText, b)
}

func leer(ctx context.Context, ws *websocket.Conn) (respuesta, error) {
	var r respuesta
	_, b, err := ws.Read(ctx)
	if err != nil {
		return r, err
	}
	return r, json.Unmarshal(b, &r)
}

// jugador juega un asiento de una partida por WebSocket siguiendo el
// guion: piensa entre pausa/2 y 3·pausa/2 antes de cada jugada (nada si
// pausa es 0), y anota la latencia de cada una (del envío a su anuncio).
// Vuelve al final de la partida.
type jugador struct {
	c         *cliente
	partida   int64
	asiento   int
	pasos     []mensaje
	pausa     time.Duration
	latencias []time.Duration
}

// errMal es una respuesta que la carga no espera (una jugada rechazada, un
// movimiento fuera de orden).
var errMal = errors.New("carga: respuesta inesperada")

func (jg *jugador) jugar(ctx context.Context) error {
	ws, err := dial(ctx, jg.c)
	if err != nil {
		return err
	}
	defer ws.CloseNow()
	if err := escribir(ctx, ws, mensaje{Tipo: "entrar", Partida: &jg.partida}); err != nil {
		return err
	}
	n, turno, pendiente := 0, -1, false
	var enviado time.Time
	for {
		r, err := leer(ctx, ws)
		if err != nil {
			return err
		}
		switch r.Tipo {
		case "estado":
			if r.Estado.Fin != nil && string(r.Estado.Fin) != "null" {
				return nil
			}
			n, turno, pendiente = r.Estado.Movimientos, r.Estado.Turno, false
		case "jugada", "pase", "cambio":
			if r.N != n {
				return fmt.Errorf("%w: asiento %d: llegó el movimiento %d y se esperaba el %d", errMal, jg.asiento, r.N, n)
			}
			n++
			turno = -1
			if r.Jugador == jg.asiento && pendiente {
				jg.latencias = append(jg.latencias, time.Since(enviado))
				pendiente = false
			}
		case "penalizacion":
			n++
		case "turno":
			turno = *r.Turno
		case "fin":
			return nil
		case "mal", "error":
			return fmt.Errorf("%w: asiento %d, movimiento %d: %s %s (%s)", errMal, jg.asiento, n, r.Tipo, r.Motivo, r.Codigo)
		}
		if turno == jg.asiento && !pendiente && n < len(jg.pasos) {
			if jg.pausa > 0 {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(jg.pausa/2 + rand.N(jg.pausa)):
				}
			}
			enviado = time.Now()
			if err := escribir(ctx, ws, jg.pasos[n]); err != nil {
				return err
			}
			pendiente = true
		}
	}
}

// ronda juega partidas partidas entre personas a la vez con webs procesos
// web, pensando pausa antes de cada jugada.
func ronda(ctx context.Context, op Opciones, webs, partidas int, pausa time.Duration) (Fila, error) {
	op.Partidas = partidas
	f := Fila{Webs: webs, Modo: "saturada", Pausa: pausa, Clientes: 2 * op.Partidas}
	if pausa > 0 {
		f.Modo = "pensando"
	}
	pasos, err := guion()
	if err != nil {
		return f, err
	}
	e, err := nuevoEntorno(ctx, op)
	if err != nil {
		return f, err
	}
	defer e.Cerrar()
	var urls []string
	for range webs {
		h, err := e.arrancar(ctx, "web")
		if err != nil {
			return f, err
		}
		urls = append(urls, h.url)
	}
	ctx, cancelar := context.WithTimeout(ctx, op.Plazo)
	defer cancelar()
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	jugadores := make([]*jugador, 2*op.Partidas)
	errs := make([]error, op.Partidas)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range op.Partidas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			id, cs, err := partidaDeDos(ctx, urls[i%webs], urls[(i+1)%webs], tr)
			if err != nil {
				errs[i] = err
				return
			}
			for a := range 2 {
				jugadores[2*i+a] = &jugador{c: cs[a], partida: id, asiento: a, pasos: pasos, pausa: pausa}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return f, fmt.Errorf("creando las partidas: %w", err)
	}
	inicio, cpu0, pg0 := time.Now(), e.cpuHijos("web"), cpuServidor()
	errs = make([]error, len(jugadores))
	for k, jg := range jugadores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = jg.jugar(ctx)
		}()
	}
	wg.Wait()
	f.Duracion, f.CPUWeb, f.CPUServidor = time.Since(inicio), e.cpuHijos("web")-cpu0, cpuServidorDesde(pg0)
	if err := errors.Join(errs...); err != nil {
		return f, err
	}
	var lat []time.Duration
	for _, jg := range jugadores {
		lat = append(lat, jg.latencias...)
	}
	if want := op.Partidas * len(pasos); len(lat) != want {
		return f, fmt.Errorf("carga: %d movimientos confirmados de %d", len(lat), want)
	}
	resumir(&f, lat)
	return f, nil
}
