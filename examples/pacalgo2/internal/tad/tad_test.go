package tad_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
)

// TestADistanciaMenosDeN: la recursión da los casilleros a distancia
// Manhattan n o menos (no "menos de n"): 1, 5, 13 y 25 casilleros.
func TestADistanciaMenosDeN(t *testing.T) {
	c := tad.Casillero{X: 2, Y: -1}
	for n, cantidad := range []int{1, 5, 13, 25} {
		d := tad.ADistanciaMenosDeN(c, n)
		require.Len(t, d, cantidad)
		for x := c.X - 4; x <= c.X+4; x++ {
			for y := c.Y - 4; y <= c.Y+4; y++ {
				manhattan := max(x-c.X, c.X-x) + max(y-c.Y, c.Y-y)
				require.Equal(t, manhattan <= n, tad.Pertenece(tad.Casillero{X: x, Y: y}, d), "n=%d (%d,%d)", n, x, y)
			}
		}
	}
}

// TestCasillerosLibres: la recursión por filas y columnas da todos los
// casilleros del mapa menos fantasmas y paredes.
func TestCasillerosLibres(t *testing.T) {
	v := tad.Casillero{X: -1, Y: 3}
	m := tad.NuevoMapa1(tad.Tupla{X: 4, Y: 3}, v, v, tad.Casillero{X: 2, Y: 5},
		tad.NuevoConj(tad.Casillero{X: 0, Y: 4}), tad.NuevoConj(tad.Casillero{X: 1, Y: 4}, tad.Casillero{X: 9, Y: 9}))
	libres := m.CasillerosLibres()
	require.Len(t, libres, 12-2)
	for x := -2; x <= 3; x++ {
		for y := 2; y <= 6; y++ {
			c := tad.Casillero{X: x, Y: y}
			esperado := x >= -1 && x <= 2 && y >= 3 && y <= 5 && c != (tad.Casillero{X: 0, Y: 4}) && c != (tad.Casillero{X: 1, Y: 4})
			require.Equal(t, esperado, tad.Pertenece(c, libres), "%v", c)
		}
	}
	require.Len(t, m.CasillerosVerticales(v), 3)
	require.Len(t, m.CasillerosHorizontales(v), 4)
}

// TestPartida sigue a mano una partida de la Parte 2:
//
//	y=2  . . . F
//	y=1  I o . .
//	y=0  . . . L
//
// El inicio está a distancia 4 del fantasma. Derecha come el chocolate
// (nivel 10); con chocolate se pisa el fantasma; el nivel baja de a uno.
func TestPartida(t *testing.T) {
	c := func(x, y int) tad.Casillero { return tad.Casillero{X: x, Y: y} }
	f := tad.NuevoConj(c(3, 2))
	m := tad.NuevoMapa(tad.Tupla{X: 4, Y: 3}, c(0, 0), c(0, 1), c(3, 0), f, nil, tad.NuevoConj(c(1, 1)))
	require.True(t, tad.PrecondicionNuevoMapa(m.Dimensiones(), m.Vertice(), m.CasilleroInicial(), m.CasilleroDeLlegada(), f, nil, m.ConjChocolates()))
	p := tad.InicializarJuego(m)
	require.False(t, p.Perdio())
	require.Zero(t, p.NivelDeChocolate())
	require.False(t, p.Precondicion(tad.Izquierda), "fuera del mapa")

	p = p.Aplicar(tad.Derecha)
	require.Equal(t, 10, p.NivelDeChocolate())
	require.Empty(t, p.ChocolatesRestantes())
	require.False(t, p.Perdio(), "el fantasma está a distancia 3, pero hay chocolate")
	for _, g := range []tad.Generador{tad.Derecha, tad.Arriba, tad.Derecha} {
		require.True(t, p.Precondicion(g), "%v", g)
		p = p.Aplicar(g)
	}
	require.Equal(t, c(3, 2), p.PosicionActual(), "sobre el fantasma")
	require.Equal(t, 7, p.NivelDeChocolate())
	require.False(t, p.Perdio())
	require.True(t, tad.Igual(tad.NuevoConj(c(2, 2), c(3, 1)), p.DireccionesPosibles()))
	p = p.Aplicar(tad.Abajo).Aplicar(tad.Abajo)
	require.True(t, p.Gano())
	require.False(t, p.Perdio())
	require.Equal(t, 7, p.Puntaje())
	require.Equal(t, []tad.Casillero{c(3, 0), c(3, 1), c(3, 2), c(2, 2), c(2, 1), c(1, 1), c(0, 1)}, p.Trayectoria())
	require.False(t, p.Precondicion(tad.Arriba), "ganó: no hay más movimientos")

	// Sin chocolate, a distancia 3 del fantasma se pierde, en las dos
	// partes; a distancia 4, no.
	m1 := tad.NuevoMapa1(m.Dimensiones(), m.Vertice(), m.CasilleroInicial(), m.CasilleroDeLlegada(), f, nil)
	m2 := tad.NuevoMapa(m.Dimensiones(), m.Vertice(), m.CasilleroInicial(), m.CasilleroDeLlegada(), f, nil, nil)
	require.False(t, tad.InicializarJuego1(m1).Aplicar(tad.Abajo).Aplicar(tad.Derecha).Perdio())
	q1 := tad.InicializarJuego1(m1).Aplicar(tad.Derecha)
	require.True(t, q1.Perdio())
	require.False(t, q1.Precondicion(tad.Derecha), "perdió: no hay más movimientos")
	require.True(t, tad.InicializarJuego(m2).Aplicar(tad.Derecha).Perdio())
}
