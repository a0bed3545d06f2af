package tablas_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestPropiedadesTablas compara las tablas con la fuerza bruta en léxicos
// al azar: los anagramas, la frecuencia y las palabras de cada palabra
// interna colocada, y la tabla de bajo nivel.
func TestPropiedadesTablas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, 4).Draw(t, "l")) })
		palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 1, 7), 1, 30).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		umbral := rapid.IntRange(0, 4).Draw(t, "umbral")
		ti, err := tablas.NuevasInternas(d, 0, umbral)
		require.NoError(t, err)
		todas := slices.Collect(d.Palabras())
		lexico := map[string]bool{}
		for _, w := range todas {
			lexico[string(w)] = true
		}
		nombre := func(ids []uint32) []string {
			var res []string
			for _, i := range ids {
				res = append(res, string(ti.Palabra(i)))
			}
			slices.Sort(res)
			return res
		}
		w := rapid.SampledFrom(todas).Draw(t, "palabra")
		m := letra.NuevoMulticonjunto(w...)
		rpe, ok := ti.Paridad.Codificar(m)
		require.True(t, ok)
		var anagramas []string
		for _, x := range todas {
			if letra.NuevoMulticonjunto(x...) == m {
				anagramas = append(anagramas, string(x))
			}
		}
		require.Equal(t, anagramas, nombre(ti.Anagramas.Buscar(rpe)))
		// Una subcadena propia de w: si es palabra interna, su frecuencia y
		// sus palabras.
		s := rapid.IntRange(0, len(w)-1).Draw(t, "s")
		e := rapid.IntRange(s+1, len(w)).Draw(t, "e")
		if e-s == len(w) {
			return
		}
		sub := w[s:e]
		if len(sub) > 1 && !lexico[string(sub)] {
			_, ok := ti.Interna(sub)
			_ = ok // puede serlo en otra palabra
			return
		}
		id, ok := ti.Interna(sub)
		require.True(t, ok)
		var contienen, conM []string
		for _, x := range todas {
			if len(x) == len(w) && string(x[s:e]) == string(sub) {
				contienen = append(contienen, string(x))
				if letra.NuevoMulticonjunto(x...) == m {
					conM = append(conM, string(x))
				}
			}
		}
		f, lista, ok := ti.Colocada(id, s, len(w))
		require.True(t, ok)
		require.Equal(t, len(contienen), f)
		if f <= umbral {
			require.Equal(t, contienen, nombre(lista))
		} else {
			require.Nil(t, lista)
			require.Equal(t, conM, nombre(ti.Buscar(id, s, rpe)))
		}
	})
}

func sowpods(tb testing.TB) *trie.DAWG { return pruebas.Ingles(tb).Lexico() }

// TestTablasReales construye las tablas de los léxicos reales (palabras de
// hasta 15 letras, umbral 10), comprueba sus tamaños e informa tiempo y
// memoria, para compararlos con la Tabla 5.5 de la tesis (español:
// 14.441.912 ocurrencias de palabras internas colocadas, 1.059.816
// distintas, 303.073 palabras internas; inglés NWL23: 3.567.631, 315.743 y
// 87.835). SOWPODS tiene más palabras que NWL23; el español es casi el
// mismo léxico. Corre con PALABRAS_LARGAS=1.
func TestTablasReales(t *testing.T) {
	pruebas.SoloLargas(t)
	for _, c := range []struct {
		nombre string
		lexico func(testing.TB) *trie.DAWG
		// ocurrencias, colocadas, internas e instancias de Internas.
		cifras [4]int
	}{
		{"español FISE", func(testing.TB) *trie.DAWG { return espanol.Clasica().Lexico() }, [4]int{14184939, 1055710, 299462, 11087548}},
		{"inglés SOWPODS", sowpods, [4]int{5209307, 428827, 118289, 4322794}},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			d := c.lexico(t)
			runtime.GC()
			var antes, despues runtime.MemStats
			runtime.ReadMemStats(&antes)
			inicio := time.Now()
			a, err := tablas.NuevosAnagramas(d, 15)
			require.NoError(t, err)
			durA := time.Since(inicio)
			t.Logf("anagramas: %d palabras, %d multiconjuntos, %.0f MB, %v", a.Cantidad(), a.Multiconjuntos(), float64(a.Bytes())/1e6, durA)
			a = nil
			runtime.GC()
			inicio = time.Now()
			ti, err := tablas.NuevasInternas(d, 15, 10)
			require.NoError(t, err)
			dur := time.Since(inicio)
			runtime.ReadMemStats(&despues)
			require.Equal(t, c.cifras, [4]int{ti.Ocurrencias(), ti.Colocadas(), ti.PalabrasInternas(), ti.Instancias()})
			t.Logf("internas: %d ocurrencias de palabras internas colocadas, %d distintas, %d palabras internas, %d instancias de bajo nivel; %.0f MB; %v (%.0f MB reservados en total)",
				ti.Ocurrencias(), ti.Colocadas(), ti.PalabrasInternas(), ti.Instancias(), float64(ti.Bytes())/1e6, dur,
				float64(despues.TotalAlloc-antes.TotalAlloc)/1e6)
		})
	}
}
