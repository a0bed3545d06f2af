// Command curva juega una partida de dos bots codiciosos y dibuja cuánto
// tarda el generador de jugadas en cada turno: el tiempo de contar todas
// las jugadas de la mano (con los conjuntos cruzados ya calculados) y el
// de elegir la mejor en una copia del juego, que el generador no vio
// (incluye calcular los cruces de todo el tablero); de cada uno, el
// mínimo de varias veces. Con
// la variante clásica española, y además con la inglesa si se da su léxico
// (-sowpods, el sowpods.txt.gz del entorno de desarrollo).
//
// Uso:
//
//	go run ./app/curva [-semilla 1] [-repeticiones 5] [-sowpods ruta] [-salida archivo]
//
// Escribe una tabla con las cifras de cada turno en la salida estándar y,
// con -salida, la figura (SVG o PNG según la extensión; la del README se
// hizo con -salida docs/curva.svg). Sale con 0 si terminó (o con -h), 1 si
// falló y 2 si las opciones son incorrectas. Los tiempos dependen de la
// máquina: las cifras de referencia están en el README.
package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"image/color"
	"io"
	"os"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func main() { programa.Salir("curva", ejecutar(os.Args[1:], os.Stdout)) }

// turno es lo medido en un turno de la partida.
type turno struct {
	jugadas     int
	contar      time.Duration
	mejorEnFrio time.Duration
	puntos      int
}

func ejecutar(args []string, salida io.Writer) error {
	fs := flag.NewFlagSet("curva", flag.ContinueOnError)
	semilla := fs.Uint64("semilla", 1, "semilla de la partida")
	repeticiones := fs.Int("repeticiones", 5, "veces que se cuenta cada turno (se toma el mínimo)")
	sowpods := fs.String("sowpods", "", "léxico inglés (sowpods.txt.gz) para agregar la partida inglesa")
	destino := fs.String("salida", "", "archivo de la figura, .svg o .png (por omisión, ninguna)")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: curva [-semilla N] [-repeticiones N] [-sowpods ruta] [-salida archivo]",
		"Mide el tiempo del generador de jugadas en cada turno de una partida de bots codiciosos."); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 || *repeticiones < 1 {
		return programa.DeUso("argumentos de más o repeticiones < 1")
	}
	variantes := []struct {
		nombre string
		v      *variante.Variante
	}{{"español clásico (FISE)", espanol.Clasica()}}
	if *sowpods != "" {
		v, err := leerIngles(*sowpods)
		if err != nil {
			return err
		}
		variantes = append(variantes, struct {
			nombre string
			v      *variante.Variante
		}{"inglés (SOWPODS)", v})
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Generador de jugadas: tiempo por turno (partida codiciosa, semilla %d)", *semilla)
	p.X.Label.Text = "turno"
	p.Y.Label.Text = "milisegundos"
	p.Legend.Top = true
	for i, x := range variantes {
		turnos, err := partida(x.v, *semilla, *repeticiones)
		if err != nil {
			return fmt.Errorf("%s: %w", x.nombre, err)
		}
		fmt.Fprintf(salida, "# %s\n# turno jugadas contar(µs) mejor-en-frío(µs) puntos\n", x.nombre)
		contar, mejor := make(plotter.XYs, len(turnos)), make(plotter.XYs, len(turnos))
		for k, t := range turnos {
			fmt.Fprintf(salida, "%d %d %d %d %d\n", k, t.jugadas, t.contar.Microseconds(), t.mejorEnFrio.Microseconds(), t.puntos)
			contar[k] = plotter.XY{X: float64(k), Y: float64(t.contar.Microseconds()) / 1000}
			mejor[k] = plotter.XY{X: float64(k), Y: float64(t.mejorEnFrio.Microseconds()) / 1000}
		}
		for j, serie := range []struct {
			nombre string
			xys    plotter.XYs
		}{{"contar", contar}, {"mejor (en frío)", mejor}} {
			l, err := plotter.NewLine(serie.xys)
			if err != nil {
				return err
			}
			l.Color = paleta[(2*i+j)%len(paleta)]
			if j == 1 {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p.Add(l)
			p.Legend.Add(x.nombre+": "+serie.nombre, l)
		}
	}
	if *destino == "" {
		return nil
	}
	return p.Save(22*vg.Centimeter, 12*vg.Centimeter, *destino)
}

// partida juega una partida de dos bots codiciosos de v y mide cada turno.
func partida(v *variante.Variante, semilla uint64, repeticiones int) ([]turno, error) {
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		return nil, err
	}
	r, err := v.Repositorio(2, semilla)
	if err != nil {
		return nil, err
	}
	j, err := juego.Nuevo(2, v, r)
	if err != nil {
		return nil, err
	}
	// vacio es otro juego, con el tablero vacío: el generador que lo ve
	// olvida los cruces del anterior.
	vacio, err := juego.Nuevo(2, v, r)
	if err != nil {
		return nil, err
	}
	var turnos []turno
	for {
		if _, fin := j.Terminada(); fin {
			return turnos, nil
		}
		t := turno{contar: time.Hour, mejorEnFrio: time.Hour}
		for range repeticiones {
			// Después del tablero vacío el generador calcula los cruces de
			// todas las fichas, como al ver una posición nueva (una copia
			// de j tiene su mismo tablero: no los recalcularía).
			generador.ContarDe(g, vacio, letra.Multiconjunto{})
			inicio := time.Now()
			generador.Mejor(g, j)
			t.mejorEnFrio = min(t.mejorEnFrio, time.Since(inicio))
		}
		m, ok := generador.Mejor(g, j)
		for range repeticiones {
			inicio := time.Now()
			t.jugadas = generador.Contar(g, j)
			t.contar = min(t.contar, time.Since(inicio))
		}
		if ok {
			t.puntos = m.Puntos
			if _, err := j.Ubicar(m.Ocurrencia()); err != nil {
				return nil, err
			}
		} else if err := j.Pasar(); err != nil {
			return nil, err
		}
		turnos = append(turnos, t)
	}
}

// leerIngles lee la variante inglesa de un léxico comprimido con gzip.
func leerIngles(ruta string) (*variante.Variante, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return ingles.Leer(z, variante.OpcionesLexico{})
}

// paleta son los colores de las series.
var paleta = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
}
