package generador

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestMapaSinFalsosNo: el mapa de palabras nunca dice que no a una palabra
// del léxico, ni con una o dos de sus letras como comodines (es lo que
// hace exactas las cotas); y dice que no a casi todos los multiconjuntos
// que no son palabras.
func TestMapaSinFalsosNo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		letras := rapid.SliceOfN(rapid.IntRange(0, 9), 1, 8)
		palabras := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) []letra.Letra {
			var w []letra.Letra
			for _, x := range letras.Draw(t, "palabra") {
				w = append(w, letra.Letra(x))
			}
			return w
		}), 1, 200).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		gd, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		m := nuevoMapa(gd.Arcos(), uint32(gd.Raiz())>>1, d.Tamano())
		todas := uint64(1<<10 - 1)
		for _, w := range palabras {
			h := resumen(w)
			require.True(t, m.tieneCon(h, 0, todas), "%v", w)
			for i := range w {
				require.True(t, m.tieneCon(h-zMapa[w[i]], 1, todas), "%v sin %d", w, i)
				for k := i + 1; k < len(w); k++ {
					require.True(t, m.tieneCon(h-zMapa[w[i]]-zMapa[w[k]], 2, todas), "%v sin %d y %d", w, i, k)
				}
			}
		}
	})
}

// TestLetrasDos: letrasDos, con su memoria por resumen, responde lo mismo
// que mirar el filtro de menosUna con cada letra, en cualquier orden de
// consultas con conjuntos de letras distintos (también de resúmenes que
// caen en la misma entrada) y de búsquedas distintas.
func TestLetrasDos(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		palabras := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) []letra.Letra {
			var w []letra.Letra
			for _, x := range rapid.SliceOfN(rapid.IntRange(0, 9), 1, 6).Draw(t, "palabra") {
				w = append(w, letra.Letra(x))
			}
			return w
		}), 1, 60).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		gd, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		b := &buscador{mapa: nuevoMapa(gd.Arcos(), uint32(gd.Raiz())>>1, d.Tamano())}
		for range rapid.IntRange(1, 300).Draw(t, "consultas") {
			if rapid.IntRange(0, 19).Draw(t, "¿otra búsqueda?") == 0 {
				b.cm.vuelta++
			}
			var h uint64
			for _, x := range rapid.SliceOfN(rapid.IntRange(0, 9), 0, 4).Draw(t, "letras") {
				h += zMapa[x]
			}
			xs := rapid.Uint64Range(0, 1<<10-1).Draw(t, "xs")
			var quiere uint64
			for x := range 10 {
				if xs&(1<<x) != 0 && b.mapa.menosUna.tiene(h+zMapa[x]) {
					quiere |= 1 << x
				}
			}
			require.Equal(t, quiere, b.letrasDos(h, xs), "h %x xs %b", h, xs)
		}
	})
}

// BenchmarkMapaPalabras construye el mapa de palabras de los léxicos
// español (FISE) e inglés (SOWPODS) e informa cuánto ocupa.
func BenchmarkMapaPalabras(b *testing.B) {
	for _, c := range []struct {
		nombre string
		v      func(testing.TB) *variante.Variante
	}{{"es", func(testing.TB) *variante.Variante { return espanol.Clasica() }}, {"en", func(tb testing.TB) *variante.Variante { return pruebas.Ingles(tb) }}} {
		v := c.v(b)
		g, err := Nuevo(v, Opciones{})
		require.NoError(b, err)
		b.Run(c.nombre, func(b *testing.B) {
			var m *mapaPalabras
			for range b.N {
				m = nuevoMapa(g.b.arcos, g.b.raiz, v.Lexico().Tamano())
			}
			b.ReportMetric(float64(8*(len(m.palabras)+len(m.menosUna)))/(1<<20), "MB")
		})
	}
}

// BenchmarkMapaExacto construye la parte exacta del mapa de palabras (las
// de hasta 15 letras, por multiconjunto y por multiconjunto menos una
// letra) de los léxicos español (FISE) e inglés (SOWPODS) e informa cuánto
// ocupa y cuántas palabras tiene.
func BenchmarkMapaExacto(b *testing.B) {
	for _, c := range []struct {
		nombre string
		v      func(testing.TB) *variante.Variante
	}{{"es", func(testing.TB) *variante.Variante { return espanol.Clasica() }}, {"en", func(tb testing.TB) *variante.Variante { return pruebas.Ingles(tb) }}} {
		v := c.v(b)
		g, err := Nuevo(v, Opciones{})
		require.NoError(b, err)
		b.Run(c.nombre, func(b *testing.B) {
			var p *palabrasMapa
			for range b.N {
				p = nuevasPalabrasMapa(g.b.arcos, g.b.raiz, v.TamanoTablero())
				p.conMenosUna()
			}
			b.ReportMetric(float64(p.bytes())/(1<<20), "MB")
			b.ReportMetric(float64(p.palabras), "palabras")
			b.ReportMetric(float64(p.exacto.grupos), "grupos")
			b.ReportMetric(float64(p.menosUna.grupos), "grupos-menos-una")
		})
	}
}

// TestOrdenarPorClave: ordenarPorClave deja los pares (que llegan en orden
// de inicio) en orden de clave y, en la misma clave, de inicio, como
// ordenarlos comparando; con claves repetidas y con bits en todos los
// bytes.
func TestOrdenarPorClave(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		// Cada byte de cada clave por separado: rapid.Uint64 prefiere
		// números chicos, y los bytes altos también cuentan.
		// Algunas comparten los bits altos y difieren solo en los bajos:
		// las ordena el tramo, no las pasadas.
		claves := make([]uint64, rapid.IntRange(1, 8).Draw(rt, "claves"))
		for i := range claves {
			for _, b := range rapid.SliceOfN(rapid.Byte(), 8, 8).Draw(rt, "bytes") {
				claves[i] = claves[i]<<8 | uint64(b)
			}
			if i > 0 && rapid.Bool().Draw(rt, "vecina") {
				claves[i] = claves[i-1]&^(1<<33-1) | claves[i]&(1<<33-1)
			}
		}
		n := rapid.IntRange(0, 300).Draw(rt, "pares")
		ps := make([]par, n)
		for i := range ps {
			ps[i] = par{clave: rapid.SampledFrom(claves).Draw(rt, "clave"), inicio: uint32(i), largo: uint8(i)}
		}
		esperados := slices.Clone(ps)
		slices.SortStableFunc(esperados, func(a, b par) int { return cmp.Compare(a.clave, b.clave) })
		ordenarPorClave(ps)
		require.Equal(rt, esperados, ps)
	})
}
