package sitio

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// Las mesas que esperan jugadores viven en la memoria del proceso que las
// creó. Con Bus, sus números llevan el del proceso (prefijo << 32 | n, al
// azar, hasta 2^52: un número seguro en JavaScript), y sentarse, dejarla
// o esperarla desde otro proceso se le pide a su dueño por NATS
// ("palabras.mesas.<prefijo>"); la lista es la de todos los procesos
// ("palabras.mesas.listar", que contesta cada uno con las suyas).

// asuntoListar es el pedido de las mesas abiertas de todos los procesos.
const asuntoListar = "palabras.mesas.listar"

// pedidoRemoto es lo que un proceso le pide al dueño de una mesa.
type pedidoRemoto struct {
	Op      string          `json:"op"` // "unirse", "dejar", "esperar"
	Mesa    int64           `json:"mesa"`
	Jugador almacen.Jugador `json:"jugador"`
	Espera  time.Duration   `json:"espera,omitempty"` // lo que puede esperar "esperar"
}

// respuestaRemota es lo que contesta el dueño: el resultado o el código
// del error (el de codigoDe) y su texto.
type respuestaRemota struct {
	Sentado sentado `json:"sentado"`
	Codigo  string  `json:"codigo,omitempty"`
	Error   string  `json:"error,omitempty"`
}

// prepararMesas elige el prefijo de las mesas de este proceso y atiende
// los pedidos de los demás. Requiere Bus.
func (s *Sala) prepararMesas() error {
	var b [4]byte
	rand.Read(b[:])
	s.red.prefijo = int64(binary.BigEndian.Uint32(b[:])%(1<<20-1)) + 1
	s.mu.Lock()
	s.proxima = s.red.prefijo << 32
	s.mu.Unlock()
	nc := s.op.Bus.Conn()
	sub, err := nc.Subscribe("palabras.mesas."+strconv.FormatInt(s.red.prefijo, 10), func(m *nats.Msg) {
		s.enFondoSiAbierta(func() { s.atenderMesa(m) })
	})
	if err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	sub, err = nc.Subscribe(asuntoListar, func(m *nats.Msg) {
		datos, _ := json.Marshal(s.abiertasLocales())
		r := nats.NewMsg(m.Reply)
		r.Data = datos
		r.Header.Set(cabeceraProceso, strconv.FormatInt(s.red.prefijo, 10))
		m.RespondMsg(r)
	})
	if err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	s.red.vivos = map[int64]time.Time{}
	s.red.desde = time.Now()
	latido := []byte(strconv.FormatInt(s.red.prefijo, 10))
	sub, err = nc.Subscribe(asuntoVivo, func(m *nats.Msg) {
		p, err := strconv.ParseInt(string(m.Data), 10, 64)
		if err != nil {
			return
		}
		s.red.muVivos.Lock()
		_, conocido := s.red.vivos[p]
		s.red.vivos[p] = time.Now()
		s.red.muVivos.Unlock()
		if !conocido && p != s.red.prefijo {
			nc.Publish(asuntoVivo, latido) // que el nuevo sepa de este enseguida
		}
	})
	if err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	if err := nc.Publish(asuntoVivo, latido); err != nil {
		return err
	}
	s.enFondo(func() {
		t := time.NewTicker(latidoMesas)
		defer t.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-t.C:
				nc.Publish(asuntoVivo, latido)
			}
		}
	})
	return nil
}

// Cada proceso web anuncia su prefijo en asuntoVivo al arrancar y cada
// latidoMesas: así abiertasDeTodos sabe a quiénes esperar y no espera de
// más cuando ya contestaron todos (lo hace con el candado de las mesas
// tomado: esperar de más frenaría las mesas nuevas de todo el sitio). Las
// respuestas a asuntoListar dicen de qué proceso son en cabeceraProceso.
const (
	asuntoVivo      = "palabras.mesas.vivo"
	cabeceraProceso = "Palabras-Proceso"
	latidoMesas     = 2 * time.Second
)

