package paridad_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// lexicoAlAzar devuelve un léxico chico al azar sobre las primeras k
// letras (k hasta 32) y sus palabras.
func lexicoAlAzar(t *rapid.T) (*trie.DAWG, [][]letra.Letra, int) {
	k := rapid.IntRange(1, paridad.MaxLetras).Draw(t, "letras")
	gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, k-1).Draw(t, "l")) })
	palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 1, 12), 1, 20).Draw(t, "palabras")
	d, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	return d, palabras, k
}

// multiconjunto devuelve un multiconjunto al azar: a veces parte de las
// letras de una palabra (factible), a veces cualquiera.
func multiconjunto(t *rapid.T, palabras [][]letra.Letra, k int, nombre string) letra.Multiconjunto {
	var m letra.Multiconjunto
	if rapid.Bool().Draw(t, nombre+" factible") {
		p := rapid.SampledFrom(palabras).Draw(t, nombre+" palabra")
		for _, l := range p {
			if rapid.Bool().Draw(t, nombre+" toma") {
				m.Agregar(l)
			}
		}
		return m
	}
	for range rapid.IntRange(0, 10).Draw(t, nombre+" tamaño") {
		m.Agregar(letra.Letra(rapid.IntRange(0, k-1).Draw(t, nombre+" letra")))
	}
	return m
}

func excedencia(m letra.Multiconjunto) letra.Multiconjunto {
	var e letra.Multiconjunto
	for l := range letra.MaxLetras {
		e.AgregarN(letra.Letra(l), m.Cantidad(letra.Letra(l))/2)
	}
	return e
}

// factible informa, por fuerza bruta, si la excedencia de m es la de un
// submulticonjunto de las letras de alguna palabra.
func factible(palabras [][]letra.Letra, m letra.Multiconjunto) bool {
	e := excedencia(m)
	for _, p := range palabras {
		if excedencia(letra.NuevoMulticonjunto(p...)).Incluye(e) {
			return true
		}
	}
	return false
}

// TestPropiedadesRPE compara la RPE con letra.Multiconjunto: codificar y
// decodificar, la igualdad, la suma, la inclusión y la resta.
func TestPropiedadesRPE(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d, palabras, k := lexicoAlAzar(t)
		tb, err := paridad.Nuevas(d)
		require.NoError(t, err)
		a := multiconjunto(t, palabras, k, "a")
		b := multiconjunto(t, palabras, k, "b")
		ra, oka := tb.Codificar(a)
		rb, okb := tb.Codificar(b)
		require.Equal(t, factible(palabras, a), oka)
		require.Equal(t, factible(palabras, b), okb)
		if !oka || !okb {
			return
		}
		require.Equal(t, a, tb.Decodificar(ra))
		require.Equal(t, b, tb.Decodificar(rb))
		require.Equal(t, a == b, ra == rb, "igualdad")

		s, ok := tb.Sumar(ra, rb)
		require.Equal(t, factible(palabras, a.Suma(b)), ok, "suma factible")
		if ok {
			require.Equal(t, a.Suma(b), tb.Decodificar(s))
			s2, _ := tb.Sumar(rb, ra)
			require.Equal(t, s, s2, "conmutativa")
		}
		require.Equal(t, a.Incluye(b), tb.Incluye(ra, rb), "b ⊆ a")
		require.Equal(t, b.Incluye(a), tb.Incluye(rb, ra), "a ⊆ b")
		dif, ok := tb.Restar(ra, rb)
		require.Equal(t, a.Incluye(b), ok)
		if ok {
			require.Equal(t, a.Diferencia(b), tb.Decodificar(dif))
		}
	})
}

// TestSumaDeLetras arma cada palabra sumando sus letras una a una, como
// hacen los generadores: la suma es siempre factible y da las letras de la
// palabra.
func TestSumaDeLetras(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d, palabras, _ := lexicoAlAzar(t)
		tb, err := paridad.Nuevas(d)
		require.NoError(t, err)
		for _, p := range palabras {
			var m paridad.Multiconjunto
			for _, l := range p {
				var ok bool
				m, ok = tb.Sumar(m, paridad.Letra(l))
				require.True(t, ok)
			}
			esperado, ok := tb.Codificar(letra.NuevoMulticonjunto(p...))
			require.True(t, ok)
			require.Equal(t, esperado, m)
		}
	})
}

func TestAlfabetoGrande(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{0, 40}})
	require.NoError(t, err)
	_, err = paridad.Nuevas(d)
	require.ErrorIs(t, err, paridad.ErrAlfabetoGrande)
}
