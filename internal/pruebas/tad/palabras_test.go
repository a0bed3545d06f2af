package tad_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/letra"
)

// TestR1IgualALosAxiomas comprueba que el cálculo directo de las palabras
// del tablero (R1) coincida con la transcripción literal de
// ocurrenciasDePalabras (partes, permutaciones, maximales) en tableros
// chicos, de hasta 7 fichas. Es lo que permite usar R1 en el modelo para
// partidas más largas.
func TestR1IgualALosAxiomas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		celdas := rapid.SliceOfNDistinct(rapid.IntRange(0, n*n-1), 0, min(7, n*n), rapid.ID[int]).Draw(t, "celdas")
		tab := tad.NuevoTablero(n)
		for _, c := range celdas {
			tab = tab.PonerLetra(c/n, c%n, letra.Letra(rapid.IntRange(0, 2).Draw(t, "letra")))
		}
		literal := tad.OcurrenciasDePalabras(tab)
		directa := tad.OcurrenciasDePalabrasR1(tab)
		if len(celdas) == 0 {
			// La única diferencia, documentada: {∅} en el tablero vacío.
			require.Equal(t, []tad.Ocurrencia{{}}, literal)
			require.Empty(t, directa)
			return
		}
		require.Len(t, directa, len(literal), "literal %v, R1 %v", literal, directa)
		for _, o := range literal {
			encontrada := false
			for _, p := range directa {
				encontrada = encontrada || tad.IgualConjunto(o, p)
			}
			require.True(t, encontrada, "la palabra %v de los axiomas no está en R1", o)
		}
	})
}

// TestEjemploInformal: en el tablero de CALLES, AHONDAN y PONIENTE (el ejemplo informal de la especificación)
// hay exactamente esas tres palabras, y no CAL, ONDA ni ENTE.
func TestEjemploInformal(t *testing.T) {
	es := letra.Espanol()
	tab := tad.NuevoTablero(9)
	poner := func(fila, col, df, dc int, palabra string) {
		p, err := es.Parsear(palabra)
		require.NoError(t, err)
		for i, l := range p {
			if f, c := fila+i*df, col+i*dc; !tab.HayLetra(f, c) {
				tab = tab.PonerLetra(f, c, l)
			}
		}
	}
	poner(2, 0, 0, 1, "AHONDAN")
	poner(1, 0, 1, 0, "CALLES")
	poner(0, 3, 1, 0, "PONIENTE")
	var palabras []string
	for _, o := range tad.OcurrenciasDePalabrasR1(tab) {
		palabras = append(palabras, es.Formatear(tad.PalabraQueFormaLaOcurrencia(o)))
	}
	require.ElementsMatch(t, []string{"CALLES", "AHONDAN", "PONIENTE"}, palabras)
}
