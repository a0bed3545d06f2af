package programa_test

import (
	"errors"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

func ExampleLeer() {
	flags := flag.NewFlagSet("prueba", flag.ContinueOnError)
	flags.Int("veces", 3, "cuántas `N` veces")
	ayuda, err := programa.Leer(flags, []string{"-h"}, os.Stdout, "Uso: prueba [opciones]", "Hace una prueba.")
	_, _ = ayuda, err
	// Output:
	// Uso: prueba [opciones]
	//
	// Hace una prueba.
	//
	// Opciones:
	//   -veces N
	//     	cuántas N veces (por omisión 3)
}

func TestLeerErrorDeUso(t *testing.T) {
	flags := flag.NewFlagSet("prueba", flag.ContinueOnError)
	flags.Int("veces", 3, "")
	ayuda, err := programa.Leer(flags, []string{"-veces", "x"}, os.Stdout)
	require.False(t, ayuda)
	require.True(t, errors.As(err, new(programa.ErrorDeUso)))
	require.ErrorAs(t, programa.DeUso("mal: %d", 1), new(programa.ErrorDeUso))
}
