// Command duelo juega partidas pareadas entre dos bots, sin almacén: cada
// par de partidas usa la misma bolsa con los lados cambiados (en la primera
// empieza A, en la segunda B), en paralelo en todas las gorutinas. Informa
// las partidas, el porcentaje de victorias de A (un empate vale media) con
// su intervalo de confianza del 95 %, la diferencia media A − B por partida
// con el suyo (los dos calculados por pares, que comparten la bolsa), y los
// bingos y los cambios por partida de cada uno.
//
// Uso:
//
//	go run ./app/duelo [-idioma es] [-partidas 4000] [-a experto] [-b lineal] [-semilla S] [-gorutinas G] [-sowpods ruta]
//
// Los jugadores son niveles de bot (principiante, intermedio, avanzado,
// experto) o:
//
//	lineal        el experto con el modelo lineal de hojas (bot.OpcionesExperto.Lineal): el de antes
//	tabla=ruta    el experto con la tabla de hojas del archivo (analisis/hojas)
//
// En español, experto usa la tabla embebida (analisis/hojas/espanol); en
// inglés, que no la trae, la del archivo de -tabla-en (por omisión
// hojas-en.bin en el directorio actual; la de los torneos del README es
// app/testdata/hojas-en.bin). La semilla por omisión, 2⁴⁰, deja las bolsas
// fuera de las que usa app/hojas para aprender. Por ejemplo,
//
//	go run ./app/duelo -idioma es -partidas 10000 -a experto -b lineal
//	go run ./app/duelo -idioma en -partidas 10000 -a experto -b lineal -tabla-en app/testdata/hojas-en.bin
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
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

