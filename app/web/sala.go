package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/app/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// Opciones configuran una Sala. El valor cero sirve salvo DB.
type Opciones struct {
	// DB es la ruta del almacén SQLite; la clave que firma las fichas se
	// guarda al lado (DB + ".clave").
	DB string
	// Ingles es una lista de palabras inglesas (una por línea, o gzip);
	// vacía, no hay partidas en inglés.
	Ingles string
	// Origenes son los orígenes que pueden abrir el WebSocket además del
	// propio (patrones de coder/websocket: "ejemplo.com", "*.ejemplo.com").
	Origenes []string
	// MaxMensaje es el largo máximo de un mensaje de un cliente (por
	// omisión 4096 bytes); MensajesPorSegundo y Rafaga, cuántos mensajes
	// admite cada conexión (por omisión 20 por segundo con ráfagas de 40).
	MaxMensaje         int
	MensajesPorSegundo float64
	Rafaga             int
	// RetardoBot es la pausa antes de cada jugada de un bot, para que se
	// vea (0: ninguna).
	RetardoBot time.Duration
	// Semilla, si no es nil, da la semilla de la bolsa de cada partida
	// nueva (las pruebas la fijan); si no, es al azar.
	Semilla func() uint64
	// Registro recibe los errores internos (nil: el log estándar).
	Registro io.Writer
}

// reglas es una combinación de idioma y reglas que se ofrece al crear una
// partida: un diccionario del almacén.
type reglas struct {
	ID     string `json:"id"`     // el nombre del diccionario ("es-clasica")
	Nombre string `json:"nombre"` // para mostrar
	Idioma string `json:"idioma"`
}

// Sala aloja todas las partidas de un servidor: las en juego, cada una con
// su servidor.Servidor, y las mesas que esperan jugadores. Es segura para
// usar desde varias gorutinas.
type Sala struct {
	op      Opciones
	almacen *sqlite.Almacen
	cat     *almacen.Catalogo
	firmas  firmante
	reglas  []reglas
	log     *log.Logger

	ctx      context.Context // se cancela al cerrar: detiene los bots
	cancelar context.CancelFunc
	bots     sync.WaitGroup

	mu        sync.Mutex
	partidas  map[int64]*partida
	abiertas  map[int64]*abierta
	proxima   int64 // identificador de la próxima mesa abierta
	jugadores map[string]int64

	movimientos atomic.Int64 // movimientos aceptados desde que abrió
}

// abierta es una mesa que espera jugadores: todavía no es una partida
// guardada (no tiene movimientos), así que vive solo en memoria.
type abierta struct {
	ID       int64         `json:"id"`
	Reglas   reglas        `json:"reglas"`
	Puestos  []puesto      `json:"puestos"`
	Creada   time.Time     `json:"creada"`
	partida  int64         // cuando se llenó
	empezada bool          // ya se llenó y se está creando la partida
	lista    chan struct{} // se cierra cuando se llena
}

// puesto es un asiento de una mesa abierta: un bot, una persona ya
// sentada o un lugar libre.
type puesto struct {
	Jugador int64  `json:"jugador,omitempty"`
	Nombre  string `json:"nombre,omitempty"`
	Nivel   string `json:"nivel,omitempty"` // bot
}

// Errores de la sala, para las respuestas HTTP.
var (
	ErrNombreReservado = errors.New("los nombres que empiezan con «Bot» son de los bots")
	ErrReglas          = errors.New("reglas desconocidas")
	ErrAsientos        = errors.New("una partida tiene de 2 a 4 asientos, uno suyo, y los demás personas o bots")
	ErrMesaDesconocida = errors.New("no existe esa mesa abierta")
	ErrMesaLlena       = errors.New("la mesa ya está completa")
	ErrYaSentado       = errors.New("ya está sentado en esa mesa")
	ErrNoTerminada     = errors.New("la partida todavía no terminó")
)

