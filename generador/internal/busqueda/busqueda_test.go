package busqueda

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// TestTraspuestaMenor: la regla de la primera ficha que usa Emitir para
// elegir entre una jugada y su traspuesta coincide con CompararFichas.
func TestTraspuestaMenor(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := 15
		largo := rapid.IntRange(2, 7).Draw(t, "largo")
		linea := rapid.IntRange(0, n-1).Draw(t, "línea")
		inicio := rapid.IntRange(0, n-largo).Draw(t, "inicio")
		vertical := rapid.Bool().Draw(t, "vertical")
		var fs []ocurrencia.Ficha
		for k := range largo {
			f := ocurrencia.Ficha{Fila: linea, Columna: inicio + k,
				Letra:   letra.Letra(rapid.IntRange(0, 3).Draw(t, "letra")),
				Comodin: rapid.Bool().Draw(t, "comodín")}
			if vertical {
				f.Fila, f.Columna = f.Columna, f.Fila
			}
			fs = append(fs, f)
		}
		tr := slices.Clone(fs)
		trasponer(tr)
		require.Equal(t, CompararFichas(tr, fs) < 0, traspuestaMenor(fs))
	})
}

// TestCompararFichas: el orden es el de fila, columna, letra y comodín
// (sin comodín antes), ficha por ficha, y la jugada más corta antes.
func TestCompararFichas(t *testing.T) {
	a := []ocurrencia.Ficha{{Fila: 1, Columna: 2, Letra: 3}}
	b := []ocurrencia.Ficha{{Fila: 1, Columna: 2, Letra: 3, Comodin: true}}
	require.Negative(t, CompararFichas(a, b))
	require.Positive(t, CompararFichas(b, a))
	require.Zero(t, CompararFichas(a, a))
	require.Negative(t, CompararFichas(a, append(slices.Clone(a), ocurrencia.Ficha{Fila: 1, Columna: 3})))
	require.Negative(t, CompararFichas([]ocurrencia.Ficha{{Fila: 0, Columna: 9}}, a))
	require.Negative(t, CompararFichas([]ocurrencia.Ficha{{Fila: 1, Columna: 1, Letra: 9}}, a))
	require.Negative(t, CompararFichas([]ocurrencia.Ficha{{Fila: 1, Columna: 2, Letra: 2, Comodin: true}}, a))
}
