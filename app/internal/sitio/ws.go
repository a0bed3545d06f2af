package sitio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/juegodepalabras/palabras/servidor"
)

// Códigos de cierre propios del WebSocket (4000–4999 son de la
// aplicación): la página no se reconecta sola después de ellos.
const (
	cierreInactiva = 4000 // no mandó nada en Opciones.Inactividad
	cierreSaludo   = 4001 // no mandó el primer mensaje en Opciones.Saludo
	// cierreSesion (4002, sesiones.go): la sesión se cerró, venció o fue revocada
)

// conexion es un cliente conectado por WebSocket: sentado en a lo sumo un
// asiento, o mirando una partida.
type conexion struct {
	sala    *Sala
	c       *websocket.Conn
	sesion  *sesionAbierta // nil: sin sesión (solo puede mirar)
	p       *partida
	asiento int // −1: mira
	idioma  string
	enlace  *enlace
	wg      sync.WaitGroup
	// revocada: la sesión se cerró, venció o fue revocada (revocarSesion);
	// no se atiende ningún mensaje más.
	revocada atomic.Bool
}

// manejarWS acepta el WebSocket (solo del mismo origen o de los de
// Opciones.Origenes; a lo sumo Opciones.APIPorSegundo por dirección) y
// atiende sus mensajes.
func (s *Sala) manejarWS(w http.ResponseWriter, r *http.Request) {
	if !s.ritmo.permitir(direccionDe(r)) {
		w.Header().Set("Retry-After", "1")
		responderError(w, r, ErrDemasiados)
		return
	}
	var se *sesionAbierta
	if x, err := s.sesionDe(r.Context(), r); err == nil {
		se = &x
	}
	// Las cotas de los WebSocket (limites.go): los sin sesión no pueden
	// ocupar el lugar de los jugadores ni el de los pedidos HTTP.
	cc, contada := conexionDe(r)
	if contada && !cc.o.aWebSocket(cc, se != nil) {
		w.Header().Set("Retry-After", "5")
		responderError(w, r, ErrOcupado)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.op.Origenes})
	if err != nil {
		if contada {
			cc.o.deWebSocket(cc)
		}
		return // Accept ya respondió (403 si el origen no es admitido)
	}
	c.SetReadLimit(int64(max(s.op.MaxMensaje*16, 1<<16)))
	cx := &conexion{sala: s, c: c, sesion: se, asiento: -1, idioma: "es"}
	if se != nil {
		cx.idioma = se.jugador.Idioma
	}
	if se != nil {
		switch err := s.sesionesWS.anotar(cx); {
		case errors.Is(err, ErrSinSesion):
			c.Close(cierreSesion, "sesión cerrada")
			return
		case err != nil:
			c.Close(websocket.StatusPolicyViolation, "demasiadas conexiones de la sesión")
			return
		}
		defer s.sesionesWS.quitar(cx)
		vence := time.AfterFunc(time.Until(se.vence), cx.revocar)
		defer vence.Stop()
	}
	ctx, cancelar := context.WithCancel(s.ctx)
	defer func() {
		cancelar()
		if cx.enlace != nil {
			cx.enlace.cancelar()
		}
		cx.wg.Wait()
		if cx.p != nil {
			if cx.asiento >= 0 {
				cx.p.soltar(cx.asiento, cx.enlace)
			}
			cx.p.mirando(-1)
			cx.p.conectar(cx.asiento, -1)
		}
		c.CloseNow()
	}()
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		cx.latir(ctx)
	}()
	cx.leer(ctx)
}

// latir manda un ping cada 30 s: una conexión muerta (sin pong en 15 s) se
// cierra.
func (cx *conexion) latir(ctx context.Context) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		pctx, cancelar := context.WithTimeout(ctx, 15*time.Second)
		err := cx.c.Ping(pctx)
		cancelar()
		if err != nil {
			cx.c.CloseNow()
			return
		}
	}
}