// Abrir abre el almacén de op.DB, carga las reglas y reanuda todas las
// partidas en curso exactamente donde quedaron, con sus bots.
func Abrir(op Opciones) (*Sala, error) {
	if op.MaxMensaje <= 0 {
		op.MaxMensaje = 4096
	}
	if op.MensajesPorSegundo <= 0 {
		op.MensajesPorSegundo = 20
	}
	if op.Rafaga <= 0 {
		op.Rafaga = 40
	}
	if err := os.MkdirAll(filepath.Dir(op.DB), 0o700); err != nil {
		return nil, err
	}
	firmas, err := cargarClave(op.DB + ".clave")
	if err != nil {
		return nil, err
	}
	a, err := sqlite.Abrir(op.DB, sqlite.Opciones{})
	if err != nil {
		return nil, err
	}
	s := &Sala{op: op, almacen: a, firmas: firmas, partidas: map[int64]*partida{}, abiertas: map[int64]*abierta{},
		jugadores: map[string]int64{}}
	w := op.Registro
	if w == nil {
		w = os.Stderr
	}
	s.log = log.New(w, "web: ", log.LstdFlags)
	s.ctx, s.cancelar = context.WithCancel(context.Background())
	if err := s.prepararReglas(); err != nil {
		a.Close()
		return nil, err
	}
	if err := s.reanudar(); err != nil {
		s.Cerrar()
		return nil, err
	}
	return s, nil
}

