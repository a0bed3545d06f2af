package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/servidor"
)

//go:embed estatico
var estatico embed.FS

// maxCuerpo es el largo máximo del cuerpo de un pedido HTTP.
const maxCuerpo = 4096

// Manejador devuelve el http.Handler del servidor: la página (embebida),
// la API JSON del vestíbulo bajo /api/ y el WebSocket de juego en /ws.
func (s *Sala) Manejador() http.Handler {
	mux := http.NewServeMux()
	pagina, _ := fs.Sub(estatico, "estatico")
	mux.Handle("GET /", http.FileServerFS(pagina))
	mux.HandleFunc("GET /ws", s.manejarWS)
	mux.HandleFunc("POST /api/entrar", s.api(s.apiEntrar, false))
	mux.HandleFunc("GET /api/reglas", s.api(s.apiReglas, false))
	mux.HandleFunc("GET /api/mesas", s.api(s.apiMesas, false))
	mux.HandleFunc("POST /api/mesas", s.api(s.apiCrear, true))
	mux.HandleFunc("POST /api/mesas/{id}/unirse", s.api(s.apiUnirse, true))
	mux.HandleFunc("GET /api/mesas/{id}/esperar", s.api(s.apiEsperar, true))
	mux.HandleFunc("GET /api/partidas", s.api(s.apiMisPartidas, true))
	mux.HandleFunc("GET /api/clasificacion", s.api(s.apiClasificacion, false))
	mux.HandleFunc("GET /api/partidas/{id}/gcg", s.manejarGCG)
	return cabeceras(mux)
}

// cabeceras agrega las cabeceras de seguridad a todas las respuestas.
func cabeceras(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// pedido es lo que recibe un manejador de la API: el cuerpo ya leído y el
// jugador, si la ruta lo pide.
type pedido struct {
	r       *http.Request
	cuerpo  []byte
	jugador almacen.Jugador
}

// api adapta un manejador de la API: limita y lee el cuerpo, verifica la
// sesión si conSesion, y escribe la respuesta o el error en JSON.
func (s *Sala) api(f func(context.Context, pedido) (any, error), conSesion bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		cuerpo, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxCuerpo))
		if err != nil {
			responderError(w, http.StatusRequestEntityTooLarge, ErrMensajeGrande)
			return
		}
		pe := pedido{r: r, cuerpo: cuerpo}
		if conSesion {
			ficha, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if pe.jugador, err = s.jugadorDeSesion(r.Context(), ficha); err != nil {
				responderError(w, http.StatusUnauthorized, errors.New("sesión inválida: vuelva a entrar"))
				return
			}
		}
		res, err := f(r.Context(), pe)
		if err != nil {
			responderError(w, estadoHTTP(err), err)
			return
		}
		json.NewEncoder(w).Encode(res)
	}
}

func responderError(w http.ResponseWriter, codigo int, err error) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(codigo)
	json.NewEncoder(w).Encode(map[string]string{"error": textoDe(err), "codigo": codigoDe(err)})
}

func estadoHTTP(err error) int {
	switch {
	case errors.Is(err, ErrMesaDesconocida), errors.Is(err, ErrPartidaDesconocida):
		return http.StatusNotFound
	case errors.Is(err, ErrMesaLlena), errors.Is(err, ErrYaSentado), errors.Is(err, ErrNoTerminada):
		return http.StatusConflict
	case errors.Is(err, ErrMensajeInvalido), errors.Is(err, ErrReglas), errors.Is(err, ErrAsientos),
		errors.Is(err, ErrNombreReservado), errors.Is(err, almacen.ErrNombreInvalido):
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}

// decodificar lee un único valor JSON sin campos desconocidos.
func decodificar(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrMensajeInvalido, err)
	}
	if d.More() {
		return fmt.Errorf("%w: sobra texto después del JSON", ErrMensajeInvalido)
	}
	return nil
}

