package final_test

import (
	"bytes"
	"context"
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
			for range b.N {
				ctx, cancel := context.WithTimeout(context.Background(), *plazoPreFinal)
				ini := time.Now()
				cs, err := final.PreFinal(ctx, pr.j, final.Opciones{})
				cancel()
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
						b.Logf("%v: diferencia %.2f, victoria %.2f, probada %v", x.Paso, x.Diferencia, x.Victoria, x.Probada)
					}
				}
			}
			b.ReportMetric(float64(probadas), "probadas")
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
