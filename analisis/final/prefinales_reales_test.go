package final_test

import (
	"bytes"
	"context"
	"flag"
	"github.com/juegodepalabras/palabras/generador"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// prefinalReal es un prefinal (una ficha en la bolsa) de un registro real.
type prefinalReal struct {
	nombre string
	j      *juego.Juego
}

// prefinalesReales devuelve los prefinales de los registros de
// juego/gcg/testdata/reales: la posición de cada registro en que queda una
// ficha en la bolsa, si las dos manos se conocen.
func prefinalesReales(t testing.TB) []prefinalReal {
	ing := pruebas.Ingles(t)
	o := gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{"CSW": ing, "NWL": ing, "FISE": espanol.Clasica()}}
	archivos, err := filepath.Glob("../../juego/gcg/testdata/reales/*.gcg")
	require.NoError(t, err)
	var res []prefinalReal
	for _, a := range archivos {
		datos, err := os.ReadFile(a)
		require.NoError(t, err)
		p, err := gcg.Leer(bytes.NewReader(datos), o)
		if err != nil {
			continue // los registros malos a propósito
		}
		for n := 0; n <= p.Juego.Tiempo(); n++ {
			pos, err := p.Posicion(n)
			require.NoError(t, err)
			// Las fichas que el jugador en turno no ve: la mano del rival
			// (la que el registro muestra o deduce) y la bolsa. Un prefinal
			// es cuando son una más que una mano llena; la mano del rival
			// son todas menos una (cuál queda en la bolsa no cambia la
			// evaluación).
			yo := pos.Turno
			noVistas := pos.Manos[1-yo]
			for _, l := range pos.Repositorio {
				noVistas.Agregar(l)
			}
			f := p.Juego.Variante().Fichas()
			if noVistas.Tamano() > f+1 || pos.Manos[yo].Tamano() < f {
				continue
			}
			if noVistas.Tamano() < f+1 {
				break
			}
			todas := slices.Collect(noVistas.Todas())
			bolsa := todas[len(todas)-1]
			noVistas.Sacar(bolsa)
			pos.Manos[1-yo] = noVistas
			pos.Repositorio = []letra.Letra{bolsa}
			j, err := juego.DesdePosicion(p.Juego.Variante(), pos)
			require.NoError(t, err)
			if _, fin := j.Terminada(); fin {
				break
			}
			res = append(res, prefinalReal{nombre: strings.TrimSuffix(filepath.Base(a), ".gcg") + "-" + strconv.Itoa(n), j: j})
			break
		}
	}
	return res
}

// BenchmarkPreFinalReales evalúa las 10 candidatas de cada prefinal de los
// registros reales con un plazo (-plazoprefinal); informa cuántas quedaron
// probadas y los segundos.
func BenchmarkPreFinalReales(b *testing.B) {
	for _, pr := range prefinalesReales(b) {
		b.Run(pr.nombre, func(b *testing.B) {
			b.ReportAllocs()
			probadas := 0
			var cpu time.Duration
			for range b.N {
				ctx, cancel := context.WithTimeout(context.Background(), *plazoPreFinal)
				cpu0 := tiempoCPU()
				ini := time.Now()
				cs, err := final.PreFinal(ctx, pr.j, final.Opciones{MBTabla: *mbPreFinal})
				cancel()
				cpu += tiempoCPU() - cpu0
				if err != nil {
					require.ErrorIs(b, err, context.DeadlineExceeded)
				}
				probadas = 0
				for _, x := range cs {
					if x.Probada {
						probadas++
					}
				}
				if b.N == 1 {
					b.Logf("%v, %d candidatas", time.Since(ini), len(cs))
					for _, x := range cs {
						b.Logf("%v: diferencia %.2f, victoria %.2f, probada %v, cota %v", x.Paso, x.Diferencia, x.Victoria, x.Probada, x.Cota)
					}
				}
			}
			b.ReportMetric(float64(probadas), "probadas")
			b.ReportMetric(cpu.Seconds()/float64(b.N), "s-cpu/op")
		})
	}
}

// Los prefinales de los registros reales: al menos dos.
func TestPrefinalesReales(t *testing.T) {
	ps := prefinalesReales(t)
	for _, p := range ps {
		a, _ := p.j.Fichas(p.j.Turno())
		b, _ := p.j.Fichas(1 - p.j.Turno())
		t.Logf("%s: %d v %d", p.nombre, a.Tamano(), b.Tamano())
	}
	require.GreaterOrEqual(t, len(ps), 2)
}

var (
	medirPreFinal = flag.String("finalesprefinal", "", "con \"es\", \"en\" o el nombre de un prefinal real, resolver los finales de su primera candidata (-mb, -hilos, -limite)")
	mbNodos       = flag.Int("mb", 64, "con -nodos o -finalesprefinal, los megabytes de la tabla")
	candNodos     = flag.Int("cand", 0, "con -finalesprefinal, la candidata (0: la de más puntos)")
)

// TestFinalesDePreFinal, con -finalesprefinal, resuelve uno por uno los
// finales de una candidata de un prefinal e informa nodos y tiempos.
func TestFinalesDePreFinal(t *testing.T) {
	if *medirPreFinal == "" {
		t.Skip("solo con -finalesprefinal")
	}
	var j *juego.Juego
	switch *medirPreFinal {
	case "es":
		j = preFinalDelBot(t, espanol.Clasica(), 1)
	case "en":
		j = preFinalDelBot(t, pruebas.Ingles(t), 1)
	default:
		for _, p := range prefinalesReales(t) {
			if p.nombre == *medirPreFinal {
				j = p.j
			}
		}
	}
	require.NotNil(t, j)
	v := j.Variante()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	var js []generador.Jugada
	for x := range generador.Jugadas(g, j) {
		x.Fichas = slices.Clone(x.Fichas)
		js = append(js, x)
	}
	slices.SortFunc(js, generador.Comparar)
	x := js[*candNodos]
	yo := j.Turno()
	noVistas, _ := j.Fichas(1 - yo)
	for _, l := range j.Repositorio() {
		noVistas.Agregar(l)
	}
	r, err := final.Nuevo(v, final.ConTopeNodos(final.Opciones{Hilos: *hilosNodos, MBTabla: *mbNodos}, *topeNodos))
	require.NoError(t, err)
	for l := range noVistas.Soporte().Todas() {
		p := j.Posicion()
		p.Repositorio = []letra.Letra{l}
		resto := noVistas
		resto.Sacar(l)
		p.Manos[1-yo] = resto
		jl, err := juego.DesdePosicion(v, p)
		require.NoError(t, err)
		_, err = jl.Ubicar(x.Ocurrencia())
		require.NoError(t, err)
		if _, fin := jl.Terminada(); fin {
			continue
		}
		ctx, cancel := context.Background(), func() {}
		if *plazoNodos > 0 {
			ctx, cancel = context.WithTimeout(ctx, *plazoNodos)
		}
		ini := time.Now()
		res, err := r.Resolver(ctx, jl)
		cancel()
		require.NoError(t, err)
		a, b := fichas(jl)
		t.Logf("%v robo %s (%dv%d): valor %d probado %v nodos %d en %v", x.Ocurrencia(), v.Alfabeto().Simbolo(l), a, b, res.Valor, res.Probado, res.Nodos, time.Since(ini))
	}
}
