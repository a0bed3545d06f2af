package sitio

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
)

// abierta es una mesa que espera jugadores: todavía no es una partida
// guardada (no tiene movimientos), así que vive solo en memoria, hasta que
// se llena o vence.
type abierta struct {
	ID       int64     `json:"id"`
	Reglas   reglas    `json:"reglas"`
	Reloj    relojJSON `json:"reloj"`
	Puestos  []puesto  `json:"puestos"`
	Creada   time.Time `json:"creada"`
	Vence    time.Time `json:"vence"`
	Revancha int64     `json:"revancha,omitempty"` // la partida de la que es revancha
	creador  int64
	partida  int64         // cuando se llenó
	empezada bool          // ya se llenó y se está creando la partida
	cerrada  bool          // venció o la cerró quien la creó
	lista    chan struct{} // se cierra cuando se llena o se cierra
}

// puesto es un asiento de una mesa abierta: un bot, una persona ya
// sentada, un lugar reservado para una persona (Reservado, en una
// revancha) o un lugar libre.
type puesto struct {
	Jugador   int64  `json:"jugador,omitempty"`
	Nombre    string `json:"nombre,omitempty"`
	Nivel     string `json:"nivel,omitempty"` // bot
	Reservado bool   `json:"reservado,omitempty"`
}

// relojJSON es un control de tiempo tal como lo pide y lo ve la página, en
// segundos.
type relojJSON struct {
	Inicial      int    `json:"inicial"` // 0: sin reloj
	Penalizacion int    `json:"penalizacion"`
	Exceso       int    `json:"exceso"`
	Nombre       string `json:"nombre,omitempty"`
}

func (r relojJSON) almacen() almacen.Reloj {
	return almacen.Reloj{Inicial: time.Duration(r.Inicial) * time.Second, Penalizacion: r.Penalizacion,
		Exceso: time.Duration(r.Exceso) * time.Second}
}

func relojDe(r almacen.Reloj) relojJSON {
	return relojJSON{Inicial: int(r.Inicial / time.Second), Penalizacion: r.Penalizacion, Exceso: int(r.Exceso / time.Second)}
}

// relojesOfrecidos son los controles de tiempo que ofrece la página.
var relojesOfrecidos = []relojJSON{
	{Nombre: "sin reloj"},
	{Inicial: 25 * 60, Penalizacion: 10, Exceso: 10 * 60, Nombre: "25 min (torneo: −10 por minuto de más)"},
	{Inicial: 15 * 60, Penalizacion: 10, Exceso: 5 * 60, Nombre: "15 min (−10 por minuto de más)"},
	{Inicial: 5 * 60, Nombre: "5 min (pierde al caer la bandera)"},
	{Inicial: 60, Nombre: "1 min (pierde al caer la bandera)"},
}

// validar comprueba los límites de un reloj pedido.
func (r relojJSON) validar() error {
	if r.Inicial == 0 && r.Penalizacion == 0 && r.Exceso == 0 {
		return nil
	}
	if r.Inicial < 1 || r.Inicial > 3*3600 || r.Penalizacion < 0 || r.Penalizacion > 100 || r.Exceso < 0 || r.Exceso > 3600 {
		return ErrRelojInvalido
	}
	return nil
}

// pedidoMesa es lo que se pide al crear una mesa: las reglas, el reloj y,
// para cada asiento, "yo", "persona" (un lugar libre) o "bot:nivel".
type pedidoMesa struct {
	Reglas   string    `json:"reglas"`
	Asientos []string  `json:"asientos"`
	Reloj    relojJSON `json:"reloj"`
}

// sentado es el resultado de sentarse: la partida, si ya empezó, o la
// mesa que todavía espera, y el asiento.
type sentado struct {
	Mesa    int64 `json:"mesa,omitempty"`
	Partida int64 `json:"partida,omitempty"`
	Asiento int   `json:"asiento"`
}

