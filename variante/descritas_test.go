package variante_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// Las tablas que tenían escritas en Go variante/espanol y variante/ingles
// antes de leerse de las descripciones: las variantes descritas deben ser
// idénticas, campo por campo, a las armadas con ellas.
var (
	puntajesEs = map[string]int{
		"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1,
		"J": 8, "K": 8, "L": 1, "M": 3, "N": 1, "Ñ": 8, "O": 1, "P": 3, "Q": 5,
		"R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 8, "X": 8, "Y": 4, "Z": 10,
	}
	distribucionEs = map[string]int{
		"A": 12, "B": 2, "C": 5, "D": 5, "E": 12, "F": 1, "G": 2, "H": 2, "I": 6,
		"J": 1, "L": 5, "M": 2, "N": 5, "Ñ": 1, "O": 9, "P": 2, "Q": 1,
		"R": 6, "S": 6, "T": 4, "U": 5, "V": 1, "X": 1, "Y": 1, "Z": 1,
	}
	puntajesFISE = map[string]int{
		"A": 1, "B": 3, "C": 3, "CH": 5, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4,
		"I": 1, "J": 8, "L": 1, "LL": 8, "M": 3, "N": 1, "Ñ": 8, "O": 1,
		"P": 3, "Q": 5, "R": 1, "RR": 8, "S": 1, "T": 1, "U": 1, "V": 4,
		"X": 8, "Y": 4, "Z": 10,
	}
	distribucionFISE = map[string]int{
		"A": 12, "B": 2, "C": 4, "CH": 1, "D": 5, "E": 12, "F": 1, "G": 2, "H": 2,
		"I": 6, "J": 1, "L": 4, "LL": 1, "M": 2, "N": 5, "Ñ": 1, "O": 9, "P": 2,
		"Q": 1, "R": 5, "RR": 1, "S": 6, "T": 4, "U": 5, "V": 1, "X": 1, "Y": 1,
		"Z": 1,
	}
	puntajesEn = map[string]int{
		"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1,
		"J": 8, "K": 5, "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1,
		"S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
	}
	distribucionEn = map[string]int{
		"A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9,
		"J": 1, "K": 1, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6,
		"S": 4, "T": 6, "U": 4, "V": 2, "W": 2, "X": 1, "Y": 2, "Z": 1,
	}
)

func porLetra(t *testing.T, alf *letra.Alfabeto, m map[string]int) map[letra.Letra]int {
	res := map[letra.Letra]int{}
	for s, v := range m {
		l, ok := alf.Indice(s)
		require.True(t, ok, s)
		res[l] = v
	}
	return res
}

func TestDescritasComoEnGo(t *testing.T) {
	es := espanol.Variante()
	vieja, err := variante.Nueva(letra.Espanol(), 15, 7, porLetra(t, letra.Espanol(), puntajesEs), es.Lexico(),
		variante.Opciones{Distribucion: porLetra(t, letra.Espanol(), distribucionEs)})
	require.NoError(t, err)
	require.Same(t, letra.Espanol(), es.Alfabeto(), "el alfabeto descrito es el predefinido")
	require.True(t, variante.Iguales(vieja, es), "espanol.Variante")
	require.True(t, es.EsDeLaEspecificacion())

	fise := espanol.Clasica()
	op := variante.Clasicas()
	op.Distribucion, op.Comodines = porLetra(t, letra.EspanolConDigrafos(), distribucionFISE), 2
	vieja, err = variante.Nueva(letra.EspanolConDigrafos(), 15, 7, porLetra(t, letra.EspanolConDigrafos(), puntajesFISE), fise.Lexico(), op)
	require.NoError(t, err)
	require.Same(t, letra.EspanolConDigrafos(), fise.Alfabeto())
	require.True(t, variante.Iguales(vieja, fise), "espanol.Clasica")

	en, err := ingles.Leer(strings.NewReader("the\nquick\nbrown\nfox\njumps\nover\nlazy\ndog\nqi\nza\n"), variante.OpcionesLexico{})
	require.NoError(t, err)
	op = variante.Clasicas()
	op.Distribucion, op.Comodines = porLetra(t, letra.Ingles(), distribucionEn), 2
	vieja, err = variante.Nueva(letra.Ingles(), 15, 7, porLetra(t, letra.Ingles(), puntajesEn), en.Lexico(), op)
	require.NoError(t, err)
	require.Same(t, letra.Ingles(), en.Alfabeto())
	require.True(t, variante.Iguales(vieja, en), "ingles.Variante")

	// La comparación puede fallar: otro bingo no es la misma variante.
	op.Bingo = 35
	otra, err := en.Con(op)
	require.NoError(t, err)
	require.False(t, variante.Iguales(otra, en))
}
