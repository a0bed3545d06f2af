package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
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

// BenchmarkAgregarMovimientoSincrono es BenchmarkAgregarMovimiento con
// Opciones.Sincrono (un fsync por transacción): la durabilidad del almacén
// PostgreSQL con synchronous_commit por omisión, para compararlos.
func BenchmarkAgregarMovimientoSincrono(b *testing.B) {
	contrato.BenchAgregarMovimiento(b, func(tb testing.TB) contrato.Abridor {
		ruta := filepath.Join(tb.TempDir(), "palabras.db")
		return func(tb testing.TB) contrato.Almacen {
			a, err := sqlite.Abrir(ruta, sqlite.Opciones{Sincrono: true})
			require.NoError(tb, err)
			tb.Cleanup(func() { a.Close() })
			return a
		}
	})
}