// procesosVivos son los prefijos de los procesos web con un latido en los
// últimos 3 latidoMesas, y el de este; nil durante el primer latidoMesas
// de este proceso, cuando todavía puede no saber de todos.
func (s *Sala) procesosVivos() map[int64]bool {
	s.red.muVivos.Lock()
	defer s.red.muVivos.Unlock()
	if time.Since(s.red.desde) < latidoMesas {
		return nil
	}
	res := map[int64]bool{s.red.prefijo: true}
	for p, t := range s.red.vivos {
		if time.Since(t) > 3*latidoMesas {
			delete(s.red.vivos, p)
			continue
		}
		res[p] = true
	}
	return res
}

// atenderMesa hace el pedido de otro proceso sobre una mesa de este.
func (s *Sala) atenderMesa(m *nats.Msg) {
	var p pedidoRemoto
	var r respuestaRemota
	var err error
	if err = json.Unmarshal(m.Data, &p); err == nil {
		ctx, cancelar := context.WithTimeout(s.ctx, min(max(p.Espera, 10*time.Second), 30*time.Second))
		defer cancelar()
		switch p.Op {
		case "unirse":
			r.Sentado, err = s.Unirse(ctx, p.Jugador, p.Mesa)
		case "dejar":
			err = s.Dejar(p.Jugador, p.Mesa)
		case "esperar":
			ectx, ecancelar := context.WithTimeout(ctx, p.Espera)
			r.Sentado, err = s.Esperar(ectx, p.Jugador, p.Mesa)
			ecancelar()
		default:
			err = ErrMesaDesconocida
		}
	}
	if err != nil {
		r.Codigo, r.Error = codigoDe(err), err.Error()
	}
	datos, _ := json.Marshal(r)
	m.Respond(datos)
}

// mesaAjena informa si la mesa id es de otro proceso.
func (s *Sala) mesaAjena(id int64) bool {
	return s.op.Bus != nil && id>>32 != s.red.prefijo
}

// pedirMesa le pide la operación op sobre la mesa id a su dueño. Si el
// dueño no contesta (murió: la mesa murió con él), ErrMesaDesconocida.
func (s *Sala) pedirMesa(ctx context.Context, op string, j almacen.Jugador, id int64) (sentado, error) {
	p := pedidoRemoto{Op: op, Mesa: id, Jugador: j}
	plazo := 10 * time.Second
	if d, ok := ctx.Deadline(); ok && op == "esperar" {
		p.Espera = max(time.Until(d)-time.Second, 0)
		plazo = p.Espera + 5*time.Second
	}
	datos, _ := json.Marshal(p)
	rctx, cancelar := context.WithTimeout(context.WithoutCancel(ctx), plazo)
	defer cancelar()
	m, err := s.op.Bus.Conn().RequestWithContext(rctx, "palabras.mesas."+strconv.FormatInt(id>>32, 10), datos)
	if errors.Is(err, nats.ErrNoResponders) {
		return sentado{}, ErrMesaDesconocida
	}
	if err != nil {
		return sentado{}, err
	}
	var r respuestaRemota
	if err := json.Unmarshal(m.Data, &r); err != nil {
		return sentado{}, err
	}
	if r.Codigo != "" {
		return sentado{}, errorDeCodigo(r.Codigo, r.Error)
	}
	return r.Sentado, nil
}

// errorDeCodigo es el error conocido de ese código (el mismo centinela que
// devolvió el otro proceso), o uno con el texto.
func errorDeCodigo(codigo, texto string) error {
	for _, c := range conocidos {
		if c.codigo == codigo {
			return c.e
		}
	}
	return errors.New(texto)
}

