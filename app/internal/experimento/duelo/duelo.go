// Package duelo juega partidas pareadas entre dos bots, sin almacén (el
// programa app/cmd/duelo): cada par de partidas usa la misma bolsa con los
// lados cambiados, en paralelo, e informa el porcentaje de victorias de A
// con su intervalo de confianza del 95 %, la diferencia media A − B, y los
// bingos y los cambios por partida de cada uno.
package duelo

import (
	"context"
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/experimento"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
)

// Opciones son las del duelo: los jugadores A y B son nombres de
// experimento.JugadorDe.
type Opciones struct {
	Idioma    string // es o en
	Partidas  int    // par: Partidas/2 pares
	A, B      string
	Semilla   uint64 // la del primer par; el par i usa Semilla+i
	Gorutinas int
	Sowpods   string // la lista inglesa ("" la busca)
	TablaEn   string // la tabla inglesa del experto
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

// Correr juega el duelo de op y escribe la tabla en salida y el progreso
// en errores.
func Correr(op Opciones, salida, errores io.Writer) error {
	v, err := experimento.Variante(op.Idioma, op.Sowpods)
	if err != nil {
		return err
	}
	a, err := experimento.JugadorDe(op.A, v, op.Idioma, op.TablaEn)
	if err != nil {
		return err
	}
	b, err := experimento.JugadorDe(op.B, v, op.Idioma, op.TablaEn)
	if err != nil {
		return err
	}
	pares := op.Partidas / 2
	resultados := make([]par, pares)
	barra := experimento.Barra(errores, pares, "pares")
	inicio := time.Now()
	err = experimento.EnParalelo(0, pares, op.Gorutinas, barra, func(int) (func(int) error, error) {
		var bots [2]*bot.Bot
		for i, jg := range []experimento.Jugador{a, b} {
			g, err := generador.Nuevo(v, generador.Opciones{})
			if err != nil {
				return nil, err
			}
			if bots[i], err = jg.Nuevo(g); err != nil {
				return nil, err
			}
		}
		return func(i int) error {
			r, err := jugarPar(v, bots, op.Semilla+uint64(i))
			resultados[i] = r
			return err
		}, nil
	})
	barra.Finish()
	if err != nil {
		return err
	}
	informar(salida, op.Idioma, a.Nombre, b.Nombre, resultados, time.Since(inicio))
	return nil
}

// jugarPar juega las dos partidas de la bolsa de semilla s: en la primera
// empieza bots[0] (A), en la segunda bots[1] (B).
func jugarPar(v *variante.Variante, bots [2]*bot.Bot, s uint64) (par, error) {
	var r par
	for inv := range 2 {
		j, err := experimento.NuevoJuego(v, s)
		if err != nil {
			return r, err
		}
		// asiento[i]: 0 si el jugador i es A, 1 si es B.
		asiento := [2]int{inv, 1 - inv}
		var lados [2]*lado
		lados[asiento[0]], lados[asiento[1]] = &r.a, &r.b
		err = experimento.Jugar(context.Background(), j, []*bot.Bot{bots[asiento[0]], bots[asiento[1]]}, func(p int, d bot.Decision) error {
			switch {
			case d.Tipo == juego.SucesoCambio:
				lados[p].cambios++
			case d.Tipo == juego.SucesoColocacion && d.Jugada.Tamano() == v.Fichas():
				lados[p].bingos++
			}
			return nil
		})
		if err != nil {
			return r, fmt.Errorf("semilla %d: %w", s, err)
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