// Crear crea una mesa para el jugador j. Si no quedan lugares libres (todos
// los demás son bots) la partida empieza enseguida. Errores: ErrReglas,
// ErrAsientos, ErrRelojInvalido, ErrDemasiadasMesas.
func (s *Sala) Crear(ctx context.Context, j almacen.Jugador, pm pedidoMesa) (sentado, error) {
	r, ok := s.reglasDe(pm.Reglas)
	if !ok {
		return sentado{}, fmt.Errorf("%w: %q", ErrReglas, pm.Reglas)
	}
	if len(pm.Asientos) < 2 || len(pm.Asientos) > 4 {
		return sentado{}, ErrAsientos
	}
	if err := pm.Reloj.validar(); err != nil {
		return sentado{}, err
	}
	pm.Reloj.Nombre = ""
	ahora := time.Now()
	m := &abierta{Reglas: r, Reloj: pm.Reloj, Creada: ahora, Vence: ahora.Add(s.op.VidaMesa), creador: j.ID, lista: make(chan struct{})}
	yo := -1
	porNivel := map[bot.Nivel]int{}
	for i, a := range pm.Asientos {
		switch {
		case a == "yo" && yo < 0:
			yo = i
			m.Puestos = append(m.Puestos, puesto{Jugador: j.ID, Nombre: j.Nombre})
		case a == "persona":
			m.Puestos = append(m.Puestos, puesto{})
		case strings.HasPrefix(a, "bot:"):
			n, err := bot.ParsearNivel(strings.TrimPrefix(a, "bot:"))
			if err != nil {
				return sentado{}, fmt.Errorf("%w: %w", ErrAsientos, err)
			}
			id, nombre, err := s.jugadorBot(ctx, n, porNivel[n])
			porNivel[n]++
			if err != nil {
				return sentado{}, err
			}
			m.Puestos = append(m.Puestos, puesto{Jugador: id, Nombre: nombre, Nivel: n.String()})
		default:
			return sentado{}, fmt.Errorf("%w: asiento %q", ErrAsientos, a)
		}
	}
	if yo < 0 {
		return sentado{}, ErrAsientos
	}
	// Con varios procesos, contar lo que hay en todos y registrar la mesa
	// se hace con el candado de las mesas tomado (uno a la vez en todos):
	// dos pedidos a la vez en dos procesos no pasan los dos el tope. Una
	// partida con bots lo suelta después de guardarse, cuando los demás ya
	// la cuentan en el almacén.
	soltar := func() {}
	if s.op.Bus != nil {
		cctx, cancelar := context.WithTimeout(ctx, esperaCandado)
		var err error
		soltar, err = s.op.Bus.TomarCandado(cctx, candadoMesas)
		cancelar()
		if err != nil {
			s.registrar("esperando el candado de las mesas: %v", err)
			return sentado{}, ErrOcupado
		}
	}
	if err := s.registrarMesa(m, s.mesasFuera(ctx, m)); err != nil {
		soltar()
		return sentado{}, err
	}
	if slices.ContainsFunc(m.Puestos, libre) {
		soltar() // la ven los demás en la lista de este proceso
		return s.completar(ctx, m, yo)
	}
	defer soltar()
	return s.completar(ctx, m, yo)
}

// candadoMesas es el candado de NATS (bus.Bus.TomarCandado) con que los
// procesos cuentan y registran las mesas nuevas de a uno; esperaCandado,
// lo que espera un pedido a tenerlo antes de darse por vencido
// (ErrOcupado).
const (
	candadoMesas  = "sitio.mesas"
	esperaCandado = 5 * time.Second
)

// ErrPartidasConBots es la respuesta a quien quiere empezar otra partida
// contra bots teniendo ya Opciones.MesasPorJugador en curso (o cuando la
// sala tiene Opciones.MesasAbiertas): cada una ocupa al servidor con los
// turnos de sus bots hasta que termina.
var ErrPartidasConBots = errors.New("demasiadas partidas contra bots en curso: termine o abandone alguna")

// libre informa si un puesto espera a una persona.
func libre(p puesto) bool { return p.Jugador == 0 || p.Reservado }

