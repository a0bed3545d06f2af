package abrir_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

func TestEsPostgres(t *testing.T) {
	for destino, quiere := range map[string]bool{
		"postgres://u@h/db":       true,
		"postgresql://u@h:5/db":   true,
		"POSTGRES://u@h/db":       true,
		"palabras.db":             false,
		"/var/lib/postgres/x.db":  false,
		"postgres.db":             false,
		"./postgres://raro.db":    false,
		"file:palabras.db":        false,
		"":                        false,
		"host=localhost dbname=x": false,
	} {
		require.Equal(t, quiere, abrir.EsPostgres(destino), "%q", destino)
	}
}

// Una ruta abre el almacén SQLite, y una URL el PostgreSQL, cada uno sobre
// sus datos: lo que se guarda con uno se lee al volver a abrir el mismo
// destino.
func TestAbrir(t *testing.T) {
	ctx := context.Background()
	destinos := map[string]string{"sqlite": filepath.Join(t.TempDir(), "palabras.db")}
	t.Run("postgres", func(t *testing.T) {
		destinos["postgres"] = contrato.URLPostgres(t)
		probarDestino(t, destinos["postgres"], func(a abrir.Almacen) bool { _, ok := a.(*postgres.Almacen); return ok })
	})
	t.Run("sqlite", func(t *testing.T) {
		probarDestino(t, destinos["sqlite"], func(a abrir.Almacen) bool { _, ok := a.(*sqlite.Almacen); return ok })
	})
	_, err := abrir.Abrir(ctx, t.TempDir())
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos, "un directorio")
	cancelado, cancelar := context.WithCancel(ctx)
	cancelar()
	_, err = abrir.Abrir(cancelado, filepath.Join(t.TempDir(), "x.db"))
	require.ErrorIs(t, err, context.Canceled)
	_, err = abrir.Abrir(cancelado, "postgres://nadie@127.0.0.1:1/x")
	require.ErrorIs(t, err, context.Canceled)
}

func probarDestino(t *testing.T, destino string, esDelTipo func(abrir.Almacen) bool) {
	ctx := context.Background()
	a, err := abrir.Abrir(ctx, destino)
	require.NoError(t, err)
	require.True(t, esDelTipo(a), "%T", a)
	ana, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	b, err := abrir.Abrir(ctx, destino)
	require.NoError(t, err)
	defer b.Close()
	j, err := b.JugadorPorNombre(ctx, "ana")
	require.NoError(t, err)
	require.Equal(t, ana, j)
	require.Empty(t, b.Danadas())
}
