// Package torneo juega partidas pareadas entre niveles de bots (el
// programa app/cmd/torneo), en paralelo, las guarda jugada a jugada en un
// almacén SQLite y muestra la clasificación (Glicko-2) y el porcentaje de
// victorias de cada pareo con su intervalo de confianza del 95 %. Las
// partidas van de a pares con la misma bolsa y los lados cambiados: en la
// partida 2k empieza el primer nivel del pareo y en la 2k+1 el segundo, las
// dos con la semilla S+k. Cada nivel de cada idioma es un jugador del
// almacén ("experto-en").
package torneo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/app/internal/experimento"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/programa"
)

type pareo struct {
	idioma string
	a, b   bot.Nivel
}

type resultado struct {
	victoriasA, victoriasB, empates int
	puntosA, puntosB                int
}

// Opciones son las del torneo.
type Opciones struct {
	DB        string // el almacén SQLite ("" uno temporal que se borra al terminar)
	Partidas  int    // por pareo y por idioma
	Pares     string // pareos nivel:nivel separados por comas
	Idiomas   string // en, es o en,es
	Semilla   uint64 // la de la primera bolsa
	Gorutinas int
	Sowpods   string // la lista inglesa ("" la busca)
}

// Correr juega el torneo de op, guarda las partidas en el almacén y
// escribe en salida los porcentajes de cada pareo y la clasificación, y
// el progreso en errores.
func Correr(op Opciones, salida, errores io.Writer) error {
	// Las variantes antes que nada: sin la lista inglesa, el error lo dice
	// antes de crear el almacén.
	bases := []almacen.Base{almacen.BaseEspanol()}
	var pareos []pareo
	for _, id := range strings.Split(op.Idiomas, ",") {
		if id != "en" && id != "es" {
			return programa.DeUso("idioma desconocido %q", id)
		}
		if id == "en" {
			v, err := experimento.Variante(id, op.Sowpods)
			if err != nil {
				return err
			}
			bases = append(bases, almacen.BaseIngles(v))
		}
		for _, p := range strings.Split(op.Pares, ",") {
			x, y, ok := strings.Cut(p, ":")
			na, err1 := bot.ParsearNivel(x)
			nb, err2 := bot.ParsearNivel(y)
			if !ok || err1 != nil || err2 != nil || na == nb {
				return fmt.Errorf("pareo inválido %q", p)
			}
			pareos = append(pareos, pareo{id, na, nb})
		}
	}
	temporal := op.DB == ""
	if temporal {
		dir, err := os.MkdirTemp("", "torneo")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		op.DB = filepath.Join(dir, "torneo.db")
	}
	ctx := context.Background()
	a, err := sqlite.Abrir(op.DB, sqlite.Opciones{})
	if err != nil {
		return err
	}
	defer a.Close()
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

	// La tarea i es la partida i/len(pareos) del pareo i%len(pareos).
	total := len(pareos) * op.Partidas
	puntos := make([][2]int, total)
	barra := experimento.Barra(errores, total, "partidas")
	inicio := time.Now()
	err = experimento.EnParalelo(0, total, op.Gorutinas, barra, func(int) (func(int) error, error) {
		bots := map[string]*bot.Bot{}
		return func(i int) error {
			k, n := i%len(pareos), i/len(pareos)
			pa, pb, err := jugar(ctx, a, cat, bots, jugadores, pareos[k], op.Semilla+uint64(n/2), n%2 == 1)
			puntos[i] = [2]int{pa, pb}
			return err
		}, nil
	})
	barra.Finish()
	if err != nil {
		return err
	}
	resultados := make([]resultado, len(pareos))
	for i, p := range puntos {
		r := &resultados[i%len(pareos)]
		pa, pb := p[0], p[1]
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
	dur := time.Since(inicio)

	guardadas := "guardadas en " + op.DB
	if temporal {
		guardadas = "sin guardar (sin -db, el almacén es temporal y se borra al salir)"
	}
	fmt.Fprintf(salida, "%d partidas en %v (%d gorutinas), %s\n\n", len(pareos)*op.Partidas, dur.Round(time.Second), op.Gorutinas, guardadas)
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
	err = experimento.Jugar(ctx, j, bs[:], func(_ int, d bot.Decision) error {
		_, err := m.Jugar(ctx, almacen.Movimiento{Tipo: d.Tipo, Jugada: d.Jugada, Cambiadas: d.Cambiadas})
		return err
	})
	if err != nil {
		return 0, 0, fmt.Errorf("partida %d: %w", m.ID(), err)
	}
	pa, _ := j.Puntaje(0)
	pb, _ := j.Puntaje(1)
	if invertir {
		pa, pb = pb, pa
	}
	return pa, pb, nil
}
