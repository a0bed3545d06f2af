package opciones_test

import (
	"errors"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/internal/opciones"
)

func ExampleLeer() {
	flags := flag.NewFlagSet("prueba", flag.ContinueOnError)
	flags.Int("veces", 3, "cuántas `N` veces")
	ayuda, err := opciones.Leer(flags, []string{"-h"}, os.Stdout, "Uso: prueba [opciones]", "Hace una prueba.")
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
	ayuda, err := opciones.Leer(flags, []string{"-veces", "x"}, os.Stdout)
	require.False(t, ayuda)
	require.True(t, errors.As(err, new(opciones.ErrorDeUso)))
	require.ErrorAs(t, opciones.DeUso("mal: %d", 1), new(opciones.ErrorDeUso))
}
