package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

// Un solo catálogo de bases por proceso de prueba: el GADDAG del español
// lleva un segundo.
// abrir abre un almacén nuevo en t.TempDir() con el diccionario "fise"
// (español clásico) y su catálogo.
func abrir(tb testing.TB) (*sqlite.Almacen, *almacen.Catalogo, string) {
	tb.Helper()
	return abrirRuta(tb, filepath.Join(tb.TempDir(), "palabras.db"))
}

func abrirRuta(tb testing.TB, ruta string) (*sqlite.Almacen, *almacen.Catalogo, string) {
	tb.Helper()
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(tb, err)
	tb.Cleanup(func() { a.Close() })
	c := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	_, err = c.Asegurar(context.Background(), "fise", "es-clasica")
	require.NoError(tb, err)
	return a, c, ruta
}

// generadores compartidos por variante entre pruebas (el GADDAG se
// construye una vez).
var catalogoComun = almacen.NuevoCatalogo(nil)
