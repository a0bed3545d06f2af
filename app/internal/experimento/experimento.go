// Package experimento junta la preparación que comparten los programas de
// experimentos (app/cmd/duelo, torneo, hojas, tesis y curva): la variante
// de cada idioma con su léxico, los bots por nombre, la partida de cada
// semilla jugada hasta el final, el reparto de las partidas entre
// gorutinas y la barra de progreso.
package experimento

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// MaxTurnos son los turnos después de los que [Jugar] da la partida por
// rota: una partida de bots termina mucho antes.
const MaxTurnos = 1000

// Variante devuelve la variante clásica del idioma: "es" es la española
// (FISE, embebida) y "en" la inglesa con la lista SOWPODS de la ruta lista
// (en texto o en gzip) o, si es "", la que encuentra lexicos
// ($PALABRAS_LEXICOS, o shared/lexicon de algún directorio superior: solo
// en el entorno de desarrollo). La lista inglesa no viaja con el módulo: si
// no se da ni se encuentra, el error es un [programa.ErrorDeUso] que nombra
// -sowpods, para que el programa lo diga antes de hacer trabajo. Otro
// idioma es el nombre (o un alias) de una descripción de
// variante.Descripciones ("catalan", "frances", "ingles-21"…): las
// españolas traen su lista; las demás se arman con la de la ruta lista,
// que entonces es obligatoria. Un idioma que no es ninguno de esos, o una
// descripción sin lista, es un [programa.ErrorDeUso].
func Variante(idioma, lista string) (*variante.Variante, error) {
	switch idioma {
	case "es":
		return espanol.Clasica(), nil
	case "en":
		if lista == "" {
			var ok bool
			if lista, ok = lexicos.Ruta(lexicos.Sowpods); !ok {
				return nil, programa.DeUso("el inglés necesita la lista de palabras SOWPODS, que no viaja con el módulo: désela con -sowpods ruta (texto o .gz), o con $%s (el directorio de %s)",
					lexicos.Variable, lexicos.Sowpods)
			}
		}
		f, err := os.Open(lista)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return ingles.Leer(f, variante.OpcionesLexico{})
	}
	d, ok := variante.PorNombre(idioma)
	switch {
	case !ok:
		return nil, programa.DeUso("idioma %q (vale es, en o el nombre de una variante descrita: %s)", idioma, nombresDescritas())
	case d.Lista == "espanol" && d.Nombre == "espanol-fise":
		return espanol.Clasica(), nil
	case d.Lista == "espanol":
		return espanol.Variante(), nil
	case lista == "":
		return nil, programa.DeUso("la variante %s no trae lista de palabras: dela con -lista", d.Nombre)
	}
	f, err := os.Open(lista)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return d.LeerVariante(f, variante.OpcionesLexico{})
}

// nombresDescritas devuelve los nombres de las variantes descritas,
// separados por comas.
func nombresDescritas() string {
	var ns []string
	for _, d := range variante.Descripciones() {
		ns = append(ns, d.Nombre)
	}
	return strings.Join(ns, ", ")
}

// Jugador es un bot por su nombre: cómo se crea con un generador (cada
// gorutina crea los suyos).
type Jugador struct {
	Nombre string
	Nuevo  func(g generador.Generador) (*bot.Bot, error)
}

// JugadorDe interpreta un nombre de jugador de v: un nivel de bot
// (bot.ParsearNivel), "lineal" (el experto con el modelo lineal de hojas,
// bot.HojasPara) o "tabla=ruta" (el experto con la tabla de hojas del
// archivo). En inglés, que no trae tabla embebida, "experto" usa la del
// archivo tablaEn. Un nombre desconocido es un [programa.ErrorDeUso].
func JugadorDe(nombre string, v *variante.Variante, idioma, tablaEn string) (Jugador, error) {
	conTabla := func(ruta string) (Jugador, error) {
		f, err := os.Open(ruta)
		if err != nil {
			return Jugador{}, err
		}
		defer f.Close()
		t, err := hojas.Leer(f, v, hojas.Opciones{})
		if err != nil {
			return Jugador{}, fmt.Errorf("%s: %w", ruta, err)
		}
		return Jugador{nombre, func(g generador.Generador) (*bot.Bot, error) {
			return bot.NuevoExperto(g, bot.OpcionesExperto{Hojas: t})
		}}, nil
	}
	switch {
	case nombre == "lineal":
		return Jugador{nombre, func(g generador.Generador) (*bot.Bot, error) {
			return bot.NuevoExperto(g, bot.OpcionesExperto{Lineal: true})
		}}, nil
	case strings.HasPrefix(nombre, "tabla="):
		return conTabla(strings.TrimPrefix(nombre, "tabla="))
	case nombre == "experto" && idioma == "en":
		j, err := conTabla(tablaEn)
		j.Nombre = nombre
		return j, err
	}
	n, err := bot.ParsearNivel(nombre)
	if err != nil {
		return Jugador{}, programa.DeUso("jugador %q: vale un nivel, lineal o tabla=ruta", nombre)
	}
	return Jugador{nombre, func(g generador.Generador) (*bot.Bot, error) { return bot.Nuevo(n, g) }}, nil
}

// NuevoJuego empieza una partida de dos jugadores de v con la bolsa de la
// semilla: la misma semilla da la misma partida para los mismos jugadores.
func NuevoJuego(v *variante.Variante, semilla uint64) (*juego.Juego, error) {
	bolsa, err := v.Repositorio(2, semilla)
	if err != nil {
		return nil, err
	}
	return juego.Nuevo(2, v, bolsa)
}

