package letra_test

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
)

// modelo: un multiconjunto como mapa letra → cantidad (sin ceros).
type modelo map[letra.Letra]int

func (m modelo) total() int {
	s := 0
	for _, c := range m {
		s += c
	}
	return s
}

func genLetra(hasta int) *rapid.Generator[letra.Letra] {
	return rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, hasta).Draw(t, "letra"))
	})
}

func genMulticonjunto(t *rapid.T, nombre string) (letra.Multiconjunto, modelo) {
	ls := rapid.SliceOfN(genLetra(letra.MaxLetras-1), 0, 20).Draw(t, nombre)
	mod := modelo{}
	for _, l := range ls {
		mod[l]++
	}
	return letra.NuevoMulticonjunto(ls...), mod
}

func iguales(t require.TestingT, m letra.Multiconjunto, mod modelo) {
	require.Equal(t, mod.total(), m.Tamano())
	require.Equal(t, mod.total() == 0, m.Vacio())
	for l := range letra.MaxLetras + 2 {
		require.Equal(t, mod[letra.Letra(l)], m.Cantidad(letra.Letra(l)), "letra %d", l)
		require.Equal(t, mod[letra.Letra(l)] > 0, m.Pertenece(letra.Letra(l)))
		require.Equal(t, mod[letra.Letra(l)] > 0, m.Soporte().Contiene(letra.Letra(l)), "soporte, letra %d", l)
	}
	n := 0
	anterior := -1
	for l := range m.Todas() {
		require.GreaterOrEqual(t, int(l), anterior, "en orden")
		anterior = int(l)
		n++
	}
	require.Equal(t, mod.total(), n)
	require.Len(t, m.Letras(), mod.total())
}

func TestPropiedadMulticonjunto(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, mod := genMulticonjunto(t, "inicial")
		iguales(t, m, mod)
		for range rapid.IntRange(0, 30).Draw(t, "pasos") {
			switch rapid.IntRange(0, 4).Draw(t, "acción") {
			case 0:
				l := genLetra(letra.MaxLetras-1).Draw(t, "agregar")
				m.Agregar(l)
				mod[l]++
			case 1:
				l := genLetra(letra.MaxLetras+3).Draw(t, "sacar")
				estaba := mod[l] > 0
				require.Equal(t, estaba, m.Sacar(l))
				if estaba {
					mod[l]--
				}
			case 2:
				otro, modOtro := genMulticonjunto(t, "sumando")
				m = m.Suma(otro)
				for l, c := range modOtro {
					mod[l] += c
				}
			case 3:
				otro, modOtro := genMulticonjunto(t, "restando")
				incluido := true
				for l, c := range modOtro {
					incluido = incluido && mod[l] >= c
				}
				require.Equal(t, incluido, m.Incluye(otro))
				m = m.Diferencia(otro)
				for l, c := range modOtro {
					mod[l] = max(0, mod[l]-c)
				}
			case 4:
				copia := m
				copia.Agregar(0)
				require.NotEqual(t, copia, m, "es un valor: la copia es independiente")
			}
			maps.DeleteFunc(mod, func(_ letra.Letra, c int) bool { return c == 0 })
			iguales(t, m, mod)
		}
	})
}

func TestMulticonjuntoComparable(t *testing.T) {
	a := letra.NuevoMulticonjunto(3, 1, 3)
	b := letra.NuevoMulticonjunto(1, 3, 3)
	require.True(t, a == b, "el orden no importa")
	require.Equal(t, map[letra.Multiconjunto]int{a: 1}, map[letra.Multiconjunto]int{b: 1})
	require.Equal(t, "{1, 3, 3}", a.String())
	require.Equal(t, "{B, D, D}", a.Formatear(letra.Espanol()))
	require.Equal(t, "{}", letra.Multiconjunto{}.String())
	require.Panics(t, func() { a.Agregar(letra.MaxLetras) }, "error del programador, documentado")
	require.Panics(t, func() { a.AgregarN(0, -1) })
}

func TestConjunto(t *testing.T) {
	c := letra.ConjuntoDe(5, 0, 63, 5, 64, 200)
	require.Equal(t, 3, c.Tamano())
	require.True(t, c.Contiene(63))
	require.False(t, c.Contiene(64))
	require.False(t, c.Contiene(1))
	var ls []letra.Letra
	for l := range c.Todas() {
		ls = append(ls, l)
	}
	require.Equal(t, []letra.Letra{0, 5, 63}, ls)
	require.Equal(t, c, c.Con(64))
}