// prepararReglas arma el catálogo: español clásico y de la
// especificación, y lo mismo en inglés si hay lista.
func (s *Sala) prepararReglas() error {
	bases := []almacen.Base{almacen.BaseEspanol(), {
		Nombre: "es-especificacion", Idioma: "es",
		Variante: func() (*variante.Variante, error) { return espanol.Variante(), nil },
	}}
	s.reglas = []reglas{
		{ID: "es-clasica", Nombre: "Español, reglas clásicas (FISE)", Idioma: "es"},
		{ID: "es-especificacion", Nombre: "Español, reglas de la especificación", Idioma: "es"},
	}
	if s.op.Ingles != "" {
		f, err := os.Open(s.op.Ingles)
		if err != nil {
			return fmt.Errorf("lista inglesa: %w", err)
		}
		v, err := ingles.Leer(f, variante.OpcionesLexico{})
		f.Close()
		if err != nil {
			return err
		}
		bases = append(bases, almacen.BaseIngles(v), almacen.Base{
			Nombre: "en-especificacion", Idioma: "en",
			Variante: func() (*variante.Variante, error) {
				return variante.Nueva(letra.Ingles(), ingles.Tamano, ingles.Fichas, ingles.Puntajes(), v.Lexico(),
					variante.Opciones{Distribucion: ingles.Distribucion()})
			},
			ConLexico: func(d *trie.DAWG) (*variante.Variante, error) { return nil, ErrReglas },
		})
		s.reglas = append(s.reglas,
			reglas{ID: "en-clasica", Nombre: "English, classic rules", Idioma: "en"},
			reglas{ID: "en-especificacion", Nombre: "English, specification rules", Idioma: "en"})
	}
	s.cat = almacen.NuevoCatalogo(s.almacen, bases...)
	for _, r := range s.reglas {
		if _, err := s.cat.Asegurar(context.Background(), r.ID, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// reanudar carga las partidas en curso del almacén.
func (s *Sala) reanudar() error {
	ctx := context.Background()
	rs, err := s.almacen.Partidas(ctx, almacen.Filtro{Estado: almacen.EnCurso})
	if err != nil {
		return err
	}
	for _, r := range rs {
		if _, err := s.cargar(ctx, r.ID); err != nil {
			s.registrar("no se pudo reanudar la partida %d: %v", r.ID, err)
		}
	}
	return nil
}

// Reanudadas devuelve cuántas partidas hay en memoria.
func (s *Sala) Reanudadas() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.partidas)
}

func (s *Sala) registrar(formato string, args ...any) { s.log.Printf(formato, args...) }

// reglasDe busca las reglas de identificador id.
func (s *Sala) reglasDe(id string) (reglas, bool) {
	i := slices.IndexFunc(s.reglas, func(r reglas) bool { return r.ID == id })
	if i < 0 {
		return reglas{}, false
	}
	return s.reglas[i], true
}

// cargar devuelve la partida id, de la memoria o del almacén (una partida
// terminada también: para mirarla). Error: ErrPartidaDesconocida.
func (s *Sala) cargar(ctx context.Context, id int64) (*partida, error) {
	s.mu.Lock()
	p, ok := s.partidas[id]
	s.mu.Unlock()
	if ok {
		return p, nil
	}
	guardada, err := s.almacen.Partida(ctx, id)
	if errors.Is(err, almacen.ErrPartidaInexistente) {
		return nil, ErrPartidaDesconocida
	}
	if err != nil {
		return nil, err
	}
	r, ok := s.reglasDe(guardada.Diccionario)
	if !ok {
		return nil, fmt.Errorf("%w: %q no está disponible en este servidor", ErrReglas, guardada.Diccionario)
	}
	m, err := almacen.Reanudar(ctx, s.almacen, s.cat, id)
	if err != nil {
		return nil, err
	}
	nombres := make([]string, len(guardada.Asientos))
	for i, a := range guardada.Asientos {
		j, err := s.almacen.Jugador(ctx, a.Jugador)
		if err != nil {
			return nil, err
		}
		nombres[i] = j.Nombre
	}
	p, err = armar(s, m, guardada, r, nombres)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if otra, ok := s.partidas[id]; ok { // otra gorutina la cargó mientras tanto
		return otra, nil
	}
	s.partidas[id] = p
	s.arrancarBots(p)
	return p, nil
}

// arrancarBots lanza una gorutina por asiento de bot de p. Requiere mu.
func (s *Sala) arrancarBots(p *partida) {
	if p.fin != nil {
		return
	}
	for i, a := range p.asientos {
		if a.Nivel == "" {
			continue
		}
		n, err := bot.ParsearNivel(a.Nivel)
		if err != nil {
			s.registrar("partida %d: %v", p.id, err)
			continue
		}
		g, err := s.cat.Generador(p.v)
		if err != nil {
			s.registrar("partida %d: %v", p.id, err)
			continue
		}
		b, _ := bot.Nuevo(n, g)
		s.bots.Add(1)
		go func() {
			defer s.bots.Done()
			p.jugarBot(s.ctx, i, b)
		}()
	}
}

// Cerrar detiene los bots y cierra el almacén. Las partidas quedan
// guardadas donde estaban.
func (s *Sala) Cerrar() error {
	s.cancelar()
	s.bots.Wait()
	return s.almacen.Close()
}

// Entrar devuelve el jugador de ese nombre (lo crea si no existe) y su
// ficha de sesión.
func (s *Sala) Entrar(ctx context.Context, nombre string) (almacen.Jugador, string, error) {
	nombre = strings.TrimSpace(nombre)
	if err := almacen.ValidarNombre(nombre); err != nil {
		return almacen.Jugador{}, "", err
	}
	if strings.HasPrefix(strings.ToLower(nombre), "bot") {
		return almacen.Jugador{}, "", ErrNombreReservado
	}
	j, err := s.almacen.JugadorPorNombre(ctx, nombre)
	if errors.Is(err, almacen.ErrJugadorInexistente) {
		j, err = s.almacen.CrearJugador(ctx, nombre, "es")
		if errors.Is(err, almacen.ErrNombreRepetido) {
			j, err = s.almacen.JugadorPorNombre(ctx, nombre)
		}
	}
	if err != nil {
		return almacen.Jugador{}, "", err
	}
	return j, s.firmas.sesion(j.ID), nil
}

// jugadorDeSesion verifica una ficha de sesión.
func (s *Sala) jugadorDeSesion(ctx context.Context, ficha string) (almacen.Jugador, error) {
	id, err := s.firmas.leerSesion(ficha)
	if err != nil {
		return almacen.Jugador{}, err
	}
	return s.almacen.Jugador(ctx, id)
}

// jugadorBot devuelve el perfil del i-ésimo bot de ese nivel de una
// partida (desde 0: dos bots del mismo nivel son jugadores distintos).
func (s *Sala) jugadorBot(ctx context.Context, nivel bot.Nivel, i int) (int64, string, error) {
	nombre := "Bot " + nivel.String()
	if i > 0 {
		nombre += fmt.Sprintf(" %d", i+1)
	}
	s.mu.Lock()
	id, ok := s.jugadores[nombre]
	s.mu.Unlock()
	if ok {
		return id, nombre, nil
	}
	j, err := s.almacen.JugadorPorNombre(ctx, nombre)
	if errors.Is(err, almacen.ErrJugadorInexistente) {
		j, err = s.almacen.CrearJugador(ctx, nombre, "es")
		if errors.Is(err, almacen.ErrNombreRepetido) {
			j, err = s.almacen.JugadorPorNombre(ctx, nombre)
		}
	}
	if err != nil {
		return 0, "", err
	}
	s.mu.Lock()
	s.jugadores[nombre] = j.ID
	s.mu.Unlock()
	return j.ID, nombre, nil
}

// pedidoMesa es lo que se pide al crear una mesa: las reglas y, para cada
// asiento, "yo", "persona" (un lugar libre) o "bot:nivel".
type pedidoMesa struct {
	Reglas   string   `json:"reglas"`
	Asientos []string `json:"asientos"`
}

// sentado es el resultado de sentarse: la partida, si ya empezó, y la
// ficha del asiento; o la mesa que todavía espera.
type sentado struct {
	Mesa    int64  `json:"mesa,omitempty"`
	Partida int64  `json:"partida,omitempty"`
	Asiento int    `json:"asiento"`
	Ficha   string `json:"ficha,omitempty"`
}

// Crear crea una mesa para el jugador j. Si no quedan lugares libres (todos
// los demás son bots) la partida empieza enseguida.
func (s *Sala) Crear(ctx context.Context, j almacen.Jugador, pm pedidoMesa) (sentado, error) {
	r, ok := s.reglasDe(pm.Reglas)
	if !ok {
		return sentado{}, fmt.Errorf("%w: %q", ErrReglas, pm.Reglas)
	}
	if len(pm.Asientos) < 2 || len(pm.Asientos) > 4 {
		return sentado{}, ErrAsientos
	}
	m := &abierta{Reglas: r, Creada: time.Now(), lista: make(chan struct{})}
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
	s.mu.Lock()
	s.proxima++
	m.ID = s.proxima
	s.abiertas[m.ID] = m
	s.mu.Unlock()
	return s.completar(ctx, m, yo)
}

// Unirse sienta al jugador j en el primer lugar libre de la mesa id.
func (s *Sala) Unirse(ctx context.Context, j almacen.Jugador, id int64) (sentado, error) {
	s.mu.Lock()
	m, ok := s.abiertas[id]
	if !ok {
		s.mu.Unlock()
		return sentado{}, ErrMesaDesconocida
	}
	if m.empezada {
		s.mu.Unlock()
		return sentado{}, ErrMesaLlena
	}
	libre := -1
	for i, p := range m.Puestos {
		if p.Jugador == j.ID {
			s.mu.Unlock()
			return sentado{}, ErrYaSentado
		}
		if p.Jugador == 0 && libre < 0 {
			libre = i
		}
	}
	if libre < 0 {
		s.mu.Unlock()
		return sentado{}, ErrMesaLlena
	}
	m.Puestos[libre] = puesto{Jugador: j.ID, Nombre: j.Nombre}
	s.mu.Unlock()
	return s.completar(ctx, m, libre)
}

// completar empieza la partida de la mesa m si no le quedan lugares
// libres, y devuelve lo que ve quien se sentó en el asiento a.
func (s *Sala) completar(ctx context.Context, m *abierta, a int) (sentado, error) {
	s.mu.Lock()
	for _, p := range m.Puestos {
		if p.Jugador == 0 {
			s.mu.Unlock()
			return sentado{Mesa: m.ID, Asiento: a}, nil
		}
	}
	if m.empezada {
		s.mu.Unlock()
		return sentado{}, ErrMesaLlena
	}
	m.empezada = true // la mesa queda para Esperar, pero ya no se lista
	for id, otra := range s.abiertas {
		if otra.partida != 0 && time.Since(otra.Creada) > 30*time.Minute {
			delete(s.abiertas, id)
		}
	}
	s.mu.Unlock()
	np := almacen.NuevaPartida{Nombre: m.Reglas.Nombre, Diccionario: m.Reglas.ID, Semilla: s.semilla()}
	nombres := make([]string, len(m.Puestos))
	for i, p := range m.Puestos {
		np.Asientos = append(np.Asientos, almacen.Asiento{Jugador: p.Jugador, Nivel: p.Nivel})
		nombres[i] = p.Nombre
	}
	mesa, err := almacen.Empezar(ctx, s.almacen, s.cat, np)
	if err != nil {
		s.mu.Lock()
		delete(s.abiertas, m.ID)
		s.mu.Unlock()
		return sentado{}, err
	}
	guardada, err := s.almacen.Partida(ctx, mesa.ID())
	if err != nil {
		return sentado{}, err
	}
	p, err := armar(s, mesa, guardada, m.Reglas, nombres)
	if err != nil {
		return sentado{}, err
	}
	s.mu.Lock()
	s.partidas[p.id] = p
	s.arrancarBots(p)
	m.partida = p.id
	close(m.lista)
	s.mu.Unlock()
	return sentado{Partida: p.id, Asiento: a, Ficha: s.firmas.asiento(p.id, a, m.Puestos[a].Jugador)}, nil
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
// la partida y la ficha del jugador j.
func (s *Sala) Esperar(ctx context.Context, j almacen.Jugador, id int64) (sentado, error) {
	s.mu.Lock()
	m, ok := s.abiertas[id]
	s.mu.Unlock()
	if !ok {
		return sentado{}, ErrMesaDesconocida
	}
	a := slices.IndexFunc(m.Puestos, func(p puesto) bool { return p.Jugador == j.ID })
	if a < 0 {
		return sentado{}, ErrMesaDesconocida
	}
	select {
	case <-m.lista:
		return sentado{Partida: m.partida, Asiento: a, Ficha: s.firmas.asiento(m.partida, a, j.ID)}, nil
	case <-ctx.Done():
		return sentado{Mesa: id, Asiento: a}, nil
	}
}

// Abiertas lista las mesas que esperan jugadores.
func (s *Sala) Abiertas() []abierta {
	s.mu.Lock()
	defer s.mu.Unlock()
	res := make([]abierta, 0, len(s.abiertas))
	for _, m := range s.abiertas {
		if m.empezada {
			continue
		}
		c := *m
		c.Puestos = slices.Clone(m.Puestos)
		res = append(res, c)
	}
	slices.SortFunc(res, func(a, b abierta) int { return int(a.ID - b.ID) })
	return res
}

// resumenPartida es una partida de un jugador en la lista "mis partidas".
type resumenPartida struct {
	ID          int64    `json:"id"`
	Reglas      string   `json:"reglas"`
	Nombres     []string `json:"nombres"`
	Asiento     int      `json:"asiento"`
	Ficha       string   `json:"ficha"`
	Terminada   bool     `json:"terminada"`
	Puntajes    []int    `json:"puntajes,omitempty"`
	Movimientos int      `json:"movimientos"`
	Actualizada string   `json:"actualizada"`
}

// MisPartidas lista las partidas guardadas del jugador j, las más
// recientes primero, con la ficha de su asiento.
func (s *Sala) MisPartidas(ctx context.Context, j almacen.Jugador) ([]resumenPartida, error) {
	rs, err := s.almacen.Partidas(ctx, almacen.Filtro{Jugador: j.ID, Limite: 50})
	if err != nil {
		return nil, err
	}
	res := make([]resumenPartida, 0, len(rs))
	for _, r := range rs {
		a := slices.IndexFunc(r.Asientos, func(x almacen.Asiento) bool { return x.Jugador == j.ID })
		rp := resumenPartida{ID: r.ID, Reglas: r.Nombre, Asiento: a, Ficha: s.firmas.asiento(r.ID, a, j.ID),
			Terminada: r.Estado == almacen.Terminada, Puntajes: r.Puntajes, Movimientos: r.Movimientos,
			Actualizada: r.Actualizada.Format("2006-01-02 15:04")}
		for _, x := range r.Asientos {
			if jj, err := s.almacen.Jugador(ctx, x.Jugador); err == nil {
				rp.Nombres = append(rp.Nombres, jj.Nombre)
			}
		}
		res = append(res, rp)
	}
	return res, nil
}

// Clasificacion devuelve la clasificación por rating.
func (s *Sala) Clasificacion(ctx context.Context) ([]clasificacion.Fila, error) {
	return s.almacen.Clasificacion(ctx, clasificacion.PorRating, 100)
}

// GCG escribe la partida terminada id en GCG.
func (s *Sala) GCG(ctx context.Context, w io.Writer, id int64) error {
	p, err := s.almacen.Partida(ctx, id)
	if errors.Is(err, almacen.ErrPartidaInexistente) {
		return ErrPartidaDesconocida
	}
	if err != nil {
		return err
	}
	if p.Estado != almacen.Terminada {
		return ErrNoTerminada
	}
	v, err := s.cat.Variante(ctx, p.Diccionario, p.Version)
	if err != nil {
		return err
	}
	var nombres []string
	for _, a := range p.Asientos {
		j, err := s.almacen.Jugador(ctx, a.Jugador)
		if err != nil {
			return err
		}
		nombres = append(nombres, j.Nombre)
	}
	return almacen.ExportarGCG(w, p, v, nombres)
}

// asientoDeFicha verifica una ficha de asiento y devuelve su partida y su
// asiento. Una ficha falsificada, de otra partida o de un jugador que no
// ocupa ese asiento es ErrFichaInvalida; una partida que no existe,
// ErrPartidaDesconocida.
func (s *Sala) asientoDeFicha(ctx context.Context, ficha string) (*partida, int, error) {
	id, a, jug, err := s.firmas.leerAsiento(ficha)
	if err != nil {
		return nil, 0, err
	}
	p, err := s.cargar(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	if a < 0 || a >= len(p.asientos) || p.asientos[a].Jugador != jug || p.asientos[a].Nivel != "" {
		return nil, 0, ErrFichaInvalida
	}
	return p, a, nil
}
