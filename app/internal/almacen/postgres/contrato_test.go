package postgres_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
)

// nueva prepara un esquema vacío en el servidor de las pruebas
// (contrato.URLPostgres) y devuelve cómo abrir almacenes sobre él.
func nueva(tb testing.TB) contrato.Abridor {
	url := contrato.URLPostgres(tb)
	return func(tb testing.TB) contrato.Almacen { return abrirURL(tb, url) }
}

func abrirURL(tb testing.TB, url string) *postgres.Almacen {
	tb.Helper()
	a, err := postgres.Abrir(context.Background(), url, postgres.Opciones{})
	require.NoError(tb, err)
	tb.Cleanup(func() { a.Close() })
	return a
}

func TestContrato(t *testing.T) { contrato.Probar(t, nueva) }

func BenchmarkAgregarMovimiento(b *testing.B) { contrato.BenchAgregarMovimiento(b, nueva) }
