package generador

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/letra"
)

// TestSombraReordenamiento: la suma del reordenamiento que insertar
// mantiene al día (sombra.reord) es, tras cada celda que se agrega, la de
// los valores de la mano contra los pesos ordenados (puestas sin la otra
// cota), y los pesos quedan de mayor a menor, con celdas de premios al
// azar.
func TestSombraReordenamiento(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.IntRange(1, maxSombra).Draw(t, "fichas")
		g := &buscador{}
		g.vals = make([]int32, r)
		for i := range g.vals {
			g.vals[i] = int32(rapid.IntRange(0, 12).Draw(t, "valor"))
		}
		slices.SortFunc(g.vals, func(a, b int32) int { return int(b) - int(a) })
		g.Mascara = 1 // la celda admite toda la mano: mv = vals[0]
		s := sombra{w: 1}
		for range rapid.IntRange(1, r).Draw(t, "celdas") {
			c := busqueda.Celda{
				Cruce:   1,
				Cruzada: rapid.IntRange(-1, 20).Draw(t, "cruzada"),
				LM:      uint8(rapid.IntRange(1, 3).Draw(t, "lm")),
				WM:      uint8(rapid.IntRange(1, 3).Draw(t, "wm")),
			}
			s.agregar(&c, g)
			suma := 0
			for i, p := range s.pesos[:s.t] {
				suma += int(g.vals[i]) * int(p)
			}
			require.Equal(t, suma, s.reord)
			require.True(t, slices.IsSortedFunc(s.pesos[:s.t], func(a, b int32) int { return int(b) - int(a) }))
			require.Equal(t, min(suma, s.w*s.a+s.b), s.rapida())
		}
	})
}

// TestPrimeraMarcada: primeraMarcada(marcas, a) ≤ b si y solo si alguna
// celda de a a b (recortadas a 0…63) está marcada, contra mirar cada bit.
func TestPrimeraMarcada(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		marcas := rapid.Uint64().Draw(t, "marcas")
		if rapid.Bool().Draw(t, "pocas") {
			marcas &= rapid.Uint64().Draw(t, "otra") & rapid.Uint64().Draw(t, "otra2")
		}
		a := rapid.IntRange(-2, 66).Draw(t, "a")
		b := rapid.IntRange(a, 66).Draw(t, "b")
		hay := false
		for i := max(a, 0); i <= min(b, 63); i++ {
			hay = hay || marcas&(1<<i) != 0
		}
		require.Equal(t, hay, primeraMarcada(marcas, a) <= b)
	})
}

// hojasPocas valora cada hoja con pocos valores distintos (muchos
// empates), según sus letras.
type hojasPocas struct{ sal uint64 }

func (h hojasPocas) Valor(m letra.Multiconjunto) float64 {
	x := h.sal
	for l := range m.Todas() {
		x = (x ^ uint64(l+1)) * 0x9e3779b97f4a7c15
	}
	return float64(x>>60) - 8
}

// TestElegirCambios: los cambios que elige tablaHojas.elegirCambios son los
// k primeros de todas las hojas que se pueden conservar (menos la mano
// entera) ordenadas por valor y, a igual valor, por compararCambios, con
// manos y hojas al azar con muchos empates.
func TestElegirCambios(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m letra.Multiconjunto
		for range rapid.IntRange(1, 8).Draw(t, "fichas") {
			m.Agregar(letra.Letra(rapid.IntRange(0, 5).Draw(t, "letra")))
		}
		k := rapid.IntRange(1, 10).Draw(t, "k")
		var th tablaHojas
		th.cargar(m, hojasPocas{rapid.Uint64().Draw(t, "sal")})
		th.elegirCambios(true, k)
		todas := make([]int, th.entera)
		for i := range todas {
			todas[i] = i
		}
		slices.SortStableFunc(todas, func(a, b int) int {
			if va, vb := th.valores[a], th.valores[b]; va != vb {
				if va > vb {
					return -1
				}
				return 1
			}
			return th.compararCambios(a, b)
		})
		require.Equal(t, todas[:min(k, len(todas))], th.cambios)
	})
}
