// Package trabajador hace las jugadas de los bots del sitio que le llegan
// por la cola de trabajo de NATS (bus.Bus.Tomar): lee la partida del
// almacén compartido, elige la jugada y la guarda como el movimiento
// siguiente, y anuncia la novedad a los procesos web (bus.Bus.Anunciar).
//
// Cada jugada se aplica exactamente una vez: el trabajo nombra la partida y
// el número de movimiento, y el almacén rechaza un segundo movimiento con
// ese número (almacen.ErrConflicto); un trabajo viejo (la partida ya tiene
// más movimientos, o terminó) se descarta. Mientras piensa, el trabajador
// da señales de vida a la cola; si muere, la cola da el trabajo a otro a lo
// sumo bus.EsperaBot después de la última.
//
// También hace los análisis de las partidas terminadas que le llegan por
// la otra cola (bus.Bus.TomarRevision), con revision.Revisar: la cola
// tiene a lo sumo un análisis de cada partida, el trabajador no calcula el
// de una partida que ya lo tiene guardado, y da señales de vida mientras
// analiza; si muere a mitad, la cola se lo da a otro a lo sumo
// bus.EsperaRevision después de la última.
//
// Lo usan el programa app/cmd/trabajador (trabajadores en otras máquinas) y
// el sitio (el respaldo local, con el NATS embebido).
package trabajador

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// ErrSinCambios es el error de pedir la variante "en-especificacion" con
// otro léxico: no admite cambios de palabras.
var ErrSinCambios = errors.New("trabajador: en-especificacion no admite cambios de palabras")

// Bases son las bases de los diccionarios del sitio: español clásico y de
// la especificación, y lo mismo en inglés si lista (una lista de palabras,
// una por línea, o gzip) no es vacía. El sitio y los trabajadores deben
// usar las mismas.
func Bases(lista string) ([]almacen.Base, error) {
	bases := []almacen.Base{almacen.BaseEspanol(), {
		Nombre: "es-especificacion", Idioma: "es",
		Variante: func() (*variante.Variante, error) { return espanol.Variante(), nil },
	}}
	if lista == "" {
		return bases, nil
	}
	v, err := leerIngles(lista)
	if err != nil {
		return nil, err
	}
	return append(bases, almacen.BaseIngles(v), almacen.Base{
		Nombre: "en-especificacion", Idioma: "en",
		Variante: func() (*variante.Variante, error) {
			return variante.Nueva(letra.Ingles(), ingles.Tamano, ingles.Fichas, ingles.Puntajes(), v.Lexico(),
				variante.Opciones{Distribucion: ingles.Distribucion()})
		},
		ConLexico: func(*trie.DAWG) (*variante.Variante, error) { return nil, ErrSinCambios },
	}), nil
}

// BasesDescritas devuelve una base por cada variante descrita de listas
// (la clave es el nombre de una descripción incluida, variante.PorNombre;
// el valor, la ruta de su lista de palabras), en orden de nombre: la base
// se llama como la descripción ("frances", "ingles-21"…), y su idioma es
// el español para las descripciones españolas y el inglés para las demás
// (el de la página). Los procesos web y los trabajadores deben recibir las
// mismas listas.
func BasesDescritas(listas map[string]string) ([]almacen.Base, error) {
	var bases []almacen.Base
	for _, nombre := range slices.Sorted(maps.Keys(listas)) {
		d, ok := variante.PorNombre(nombre)
		if !ok {
			return nil, fmt.Errorf("%w: %q no es una variante descrita", ErrSinDescripcion, nombre)
		}
		if slices.ContainsFunc(bases, func(b almacen.Base) bool { return b.Nombre == d.Nombre }) {
			return nil, fmt.Errorf("la variante %s tiene dos listas", d.Nombre)
		}
		f, err := os.Open(listas[nombre])
		if err != nil {
			return nil, fmt.Errorf("lista de %s: %w", d.Nombre, err)
		}
		v, err := d.LeerVariante(f, variante.OpcionesLexico{})
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("lista de %s: %w", d.Nombre, err)
		}
		idioma := "en"
		if strings.HasPrefix(d.Nombre, "espanol") {
			idioma = "es"
		}
		bases = append(bases, almacen.Base{
			Nombre: d.Nombre, Idioma: idioma,
			Variante:  func() (*variante.Variante, error) { return v, nil },
			ConLexico: d.Variante,
		})
	}
	return bases, nil
}

// Listas son las listas de palabras de las variantes descritas (nombre →
// ruta), como las da la opción repetible -lista nombre=ruta de los
// programas del sitio: es un flag.Value.
type Listas map[string]string

