package hojas

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
)

// oraculo enumera por fuerza bruta las hojas de la variante en el orden
// documentado de forma (vectores de copias en orden lexicográfico, la
// primera letra de la bolsa la más significativa, el comodín al final):
// recorre todos los vectores de copias y se queda con los de a lo sumo max
// fichas.
func oraculo(letras []letra.Letra, copias []int, max int) []letra.Multiconjunto {
	var res []letra.Multiconjunto
	n := make([]int, len(letras))
	for {
		tam := 0
		for _, x := range n {
			tam += x
		}
		if tam <= max {
			var m letra.Multiconjunto
			for s, x := range n {
				m.AgregarN(letras[s], x)
			}
			res = append(res, m)
		}
		// siguiente vector: la última casilla cambia más rápido
		i := len(n) - 1
		for ; i >= 0; i-- {
			if n[i] < copias[i] {
				n[i]++
				break
			}
			n[i] = 0
		}
		if i < 0 {
			return res
		}
	}
}

// La posición de cada hoja es la del oráculo, Valor da el valor guardado en
// ella, y todo lo que no es una hoja vale 0.
func TestValorContraOraculo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := varianteAlAzar(t)
		tb, err := Nueva(v)
		require.NoError(t, err)
		f := tb.forma
		dist := v.Distribucion()
		var letras []letra.Letra
		var copias []int
		for l := range letra.MaxLetras {
			if n := dist.Cantidad(letra.Letra(l)); n > 0 {
				letras = append(letras, letra.Letra(l))
				copias = append(copias, n)
			}
		}
		hojas := oraculo(letras, copias, v.Fichas()-1)
		require.Equal(t, len(hojas), f.total)
		require.Equal(t, len(hojas)-1, tb.Tamano())
		esperado := map[letra.Multiconjunto]float64{}
		for i, h := range hojas {
			if i > 0 {
				tb.valores[i] = int16(rapid.IntRange(-3000, 3000).Draw(t, "valor"))
			}
			esperado[h] = float64(tb.valores[i]) * Resolucion
		}
		for i, h := range hojas {
			p, ok := f.posicion(&h)
			require.True(t, ok)
			require.Equal(t, i, p, "%v", h)
			require.Equal(t, esperado[h], tb.Valor(h))
			require.Equal(t, i > 0, tb.Contiene(h))
		}
		// Hojas recorre lo mismo.
		vistas := 0
		for h, x := range tb.Hojas() {
			require.Equal(t, esperado[h], x, "%v", h)
			vistas++
		}
		require.Equal(t, len(hojas)-1, vistas)
		// Multiconjuntos al azar: valen lo del oráculo o 0.
		for range 50 {
			var h letra.Multiconjunto
			for _, l := range rapid.SliceOfN(rapid.SampledFrom([]letra.Letra{0, 1, 2, 3, 4, 5, letra.Comodin}), 0, 9).Draw(t, "h") {
				h.Agregar(l)
			}
			require.Equal(t, esperado[h], tb.Valor(h), "%v", h)
		}
	})
}

// Subhojas pone cada sub-hoja de la mano donde dice su documentación.
func TestSubhojas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := varianteAlAzar(t)
		tb, err := Nueva(v)
		require.NoError(t, err)
		for i := range tb.valores[1:] {
			tb.valores[i+1] = int16(i%1000 - 500)
		}
		mano := letra.NuevoMulticonjunto(rapid.SliceOfN(rapid.SampledFrom([]letra.Letra{0, 1, 2, 3, 4, letra.Comodin}), 0, 8).Draw(t, "mano")...)
		dst := tb.Subhojas(mano, nil)
		// Las letras de la mano con sus pasos.
		var letras []letra.Letra
		pasos := map[letra.Letra]int{}
		p := 1
		for l := range letra.MaxLetras {
			if c := mano.Cantidad(letra.Letra(l)); c > 0 {
				letras = append(letras, letra.Letra(l))
				pasos[letra.Letra(l)] = p
				p *= c + 1
			}
		}
		require.Len(t, dst, p)
		// Cada sub-multiconjunto de la mano, por su posición.
		for i := range p {
			var h letra.Multiconjunto
			resto := i
			for j := len(letras) - 1; j >= 0; j-- {
				l := letras[j]
				h.AgregarN(l, resto/pasos[l])
				resto %= pasos[l]
			}
			require.True(t, mano.Incluye(h))
			require.Equal(t, tb.Valor(h), dst[i], "%v", h)
		}
		require.Equal(t, tb.Valor(mano), dst[p-1])
		// Con memoria suficiente no reserva.
		require.Zero(t, testing.AllocsPerRun(5, func() { dst = tb.Subhojas(mano, dst) }))
	})
}

func TestValorSinReservar(t *testing.T) {
	v := varianteChica(t, []int{3, 2, 1, 4, 2}, 2, 7)
	tb, err := Nueva(v)
	require.NoError(t, err)
	h := letra.NuevoMulticonjunto(0, 0, 3, letra.Comodin)
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = tb.Valor(h) }))
}