func idDeRuta(pe pedido) (int64, error) {
	id, err := strconv.ParseInt(pe.r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%w: identificador %q", ErrMensajeInvalido, pe.r.PathValue("id"))
	}
	return id, nil
}

func (s *Sala) apiEntrar(ctx context.Context, pe pedido) (any, error) {
	var e struct {
		Nombre string `json:"nombre"`
	}
	if err := decodificar(pe.cuerpo, &e); err != nil {
		return nil, err
	}
	j, ficha, err := s.Entrar(ctx, e.Nombre)
	if err != nil {
		return nil, err
	}
	return map[string]any{"jugador": j.ID, "nombre": j.Nombre, "sesion": ficha}, nil
}

func (s *Sala) apiReglas(context.Context, pedido) (any, error) {
	return map[string]any{"reglas": s.reglas, "niveles": []string{"principiante", "intermedio", "avanzado", "experto"}}, nil
}

func (s *Sala) apiMesas(context.Context, pedido) (any, error) { return s.Abiertas(), nil }

func (s *Sala) apiCrear(ctx context.Context, pe pedido) (any, error) {
	var pm pedidoMesa
	if err := decodificar(pe.cuerpo, &pm); err != nil {
		return nil, err
	}
	return s.Crear(ctx, pe.jugador, pm)
}

func (s *Sala) apiUnirse(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe)
	if err != nil {
		return nil, err
	}
	return s.Unirse(ctx, pe.jugador, id)
}

// apiEsperar espera hasta 25 s a que la mesa se llene (una espera larga,
// no una consulta repetida).
func (s *Sala) apiEsperar(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe)
	if err != nil {
		return nil, err
	}
	ctx, cancelar := context.WithTimeout(ctx, 25*time.Second)
	defer cancelar()
	return s.Esperar(ctx, pe.jugador, id)
}

func (s *Sala) apiMisPartidas(ctx context.Context, pe pedido) (any, error) {
	return s.MisPartidas(ctx, pe.jugador)
}

func (s *Sala) apiClasificacion(ctx context.Context, _ pedido) (any, error) {
	return s.Clasificacion(ctx)
}

func (s *Sala) manejarGCG(w http.ResponseWriter, r *http.Request) {
	id, err := idDeRuta(pedido{r: r})
	if err != nil {
		responderError(w, http.StatusBadRequest, err)
		return
	}
	var b bytes.Buffer
	if err := s.GCG(r.Context(), &b, id); err != nil {
		responderError(w, estadoHTTP(err), err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"partida-%d.gcg\"", id))
	w.Write(b.Bytes())
}

// limitador es un balde de fichas: admite r mensajes por segundo con
// ráfagas de hasta b.
type limitador struct {
	r, b, fichas float64
	ultimo       time.Time
}

func (l *limitador) permitir(ahora time.Time) bool {
	l.fichas = min(l.b, l.fichas+ahora.Sub(l.ultimo).Seconds()*l.r)
	l.ultimo = ahora
	if l.fichas < 1 {
		return false
	}
	l.fichas--
	return true
}

// conexion es un cliente conectado por WebSocket, sentado en a lo sumo un
// asiento.
type conexion struct {
	sala    *Sala
	c       *websocket.Conn
	p       *partida
	asiento int
	enlace  *enlace
	wg      sync.WaitGroup
}

// manejarWS acepta el WebSocket (solo del mismo origen o de los de
// Opciones.Origenes) y atiende sus mensajes.
func (s *Sala) manejarWS(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.op.Origenes})
	if err != nil {
		return // Accept ya respondió (403 si el origen no es admitido)
	}
	c.SetReadLimit(int64(max(s.op.MaxMensaje*16, 1<<16)))
	cx := &conexion{sala: s, c: c}
	ctx, cancelar := context.WithCancel(r.Context())
	defer func() {
		cancelar()
		if cx.enlace != nil {
			cx.enlace.cancelar()
		}
		cx.wg.Wait()
		if cx.p != nil {
			cx.p.soltar(cx.asiento, cx.enlace)
		}
		c.CloseNow()
	}()
	cx.leer(ctx)
}