// abiertasDeTodos junta las mesas abiertas de todos los procesos: las que
// contestan en 200 ms, o hasta que pasan 50 ms sin otra respuesta.
func (s *Sala) abiertasDeTodos() []abierta {
	nc := s.op.Bus.Conn()
	buzon := nats.NewInbox()
	ch := make(chan *nats.Msg, 64)
	sub, err := nc.ChanSubscribe(buzon, ch)
	if err != nil {
		return s.abiertasLocales()
	}
	defer sub.Unsubscribe()
	if err := nc.PublishRequest(asuntoListar, buzon, nil); err != nil {
		return s.abiertasLocales()
	}
	faltan := s.procesosVivos()
	res := []abierta{}
	plazo := time.NewTimer(200 * time.Millisecond)
	defer plazo.Stop()
	// Después de cada respuesta espera otra a lo sumo esperaOtra: con un
	// solo proceso (el NATS embebido) no espera 200 ms en cada pedido.
	const esperaOtra = 50 * time.Millisecond
	var otra <-chan time.Time
	for {
		select {
		case m := <-ch:
			var ms []abierta
			if json.Unmarshal(m.Data, &ms) == nil {
				res = append(res, ms...)
			}
			if p, err := strconv.ParseInt(m.Header.Get(cabeceraProceso), 10, 64); err == nil {
				delete(faltan, p)
			}
			if faltan != nil && len(faltan) == 0 { // contestaron todos los que se sabe que están
				break
			}
			otra = time.After(esperaOtra)
			continue
		case <-otra:
		case <-plazo.C:
		}
		break
	}
	slices.SortFunc(res, func(a, b abierta) int { return int(min(max(a.Creada.Compare(b.Creada), -1), 1)) })
	return res
}

// mesasDeFuera es lo que un jugador tiene abierto que la memoria de este
// proceso no ve: las mesas que esperan personas en otros procesos, y sus
// partidas con bots en curso (todas, de cualquier proceso, según el
// almacén).
type mesasDeFuera struct {
	esperando, conBots int
	// esperandoTodas son las mesas que esperan personas en los demás
	// procesos, de cualquiera; conBotsTodas, las partidas con bots en
	// curso según el almacén, de cualquiera y de cualquier proceso (este
	// incluido), o -1 si no se contaron. Para el tope de la sala
	// (Opciones.MesasAbiertas).
	esperandoTodas, conBotsTodas int
}

// mesasFuera cuenta, con Bus, lo que el creador de la mesa m tiene abierto
// en los demás procesos, para que el tope por jugador
// (Opciones.MesasPorJugador) valga en todos juntos y no en cada uno: si m
// espera personas, sus mesas que esperan en los demás (les pregunta por
// NATS); si es con bots, sus partidas con bots en curso según el almacén
// compartido. Cuenta también las de todos (mesasDeFuera), para el tope de
// la sala. Sin Bus, o si no se puede saber (el almacén falló), nil:
// cuenta solo este proceso. Crear la llama con el candado de las mesas
// tomado: dos pedidos a la vez en dos procesos no pasan los dos.
func (s *Sala) mesasFuera(ctx context.Context, m *abierta) *mesasDeFuera {
	if s.op.Bus == nil {
		return nil
	}
	f := &mesasDeFuera{conBotsTodas: -1}
	if slices.ContainsFunc(m.Puestos, libre) {
		for _, x := range s.abiertasDeTodos() {
			if !s.mesaAjena(x.ID) {
				continue // las de este proceso las cuenta registrarMesa
			}
			f.esperandoTodas++
			if slices.ContainsFunc(x.Puestos, func(p puesto) bool { return p.Jugador == m.creador && !p.Reservado }) {
				f.esperando++
			}
		}
		return f
	}
	if !conBots(m.Puestos) {
		return f
	}
	// Todas las partidas en curso, para contar también las de los demás
	// jugadores (el tope de la sala).
	rs, err := s.almacen.Partidas(ctx, almacen.Filtro{Estado: almacen.EnCurso})
	if err != nil {
		s.registrar("contando las partidas con bots de %d: %v", m.creador, err)
		return nil
	}
	f.conBotsTodas = 0
	for _, r := range rs {
		if !slices.ContainsFunc(r.Asientos, func(a almacen.Asiento) bool { return a.Nivel != "" }) {
			continue
		}
		f.conBotsTodas++
		if slices.ContainsFunc(r.Asientos, func(a almacen.Asiento) bool { return a.Jugador == m.creador && a.Nivel == "" }) {
			f.conBots++
		}
	}
	return f
}
