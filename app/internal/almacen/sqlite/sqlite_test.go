package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

func TestArchivosInvalidos(t *testing.T) {
	dir := t.TempDir()
	texto := filepath.Join(dir, "texto.db")
	contenido := bytes.Repeat([]byte("esto no es una base de datos\n"), 200)
	require.NoError(t, os.WriteFile(texto, contenido, 0o644))
	_, err := sqlite.Abrir(texto, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)
	b, _ := os.ReadFile(texto)
	require.Equal(t, contenido, b, "el archivo no cambia")

	// Una base de otra aplicación.
	otra := filepath.Join(dir, "otra.db")
	db, err := sql.Open("sqlite", otra)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE t(x)")
	require.NoError(t, err)
	db.Close()
	_, err = sqlite.Abrir(otra, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)

	// Una base del futuro.
	ruta := filepath.Join(dir, "futura.db")
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	_, err = a.CrearJugador(context.Background(), "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	db, err = sql.Open("sqlite", ruta)
	require.NoError(t, err)
	_, err = db.Exec(fmt.Sprintf("PRAGMA user_version=%d", sqlite.VersionEsquema()+1))
	require.NoError(t, err)
	db.Close()
	_, err = sqlite.Abrir(ruta, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrVersionFutura)
	// Nada se perdió: al volver la versión, ana sigue ahí.
	db, _ = sql.Open("sqlite", ruta)
	_, err = db.Exec(fmt.Sprintf("PRAGMA user_version=%d", sqlite.VersionEsquema()))
	require.NoError(t, err)
	db.Close()
	a, err = sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	_, err = a.JugadorPorNombre(context.Background(), "ana")
	require.NoError(t, err)
	v, err := a.VersionArchivo(context.Background())
	require.NoError(t, err)
	require.Equal(t, sqlite.VersionEsquema(), v)
}