// enviar escribe un mensaje, con un tiempo máximo.
func (cx *conexion) enviar(ctx context.Context, m mensajeServidor) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancelar := context.WithTimeout(ctx, 10*time.Second)
	defer cancelar()
	return cx.c.Write(ctx, websocket.MessageText, b)
}

// rechazar responde a un mensaje que no llegó al juego (o que el juego
// rechazó sin pasar por el servidor).
func (cx *conexion) rechazar(ctx context.Context, err error) error {
	tipo := "error"
	if errors.Is(err, ErrPartidaCerrada) {
		tipo = "mal"
	}
	return cx.enviar(ctx, mensajeServidor{Tipo: tipo, Motivo: textoDe(err), Codigo: codigoDe(err)})
}

// leer atiende los mensajes del cliente hasta que se desconecta.
func (cx *conexion) leer(ctx context.Context) {
	op := cx.sala.op
	lim := &limitador{r: op.MensajesPorSegundo, b: float64(op.Rafaga), fichas: float64(op.Rafaga), ultimo: time.Now()}
	excesos := 0
	for {
		tipo, datos, err := cx.c.Read(ctx)
		if err != nil {
			return // desconectado, o un mensaje más grande que el límite de lectura (1009)
		}
		if !lim.permitir(time.Now()) {
			if excesos++; excesos > 3*op.Rafaga {
				cx.c.Close(websocket.StatusPolicyViolation, "demasiados mensajes")
				return
			}
			if cx.rechazar(ctx, ErrDemasiadoSeguido) != nil {
				return
			}
			continue
		}
		excesos = 0
		var rechazo error
		switch {
		case len(datos) > op.MaxMensaje:
			rechazo = fmt.Errorf("%w (más de %d bytes)", ErrMensajeGrande, op.MaxMensaje)
		case tipo != websocket.MessageText:
			rechazo = fmt.Errorf("%w: se esperaba texto JSON", ErrMensajeInvalido)
		default:
			var m mensajeCliente
			if rechazo = decodificar(datos, &m); rechazo == nil {
				rechazo = cx.atender(ctx, m)
			}
		}
		if rechazo != nil && cx.rechazar(ctx, rechazo) != nil {
			return
		}
	}
}

// atender procesa un mensaje bien formado.
func (cx *conexion) atender(ctx context.Context, m mensajeCliente) error {
	if m.Tipo == "entrar" {
		if cx.p != nil {
			return fmt.Errorf("%w: esta conexión ya entró a un asiento", ErrMensajeInvalido)
		}
		p, a, err := cx.sala.asientoDeFicha(ctx, m.Ficha)
		if err != nil {
			return err
		}
		if (m.Partida != nil && *m.Partida != p.id) || (m.Asiento != nil && *m.Asiento != a) {
			return ErrOtroAsiento
		}
		return cx.entrar(ctx, p, a)
	}
	if cx.p == nil {
		return ErrSinEntrar
	}
	if m.Partida != nil && *m.Partida != cx.p.id {
		return fmt.Errorf("%w: esta conexión juega la partida %d", ErrOtroAsiento, cx.p.id)
	}
	if m.Asiento != nil && *m.Asiento != cx.asiento {
		return fmt.Errorf("%w: esta conexión juega el asiento %d", ErrOtroAsiento, cx.asiento)
	}
	if m.Ficha != "" {
		return fmt.Errorf("%w: la ficha solo va en «entrar»", ErrMensajeInvalido)
	}
	v := cx.p.v
	a := accion{tipo: m.Tipo}
	var err error
	switch m.Tipo {
	case "jugar":
		a.jugada, err = leerJugada(m.Fichas, v.Alfabeto(), v.TamanoTablero(), v.Comodines() > 0)
	case "pasar", "rendirse":
		if len(m.Fichas) > 0 || len(m.Letras) > 0 {
			err = fmt.Errorf("%w: «%s» no lleva fichas", ErrMensajeInvalido, m.Tipo)
		}
	case "cambiar":
		a.cambio, err = leerCambio(m.Letras, v.Alfabeto(), v.Fichas())
	default:
		err = fmt.Errorf("%w: tipo %q desconocido", ErrMensajeInvalido, m.Tipo)
	}
	if err != nil {
		return err
	}
	return cx.p.actuar(ctx, cx.asiento, a)
}

