package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/almacen/sqlite"
)

// nueva prepara una ruta nueva en tb.TempDir() y devuelve cómo abrir
// almacenes sobre su archivo (cada uno con sus conexiones, como otro
// proceso).
func nueva(tb testing.TB) contrato.Abridor {
	ruta := filepath.Join(tb.TempDir(), "palabras.db")
	return func(tb testing.TB) contrato.Almacen {
		a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
		require.NoError(tb, err)
		tb.Cleanup(func() { a.Close() })
		return a
	}
}

func TestContrato(t *testing.T) { contrato.Probar(t, nueva) }

func BenchmarkAgregarMovimiento(b *testing.B) { contrato.BenchAgregarMovimiento(b, nueva) }