// conBots informa si una mesa tiene algún bot.
func conBots(ps []puesto) bool {
	return slices.ContainsFunc(ps, func(p puesto) bool { return p.Nivel != "" })
}

// registrarMesa le da un número a la mesa m y la agrega, si el jugador que
// la crea y la sala no tienen ya demasiadas. Se cuentan aparte las mesas
// que esperan personas (ErrDemasiadasMesas) y las partidas con bots que
// empiezan enseguida: las que ya están en curso, en las que juega quien la
// crea, más las que se están creando (ErrPartidasConBots); las dos con los
// mismos topes, Opciones.MesasPorJugador por jugador y
// Opciones.MesasAbiertas en la sala. (Antes las partidas contra bots no
// contaban, y una cuenta abrió 200.) Con varios procesos, fuera (si no es
// nil) es lo que el jugador tiene en los demás (Sala.mesasFuera): las
// mesas que esperan abiertas en otros, y sus partidas con bots en curso
// según el almacén compartido (que reemplazan a las de la memoria de
// este); y, para Opciones.MesasAbiertas, las de todos los jugadores: las
// mesas que esperan en los demás procesos y las partidas con bots en curso
// según el almacén (que reemplazan a las de la memoria de este).
func (s *Sala) registrarMesa(m *abierta, fuera *mesasDeFuera) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	espera, bots := slices.ContainsFunc(m.Puestos, libre), conBots(m.Puestos)
	propias, total := 0, 0
	contar := func(creador int64) {
		total++
		if creador == m.creador {
			propias++
		}
	}
	for _, x := range s.abiertas {
		switch {
		case x.cerrada:
		case slices.ContainsFunc(x.Puestos, libre):
			if espera && !x.empezada {
				contar(x.creador)
			}
		case !espera && bots && conBots(x.Puestos) && x.partida == 0: // se está creando
			contar(x.creador)
		}
	}
	if !espera && bots && (fuera == nil || fuera.conBotsTodas < 0) {
		for _, p := range s.partidas {
			if !slices.ContainsFunc(p.asientos, func(a almacen.Asiento) bool { return a.Nivel != "" }) || p.final() != nil {
				continue
			}
			total++
			if fuera == nil && slices.ContainsFunc(p.asientos, func(a almacen.Asiento) bool { return a.Jugador == m.creador && a.Nivel == "" }) {
				propias++
			}
		}
	}
	if fuera != nil {
		if espera {
			propias += fuera.esperando
			total += fuera.esperandoTodas
		} else if bots {
			propias += fuera.conBots
			total += max(fuera.conBotsTodas, 0)
		}
	}
	if (espera || bots) && (propias >= s.op.MesasPorJugador || total >= s.op.MesasAbiertas) {
		if espera {
			return ErrDemasiadasMesas
		}
		return ErrPartidasConBots
	}
	s.proxima++
	m.ID = s.proxima
	s.abiertas[m.ID] = m
	return nil
}

// Unirse sienta al jugador j en la mesa id: en el lugar reservado para él,
// o en el primero libre.
func (s *Sala) Unirse(ctx context.Context, j almacen.Jugador, id int64) (sentado, error) {
	if s.mesaAjena(id) {
		return s.pedirMesa(ctx, "unirse", j, id)
	}
	s.mu.Lock()
	m, ok := s.abiertas[id]
	if !ok || m.cerrada {
		s.mu.Unlock()
		return sentado{}, ErrMesaDesconocida
	}
	if m.empezada {
		s.mu.Unlock()
		return sentado{}, ErrMesaLlena
	}
	lugar := -1
	for i, p := range m.Puestos {
		if p.Jugador == j.ID {
			if p.Reservado {
				lugar = i
				break
			}
			s.mu.Unlock()
			return sentado{}, ErrYaSentado
		}
		if p.Jugador == 0 && lugar < 0 {
			lugar = i
		}
	}
	if lugar < 0 {
		s.mu.Unlock()
		return sentado{}, ErrMesaLlena
	}
	m.Puestos[lugar] = puesto{Jugador: j.ID, Nombre: j.Nombre}
	s.mu.Unlock()
	return s.completar(ctx, m, lugar)
}

