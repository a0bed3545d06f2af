// Command torneo juega partidas entre niveles de bots (bot), en
// inglés y en español clásicos, en paralelo en todos los núcleos, guarda
// cada partida jugada a jugada en un almacén SQLite y al final muestra la
// clasificación (Glicko-2) y el porcentaje de victorias de cada pareo con su
// intervalo de confianza del 95 %.
//
// Uso:
//
//	go run ./app/torneo [-db archivo] [-partidas N] [-pares a:b,…] [-idiomas en,es] [-semilla S] [-gorutinas G]
//
// Opciones:
//
//	-db archivo    el almacén SQLite (se crea si no existe; por omisión, uno
//	               temporal que se borra al terminar)
//	-partidas N    partidas por pareo y por idioma (por omisión 200)
//	-pares lista   pareos nivel:nivel separados por comas (por omisión
//	               experto:avanzado,avanzado:intermedio,intermedio:principiante)
//	-idiomas l     en, es o en,es (por omisión en,es)
//	-semilla S     semilla de la primera bolsa (por omisión 1)
//	-gorutinas G   partidas a la vez (por omisión GOMAXPROCS)
//	-sowpods ruta  la lista inglesa (por omisión se busca sowpods.txt.gz en
//	               shared/lexicon de algún directorio superior)
//
// Las partidas van de a pares con la misma bolsa y los lados cambiados: en
// la partida 2k empieza el primer nivel del pareo y en la 2k+1 el segundo,
// las dos con la semilla S+k. Cada nivel de cada idioma es un jugador del
// almacén ("experto-en"), así que la clasificación acumula todas las
// corridas sobre el mismo archivo.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/app/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

type pareo struct {
	idioma string
	a, b   bot.Nivel
}

type resultado struct {
	victoriasA, victoriasB, empates int
	puntosA, puntosB                int
}