// String escribe las listas como nombre=ruta separadas por comas.
func (l Listas) String() string {
	var partes []string
	for _, k := range slices.Sorted(maps.Keys(l)) {
		partes = append(partes, k+"="+l[k])
	}
	return strings.Join(partes, ",")
}

// Set agrega una lista, escrita nombre=ruta.
func (l Listas) Set(s string) error {
	nombre, ruta, ok := strings.Cut(s, "=")
	if !ok || nombre == "" || ruta == "" {
		return fmt.Errorf("%q: vale nombre=ruta (una variante descrita y su lista de palabras)", s)
	}
	l[nombre] = ruta
	return nil
}

// ErrSinDescripcion: un nombre de BasesDescritas no es el de una
// descripción incluida.
var ErrSinDescripcion = errors.New("trabajador: variante descrita desconocida")

func leerIngles(ruta string) (*variante.Variante, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, fmt.Errorf("lista inglesa: %w", err)
	}
	defer f.Close()
	return ingles.Leer(f, variante.OpcionesLexico{})
}

// Opciones configuran Servir.
type Opciones struct {
	// N es cuántos trabajos se hacen a la vez: 1.
	N int
	// Plazo es el tiempo de cada jugada: 5 s.
	Plazo time.Duration
	// Registro recibe los errores (nil: la salida de errores).
	Registro io.Writer
	// Hechas, si no es nil, cuenta las jugadas guardadas.
	Hechas func()
	// Revisores es cuántos análisis de partidas terminadas se hacen a la
	// vez, además de los N trabajos de bots: 1; negativo, ninguno (el
	// trabajador no toma análisis).
	Revisores int
	// Pausa, si no es nil, es la pausa de cada análisis antes de cada
	// turno (revision.Pausa): la del sitio, cuyos trabajadores comparten el
	// procesador con las jugadas.
	Pausa revision.Pausa
	// Revisadas, si no es nil, recibe cada partida cuyo análisis calculó
	// y guardó este trabajador.
	Revisadas func(id int64)
}

// Almacen es lo que el trabajador usa del almacén: las partidas (las
// jugadas de los bots) y sus revisiones (los análisis).
type Almacen = revision.Almacen

// Servir toma trabajos de las colas de b (las jugadas de los bots y los
// análisis) y los hace con el almacén a (sus variantes, de cat) hasta que
// ctx se cancela; entonces termina el trabajo en curso (o lo devuelve a la
// cola) y vuelve con nil.
func Servir(ctx context.Context, b *bus.Bus, a Almacen, cat *almacen.Catalogo, op Opciones) error {
	if op.N <= 0 {
		op.N = 1
	}
	if op.Revisores == 0 {
		op.Revisores = 1
	}
	if op.Plazo <= 0 {
		op.Plazo = 5 * time.Second
	}
	w := op.Registro
	if w == nil {
		w = os.Stderr
	}
	t := &trabajador{b: b, a: a, cat: cat, op: op, log: log.New(w, "trabajador: ", log.LstdFlags)}
	// Las variantes y sus GADDAG, antes del primer trabajo: si no, la
	// primera jugada de cada base espera a construirlos.
	if err := cat.Precalentar(ctx); err != nil && ctx.Err() == nil {
		t.log.Printf("precalentando: %v", err)
	}
	var wg sync.WaitGroup
	for range op.N {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.bucle(ctx)
		}()
	}
	for range op.Revisores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.bucleRevisiones(ctx)
		}()
	}
	wg.Wait()
	return nil
}

type trabajador struct {
	b   *bus.Bus
	a   Almacen
	cat *almacen.Catalogo
	op  Opciones
	log *log.Logger

	// mesas son las partidas que este trabajador jugó hace poco, al día
	// hasta su última jugada: el trabajo siguiente de la misma partida lee
	// del almacén solo lo que falta (almacen.Mesa.Seguir) en lugar de
	// reconstruirla entera. Una Mesa la usa un solo trabajo a la vez: el
	// que la saca del mapa.
	mu    sync.Mutex
	mesas map[int64]*almacen.Mesa
}

// maxMesas acota las partidas recordadas por un trabajador.
const maxMesas = 4096