// Dejar saca al jugador j de la mesa id que todavía espera: si la creó,
// la cierra; si no, libera su lugar.
func (s *Sala) Dejar(j almacen.Jugador, id int64) error {
	if s.mesaAjena(id) {
		_, err := s.pedirMesa(s.ctx, "dejar", j, id)
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.abiertas[id]
	if !ok || m.cerrada || m.empezada {
		return ErrMesaDesconocida
	}
	a := slices.IndexFunc(m.Puestos, func(p puesto) bool { return p.Jugador == j.ID && !p.Reservado })
	if a < 0 {
		return ErrMesaDesconocida
	}
	if m.creador == j.ID {
		m.cerrada = true
		close(m.lista)
		delete(s.abiertas, id)
		return nil
	}
	m.Puestos[a] = puesto{}
	return nil
}

// cerrarVencidas cierra las mesas que no se llenaron a tiempo y olvida
// las que ya empezaron hace rato, y las partidas terminadas que nadie mira.
func (s *Sala) cerrarVencidas(ahora time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, m := range s.abiertas {
		switch {
		case !m.empezada && !m.cerrada && ahora.After(m.Vence):
			m.cerrada = true
			close(m.lista)
			delete(s.abiertas, id)
		case (m.empezada || m.cerrada) && ahora.Sub(m.Creada) > s.op.VidaMesa+30*time.Minute:
			delete(s.abiertas, id)
		}
	}
	for id, p := range s.partidas {
		if p.olvidable(ahora) {
			delete(s.partidas, id)
		}
	}
}

// completar empieza la partida de la mesa m si no le quedan lugares
// libres, y devuelve lo que ve quien se sentó en el asiento a. Si ya la
// empezó quien ocupó otro asiento a la vez (el creador de una revancha y
// quien se unió desde otro proceso), espera esa partida y la devuelve.
func (s *Sala) completar(ctx context.Context, m *abierta, a int) (sentado, error) {
	s.mu.Lock()
	for _, p := range m.Puestos {
		if p.Jugador == 0 || p.Reservado {
			s.mu.Unlock()
			return sentado{Mesa: m.ID, Asiento: a}, nil
		}
	}
	if m.cerrada && !m.empezada {
		s.mu.Unlock()
		return sentado{}, ErrMesaDesconocida
	}
	if m.empezada {
		// La llenó otro a la vez (quien se sentó último la empieza): el
		// asiento a ya es de quien pide, que espera la partida.
		s.mu.Unlock()
		select {
		case <-m.lista:
		case <-ctx.Done():
			return sentado{}, ctx.Err()
		}
		s.mu.Lock()
		id := m.partida
		s.mu.Unlock()
		if id == 0 { // no se pudo crear: la cerró fallar
			return sentado{}, ErrMesaDesconocida
		}
		return sentado{Partida: id, Asiento: a}, nil
	}
	m.empezada = true // la mesa queda para Esperar, pero ya no se lista
	s.mu.Unlock()
	np := almacen.NuevaPartida{Nombre: m.Reglas.Nombre, Diccionario: m.Reglas.ID, Semilla: s.semilla(), Reloj: m.Reloj.almacen()}
	nombres := make([]string, len(m.Puestos))
	for i, p := range m.Puestos {
		np.Asientos = append(np.Asientos, almacen.Asiento{Jugador: p.Jugador, Nivel: p.Nivel})
		nombres[i] = p.Nombre
	}
	fallar := func(err error) (sentado, error) {
		s.mu.Lock()
		delete(s.abiertas, m.ID)
		m.cerrada = true
		close(m.lista)
		s.mu.Unlock()
		return sentado{}, err
	}
	mesa, err := almacen.Empezar(ctx, s.almacen, s.cat, np)
	if err != nil {
		return fallar(err)
	}
	guardada, err := s.almacen.Partida(ctx, mesa.ID())
	if err != nil {
		return fallar(err)
	}
	p, err := armar(s, mesa, guardada, m.Reglas, nombres)
	if err != nil {
		return fallar(err)
	}
	s.mu.Lock()
	s.partidas[p.id] = p
	s.arrancarBots(p)
	m.partida = p.id
	close(m.lista)
	s.mu.Unlock()
	if m.Revancha != 0 {
		if vieja, err := s.cargar(ctx, m.Revancha); err == nil {
			vieja.ofrecerRevancha(m.ID, p.id)
			s.anunciarRevancha(m.Revancha, m.ID, p.id)
		}
	}
	return sentado{Partida: p.id, Asiento: a}, nil
}

func (s *Sala) semilla() uint64 {
	if s.op.Semilla != nil {
		return s.op.Semilla()
	}
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Esperar espera a que la mesa id se llene (o ctx se cancele) y devuelve
// la partida y el asiento del jugador j. Errores: ErrMesaDesconocida,
// ErrMesaVencida (se cerró sin llenarse).
func (s *Sala) Esperar(ctx context.Context, j almacen.Jugador, id int64) (sentado, error) {
	if s.mesaAjena(id) {
		return s.pedirMesa(ctx, "esperar", j, id)
	}
	s.mu.Lock()
	m, ok := s.abiertas[id]
	var a int
	if ok {
		a = slices.IndexFunc(m.Puestos, func(p puesto) bool { return p.Jugador == j.ID && !p.Reservado })
	}
	s.mu.Unlock()
	if !ok || a < 0 {
		return sentado{}, ErrMesaDesconocida
	}
	select {
	case <-m.lista:
		s.mu.Lock()
		defer s.mu.Unlock()
		if m.partida == 0 {
			return sentado{}, ErrMesaVencida
		}
		return sentado{Partida: m.partida, Asiento: a}, nil
	case <-ctx.Done():
		return sentado{Mesa: id, Asiento: a}, nil
	}
}

// Abiertas lista las mesas que esperan jugadores y tienen un lugar libre
// (no las revanchas, que esperan a sus jugadores); con Bus, las de todos
// los procesos.
func (s *Sala) Abiertas() []abierta {
	if s.op.Bus != nil {
		return s.abiertasDeTodos()
	}
	return s.abiertasLocales()
}

// abiertasLocales son las Abiertas de este proceso.
func (s *Sala) abiertasLocales() []abierta {
	s.mu.Lock()
	defer s.mu.Unlock()
	res := make([]abierta, 0, len(s.abiertas))
	for _, m := range s.abiertas {
		if m.empezada || m.cerrada || !slices.ContainsFunc(m.Puestos, func(p puesto) bool { return p.Jugador == 0 }) {
			continue
		}
		c := *m
		c.Puestos = slices.Clone(m.Puestos)
		c.Reloj.Nombre = c.Reloj.nombre()
		res = append(res, c)
	}
	slices.SortFunc(res, func(a, b abierta) int { return int(a.ID - b.ID) })
	return res
}

// nombre describe el reloj para la lista de mesas.
func (r relojJSON) nombre() string {
	for _, o := range relojesOfrecidos {
		if o.Inicial == r.Inicial && o.Penalizacion == r.Penalizacion && o.Exceso == r.Exceso {
			return o.Nombre
		}
	}
	return r.almacen().String()
}

// Revancha propone (o acepta) la revancha de la partida terminada id al
// jugador j, que la jugó: una mesa con las mismas reglas, el mismo reloj
// y los mismos jugadores, corridos un asiento (empieza otro), con los
// lugares de las demás personas reservados para ellas. Si ya había una,
// lo sienta en ella. Errores: ErrPartidaDesconocida, ErrNoTerminada,
// ErrNoJugo, ErrDemasiadasMesas.
func (s *Sala) Revancha(ctx context.Context, j almacen.Jugador, id int64) (sentado, error) {
	p, err := s.cargar(ctx, id)
	if err != nil {
		return sentado{}, err
	}
	if p.final() == nil {
		return sentado{}, ErrNoTerminada
	}
	if !slices.ContainsFunc(p.asientos, func(a almacen.Asiento) bool { return a.Jugador == j.ID && a.Nivel == "" }) {
		return sentado{}, ErrNoJugo
	}
	if mesa, _ := p.revanchaOfrecida(); mesa != 0 && s.mesaAjena(mesa) { // la ofrecieron en otro proceso
		r, err := s.Unirse(ctx, j, mesa)
		if !errors.Is(err, ErrMesaDesconocida) {
			return r, err
		}
		p.olvidarRevancha(mesa) // venció o murió su proceso: se propone otra
	}
	if mesa, _ := p.revanchaOfrecida(); mesa != 0 {
		s.mu.Lock()
		m, ok := s.abiertas[mesa]
		s.mu.Unlock()
		if !ok || m.cerrada {
			p.olvidarRevancha(mesa) // venció o la cerraron: se propone otra
		} else {
			if m.empezada {
				a := slices.IndexFunc(m.Puestos, func(x puesto) bool { return x.Jugador == j.ID })
				if a >= 0 && m.partida != 0 {
					return sentado{Partida: m.partida, Asiento: a}, nil
				}
			}
			return s.Unirse(ctx, j, mesa)
		}
	}
	k := len(p.asientos)
	ahora := time.Now()
	m := &abierta{Reglas: p.reglas, Reloj: relojDe(p.reloj), Creada: ahora, Vence: ahora.Add(s.op.VidaMesa), creador: j.ID,
		Revancha: id, lista: make(chan struct{})}
	yo := -1
	for i := range k {
		viejo := (i + 1) % k
		a := p.asientos[viejo]
		pu := puesto{Jugador: a.Jugador, Nombre: p.nombres[viejo], Nivel: a.Nivel}
		if a.Nivel == "" && a.Jugador != j.ID {
			pu.Reservado = true
		}
		if a.Jugador == j.ID {
			yo = i
		}
		m.Puestos = append(m.Puestos, pu)
	}
	if err := s.registrarMesa(m, nil); err != nil { // una revancha no cuenta: no la crea otro proceso
		return sentado{}, err
	}
	if r, otra, err := s.revanchaDeOtro(ctx, j, id, m); otra {
		return r, err
	}
	otra := p.ofrecerRevancha(m.ID, 0)
	if otra == m.ID {
		s.anunciarRevancha(id, m.ID, 0)
	} else {
		// Otro la propuso a la vez: se sienta en esa.
		s.Dejar(j, m.ID)
		return s.Unirse(ctx, j, otra)
	}
	return s.completar(ctx, m, yo)
}

// revanchaDeOtro decide, con Bus, cuál es la mesa de la revancha de la
// partida id cuando la piden a la vez desde varios procesos: la primera
// que se reclama en NATS (bus.Bus.Reclamar). Si es la mesa m (la de este
// pedido), devuelve false y sigue Revancha; si es otra, sienta a
// j en ella, cierra m y devuelve lo que dio sentarse y true. Si
// la ganadora ya no existe (venció, murió su proceso), suelta el reclamo y
// reclama otra vez.
func (s *Sala) revanchaDeOtro(ctx context.Context, j almacen.Jugador, id int64, m *abierta) (sentado, bool, error) {
	if s.op.Bus == nil {
		return sentado{}, false, nil
	}
	clave := "revancha." + strconv.FormatInt(id, 10)
	for intento := 0; ; intento++ {
		ganadora, rev, err := s.op.Bus.Reclamar(ctx, clave, m.ID)
		if err != nil {
			s.registrar("partida %d: %v", id, err)
			return sentado{}, false, nil // sigue con la propia
		}
		if ganadora == m.ID {
			return sentado{}, false, nil
		}
		r, err := s.Unirse(ctx, j, ganadora)
		if errors.Is(err, ErrMesaDesconocida) && intento == 0 {
			if err := s.op.Bus.Soltar(ctx, clave, rev); err != nil {
				s.registrar("partida %d: %v", id, err)
			}
			continue
		}
		s.Dejar(j, m.ID)
		return r, true, err
	}
}
