package sitio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/variante"
)

// Opciones configuran una Sala. El valor cero sirve salvo DB: cada campo
// en cero toma el valor por omisión que dice su comentario (el mismo que
// la opción de la línea de órdenes entre corchetes).
type Opciones struct {
	// DB es la ruta del almacén SQLite, o la URL de uno PostgreSQL
	// (postgres://…, abrir.Abrir). Con SQLite la clave secreta del
	// servidor se guarda al lado (DB + ".clave"), y el latido que marca
	// hasta cuándo corrieron los relojes (DB + ".latido"); con PostgreSQL
	// no hay latido (otros procesos pueden seguir sirviendo las partidas
	// mientras este está caído: los relojes siguen) y la clave va en
	// Secreto.
	DB string
	// Secreto es el archivo de la clave secreta que firma las sesiones
	// (se crea si no existe): DB + ".clave" con SQLite; con PostgreSQL es
	// obligatorio, y todos los procesos web deben tener el mismo
	// [-secreto].
	Secreto string
	// Bus, si no es nil, une este proceso con los demás procesos web y
	// con los trabajadores de bots por NATS (bus.go, trabajadores.go):
	// anuncia cada movimiento guardado y sigue los de los demás, y encarga
	// las jugadas de los bots a la cola de trabajo. nil: un proceso solo,
	// con sus bots en gorutinas propias.
	Bus *bus.Bus
	// Trabajadores es cuántos trabajadores de bots corren dentro de este
	// proceso sobre Bus (el respaldo local: con un NATS embebido, los
	// únicos) [-trabajadores], con uno más que analiza las partidas
	// terminadas (a lo sumo medio procesador, cuando el servidor está
	// tranquilo); 0 con Bus deja los bots y los análisis a trabajadores de
	// afuera (app/cmd/trabajador).
	Trabajadores int
	// PlazoBot es el tiempo que tiene un bot para cada jugada: 5 s.
	PlazoBot time.Duration
	// Ingles es una lista de palabras inglesas (una por línea, o gzip);
	// vacía, no hay partidas en inglés.
	Ingles string
	// Listas da la lista de palabras (una por línea, o gzip) de cada
	// variante descrita que se juega además de las de arriba: la clave es
	// el nombre de una descripción incluida (variante.PorNombre: "frances",
	// "catalan", "ingles-21"…) y el valor, la ruta de su lista [-lista
	// nombre=ruta]. Cada una aparece en las reglas con el título de su
	// descripción y su nombre como identificador.
	Listas map[string]string
	// Origenes son los orígenes que pueden abrir el WebSocket y hacer
	// pedidos además del propio ("ejemplo.com", "*.ejemplo.com" para el
	// WebSocket) [-origen].
	Origenes []string
	// MaxMensaje es el largo máximo de un mensaje de un cliente: 4096
	// bytes. MensajesPorSegundo y Rafaga, cuántos mensajes admite cada
	// conexión: 20 por segundo con ráfagas de 40 [-mensajes, -rafaga]; a los
	// que pasan se les contesta "demasiado seguido", y una conexión que
	// sigue mandando (más de Rafaga rechazos en 10 s) se cierra (1008).
	MaxMensaje         int
	MensajesPorSegundo float64
	Rafaga             int
	// MaxConexiones es cuántas conexiones TCP admite abiertas a la vez:
	// 4096, y nunca más que el límite de descriptores del proceso menos
	// 128 [-conexiones]; ConexionesPorDireccion, cuántas de una misma
	// dirección (IPv4, o /64 de IPv6): 64 [-por-direccion]. Las de más se
	// cierran al aceptarlas con un 503.
	MaxConexiones          int
	ConexionesPorDireccion int
	// Saludo es el plazo para mandar las cabeceras HTTP y, en un
	// WebSocket, el primer mensaje: 10 s [-saludo]. Inactividad es cuánto
	// puede estar abierto un WebSocket sin que el cliente mande nada: 15
	// min (la página manda un latido cada 4 min mientras se ve) [-inactividad].
	Saludo      time.Duration
	Inactividad time.Duration
	// APIPorSegundo y APIRafaga limitan los pedidos HTTP a /api/ y las
	// conexiones a /ws de cada dirección: 10 por segundo con ráfagas de 60
	// [-api]. AltasPorHora limita las cuentas e invitados nuevos de cada
	// dirección: 20 por hora, con ráfagas de 10 [-altas]; IntentosPorMinuto
	// los intentos de entrar con contraseña: 10 por minuto [-intentos] de
	// cada dirección, y los fallidos de cada cuenta, de cualquier
	// dirección, cinco veces eso (salvo desde donde ya se entró a la cuenta).
	APIPorSegundo     float64
	APIRafaga         int
	AltasPorHora      float64
	IntentosPorMinuto float64
	// MesasPorJugador es cuántas mesas abiertas puede tener esperando un
	// jugador: 3 [-mesas]; MesasAbiertas, cuántas hay en total: 500; una
	// mesa que no se llena en VidaMesa se cierra: 15 min [-vida-mesa].
	MesasPorJugador int
	MesasAbiertas   int
	VidaMesa        time.Duration
	// VidaSesion es cuánto dura una sesión: 30 días [-vida-sesion].
	VidaSesion time.Duration
	// Argon es cuántas contraseñas se resumen a la vez (Argon2id reserva
	// 19 MiB por cada una): 2.
	Argon int
	// RetardoBot es la pausa antes de cada jugada de un bot, para que se
	// vea (0: ninguna).
	RetardoBot time.Duration
	// SinAnalisis no encarga ni hace el análisis de las partidas
	// terminadas (las pruebas de carga lo apagan para medir solo el
	// juego).
	SinAnalisis bool
	// Semilla, si no es nil, da la semilla de la bolsa de cada partida
	// nueva (las pruebas la fijan); si no, es al azar.
	Semilla func() uint64
	// Registro recibe los errores internos (nil: la salida de errores).
	Registro io.Writer
}