// tomarMesa devuelve la partida del trabajo tr al día, y la saca del mapa
// mientras se usa: la recordada si ya tiene los tr.N movimientos, o si los
// que le faltan viajan en el trabajo (tr.Movs, sin leer el almacén); si
// no, la recordada puesta al día con el almacén (Mesa.Seguir), o
// reanudada. Si el almacén tuviera más de lo que dice el trabajo, guardar
// la jugada da ErrConflicto y la Mesa se olvida.
func (t *trabajador) tomarMesa(ctx context.Context, tr bus.Trabajo) (*almacen.Mesa, error) {
	t.mu.Lock()
	m := t.mesas[tr.Partida]
	delete(t.mesas, tr.Partida)
	t.mu.Unlock()
	if m != nil {
		if m.Movimientos() == tr.N {
			return m, nil
		}
		if len(tr.Movs) > 0 && m.Movimientos() == tr.Desde {
			if movs, err := almacen.DecodificarMovimientos(tr.Movs); err == nil && tr.Desde+len(movs) == tr.N {
				if _, ok := m.SeguirCon(tr.Desde, movs); ok {
					return m, nil
				}
			}
		}
		if _, _, err := m.Seguir(ctx); err == nil {
			return m, nil
		}
	}
	return almacen.Reanudar(ctx, t.a, t.cat, tr.Partida)
}