// Jugar juega j hasta el final con bots[k] en el asiento k. Para cada
// decisión llama a antes (si no es nil) con el jugador de turno, antes de
// aplicarla en j; un error de antes termina la partida. Una partida que
// pasa de [MaxTurnos] es un error, y también la cancelación de ctx (los
// bots la reciben y vuelven enseguida).
func Jugar(ctx context.Context, j *juego.Juego, bots []*bot.Bot, antes func(jugador int, d bot.Decision) error) error {
	for turnos := 0; ; turnos++ {
		if _, fin := j.Terminada(); fin {
			return nil
		}
		if turnos > MaxTurnos {
			return errors.New("la partida no termina")
		}
		p := j.Turno()
		d, err := bots[p].Elegir(ctx, j)
		if err != nil {
			return err
		}
		if antes != nil {
			if err := antes(p, d); err != nil {
				return err
			}
		}
		if _, err := d.Aplicar(j); err != nil {
			return err
		}
	}
}

// EnParalelo hace las tareas desde ≤ i < hasta en gorutinas gorutinas a la
// vez y avanza barra (si no es nil) con cada una. Cada gorutina k prepara
// lo suyo con nueva(k) (sus bots, por ejemplo) y hace con la función que
// devuelve las tareas que le tocan; una gorutina que falla deja de tomar
// tareas. Devuelve los errores juntos.
func EnParalelo(desde, hasta, gorutinas int, barra *Progreso, nueva func(k int) (func(i int) error, error)) error {
	var siguiente atomic.Int64
	siguiente.Store(int64(desde))
	errs := make([]error, gorutinas)
	var wg sync.WaitGroup
	for k := range gorutinas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hacer, err := nueva(k)
			if err != nil {
				errs[k] = err
				return
			}
			for {
				i := int(siguiente.Add(1) - 1)
				if i >= hasta {
					return
				}
				err := hacer(i)
				barra.Add(1)
				if err != nil {
					errs[k] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// CadaLinea es cada cuánto, como mucho, escribe una línea el progreso que
// no va a una terminal.
var CadaLinea = 10 * time.Second

// Progreso informa el avance de n pasos en la salida de errores de un
// programa: en una terminal, una barra que se redibuja (con la cuenta, el
// ritmo y el tiempo que falta); en un archivo o una tubería, líneas
// completas, sin retornos de carro ("partidas: 120/400 (30 %), 12 s"), a lo
// sumo una cada [CadaLinea] y la última al terminar. Un *Progreso nil no
// hace nada; sus métodos se pueden llamar desde varias gorutinas.
type Progreso struct {
	barra *progressbar.ProgressBar // en una terminal
	w     io.Writer
	n     int
	desc  string

	mu      sync.Mutex
	hechos  int
	inicio  time.Time
	ultima  time.Time
	cerrado bool
}

// Barra devuelve el progreso de n pasos que se escribe en w (la salida de
// errores del programa): una barra si w es una terminal, líneas si no.
func Barra(w io.Writer, n int, descripcion string) *Progreso {
	p := &Progreso{w: w, n: n, desc: descripcion, inicio: time.Now()}
	if programa.EsTerminal(w) {
		p.barra = progressbar.NewOptions(n, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(descripcion),
			progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(500*time.Millisecond))
	}
	return p
}

// Add avanza k pasos.
func (p *Progreso) Add(k int) {
	if p == nil {
		return
	}
	if p.barra != nil {
		_ = p.barra.Add(k)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hechos += k
	p.linea(false)
}

// Set pone el avance en k pasos (al seguir desde un punto guardado).
func (p *Progreso) Set(k int) {
	if p == nil {
		return
	}
	if p.barra != nil {
		_ = p.barra.Set(k)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hechos = k
	if k > 0 {
		p.linea(true)
	}
}

// Finish termina el progreso: la barra llena, o la última línea.
func (p *Progreso) Finish() {
	if p != nil {
		p.cerrar(func() { _ = p.barra.Finish() })
	}
}

// Exit corta el progreso donde está (al interrumpir).
func (p *Progreso) Exit() {
	if p != nil {
		p.cerrar(func() { _ = p.barra.Exit() })
	}
}

// cerrar termina el progreso: con una barra, con cerrarBarra y un fin de
// línea; si no, con la última línea (una sola vez).
func (p *Progreso) cerrar(cerrarBarra func()) {
	if p.barra != nil {
		cerrarBarra()
		fmt.Fprintln(p.w)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.cerrado {
		p.linea(true)
		p.cerrado = true
	}
}

// linea escribe una línea si pasó CadaLinea desde la última, si terminó o
// si ya es obligada. Con p.mu tomado.
func (p *Progreso) linea(obligada bool) {
	ahora := time.Now()
	if p.cerrado || !obligada && p.hechos < p.n && ahora.Sub(p.ultima) < CadaLinea {
		return
	}
	p.ultima = ahora
	pct := 100.0
	if p.n > 0 {
		pct = 100 * float64(p.hechos) / float64(p.n)
	}
	fmt.Fprintf(p.w, "%s: %d/%d (%.0f %%), %v\n", p.desc, p.hechos, p.n, pct, ahora.Sub(p.inicio).Round(time.Second))
	if p.hechos >= p.n {
		p.cerrado = true
	}
}