// conOmisiones completa los campos en cero con sus valores por omisión.
func (op Opciones) conOmisiones() Opciones {
	porOmision := func(x *int, v int) {
		if *x <= 0 {
			*x = v
		}
	}
	porOmisionF := func(x *float64, v float64) {
		if *x <= 0 {
			*x = v
		}
	}
	porOmisionD := func(x *time.Duration, v time.Duration) {
		if *x <= 0 {
			*x = v
		}
	}
	porOmision(&op.MaxMensaje, 4096)
	porOmisionF(&op.MensajesPorSegundo, 20)
	porOmision(&op.Rafaga, 40)
	porOmision(&op.MaxConexiones, 4096)
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur > 256 && uint64(op.MaxConexiones) > lim.Cur-128 {
		op.MaxConexiones = int(lim.Cur - 128)
	}
	porOmision(&op.ConexionesPorDireccion, 64)
	porOmisionD(&op.Saludo, 10*time.Second)
	porOmisionD(&op.Inactividad, 15*time.Minute)
	porOmisionF(&op.APIPorSegundo, 10)
	porOmision(&op.APIRafaga, 60)
	porOmisionF(&op.AltasPorHora, 20)
	porOmisionF(&op.IntentosPorMinuto, 10)
	porOmision(&op.MesasPorJugador, 3)
	porOmision(&op.MesasAbiertas, 500)
	porOmisionD(&op.VidaMesa, 15*time.Minute)
	porOmisionD(&op.VidaSesion, 30*24*time.Hour)
	porOmision(&op.Argon, 2)
	porOmisionD(&op.PlazoBot, 5*time.Second)
	return op
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
	almacen abrir.Almacen
	cat     *almacen.Catalogo
	clave   []byte
	reglas  []reglas
	log     *log.Logger
	argon   chan struct{}

	ritmo, altas, intentos *limitadorPorDireccion
	porCuenta              *intentosPorCuenta // los intentos fallidos de entrar a cada cuenta, de cualquier dirección
	sesionesWS             sesionesWS         // los WebSocket de cada sesión (sesiones.go)

	ctx      context.Context // se cancela al cerrar: detiene los bots
	cancelar context.CancelFunc
	fondo    sync.WaitGroup // bots, el revisor, el latido, la limpieza

	latido   string    // el archivo del latido
	ultimo   time.Time // el último latido de la vez anterior
	revisor  chan int64
	oyentesM sync.Mutex
	oyentes  []*oyente

	mu        sync.Mutex
	partidas  map[int64]*partida
	abiertas  map[int64]*abierta
	proxima   int64 // identificador de la próxima mesa abierta
	jugadores map[string]int64
	perfiles  map[int64]almacen.Jugador

	red  red        // la unión con los demás procesos por el Bus (bus.go)
	pres presencias // las conexiones de los demás procesos (presencia.go)

	movimientos      atomic.Int64 // movimientos aceptados desde que abrió
	ultimoMovimiento atomic.Int64 // cuándo se aceptó el último (UnixNano)
	analizadas       atomic.Int64 // análisis calculados en este proceso (revision.go)
}