// enviar escribe un mensaje, con un tiempo máximo.
func (cx *conexion) enviar(ctx context.Context, m mensajeServidor) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return cx.enviarEscrito(ctx, b)
}

// enviarEscrito envía un mensaje ya escrito en JSON, con un tiempo máximo.
func (cx *conexion) enviarEscrito(ctx context.Context, b []byte) error {
	if b == nil {
		return errors.New("sitio: mensaje sin escribir")
	}
	ctx, cancelar := context.WithTimeout(ctx, 10*time.Second)
	defer cancelar()
	return cx.c.Write(ctx, websocket.MessageText, b)
}

// mensajesTurno son los mensajes "turno" de cada asiento, escritos una
// vez.
var mensajesTurno = func() [][]byte {
	var res [][]byte
	for i := range 8 {
		b, _ := json.Marshal(mensajeServidor{Tipo: "turno", Turno: &i})
		res = append(res, b)
	}
	return res
}()

// enviarTurno envía el mensaje "turno" del asiento t.
func (cx *conexion) enviarTurno(ctx context.Context, t int) error {
	if t >= 0 && t < len(mensajesTurno) {
		return cx.enviarEscrito(ctx, mensajesTurno[t])
	}
	return cx.enviar(ctx, mensajeServidor{Tipo: "turno", Turno: &t})
}

// rechazar responde a un mensaje que no llegó al juego (o que el juego
// rechazó sin pasar por el servidor).
func (cx *conexion) rechazar(ctx context.Context, err error) error {
	tipo := "error"
	if errors.Is(err, ErrPartidaCerrada) || errors.Is(err, ErrSinTiempo) {
		tipo = "mal"
	}
	return cx.enviar(ctx, mensajeServidor{Tipo: tipo, Motivo: textoDe(err, cx.idioma), Codigo: codigoDe(err)})
}