func main() { programa.Salir("duelo", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

var encabezado = []string{
	"Uso: duelo [opciones]",
	"Juega partidas pareadas (la misma bolsa, los lados cambiados) entre los bots -a y -b.",
}

// jugador es un bot del duelo: cómo se crea con un generador.
type jugador struct {
	nombre string
	nuevo  func(g generador.Generador) (*bot.Bot, error)
}

// lado es lo que se cuenta de un jugador.
type lado struct {
	puntos, bingos, cambios int
}

// par es el resultado de un par de partidas, visto desde A.
type par struct {
	ganaA, ganaB, empates int
	diferencia            int // A − B, sumada en las dos
	a, b                  lado
}

func ejecutar(args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("duelo", flag.ContinueOnError)
	idioma := fs.String("idioma", "es", "`es` (FISE) o en (SOWPODS)")
	partidas := fs.Int("partidas", 4000, "partidas (pares de partidas × 2)")
	na := fs.String("a", "experto", "el jugador A")
	nb := fs.String("b", "lineal", "el jugador B")
	semilla := fs.Uint64("semilla", 1<<40, "semilla de la bolsa del primer par")
	gorutinas := fs.Int("gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	sowpods := fs.String("sowpods", "", "la lista inglesa (por omisión se busca "+lexicos.Sowpods+")")
	tablaEn := fs.String("tabla-en", "hojas-en.bin", "la tabla inglesa del experto")
	if ayuda, err := programa.Leer(fs, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 || *partidas < 2 || *partidas%2 != 0 || *gorutinas < 1 {
		return programa.DeUso("-partidas debe ser par y positivo, -gorutinas positivo, sin argumentos de más")
	}
	var v *variante.Variante
	switch *idioma {
	case "es":
		v = espanol.Clasica()
	case "en":
		ruta := *sowpods
		if ruta == "" {
			var ok bool
			if ruta, ok = lexicos.Ruta(lexicos.Sowpods); !ok {
				return fmt.Errorf("no se encontró %s: use -sowpods o $%s", lexicos.Sowpods, lexicos.Variable)
			}
		}
		f, err := os.Open(ruta)
		if err != nil {
			return err
		}
		v, err = ingles.Leer(f, variante.OpcionesLexico{})
		f.Close()
		if err != nil {
			return err
		}
	default:
		return programa.DeUso("-idioma: %q (vale es o en)", *idioma)
	}
	a, err := jugadorDe(*na, v, *idioma, *tablaEn)
	if err != nil {
		return err
	}
	b, err := jugadorDe(*nb, v, *idioma, *tablaEn)
	if err != nil {
		return err
	}

	pares := *partidas / 2
	resultados := make([]par, pares)
	siguiente := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errPrim error
	barra := progressbar.NewOptions(pares, progressbar.OptionSetWriter(errores), progressbar.OptionSetDescription("pares"),
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(500*time.Millisecond))
	inicio := time.Now()
	for range *gorutinas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var bots [2]*bot.Bot
			for i, jg := range []jugador{a, b} {
				g, err := generador.Nuevo(v, generador.Opciones{})
				if err == nil {
					bots[i], err = jg.nuevo(g)
				}
				if err != nil {
					mu.Lock()
					errPrim = errors.Join(errPrim, err)
					mu.Unlock()
					for range siguiente {
					}
					return
				}
			}
			for i := range siguiente {
				r, err := jugarPar(v, bots, *semilla+uint64(i))
				if err != nil {
					mu.Lock()
					errPrim = errors.Join(errPrim, err)
					mu.Unlock()
				}
				resultados[i] = r
				_ = barra.Add(1)
			}
		}()
	}
	for i := range pares {
		siguiente <- i
	}
	close(siguiente)
	wg.Wait()
	_ = barra.Finish()
	fmt.Fprintln(errores)
	if errPrim != nil {
		return errPrim
	}
	informar(salida, *idioma, a.nombre, b.nombre, resultados, time.Since(inicio))
	return nil
}

// jugadorDe interpreta un nombre de jugador.
func jugadorDe(nombre string, v *variante.Variante, idioma, tablaEn string) (jugador, error) {
	conTabla := func(ruta string) (jugador, error) {
		f, err := os.Open(ruta)
		if err != nil {
			return jugador{}, err
		}
		defer f.Close()
		t, err := hojas.Leer(f, v, hojas.Opciones{})
		if err != nil {
			return jugador{}, fmt.Errorf("%s: %w", ruta, err)
		}
		return jugador{nombre, func(g generador.Generador) (*bot.Bot, error) {
			return bot.NuevoExperto(g, bot.OpcionesExperto{Hojas: t})
		}}, nil
	}
	switch {
	case nombre == "lineal":
		return jugador{nombre, func(g generador.Generador) (*bot.Bot, error) {
			return bot.NuevoExperto(g, bot.OpcionesExperto{Lineal: true})
		}}, nil
	case strings.HasPrefix(nombre, "tabla="):
		return conTabla(strings.TrimPrefix(nombre, "tabla="))
	case nombre == "experto" && idioma == "en":
		j, err := conTabla(tablaEn)
		j.nombre = nombre
		return j, err
	}
	n, err := bot.ParsearNivel(nombre)
	if err != nil {
		return jugador{}, programa.DeUso("jugador %q: vale un nivel, lineal o tabla=ruta", nombre)
	}
	return jugador{nombre, func(g generador.Generador) (*bot.Bot, error) { return bot.Nuevo(n, g) }}, nil
}

// jugarPar juega las dos partidas de la bolsa de semilla s: en la primera
// empieza bots[0] (A), en la segunda bots[1] (B).
func jugarPar(v *variante.Variante, bots [2]*bot.Bot, s uint64) (par, error) {
	var r par
	for inv := range 2 {
		bolsa, err := v.Repositorio(2, s)
		if err != nil {
			return r, err
		}
		j, err := juego.Nuevo(2, v, bolsa)
		if err != nil {
			return r, err
		}
		// asiento[i]: 0 si el jugador i es A, 1 si es B.
		asiento := [2]int{inv, 1 - inv}
		var lados [2]*lado
		lados[asiento[0]], lados[asiento[1]] = &r.a, &r.b
		for turnos := 0; ; turnos++ {
			if _, fin := j.Terminada(); fin {
				break
			}
			if turnos > 1000 {
				return r, fmt.Errorf("semilla %d: la partida no termina", s)
			}
			p := j.Turno()
			d, _ := bots[asiento[p]].Elegir(context.Background(), j)
			switch {
			case d.Tipo == juego.SucesoCambio:
				lados[p].cambios++
			case d.Tipo == juego.SucesoColocacion && d.Jugada.Tamano() == v.Fichas():
				lados[p].bingos++
			}
			if _, err := d.Aplicar(j); err != nil {
				return r, fmt.Errorf("semilla %d: %w", s, err)
			}
		}
		var pts [2]int
		pts[0], _ = j.Puntaje(0)
		pts[1], _ = j.Puntaje(1)
		pa, pb := pts[inv], pts[1-inv]
		r.a.puntos += pa
		r.b.puntos += pb
		r.diferencia += pa - pb
		switch {
		case pa > pb:
			r.ganaA++
		case pa < pb:
			r.ganaB++
		default:
			r.empates++
		}
	}
	return r, nil
}

// informar escribe la tabla del duelo.
func informar(w io.Writer, idioma, a, b string, rs []par, dur time.Duration) {
	n := float64(len(rs))
	media := func(f func(par) float64) (float64, float64) {
		s, s2 := 0.0, 0.0
		for _, r := range rs {
			x := f(r)
			s += x
			s2 += x * x
		}
		m := s / n
		de := math.Sqrt(max(0, s2/n-m*m) * n / max(1, n-1))
		return m, 1.96 * de / math.Sqrt(n)
	}
	// Por par: la fracción de victorias de A (0, ¼, …, 1) y la diferencia
	// por partida.
	pv, icv := media(func(r par) float64 { return (float64(r.ganaA) + 0.5*float64(r.empates)) / 2 })
	dm, icd := media(func(r par) float64 { return float64(r.diferencia) / 2 })
	var ga, gb, emp int
	var la, lb lado
	for _, r := range rs {
		ga, gb, emp = ga+r.ganaA, gb+r.ganaB, emp+r.empates
		la.bingos += r.a.bingos
		lb.bingos += r.b.bingos
		la.cambios += r.a.cambios
		lb.cambios += r.b.cambios
		la.puntos += r.a.puntos
		lb.puntos += r.b.puntos
	}
	partidas := 2 * n
	fmt.Fprintf(w, "%d partidas (%d pares) en %v\n\n", int(partidas), len(rs), dur.Round(time.Second))
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "idioma\tA\tB\tpartidas\tgana A\tgana B\tempates\t% A\tIC 95 %\tdif. media A−B\tIC 95 %\tmedia A\tmedia B\tbingos A\tbingos B\tcambios A\tcambios B\t")
	fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%.1f\t%.1f–%.1f\t%+.1f\t±%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t\n", idioma, a, b, int(partidas),
		ga, gb, emp, 100*pv, 100*(pv-icv), 100*(pv+icv), dm, icd, float64(la.puntos)/partidas, float64(lb.puntos)/partidas,
		float64(la.bingos)/partidas, float64(lb.bingos)/partidas, float64(la.cambios)/partidas, float64(lb.cambios)/partidas)
	tw.Flush()
}
