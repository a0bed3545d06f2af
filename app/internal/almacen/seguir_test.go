package almacen_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// Dos Mesas de la misma partida (dos procesos): lo que guarda una, la otra
// lo sigue, leyendo el almacén (Seguir) o con los movimientos de un
// anuncio (SeguirCon, codificados y decodificados), y queda en la misma
// posición; SeguirCon con otro número de partida no hace nada; unos bytes
// malos no se decodifican. Ver muestra lo mismo que Juego sin copiarlo.
func TestSeguir(t *testing.T) {
	ctx := context.Background()
	a, err := sqlite.Abrir(filepath.Join(t.TempDir(), "s.db"), sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	_, err = cat.Crear(ctx, "fise", "es-clasica")
	require.NoError(t, err)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	uno, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "fise", Semilla: 3,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	otro, err := almacen.Reanudar(ctx, a, cat, uno.ID())
	require.NoError(t, err)
	g, _ := cat.Generador(uno.Juego().Variante())
	b, _ := bot.Nuevo(bot.Avanzado, g)
	mismo := func() {
		t.Helper()
		require.Equal(t, uno.Movimientos(), otro.Movimientos())
		require.Equal(t, fmt.Sprint(uno.Juego().Posicion()), fmt.Sprint(otro.Juego().Posicion()))
		require.Equal(t, uno.Usados(), otro.Usados())
		// Ver muestra el mismo juego que Juego, sin copiarlo.
		var visto string
		uno.Ver(func(j *juego.Juego) { visto = fmt.Sprint(j.Posicion()) })
		require.Equal(t, fmt.Sprint(uno.Juego().Posicion()), visto)
		require.Zero(t, testing.AllocsPerRun(10, func() { uno.Ver(func(j *juego.Juego) { _ = j.Turno() }) }), "Ver no copia")
	}
	for k := range 6 {
		desde := uno.Movimientos()
		d, err := b.Elegir(ctx, uno.Juego())
		require.NoError(t, err)
		turno := uno.Turno()
		mov := almacen.Movimiento{Tipo: d.Tipo, Jugada: d.Jugada, Cambiadas: d.Cambiadas, Duracion: 1500}
		pts, err := uno.Jugar(ctx, mov)
		require.NoError(t, err)
		if k%2 == 0 {
			antes, nuevos, err := otro.Seguir(ctx)
			require.NoError(t, err)
			require.Len(t, nuevos, 1)
			require.Equal(t, turno, antes.Turno())
		} else {
			mov.Jugador, mov.Puntos = turno, pts
			movs, err := almacen.DecodificarMovimientos(almacen.CodificarMovimientos([]almacen.Movimiento{mov}))
			require.NoError(t, err)
			_, ok := otro.SeguirCon(desde+1, movs)
			require.False(t, ok, "con otro número")
			antes, ok := otro.SeguirCon(desde, movs)
			require.True(t, ok)
			require.Equal(t, turno, antes.Turno())
		}
		mismo()
	}
	_, nuevos, err := otro.Seguir(ctx)
	require.NoError(t, err)
	require.Empty(t, nuevos)
	_, err = otro.Abandonar(ctx, 0)
	require.NoError(t, err)
	_, nuevos, err = uno.Seguir(ctx)
	require.NoError(t, err)
	require.Len(t, nuevos, 1)
	require.Equal(t, juego.SucesoAjuste, nuevos[0].Tipo)
	require.Equal(t, almacen.Terminada, uno.Partida().Estado)
	mismo()
	_, err = almacen.DecodificarMovimientos([]byte(`[{"t":0,"f":"////"}]`))
	require.ErrorIs(t, err, almacen.ErrPartidaCorrupta)
}