// dejarMesa recuerda m para el próximo trabajo de su partida (si no
// terminó).
func (t *trabajador) dejarMesa(m *almacen.Mesa) {
	if _, fin := m.Terminada(); fin {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mesas == nil {
		t.mesas = map[int64]*almacen.Mesa{}
	}
	if len(t.mesas) >= maxMesas {
		for id := range t.mesas { // una cualquiera
			delete(t.mesas, id)
			break
		}
	}
	t.mesas[m.ID()] = m
}

// bots son los bots de una gorutina del trabajador, por nivel y variante
// (un generador no se comparte entre gorutinas).
type bots map[claveBot]*bot.Bot

type claveBot struct {
	nivel bot.Nivel
	v     *variante.Variante
}

func (t *trabajador) bucle(ctx context.Context) {
	bs := bots{}
	for ctx.Err() == nil {
		p, err := t.b.Tomar(time.Second)
		if errors.Is(err, bus.ErrCerrado) {
			return
		}
		if err != nil {
			if ctx.Err() == nil {
				t.log.Printf("tomando un trabajo: %v", err)
				time.Sleep(100 * time.Millisecond)
			}
			continue
		}
		if p == nil {
			continue
		}
		t.atender(ctx, p, bs)
	}
}

// senalesDeVida llama a sigo cada cada hasta que se llama a la función
// que devuelve, que no vuelve hasta que la última señal terminó.
func senalesDeVida(ctx context.Context, sigo func() error, cada time.Duration) (parar func()) {
	vivo, cancelar := context.WithCancel(ctx)
	senales := make(chan struct{})
	go func() {
		defer close(senales)
		tic := time.NewTicker(cada)
		defer tic.Stop()
		for {
			select {
			case <-vivo.Done():
				return
			case <-tic.C:
				sigo()
			}
		}
	}()
	return func() {
		cancelar()
		<-senales
	}
}

// atender hace el trabajo p y lo saca de la cola, o lo devuelve si no
// pudo (el almacén falló, se cierra).
func (t *trabajador) atender(ctx context.Context, p *bus.Pedido, bs bots) {
	parar := senalesDeVida(ctx, p.Sigo, bus.EsperaBot/4)
	err := t.hacer(ctx, p.Trabajo, bs)
	parar() // ninguna señal después de terminarlo
	if err != nil {
		if ctx.Err() == nil {
			t.log.Printf("partida %d, movimiento %d: %v", p.Trabajo.Partida, p.Trabajo.N, err)
		}
		p.Devolver(100 * time.Millisecond)
		return
	}
	p.Hecho()
}

// bucleRevisiones toma análisis de la cola y los hace hasta que ctx se
// cancela.
func (t *trabajador) bucleRevisiones(ctx context.Context) {
	for ctx.Err() == nil {
		r, err := t.b.TomarRevision(time.Second)
		if errors.Is(err, bus.ErrCerrado) {
			return
		}
		if err != nil {
			if ctx.Err() == nil {
				t.log.Printf("tomando un análisis: %v", err)
				time.Sleep(100 * time.Millisecond)
			}
			continue
		}
		if r != nil {
			t.revisar(ctx, r)
		}
	}
}

// revisar hace el análisis r y lo saca de la cola. Una partida que no
// existe, no terminó o no se puede reconstruir no se analiza nunca: sale
// de la cola. Si se cierra, lo devuelve para otro enseguida; con otro
// error (el almacén falló, este trabajador no tiene la variante) lo
// devuelve para dentro de 5 s, quizá a otro trabajador.
func (t *trabajador) revisar(ctx context.Context, r *bus.Revision) {
	parar := senalesDeVida(ctx, r.Sigo, bus.EsperaRevision/4)
	hecho, err := revision.Revisar(ctx, t.a, t.cat, r.Partida, t.op.Pausa)
	parar()
	switch {
	case err == nil:
		if hecho && t.op.Revisadas != nil {
			t.op.Revisadas(r.Partida)
		}
		r.Hecho()
	case ctx.Err() != nil:
		r.Devolver(0)
	case errors.Is(err, almacen.ErrPartidaInexistente), errors.Is(err, almacen.ErrPartidaCorrupta),
		errors.Is(err, revision.ErrNoTerminada):
		t.log.Printf("análisis de la partida %d: %v", r.Partida, err)
		r.Hecho()
	default:
		t.log.Printf("análisis de la partida %d: %v", r.Partida, err)
		r.Devolver(5 * time.Second)
	}
}

// hacer juega el trabajo tr. Devuelve nil también si el trabajo era viejo
// o ya lo hizo otro: solo un error que merece reintentarse.
func (t *trabajador) hacer(ctx context.Context, tr bus.Trabajo, bs bots) error {
	if d := time.Until(time.Unix(0, tr.NoAntes)); d > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	m, err := t.tomarMesa(ctx, tr)
	if errors.Is(err, almacen.ErrPartidaInexistente) || errors.Is(err, almacen.ErrPartidaCorrupta) {
		return nil
	}
	if err != nil {
		return err
	}
	recordar := true // salvo si falla al guardar: entonces se reanuda la próxima vez
	defer func() {
		if recordar {
			t.dejarMesa(m)
		}
	}()
	if m.Movimientos() != tr.N {
		if m.Movimientos() > tr.N { // quien lo pidió quizá no se enteró
			t.b.Anunciar(bus.Novedad{Partida: tr.Partida, N: m.Movimientos()})
		}
		return nil
	}
	j := m.Juego()
	if _, fin := j.Terminada(); fin || j.Turno() != tr.Asiento {
		return nil
	}
	n, err := bot.ParsearNivel(tr.Nivel)
	if err != nil {
		return nil
	}
	b := bs[claveBot{n, j.Variante()}]
	if b == nil {
		g, err := t.cat.Generador(j.Variante())
		if err != nil {
			return err
		}
		if b, err = bot.Nuevo(n, g); err != nil {
			return err
		}
		bs[claveBot{n, j.Variante()}] = b
	}
	pctx, cancelar := context.WithTimeout(ctx, t.op.Plazo)
	d, err := elegir(pctx, b, j)
	cancelar()
	if err != nil && ctx.Err() != nil {
		return err
	}
	ultima := m.Partida().Actualizada
	if tr.Ultima != 0 {
		ultima = time.Unix(0, tr.Ultima)
	}
	mov := almacen.Movimiento{Tipo: juego.SucesoPase, Duracion: time.Since(ultima)}
	switch d.Tipo {
	case juego.SucesoColocacion:
		mov.Tipo, mov.Jugada = juego.SucesoColocacion, d.Jugada
	case juego.SucesoCambio:
		mov.Tipo, mov.Cambiadas = juego.SucesoCambio, d.Cambiadas
	}
	pts, err := m.Jugar(ctx, mov)
	if err != nil {
		recordar = false
		if errors.Is(err, almacen.ErrConflicto) || errors.Is(err, almacen.ErrPartidaTerminada) {
			return nil // la hizo otro, o la partida terminó mientras pensaba
		}
		return err
	}
	if t.op.Hechas != nil {
		t.op.Hechas()
	}
	nov := bus.Novedad{Partida: tr.Partida, N: m.Movimientos()}
	if nov.N == tr.N+1 { // sin penalizaciones detrás: el movimiento viaja en el anuncio
		mov.Jugador, mov.Puntos, mov.Duracion = tr.Asiento, pts, max(mov.Duracion, 0)
		nov.Desde, nov.Movs = tr.N, almacen.CodificarMovimientos([]almacen.Movimiento{mov})
	}
	t.b.Anunciar(nov)
	return nil
}

// elegir es la decisión del bot b en j, dentro del plazo de ctx: vencido,
// la mejor que halló hasta ahí (con el error de ctx, que el llamador
// ignora si solo venció el plazo de la jugada).
func elegir(ctx context.Context, b *bot.Bot, j *juego.Juego) (bot.Decision, error) {
	return b.Elegir(ctx, j)
}
