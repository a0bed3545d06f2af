package ingles_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func TestTablas(t *testing.T) {
	require.Len(t, ingles.Puntajes(), 26)
	total := 0
	for _, c := range ingles.Distribucion() {
		total += c
	}
	require.Equal(t, 98, total)
	v, err := ingles.Leer(strings.NewReader("the\nquick\nbrown\nfox\njumps\nover\nlazy\ndog\nqi\nza\n"), variante.OpcionesLexico{})
	require.NoError(t, err)
	require.Equal(t, 100, v.Distribucion().Tamano(), "un léxico que usa las 26 letras tiene la bolsa completa")
	require.Equal(t, 2, v.Distribucion().Cantidad(letra.Comodin))
	chico, err := ingles.Leer(strings.NewReader("qi\nza\n"), variante.OpcionesLexico{})
	require.NoError(t, err)
	require.Equal(t, 1+9+1+9+2, chico.Distribucion().Tamano(), "R14: solo Q, I, Z y A, y los comodines")
	q, _ := letra.Ingles().Indice("Q")
	require.Equal(t, 10, v.PuntajeLetra(q))
	require.Equal(t, variante.PalabraTriple, v.Premio(14, 7))

	_, err = ingles.Leer(strings.NewReader("qi\nñu\n"), variante.OpcionesLexico{})
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
}

func TestSowpods(t *testing.T) {
	v, err := ingles.Leer(bytes.NewReader(lexicos.Leer(t, lexicos.Sowpods)), variante.OpcionesLexico{})
	require.NoError(t, err)
	require.Equal(t, 100, v.Distribucion().Tamano(), "SOWPODS usa las 26 letras")
	for palabra, legitima := range map[string]bool{"resiant": true, "hosta": true, "qi": true, "zzz": true, "xyzzy": false} {
		p, _ := v.Alfabeto().Parsear(palabra)
		require.Equal(t, legitima, v.PalabraLegitima(p), palabra)
	}
}

// Una variante con una lista de palabras en memoria. La bolsa solo tiene
// fichas de las letras que usan las palabras (C, A, T, S, Q e I: 31) y los
// 2 comodines; con un léxico completo, 100.
func Example() {
	lista := strings.NewReader("cat\ncats\nqi\n") // o un archivo: os.Open("sowpods.txt")
	v, err := ingles.Leer(lista, variante.OpcionesLexico{})
	if err != nil {
		panic(err)
	}
	fmt.Println(v.TamanoTablero(), v.Fichas(), v.Bingo(), v.Distribucion().Tamano())
	p, _ := v.Alfabeto().Parsear("cats")
	fmt.Println(v.PalabraLegitima(p))
	// Output:
	// 15 7 50 33
	// true
}