// leer atiende los mensajes del cliente hasta que se desconecta. El primero
// debe llegar en Opciones.Saludo, y cada uno en Opciones.Inactividad; los
// que pasan el ritmo se rechazan, y si siguen llegando (más de Rafaga
// rechazos en 10 s) la conexión se cierra.
func (cx *conexion) leer(ctx context.Context) {
	op := cx.sala.op
	ahora := time.Now()
	lim := nuevoLimitador(op.MensajesPorSegundo, float64(op.Rafaga), ahora)
	tolerancia := nuevoLimitador(float64(op.Rafaga)/10, float64(op.Rafaga), ahora)
	plazo := time.AfterFunc(op.Saludo, func() { cx.c.Close(cierreSaludo, "sin saludo") })
	defer func() { plazo.Stop() }() // el que esté armado al salir
	saludo := true
	for {
		tipo, datos, err := cx.c.Read(ctx)
		if err != nil || cx.revocada.Load() {
			return // desconectado, un mensaje más grande que el límite de lectura (1009), o la sesión se cerró
		}
		if saludo {
			saludo = false
			plazo.Stop()
			plazo = time.AfterFunc(op.Inactividad, func() { cx.c.Close(cierreInactiva, "inactiva") })
		} else {
			plazo.Reset(op.Inactividad)
		}
		if ahora := time.Now(); !lim.permitir(ahora) {
			if !tolerancia.permitir(ahora) {
				cx.c.Close(websocket.StatusPolicyViolation, "demasiados mensajes")
				return
			}
			if cx.rechazar(ctx, ErrDemasiadoSeguido) != nil {
				return
			}
			continue
		}
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
	switch m.Tipo {
	case "latido":
		return nil
	case "entrar", "mirar":
		if cx.p != nil {
			return fmt.Errorf("%w: esta conexión ya entró a una partida", ErrMensajeInvalido)
		}
		if m.Partida == nil {
			return fmt.Errorf("%w: falta la partida", ErrMensajeInvalido)
		}
		if m.Tipo == "mirar" {
			p, err := cx.sala.cargar(ctx, *m.Partida)
			if err != nil {
				return err
			}
			return cx.mirar(ctx, p)
		}
		if cx.sesion == nil {
			return ErrSinSesion
		}
		p, a, err := cx.sala.asientoDe(ctx, cx.sesion.jugador, *m.Partida)
		if err != nil {
			return err
		}
		if m.Asiento != nil && *m.Asiento != a {
			return ErrOtroAsiento
		}
		return cx.entrar(ctx, p, a)
	}
	if cx.p == nil {
		return ErrSinEntrar
	}
	if cx.asiento < 0 {
		return fmt.Errorf("%w: está mirando la partida", ErrOtroAsiento)
	}
	if m.Partida != nil && *m.Partida != cx.p.id {
		return fmt.Errorf("%w: esta conexión juega la partida %d", ErrOtroAsiento, cx.p.id)
	}
	if m.Asiento != nil && *m.Asiento != cx.asiento {
		return fmt.Errorf("%w: esta conexión juega el asiento %d", ErrOtroAsiento, cx.asiento)
	}
	if m.Tipo == "tantear" {
		return cx.tantear(ctx, m)
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

// tantear responde a "tantear" con un "tanteo": los puntos de la jugada
// m.Fichas para el asiento de la conexión, o por qué no es válida. Solo
// devuelve error si no pudo responder.
func (cx *conexion) tantear(ctx context.Context, m mensajeCliente) error {
	r := mensajeServidor{Tipo: "tanteo", Seq: m.Seq}
	puntos, err := cx.p.tantear(cx.asiento, m.Fichas)
	if err != nil {
		r.Motivo, r.Codigo = textoDe(err, cx.idioma), codigoDe(err)
	} else {
		r.Vale = &puntos
	}
	return cx.enviar(ctx, r)
}

// entrar sienta la conexión en el asiento a de p: envía la foto y empieza
// a empujar sus notificaciones.
func (cx *conexion) entrar(ctx context.Context, p *partida, a int) error {
	cx.sala.alDia(ctx, p)
	sctx, cancelar := context.WithCancel(ctx)
	e := &enlace{cancelar: cancelar, listo: make(chan struct{})}
	foto := p.tomar(a, e)
	p.mirando(1)
	p.conectar(a, 1)
	cx.p, cx.asiento, cx.enlace, cx.idioma = p, a, e, p.reglas.Idioma
	if err := cx.enviar(ctx, mensajeServidor{Tipo: "estado", Estado: foto}); err != nil {
		close(e.listo)
		return err
	}
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		cx.mostrarPresencia(ctx)
	}()
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		defer close(e.listo)
		n := cx.transmitir(sctx, foto.Movimientos, foto.Fin != nil)
		if sctx.Err() == nil {
			cx.vigilar(sctx, n, true)
		}
	}()
	return nil
}

// mirar hace de la conexión un espectador de p: envía la foto sin manos y
// empuja las novedades.
func (cx *conexion) mirar(ctx context.Context, p *partida) error {
	cx.sala.alDia(ctx, p)
	p.mu.Lock()
	foto := p.foto(-1)
	p.mu.Unlock()
	p.mirando(1)
	p.conectar(-1, 1)
	cx.p, cx.asiento, cx.idioma = p, -1, p.reglas.Idioma
	if err := cx.enviar(ctx, mensajeServidor{Tipo: "estado", Estado: foto}); err != nil {
		return err
	}
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		cx.mostrarPresencia(ctx)
	}()
	cx.wg.Add(1)
	go func() {
		defer cx.wg.Done()
		cx.vigilar(ctx, foto.Movimientos, foto.Fin != nil)
	}()
	return nil
}

// mensajeDe es el mensaje que anuncia la línea r de la planilla.
func mensajeDe(r renglon) mensajeServidor {
	return mensajeServidor{Tipo: r.Tipo, renglon: &r}
}

