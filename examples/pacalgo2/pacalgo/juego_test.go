package pacalgo_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// jugar lee el mapa, empieza un juego y hace los movimientos de teclas
// (w a s d), que deben ser todos válidos.
func jugar(t *testing.T, mapa, teclas string) *pacalgo.Juego {
	t.Helper()
	m, err := pacalgo.ParsearMapa(mapa)
	require.NoError(t, err)
	j, err := pacalgo.Nuevo(m)
	require.NoError(t, err)
	for i, r := range teclas {
		d := map[rune]pacalgo.Direccion{'w': pacalgo.Arriba, 's': pacalgo.Abajo, 'a': pacalgo.Izquierda, 'd': pacalgo.Derecha}[r]
		require.NoError(t, j.Mover(d), "movimiento %d (%c) en\n%s", i, r, j)
	}
	return j
}

// dibujo quita la sangría de un tablero escrito en una prueba.
func dibujo(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		b.WriteString(strings.TrimSpace(l) + "\n")
	}
	return b.String()
}

func TestChocolateYFantasmas(t *testing.T) {
	mapa := dibujo(`
		.....F.
		Io.#...
		...#..L`)
	j := jugar(t, mapa, "")
	require.Zero(t, j.NivelDeChocolate())
	require.Equal(t, 1, j.CantidadChocolatesRestantes())

	j = jugar(t, mapa, "d")
	require.Equal(t, pacalgo.NivelChocolate, j.NivelDeChocolate())
	require.Empty(t, slices.Collect(j.ChocolatesRestantes()))
	require.Equal(t, dibujo(`
		.....F.
		I@.#...
		...#..L`), j.String())

	// Volver al chocolate comido no da más: el nivel sigue bajando.
	j = jugar(t, mapa, "dada")
	require.Equal(t, pacalgo.NivelChocolate-3, j.NivelDeChocolate())
	require.Equal(t, dibujo(`
		.....F.
		@..#...
		...#..L`), j.String())

	// Con chocolate se pasa por el fantasma, que se queda donde está.
	j = jugar(t, mapa, "dwdddd")
	require.Equal(t, pacalgo.Casillero{X: 5, Y: 2}, j.PosicionActual())
	require.Equal(t, 5, j.NivelDeChocolate())
	require.False(t, j.Perdio())
	j2 := jugar(t, mapa, "dwddddds")
	require.Equal(t, dibujo(`
		.....F.
		I..#..@
		...#..L`), j2.String())
	require.Equal(t, []pacalgo.Casillero{{X: 5, Y: 2}}, slices.Collect(j2.Mapa().Fantasmas()))

	// Sin chocolate, a distancia 3 del fantasma se pierde.
	j = jugar(t, mapa, "sddw")
	require.False(t, j.Perdio(), "a distancia 4")
	require.NoError(t, j.Arriba())
	require.True(t, j.Perdio(), "a distancia 3, nivel 0")
	require.True(t, j.Terminada())
	_, ok := j.Puntaje()
	require.False(t, ok)
	require.ErrorIs(t, j.Validar(pacalgo.Izquierda), pacalgo.ErrPartidaTerminada)

	// El chocolate se acaba: a los 10 movimientos, si hay un fantasma cerca,
	// se pierde.
	j = jugar(t, mapa, "dadadadad")
	require.Equal(t, 2, j.NivelDeChocolate())
	require.NoError(t, j.Arriba())
	require.NoError(t, j.Derecha())
	require.Zero(t, j.NivelDeChocolate())
	require.True(t, j.Perdio(), "a distancia 3 del fantasma con nivel 0")
}