// entrar sienta la conexión en el asiento a de p: envía la foto y empieza
// a empujar sus notificaciones.
func (cx *conexion) entrar(ctx context.Context, p *partida, a int) error {
	sctx, cancelar := context.WithCancel(ctx)
	e := &enlace{cancelar: cancelar, listo: make(chan struct{})}
	foto := p.tomar(a, e)
	cx.p, cx.asiento, cx.enlace = p, a, e
	if err := cx.enviar(ctx, mensajeServidor{Tipo: "estado", Estado: foto}); err != nil {
		close(e.listo)
		return err
	}
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		defer close(e.listo)
		cx.transmitir(sctx, foto.Movimientos, foto.Fin != nil)
	}()
	return nil
}

// transmitir empuja al cliente las notificaciones de la cola de su asiento
// a medida que llegan (servidor.Esperar: sin consultar en un bucle), desde
// el movimiento n. Termina al final de la partida, si la conexión se corta
// o si otra conexión toma el asiento.
func (cx *conexion) transmitir(ctx context.Context, n int, terminada bool) {
	p, a := cx.p, cx.asiento
	if terminada {
		return
	}
	ctx, cancelar := context.WithCancel(ctx)
	defer cancelar()
	padre := ctx
	esperar, cortar := context.WithCancel(padre)
	defer cortar()
	defer context.AfterFunc(p.abandono, cortar)()
	var propio *renglon
	enviar := func(ns []servidor.Notificacion) bool {
		for _, x := range ns {
			var m mensajeServidor
			switch x.Tipo {
			case servidor.TipoUbicar, servidor.TipoCambiar:
				r, ok := p.renglon(n)
				if !ok {
					cx.sala.registrar("partida %d: falta el renglón %d", p.id, n)
					return false
				}
				n++
				if r.Jugador == a {
					propio = &r
				}
				m = mensajeServidor{Tipo: r.Tipo, renglon: &r}
			case servidor.TipoReponer:
				if propio == nil {
					continue
				}
				m = mensajeServidor{Tipo: "mano", Letras: propio.mano}
			case servidor.TipoTurnoDe:
				j := x.Cliente
				m = mensajeServidor{Tipo: "turno", Turno: &j}
			case servidor.TipoMal:
				m = mensajeServidor{Tipo: "mal", Motivo: textoDe(x.Motivo), Codigo: codigoDe(x.Motivo)}
			case servidor.TipoFin:
				m = mensajeServidor{Tipo: "fin", Fin: p.final()}
			default:
				continue
			}
			if cx.enviar(padre, m) != nil {
				return false
			}
		}
		return true
	}
	for {
		ns, err := p.srv.Esperar(esperar, a)
		switch {
		case err == nil:
			if !enviar(ns) {
				return
			}
		case errors.Is(err, servidor.ErrTerminado):
			return
		case padre.Err() == nil && p.abandono.Err() != nil: // alguien se rindió
			ns, _ := p.srv.Consultar(a)
			if enviar(ns) {
				r, _ := p.renglon(n)
				cx.enviar(padre, mensajeServidor{Tipo: "abandono", renglon: &r})
				cx.enviar(padre, mensajeServidor{Tipo: "fin", Fin: p.final()})
			}
			return
		default:
			return
		}
	}
}
