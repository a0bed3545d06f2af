// Package curva juega una partida de dos bots codiciosos y mide cuánto
// tarda el generador de jugadas en cada turno (el programa app/cmd/curva):
// el tiempo de contar todas las jugadas de la mano y el de elegir la mejor
// en una copia del juego que el generador no vio; de cada uno, el mínimo de
// varias veces. Dibuja las dos series con gonum/plot.
package curva

import (
	"fmt"
	"image/color"
	"io"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/experimento"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// turno es lo medido en un turno de la partida.
type turno struct {
	jugadas     int
	contar      time.Duration
	mejorEnFrio time.Duration
	puntos      int
}

// Opciones son las de la medición.
type Opciones struct {
	Semilla      uint64 // la de la partida
	Repeticiones int    // veces que se cuenta cada turno (se toma el mínimo)
	Sowpods      string // el léxico inglés: con él, también la partida inglesa
	Salida       string // el archivo de la figura, .svg o .png ("" ninguna)
}

// Correr juega y mide la partida de cada variante, escribe la tabla de
// cada turno en salida y, si op.Salida no es "", dibuja la figura.
func Correr(op Opciones, salida io.Writer) error {
	variantes := []struct {
		nombre string
		v      *variante.Variante
	}{{"español clásico (FISE)", espanol.Clasica()}}
	if op.Sowpods != "" {
		v, err := experimento.Variante("en", op.Sowpods)
		if err != nil {
			return err
		}
		variantes = append(variantes, struct {
			nombre string
			v      *variante.Variante
		}{"inglés (SOWPODS)", v})
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Generador de jugadas: tiempo por turno (partida codiciosa, semilla %d)", op.Semilla)
	p.X.Label.Text = "turno"
	p.Y.Label.Text = "milisegundos"
	p.Legend.Top = true
	for i, x := range variantes {
		turnos, err := partida(x.v, op.Semilla, op.Repeticiones)
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
	if op.Salida == "" {
		return nil
	}
	return p.Save(22*vg.Centimeter, 12*vg.Centimeter, op.Salida)
}

// partida juega una partida de dos bots codiciosos de v y mide cada turno.
func partida(v *variante.Variante, semilla uint64, repeticiones int) ([]turno, error) {
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		return nil, err
	}
	j, err := experimento.NuevoJuego(v, semilla)
	if err != nil {
		return nil, err
	}
	// vacio es otro juego, con el tablero vacío: el generador que lo ve
	// olvida los cruces del anterior.
	vacio, err := experimento.NuevoJuego(v, semilla)
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

// paleta son los colores de las series.
var paleta = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
}