// Errores de la sala, para las respuestas HTTP.
var (
	ErrReglas          = errors.New("reglas desconocidas")
	ErrAsientos        = errors.New("una partida tiene de 2 a 4 asientos, uno suyo, y los demás personas o bots")
	ErrRelojInvalido   = errors.New("reloj inválido: de 1 s a 3 h, con hasta 100 puntos por minuto y 1 h de exceso")
	ErrMesaDesconocida = errors.New("no existe esa mesa abierta")
	ErrMesaLlena       = errors.New("la mesa ya está completa")
	ErrYaSentado       = errors.New("ya está sentado en esa mesa")
	ErrMesaVencida     = errors.New("la mesa se cerró: nadie se sentó a tiempo")
	ErrDemasiadasMesas = errors.New("demasiadas mesas abiertas: espere a que se llenen o ciérrelas")
	ErrNoTerminada     = errors.New("la partida todavía no terminó")
	ErrNoJugo          = errors.New("no jugó esa partida")
	ErrDemasiados      = errors.New("demasiados pedidos seguidos: espere un momento")
)

// Abrir abre el almacén de op.DB, carga las reglas y reanuda todas las
// partidas en curso exactamente donde quedaron, con sus bots y sus relojes.
func Abrir(op Opciones) (*Sala, error) {
	op = op.conOmisiones()
	latido, err := prepararArchivos(&op)
	if err != nil {
		return nil, err
	}
	clave, err := cargarClave(op.Secreto)
	if err != nil {
		return nil, err
	}
	actx, acancelar := context.WithTimeout(context.Background(), time.Minute)
	a, err := abrir.Abrir(actx, op.DB)
	acancelar()
	if err != nil {
		return nil, err
	}
	s := &Sala{op: op, almacen: a, clave: clave, partidas: map[int64]*partida{}, abiertas: map[int64]*abierta{},
		jugadores: map[string]int64{}, perfiles: map[int64]almacen.Jugador{}, argon: make(chan struct{}, op.Argon),
		ritmo:    nuevoPorDireccion(op.APIPorSegundo, float64(op.APIRafaga)),
		altas:    nuevoPorDireccion(op.AltasPorHora/3600, 10),
		intentos: nuevoPorDireccion(op.IntentosPorMinuto/60, 10), porCuenta: nuevoPorCuenta(op.IntentosPorMinuto),
		latido: latido, revisor: make(chan int64, 4096)}
	w := op.Registro
	if w == nil {
		w = os.Stderr
	}
	s.log = log.New(w, "web: ", log.LstdFlags)
	s.ctx, s.cancelar = context.WithCancel(context.Background())
	if fi, err := os.Stat(s.latido); err == nil && s.latido != "" {
		s.ultimo = fi.ModTime()
	}
	if err := s.prepararReglas(); err != nil {
		a.Close()
		return nil, err
	}
	if err := s.unirse(); err != nil {
		s.Cerrar()
		return nil, err
	}
	if err := s.reanudar(); err != nil {
		s.Cerrar()
		return nil, err
	}
	s.enFondo(s.latir)
	s.enFondo(s.limpiar)
	if !op.SinAnalisis {
		s.enFondo(s.revisar)
	}
	return s, nil
}