// TestGanarYPerderALaVez: la llegada al alcance de un fantasma, sin
// chocolate: se gana y se pierde, hay puntaje y no hay más movimientos.
func TestGanarYPerderALaVez(t *testing.T) {
	j := jugar(t, "I...L..F", "dddd")
	require.True(t, j.Gano())
	require.True(t, j.Perdio())
	p, ok := j.Puntaje()
	require.True(t, ok)
	require.Equal(t, 5, p, "cinco casilleros, inicio incluido")
	require.Equal(t, 4, j.Movimientos())
	for d := pacalgo.Arriba; d <= pacalgo.Derecha; d++ {
		require.ErrorIs(t, j.Mover(d), pacalgo.ErrPartidaTerminada)
	}
	// DireccionesPosibles, como en la especificación, no mira si terminó.
	var posibles []pacalgo.Direccion
	for d, c := range j.DireccionesPosibles() {
		posibles = append(posibles, d)
		require.Equal(t, j.PosicionActual().Mas(d.Delta()), c)
	}
	require.Equal(t, []pacalgo.Direccion{pacalgo.Izquierda, pacalgo.Derecha}, posibles)

	// Un fantasma en la llegada: se llega con el chocolate del inicio, que
	// dura 10 movimientos. A 9 se llega con nivel 1 y se gana; a 10, con
	// nivel 0, y se gana y se pierde; a 11 no se llega.
	j = jugar(t, "[Io]"+strings.Repeat(".", 8)+"[FL]", strings.Repeat("d", 9))
	require.Equal(t, 1, j.NivelDeChocolate())
	require.True(t, j.Gano())
	require.False(t, j.Perdio())
	j = jugar(t, "[Io]"+strings.Repeat(".", 9)+"[FL]", strings.Repeat("d", 10))
	require.Equal(t, 0, j.NivelDeChocolate())
	require.True(t, j.Gano())
	require.True(t, j.Perdio(), "llega con nivel 0 y el fantasma está a distancia 0")
	j = jugar(t, "[Io]"+strings.Repeat(".", 10)+"[FL]", strings.Repeat("d", 10))
	require.True(t, j.Perdio())
	require.ErrorIs(t, j.Derecha(), pacalgo.ErrPartidaTerminada)
}

func TestMovimientosRechazados(t *testing.T) {
	j := jugar(t, dibujo(`
		#L.
		I..
		...
		...
		..F`), "")
	for _, c := range []struct {
		d      pacalgo.Direccion
		motivo error
	}{
		{pacalgo.Arriba, pacalgo.ErrPared},
		{pacalgo.Izquierda, pacalgo.ErrBorde},
		{pacalgo.Ninguna, pacalgo.ErrDireccionInvalida},
		{pacalgo.Direccion(200), pacalgo.ErrDireccionInvalida},
	} {
		antes, clon := foto(j), j.Clonar()
		require.ErrorIs(t, j.Validar(c.d), c.motivo)
		require.ErrorIs(t, j.Mover(c.d), c.motivo)
		require.Equal(t, antes, foto(j))
		sinCambios(t, clon, j)
	}
	require.NoError(t, j.Abajo())
	require.False(t, j.Perdio(), "el fantasma está a distancia 4")
	require.NoError(t, j.Derecha())
	require.Equal(t, "(1, 2)", j.PosicionActual().String())
	require.True(t, j.Perdio(), "el fantasma está a distancia 3")

	// Un fantasma vecino sin chocolate: ya se perdió. Con chocolate se
	// puede ir.
	j = jugar(t, "[Io]...F\n.[Fo].L.", "s")
	require.NoError(t, j.Derecha())
	require.Equal(t, pacalgo.NivelChocolate, j.NivelDeChocolate(), "comió el chocolate que había bajo el fantasma")
}

func TestTrayectoriaYClonar(t *testing.T) {
	j := jugar(t, "vertice 10 20\n.....\nIo..L", "dwdds")
	require.Equal(t, []pacalgo.Casillero{{X: 10, Y: 20}, {X: 11, Y: 20}, {X: 11, Y: 21}, {X: 12, Y: 21}, {X: 13, Y: 21}, {X: 13, Y: 20}},
		slices.Collect(j.Trayectoria()))
	var primeros []pacalgo.Casillero
	for c := range j.Trayectoria() {
		if len(primeros) == 2 {
			break
		}
		primeros = append(primeros, c)
	}
	require.Len(t, primeros, 2, "se puede cortar")

	c := j.Clonar()
	require.NoError(t, c.Derecha())
	require.True(t, c.Gano())
	require.False(t, j.Gano(), "el original no cambia")
	require.Equal(t, 5, j.Movimientos())
	require.Equal(t, 6, c.Movimientos())
	require.Same(t, j.Mapa(), c.Mapa())

	j = jugar(t, "Io.o.L", "")
	c = j.Clonar()
	require.NoError(t, c.Derecha())
	require.Equal(t, 1, c.CantidadChocolatesRestantes())
	require.Equal(t, 2, j.CantidadChocolatesRestantes(), "los chocolates comidos no se comparten")
}
