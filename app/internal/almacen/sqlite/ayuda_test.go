package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
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

// jugarBot hace el turno del bot en la mesa y devuelve si la partida sigue.
func jugarBot(tb testing.TB, ctx context.Context, m *almacen.Mesa, b *bot.Bot) bool {
	tb.Helper()
	if _, fin := m.Terminada(); fin {
		return false
	}
	d, _ := b.Elegir(ctx, m.Juego())
	var err error
	switch d.Tipo {
	case juego.SucesoColocacion:
		_, err = m.Ubicar(ctx, d.Jugada)
	case juego.SucesoCambio:
		err = m.Cambiar(ctx, d.Cambiadas)
	default:
		err = m.Pasar(ctx)
	}
	require.NoError(tb, err)
	_, fin := m.Terminada()
	return !fin
}

// bots devuelve dos bots del nivel n para la variante de la mesa.
func bots(tb testing.TB, m *almacen.Mesa, n bot.Nivel) [2]*bot.Bot {
	tb.Helper()
	var res [2]*bot.Bot
	for i := range res {
		g, err := catalogoComun.Generador(m.Juego().Variante())
		require.NoError(tb, err)
		res[i], err = bot.Nuevo(n, g)
		require.NoError(tb, err)
	}
	return res
}