// enFondo corre f en una gorutina que Cerrar espera.
func (s *Sala) enFondo(f func()) {
	s.fondo.Add(1)
	go func() {
		defer s.fondo.Done()
		f()
	}()
}

// latir marca cada segundo en el archivo del latido que el servidor sigue
// vivo: al reanudar, el reloj de quien estaba en turno cuenta solo hasta
// el último latido, no el tiempo que el servidor estuvo caído.
func (s *Sala) latir() {
	if s.latido == "" {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		ahora := time.Now()
		if err := os.Chtimes(s.latido, ahora, ahora); errors.Is(err, os.ErrNotExist) {
			os.WriteFile(s.latido, nil, 0o600)
		}
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// limpiar cierra cada medio minuto las mesas vencidas y borra las sesiones
// vencidas del almacén.
func (s *Sala) limpiar() {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		s.cerrarVencidas(time.Now())
		if _, err := s.almacen.BorrarVencidas(s.ctx, time.Now()); err != nil && s.ctx.Err() == nil {
			s.registrar("borrando sesiones vencidas: %v", err)
		}
	}
}

// prepararReglas arma el catálogo: español clásico y de la
// especificación, y lo mismo en inglés si hay lista (trabajador.Bases: las
// mismas que usan los trabajadores de bots).
func (s *Sala) prepararReglas() error {
	bases, err := trabajador.Bases(s.op.Ingles)
	if err != nil {
		return err
	}
	s.reglas = []reglas{
		{ID: "es-clasica", Nombre: "Español, reglas clásicas (FISE)", Idioma: "es"},
		{ID: "es-especificacion", Nombre: "Español, reglas de la especificación", Idioma: "es"},
	}
	if s.op.Ingles != "" {
		s.reglas = append(s.reglas,
			reglas{ID: "en-clasica", Nombre: "English, classic rules", Idioma: "en"},
			reglas{ID: "en-especificacion", Nombre: "English, specification rules", Idioma: "en"})
	}
	descritas, err := s.basesDescritas()
	if err != nil {
		return err
	}
	bases = append(bases, descritas...)
	s.cat = almacen.NuevoCatalogo(s.almacen, bases...)
	for _, r := range s.reglas {
		if _, err := s.cat.Asegurar(context.Background(), r.ID, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// basesDescritas arma las bases de las variantes descritas de
// Opciones.Listas (trabajador.BasesDescritas: las mismas que reciben los
// trabajadores de bots) y agrega sus reglas, con el título de cada
// descripción.
func (s *Sala) basesDescritas() ([]almacen.Base, error) {
	bases, err := trabajador.BasesDescritas(s.op.Listas)
	if err != nil {
		return nil, fmt.Errorf("-lista: %w", err)
	}
	for _, b := range bases {
		if slices.ContainsFunc(s.reglas, func(r reglas) bool { return r.ID == b.Nombre }) {
			return nil, fmt.Errorf("-lista %s: la variante ya tiene reglas", b.Nombre)
		}
		titulo := b.Nombre
		if d, ok := variante.PorNombre(b.Nombre); ok {
			titulo = d.Titulo
		}
		s.reglas = append(s.reglas, reglas{ID: b.Nombre, Nombre: titulo, Idioma: b.Idioma})
	}
	return bases, nil
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
	guardada, m, err := s.leerPartida(ctx, id)
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
	nombres, err := s.nombresDe(ctx, guardada.Asientos)
	if err != nil {
		return nil, err
	}
	p, err = armar(s, m, guardada, r, nombres)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if otra, ok := s.partidas[id]; ok { // otra gorutina la cargó mientras tanto
		p.detener()
		return otra, nil
	}
	s.partidas[id] = p
	s.arrancarBots(p)
	if s.op.Bus != nil { // lo guardado entre la lectura y ahora
		p.pedirAlcance()
	}
	return p, nil
}

// nombresDe devuelve los nombres de los jugadores de los asientos.
func (s *Sala) nombresDe(ctx context.Context, asientos []almacen.Asiento) ([]string, error) {
	nombres := make([]string, len(asientos))
	for i, a := range asientos {
		j, err := s.jugadorPorID(ctx, a.Jugador)
		if err != nil {
			return nil, err
		}
		nombres[i] = j.Nombre
	}
	return nombres, nil
}

// arrancarBots lanza una gorutina por asiento de bot de p. Requiere mu.
func (s *Sala) arrancarBots(p *partida) {
	if p.final() != nil || s.ctx.Err() != nil {
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
		if s.op.Bus != nil {
			s.enFondo(func() { p.encargarBot(s.ctx, i, a.Nivel) })
			continue
		}
		b, _ := bot.Nuevo(n, g)
		s.fondo.Add(1)
		go func() {
			defer s.fondo.Done()
			p.jugarBot(s.ctx, i, b)
		}()
	}
}

// Cerrar detiene los bots, los relojes y el análisis, y cierra el almacén.
// Las partidas quedan guardadas donde estaban.
func (s *Sala) Cerrar() error {
	s.cancelar()
	s.separarse() // antes de esperar: ninguna novedad lanza nada después
	s.mu.Lock()
	for _, p := range s.partidas {
		p.detener()
	}
	s.mu.Unlock()
	s.fondo.Wait()
	return s.almacen.Close()
}

// Servidor devuelve un http.Server con el manejador de la sala y sus
// plazos: Saludo para las cabeceras y el cuerpo de cada pedido, un minuto
// para una conexión sin pedidos y 40 s para escribir una respuesta (más
// que la espera larga de una mesa). Los WebSocket, que toman la conexión,
// tienen los suyos.
func (s *Sala) Servidor() *http.Server {
	return &http.Server{Handler: s.Manejador(), ReadHeaderTimeout: s.op.Saludo, ReadTimeout: s.op.Saludo,
		WriteTimeout: 40 * time.Second, IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10,
		ErrorLog: log.New(io.Discard, "", 0), ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, claveConexion{}, c) // para las cotas de los WebSocket (limites.go)
		}}
}

// Oyente envuelve ln con las cotas de conexiones de la sala
// (Opciones.MaxConexiones, Opciones.ConexionesPorDireccion). Si tls, las
// de más se cierran sin responder (no hay un 503 en texto plano que un
// cliente TLS entienda).
func (s *Sala) Oyente(ln net.Listener, tls bool) net.Listener {
	o := &oyente{Listener: ln, total: s.op.MaxConexiones, porDir: s.op.ConexionesPorDireccion, responder: !tls, dirs: map[string]int{}}
	s.oyentesM.Lock()
	s.oyentes = append(s.oyentes, o)
	s.oyentesM.Unlock()
	return o
}

// Rechazadas devuelve cuántas conexiones cerraron los oyentes de la sala
// por pasar las cotas.
func (s *Sala) Rechazadas() int64 {
	s.oyentesM.Lock()
	defer s.oyentesM.Unlock()
	var n int64
	for _, o := range s.oyentes {
		n += o.rechazadas.Load()
	}
	return n
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

// resumenPartida es una partida en las listas "mis partidas" y "en juego".
type resumenPartida struct {
	ID          int64    `json:"id"`
	Reglas      string   `json:"reglas"`
	Idioma      string   `json:"idioma"`
	Nombres     []string `json:"nombres"`
	Asiento     int      `json:"asiento"`
	Terminada   bool     `json:"terminada"`
	Puntajes    []int    `json:"puntajes,omitempty"`
	Movimientos int      `json:"movimientos"`
	Reloj       string   `json:"reloj,omitempty"`
	Actualizada string   `json:"actualizada"`
}

// MisPartidas lista las partidas guardadas del jugador j, las más
// recientes primero.
func (s *Sala) MisPartidas(ctx context.Context, j almacen.Jugador) ([]resumenPartida, error) {
	rs, err := s.almacen.Partidas(ctx, almacen.Filtro{Jugador: j.ID, Limite: 50})
	if err != nil {
		return nil, err
	}
	res := make([]resumenPartida, 0, len(rs))
	for _, r := range rs {
		a := slices.IndexFunc(r.Asientos, func(x almacen.Asiento) bool { return x.Jugador == j.ID })
		rg, _ := s.reglasDe(r.Diccionario)
		rp := resumenPartida{ID: r.ID, Reglas: rg.Nombre, Idioma: rg.Idioma, Asiento: a,
			Terminada: r.Estado == almacen.Terminada, Puntajes: r.Puntajes, Movimientos: r.Movimientos,
			Actualizada: r.Actualizada.Format("2006-01-02 15:04")}
		if r.Reloj.Activo() {
			rp.Reloj = r.Reloj.String()
		}
		rp.Nombres, _ = s.nombresDe(ctx, r.Asientos)
		res = append(res, rp)
	}
	return res, nil
}

// enMemoria devuelve las partidas que este proceso tiene en memoria (una
// copia de la lista, tomada con mu).
func (s *Sala) enMemoria() []*partida {
	s.mu.Lock()
	defer s.mu.Unlock()
	ps := make([]*partida, 0, len(s.partidas))
	for _, p := range s.partidas {
		ps = append(ps, p)
	}
	return ps
}

// EnJuego lista hasta 50 partidas en curso, para mirarlas: las que más
// recientemente tuvieron una jugada primero.
func (s *Sala) EnJuego() []resumenPartida {
	if s.op.Bus != nil { // las de todos los procesos
		return s.enJuegoRepartido()
	}
	ps := s.enMemoria()
	type conFecha struct {
		r resumenPartida
		t time.Time
	}
	var todas []conFecha
	for _, p := range ps {
		p.mu.Lock()
		if p.fin == nil {
			todas = append(todas, conFecha{resumenPartida{ID: p.id, Reglas: p.reglas.Nombre, Idioma: p.reglas.Idioma, Nombres: p.nombres,
				Asiento: -1, Movimientos: len(p.planilla), Puntajes: p.puntajes(), Actualizada: p.ultima.Format("15:04:05")}, p.ultima})
		}
		p.mu.Unlock()
	}
	slices.SortFunc(todas, func(a, b conFecha) int { return b.t.Compare(a.t) })
	res := []resumenPartida{}
	for _, x := range todas {
		res = append(res, x.r)
	}
	if len(res) > 50 {
		res = res[:50]
	}
	return res
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
	nombres, err := s.nombresDe(ctx, p.Asientos)
	if err != nil {
		return err
	}
	return almacen.ExportarGCG(w, p, v, nombres)
}

// asientoDe devuelve la partida id y el asiento que ocupa en ella el
// jugador j. Errores: ErrPartidaDesconocida, ErrOtroAsiento (j no juega
// esa partida, o juega un bot).
func (s *Sala) asientoDe(ctx context.Context, j almacen.Jugador, id int64) (*partida, int, error) {
	p, err := s.cargar(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	a := slices.IndexFunc(p.asientos, func(x almacen.Asiento) bool { return x.Jugador == j.ID && x.Nivel == "" })
	if a < 0 {
		return nil, 0, fmt.Errorf("%w: no juega la partida %d", ErrOtroAsiento, id)
	}
	return p, a, nil
}
