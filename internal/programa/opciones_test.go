package programa_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/limite"
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

// TestLeerAcotado: un archivo de hasta max bytes se lee entero; uno más
// largo, o uno que no termina (/dev/zero), da el error de límite sin
// leerse entero.
func TestLeerAcotado(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "a")
	require.NoError(t, os.WriteFile(ruta, []byte("hola"), 0o600))
	b, err := programa.LeerAcotado(ruta, 4, "prueba.Max")
	require.NoError(t, err)
	require.Equal(t, "hola", string(b))
	_, err = programa.LeerAcotado(ruta, 3, "prueba.Max")
	require.ErrorIs(t, err, limite.Err)
	var e *limite.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "prueba.Max", e.Limite)
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err = programa.LeerAcotado("/dev/zero", 1<<20, "prueba.Max")
		require.ErrorIs(t, err, limite.Err)
	}
	_, err = programa.LeerAcotado(filepath.Join(t.TempDir(), "no"), 4, "prueba.Max")
	require.ErrorIs(t, err, os.ErrNotExist)
}
