// Package contrato es la suite de pruebas de comportamiento que pasa todo
// almacén de app/internal/almacen (app/internal/almacen/sqlite y app/internal/almacen/postgres): las
// garantías de las interfaces almacen.Almacen, almacen.Cuentas y
// almacen.Revisiones, y las de Mesa y Verificar sobre ellas, sin nada
// propio de una implementación (archivos, caídas, daños de un archivo,
// esperas). Cada almacén la llama desde sus pruebas con una Nueva que
// prepara un lugar vacío (un archivo nuevo, un esquema nuevo): su
// TestContrato llama a Probar(t, nueva).
//
// También tiene el benchmark común (BenchAgregarMovimiento) y el ayudante
// de las pruebas que necesitan PostgreSQL (URLPostgres). Solo lo importan
// archivos de prueba.
package contrato

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// Almacen es lo que la suite prueba: los repositorios del almacén, las
// cuentas y las revisiones de la aplicación web, y las partidas que
// encontró dañadas al abrirse.
type Almacen interface {
	almacen.Almacen
	almacen.Cuentas
	almacen.Revisiones
	Danadas() []almacen.PartidaDanada
}

// Abridor abre otro almacén sobre los mismos datos, como lo haría otro
// proceso, y lo cierra al terminar tb.
type Abridor func(tb testing.TB) Almacen

// Nueva prepara un lugar vacío (borrado al terminar tb) y devuelve cómo
// abrirlo.
type Nueva func(tb testing.TB) Abridor

// Probar corre la suite contra los almacenes de nueva, una subprueba por
// interfaz y, dentro, una por garantía; cada una en un lugar nuevo.
func Probar(t *testing.T, nueva Nueva) {
	grupos := []struct {
		nombre  string
		pruebas []prueba
	}{
		{"Jugadores", pruebasJugadores},
		{"Partidas", pruebasPartidas},
		{"Diccionarios", pruebasDiccionarios},
		{"Clasificaciones", pruebasClasificaciones},
		{"Cuentas", pruebasCuentas},
		{"Revisiones", pruebasRevisiones},
		{"Procesos", pruebasProcesos},
	}
	for _, g := range grupos {
		t.Run(g.nombre, func(t *testing.T) {
			for _, p := range g.pruebas {
				t.Run(p.nombre, func(t *testing.T) { p.f(t, nueva) })
			}
		})
	}
}

// prueba es una garantía de la suite.
type prueba struct {
	nombre string
	f      func(t *testing.T, nueva Nueva)
}

// abrir prepara un lugar nuevo, abre un almacén con el diccionario "fise"
// (español clásico) y su catálogo, y devuelve también cómo abrir otro
// sobre los mismos datos.
func abrir(tb testing.TB, nueva Nueva) (Almacen, *almacen.Catalogo, Abridor) {
	tb.Helper()
	otro := nueva(tb)
	a := otro(tb)
	c := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	_, err := c.Asegurar(context.Background(), "fise", "es-clasica")
	require.NoError(tb, err)
	return a, c, otro
}

// catalogoComun comparte los generadores entre pruebas (el GADDAG del
// español se construye una vez por variante).
var catalogoComun = almacen.NuevoCatalogo(nil)

// JugarBot hace el turno del bot b en la mesa m y devuelve si la partida
// sigue (lo usan también las pruebas propias de cada almacén).
func JugarBot(tb testing.TB, ctx context.Context, m *almacen.Mesa, b *bot.Bot) bool {
	tb.Helper()
	if _, fin := m.Terminada(); fin {
		return false
	}
	d, err := b.Elegir(ctx, m.Juego())
	require.NoError(tb, err)
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
