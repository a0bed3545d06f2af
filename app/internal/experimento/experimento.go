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
// (shared/lexicon de algún directorio superior o $PALABRAS_LEXICOS). Otro
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
				return nil, fmt.Errorf("no se encontró %s: use -sowpods o $%s", lexicos.Sowpods, lexicos.Variable)
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
func EnParalelo(desde, hasta, gorutinas int, barra *progressbar.ProgressBar, nueva func(k int) (func(i int) error, error)) error {
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
				if barra != nil {
					_ = barra.Add(1)
				}
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

// Barra es la barra de progreso de n pasos que los programas escriben en
// w (su salida de errores), con la cuenta, el ritmo y el tiempo que falta.
func Barra(w io.Writer, n int, descripcion string) *progressbar.ProgressBar {
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(descripcion),
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(500*time.Millisecond))
}