func main() { programa.Salir("torneo", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

func ejecutar(args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("torneo", flag.ContinueOnError)
	db := fs.String("db", "", "almacén SQLite (por omisión, uno temporal)")
	partidas := fs.Int("partidas", 200, "partidas por pareo y por idioma")
	pares := fs.String("pares", "experto:avanzado,avanzado:intermedio,intermedio:principiante", "pareos nivel:nivel")
	idiomas := fs.String("idiomas", "en,es", "idiomas")
	semilla := fs.Uint64("semilla", 1, "semilla de la primera bolsa")
	gorutinas := fs.Int("gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	sowpods := fs.String("sowpods", "", "lista de palabras inglesa")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: torneo [-db archivo] [-partidas N] [-pares a:b,…] [-idiomas en,es] [-semilla S] [-gorutinas G] [-sowpods ruta]",
		"Juega partidas pareadas entre niveles de bots y muestra la clasificación y los porcentajes de victorias."); ayuda || err != nil {
		return err
	}
	if *partidas < 1 || *gorutinas < 1 || fs.NArg() > 0 {
		return programa.DeUso("-partidas y -gorutinas deben ser positivos, y no hay argumentos")
	}
	if *db == "" {
		dir, err := os.MkdirTemp("", "torneo")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		*db = filepath.Join(dir, "torneo.db")
	}
	ctx := context.Background()
	a, err := sqlite.Abrir(*db, sqlite.Opciones{})
	if err != nil {
		return err
	}
	defer a.Close()

	bases := []almacen.Base{almacen.BaseEspanol()}
	var pareos []pareo
	for _, id := range strings.Split(*idiomas, ",") {
		if id != "en" && id != "es" {
			return programa.DeUso("idioma desconocido %q", id)
		}
		if id == "en" {
			ruta := *sowpods
			if ruta == "" {
				var ok bool
				if ruta, ok = lexicos.Ruta(lexicos.Sowpods); !ok {
					return fmt.Errorf("no se encontró %s: use -sowpods", lexicos.Sowpods)
				}
			}
			f, err := os.Open(ruta)
			if err != nil {
				return err
			}
			v, err := ingles.Leer(f, variante.OpcionesLexico{})
			f.Close()
			if err != nil {
				return err
			}
			bases = append(bases, almacen.BaseIngles(v))
		}
		for _, p := range strings.Split(*pares, ",") {
			x, y, ok := strings.Cut(p, ":")
			na, err1 := bot.ParsearNivel(x)
			nb, err2 := bot.ParsearNivel(y)
			if !ok || err1 != nil || err2 != nil || na == nb {
				return fmt.Errorf("pareo inválido %q", p)
			}
			pareos = append(pareos, pareo{id, na, nb})
		}
	}
	cat := almacen.NuevoCatalogo(a, bases...)
	jugadores := map[string]int64{}
	for _, p := range pareos {
		if _, err := cat.Asegurar(ctx, "clasico-"+p.idioma, p.idioma+"-clasica"); err != nil {
			return err
		}
		for _, n := range []bot.Nivel{p.a, p.b} {
			nombre := n.String() + "-" + p.idioma
			if _, ok := jugadores[nombre]; ok {
				continue
			}
			j, err := a.JugadorPorNombre(ctx, nombre)
			if errors.Is(err, almacen.ErrJugadorInexistente) {
				j, err = a.CrearJugador(ctx, nombre, p.idioma)
			}
			if err != nil {
				return err
			}
			jugadores[nombre] = j.ID
		}
	}

	type tarea struct {
		p pareo
		i int
	}
	tareas := make(chan tarea)
	resultados := make([]resultado, len(pareos))
	var mu sync.Mutex
	var primerError error
	barra := progressbar.NewOptions(len(pareos)**partidas, progressbar.OptionSetWriter(errores),
		progressbar.OptionSetDescription("partidas"), progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionShowIts())
	inicio := time.Now()
	var wg sync.WaitGroup
	for range *gorutinas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bots := map[string]*bot.Bot{}
			for t := range tareas {
				pa, pb, err := jugar(ctx, a, cat, bots, jugadores, t.p, *semilla+uint64(t.i/2), t.i%2 == 1)
				mu.Lock()
				if err != nil {
					primerError = errors.Join(primerError, err)
				} else {
					k := indice(pareos, t.p)
					r := &resultados[k]
					r.puntosA += pa
					r.puntosB += pb
					switch {
					case pa > pb:
						r.victoriasA++
					case pb > pa:
						r.victoriasB++
					default:
						r.empates++
					}
				}
				mu.Unlock()
				barra.Add(1)
			}
		}()
	}
	for i := range *partidas {
		for _, p := range pareos {
			tareas <- tarea{p, i}
		}
	}
	close(tareas)
	wg.Wait()
	barra.Finish()
	fmt.Fprintln(errores)
	if primerError != nil {
		return primerError
	}
	dur := time.Since(inicio)

	fmt.Fprintf(salida, "%d partidas en %v (%d gorutinas), guardadas en %s\n\n", len(pareos)**partidas, dur.Round(time.Second), *gorutinas, *db)
	tw := tabwriter.NewWriter(salida, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "idioma\tpareo\tpartidas\tgana A\tgana B\tempates\t% A\tIC 95 %\tmedia A\tmedia B\t")
	for k, p := range pareos {
		r := resultados[k]
		n := r.victoriasA + r.victoriasB + r.empates
		pct := (float64(r.victoriasA) + 0.5*float64(r.empates)) / float64(n)
		ic := 1.96 * math.Sqrt(pct*(1-pct)/float64(n))
		fmt.Fprintf(tw, "%s\t%s:%s\t%d\t%d\t%d\t%d\t%.1f\t%.1f–%.1f\t%.1f\t%.1f\t\n", p.idioma, p.a, p.b, n, r.victoriasA, r.victoriasB, r.empates,
			100*pct, 100*(pct-ic), 100*(pct+ic), float64(r.puntosA)/float64(n), float64(r.puntosB)/float64(n))
	}
	tw.Flush()

	filas, err := a.Clasificacion(ctx, clasificacion.PorRating, 0)
	if err != nil {
		return err
	}
	fmt.Fprintln(salida, "\nClasificación (todas las partidas del archivo, por rating Glicko-2):")
	tw = tabwriter.NewWriter(salida, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tjugador\trating\tRD\tpartidas\tvictorias\tmáximo\tmedia\ttotal\t")
	for i, f := range filas {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.0f\t%d\t%d\t%d\t%.1f\t%d\t\n", i+1, f.Nombre, f.Rating.Valor, f.Rating.Desviacion, f.Partidas, f.Victorias, f.Maximo, f.Media, f.Total)
	}
	return tw.Flush()
}

func indice(ps []pareo, p pareo) int {
	for i, q := range ps {
		if q == p {
			return i
		}
	}
	return -1
}

// jugar juega una partida del pareo p con la semilla dada (si invertir,
// empieza p.b), guardándola jugada a jugada, y devuelve los puntajes
// finales de p.a y p.b.
func jugar(ctx context.Context, a almacen.Almacen, cat *almacen.Catalogo, bots map[string]*bot.Bot, jugadores map[string]int64, p pareo, semilla uint64, invertir bool) (int, int, error) {
	niveles := []bot.Nivel{p.a, p.b}
	if invertir {
		niveles[0], niveles[1] = niveles[1], niveles[0]
	}
	np := almacen.NuevaPartida{Nombre: fmt.Sprintf("%s:%s", niveles[0], niveles[1]), Diccionario: "clasico-" + p.idioma, Semilla: semilla}
	for _, n := range niveles {
		np.Asientos = append(np.Asientos, almacen.Asiento{Jugador: jugadores[n.String()+"-"+p.idioma], Nivel: n.String()})
	}
	m, err := almacen.Empezar(ctx, a, cat, np)
	if err != nil {
		return 0, 0, err
	}
	j := m.Juego() // copia local, para que cada generador reutilice sus cálculos
	var bs [2]*bot.Bot
	for i, n := range niveles {
		clave := p.idioma + "/" + n.String() + fmt.Sprint(i)
		if bs[i] = bots[clave]; bs[i] == nil {
			g, err := cat.Generador(j.Variante())
			if err != nil {
				return 0, 0, err
			}
			if bs[i], err = bot.Nuevo(n, g); err != nil {
				return 0, 0, err
			}
			bots[clave] = bs[i]
		}
	}
	for turnos := 0; turnos < 500; turnos++ {
		if _, fin := j.Terminada(); fin {
			pa, _ := j.Puntaje(0)
			pb, _ := j.Puntaje(1)
			if invertir {
				pa, pb = pb, pa
			}
			return pa, pb, nil
		}
		d, _ := bs[j.Turno()].Elegir(ctx, j)
		switch d.Tipo {
		case juego.SucesoColocacion:
			_, err = m.Ubicar(ctx, d.Jugada)
		case juego.SucesoCambio:
			err = m.Cambiar(ctx, d.Cambiadas)
		default:
			err = m.Pasar(ctx)
		}
		if err != nil {
			return 0, 0, fmt.Errorf("partida %d: %w", m.ID(), err)
		}
		if _, err := d.Aplicar(j); err != nil {
			return 0, 0, fmt.Errorf("partida %d: %w", m.ID(), err)
		}
	}
	return 0, 0, fmt.Errorf("partida %d: no termina", m.ID())
}