// vigilar empuja las novedades de la partida desde la línea n de la
// planilla: las líneas nuevas, el turno, el final y la revancha. La usan
// los espectadores, y los asientos después del final (para la revancha).
func (cx *conexion) vigilar(ctx context.Context, n int, terminada bool) {
	p := cx.p
	finEnviado := terminada
	var revancha [2]int64
	for {
		p.mu.Lock()
		var nuevas [][]byte
		for i := n; i < len(p.planilla); i++ {
			nuevas = append(nuevas, p.mensajeRenglon(i))
		}
		fin, rev, ch := p.fin, p.revancha, p.novedades
		turno := p.mesa.Turno()
		p.mu.Unlock()
		for _, b := range nuevas {
			if cx.enviarEscrito(ctx, b) != nil {
				return
			}
			n++
		}
		if len(nuevas) > 0 && fin == nil {
			if cx.enviarTurno(ctx, turno) != nil {
				return
			}
		}
		if fin != nil && !finEnviado {
			finEnviado = true
			if cx.enviar(ctx, mensajeServidor{Tipo: "fin", Fin: fin}) != nil {
				return
			}
		}
		if rev != revancha && cx.asiento >= 0 {
			revancha = rev
			if cx.enviar(ctx, mensajeServidor{Tipo: "revancha", Mesa: rev[0], Revancha: rev[1]}) != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ch:
		}
	}
}

// transmitir empuja al cliente las notificaciones de la cola de su asiento
// a medida que llegan (servidor.Esperar: sin consultar en un bucle), desde
// el movimiento n, y devuelve hasta qué movimiento envió. Termina al final
// de la partida, si la conexión se corta o si otra conexión toma el
// asiento.
func (cx *conexion) transmitir(ctx context.Context, n int, terminada bool) int {
	p, a := cx.p, cx.asiento
	if terminada {
		return n
	}
	padre := ctx
	esperar, cortar := context.WithCancel(padre)
	defer cortar()
	defer context.AfterFunc(p.abandono, cortar)()
	var propio *renglon
	// ponerAlDia envía las líneas de la planilla que falten hasta hasta.
	ponerAlDia := func(hasta int) bool {
		for ; n < hasta; n++ {
			r, escrito, ok := p.renglon(n)
			if !ok {
				cx.sala.registrar("partida %d: falta el renglón %d", p.id, n)
				return false
			}
			if r.Jugador == a && (r.Tipo == "jugada" || r.Tipo == "cambio") {
				propio = &r
			}
			if cx.enviarEscrito(padre, escrito) != nil {
				return false
			}
		}
		return true
	}
	enviar := func(ns []servidor.Notificacion) bool {
		for _, x := range ns {
			var m mensajeServidor
			switch x.Tipo {
			case servidor.TipoUbicar, servidor.TipoCambiar:
				if !ponerAlDia(n + 1) {
					return false
				}
				continue
			case servidor.TipoReponer:
				if propio == nil {
					continue
				}
				m = mensajeServidor{Tipo: "mano", Letras: propio.mano}
			case servidor.TipoTurnoDe:
				if cx.enviarTurno(padre, x.Cliente) != nil {
					return false
				}
				continue
			case servidor.TipoMal:
				m = mensajeServidor{Tipo: "mal", Motivo: textoDe(x.Motivo, cx.idioma), Codigo: codigoDe(x.Motivo)}
			case servidor.TipoFin:
				p.mu.Lock()
				hasta, fin := len(p.planilla), p.fin
				p.mu.Unlock()
				if !ponerAlDia(hasta) { // las penalizaciones por tiempo
					return false
				}
				m = mensajeServidor{Tipo: "fin", Fin: fin}
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
				return n
			}
		case errors.Is(err, servidor.ErrTerminado):
			return n
		case padre.Err() == nil && p.abandono.Err() != nil: // se rindió o cayó una bandera
			ns, _ := p.srv.Consultar(a)
			if enviar(ns) {
				p.mu.Lock()
				hasta, fin := len(p.planilla), p.fin
				p.mu.Unlock()
				if ponerAlDia(hasta) {
					cx.enviar(padre, mensajeServidor{Tipo: "fin", Fin: fin})
				}
			}
			return n
		default:
			return n
		}
	}
}
