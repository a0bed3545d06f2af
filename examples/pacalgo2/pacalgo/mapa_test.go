package pacalgo_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// cs arma casilleros de pares x, y.
func cs(xy ...int) []pacalgo.Casillero {
	var res []pacalgo.Casillero
	for i := 0; i+1 < len(xy); i += 2 {
		res = append(res, pacalgo.Casillero{X: xy[i], Y: xy[i+1]})
	}
	return res
}

// desunir da los errores que une errors.Join, o err solo.
func desunir(err error) []error {
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		return u.Unwrap()
	}
	return []error{err}
}

func TestNuevoMapaErrores(t *testing.T) {
	c := func(x, y int) pacalgo.Casillero { return pacalgo.Casillero{X: x, Y: y} }
	dim := pacalgo.Dimension{Ancho: 8, Alto: 8}
	casos := []struct {
		nombre                         string
		dim                            pacalgo.Dimension
		vertice, inicio, llegada       pacalgo.Casillero
		fantasmas, paredes, chocolates []pacalgo.Casillero
		motivos                        []error // uno por error unido, en orden
	}{
		{"ancho cero", pacalgo.Dimension{Ancho: 0, Alto: 3}, c(0, 0), c(0, 0), c(0, 1), nil, nil, nil,
			[]error{pacalgo.ErrDimensiones, pacalgo.ErrFueraDelMapa, pacalgo.ErrFueraDelMapa}},
		{"demasiados casilleros", pacalgo.Dimension{Ancho: 1 << 11, Alto: 1 << 10}, c(0, 0), c(0, 0), c(0, 1), nil, nil, nil,
			[]error{pacalgo.ErrDimensiones}},
		{"no cabe en un int", pacalgo.Dimension{Ancho: 4, Alto: 1}, c(math.MaxInt-2, 0), c(math.MaxInt-2, 0), c(math.MaxInt-1, 0), nil, nil, nil,
			[]error{pacalgo.ErrDimensiones}},
		{"inicio fuera", dim, c(0, 0), c(-1, 0), c(1, 1), nil, nil, nil, []error{pacalgo.ErrFueraDelMapa}},
		{"llegada fuera", dim, c(0, 0), c(0, 0), c(8, 0), nil, nil, nil, []error{pacalgo.ErrFueraDelMapa}},
		{"fantasmas, paredes y chocolates fuera", dim, c(2, 2), c(2, 2), c(3, 3), cs(9, 9, 0, 0), cs(10, 2), cs(2, 10),
			[]error{pacalgo.ErrFueraDelMapa, pacalgo.ErrFueraDelMapa, pacalgo.ErrFueraDelMapa}},
		{"fantasma en pared", dim, c(0, 0), c(0, 0), c(1, 0), cs(7, 7, 6, 6), cs(7, 7, 5, 5), nil, []error{pacalgo.ErrSuperpuestos}},
		{"inicio es llegada", dim, c(0, 0), c(2, 2), c(2, 2), nil, nil, nil, []error{pacalgo.ErrInicioEsLlegada}},
		{"inicio en pared", dim, c(0, 0), c(2, 2), c(3, 3), nil, cs(2, 2), nil, []error{pacalgo.ErrInicioOcupado}},
		{"inicio en fantasma con chocolate", dim, c(0, 0), c(2, 2), c(3, 3), cs(2, 2), nil, cs(2, 2), []error{pacalgo.ErrInicioOcupado}},
		{"inicio en fantasma", dim, c(0, 0), c(2, 2), c(3, 3), cs(2, 2), nil, nil, []error{pacalgo.ErrInicioOcupado, pacalgo.ErrFantasmaCerca}},
		{"fantasma a distancia 3", dim, c(0, 0), c(0, 0), c(7, 7), cs(1, 2, 4, 0), nil, nil, []error{pacalgo.ErrFantasmaCerca}},
		{"de todo", dim, c(0, 0), c(0, 0), c(0, 0), cs(0, 1, 5, 5), cs(5, 5), cs(8, 8),
			[]error{pacalgo.ErrFueraDelMapa, pacalgo.ErrSuperpuestos, pacalgo.ErrInicioEsLlegada, pacalgo.ErrFantasmaCerca}},
	}
	for _, caso := range casos {
		t.Run(caso.nombre, func(t *testing.T) {
			m, err := pacalgo.NuevoMapa(caso.dim, caso.vertice, caso.inicio, caso.llegada, caso.fantasmas, caso.paredes, caso.chocolates)
			require.Nil(t, m)
			require.ErrorIs(t, err, pacalgo.ErrMapaInvalido)
			errs := desunir(err)
			require.Len(t, errs, len(caso.motivos), "%v", err)
			for i, e := range errs {
				require.ErrorIs(t, e, pacalgo.ErrMapaInvalido)
				require.ErrorIs(t, e, caso.motivos[i], "%v", e)
			}
		})
	}
}

func TestNuevoMapaValido(t *testing.T) {
	c := func(x, y int) pacalgo.Casillero { return pacalgo.Casillero{X: x, Y: y} }
	dim := pacalgo.Dimension{Ancho: 8, Alto: 8}
	// Un fantasma a distancia 4 del inicio, otro a 1 pero con chocolate
	// en el inicio, la llegada en una pared y chocolates en un fantasma y
	// una pared: todo permitido.
	m, err := pacalgo.NuevoMapa(dim, c(0, 0), c(0, 0), c(7, 7), cs(2, 2, 0, 1, 2, 2), cs(7, 7, 5, 5), cs(0, 0, 2, 2, 5, 5, 0, 0))
	require.NoError(t, err)
	require.Equal(t, cs(0, 1, 2, 2), slices.Collect(m.Fantasmas()), "sin repetidos, por y y x")
	require.Equal(t, cs(0, 0, 2, 2, 5, 5), slices.Collect(m.Chocolates()))
	require.Equal(t, cs(5, 5, 7, 7), slices.Collect(m.Paredes()))
	require.Equal(t, 64-4, len(slices.Collect(m.CasillerosLibres())))

	// Los conjuntos se copian.
	fantasmas := cs(4, 6)
	m, err = pacalgo.NuevoMapa(dim, c(-3, 5), c(-3, 5), c(0, 8), fantasmas, nil, nil)
	require.NoError(t, err)
	fantasmas[0] = c(-3, 6)
	require.Equal(t, cs(4, 6), slices.Collect(m.Fantasmas()))
	require.Equal(t, c(-3, 5), m.Vertice())
	require.True(t, m.Dentro(c(4, 12)))
	require.False(t, m.Dentro(c(5, 12)))
	require.False(t, m.Dentro(c(4, 13)))
	require.False(t, m.Dentro(c(-4, 5)))

	// Coordenadas en los extremos de int: ni desbordes ni pánicos.
	m, err = pacalgo.NuevoMapa(pacalgo.Dimension{Ancho: 2, Alto: 2}, c(math.MaxInt-1, math.MaxInt-1), c(math.MaxInt, math.MaxInt),
		c(math.MaxInt-1, math.MaxInt-1), cs(math.MinInt, math.MinInt), nil, nil)
	require.ErrorIs(t, err, pacalgo.ErrFueraDelMapa)
	require.Nil(t, m)
	m, err = pacalgo.NuevoMapa(pacalgo.Dimension{Ancho: 2, Alto: 2}, c(math.MaxInt-1, math.MaxInt-1), c(math.MaxInt, math.MaxInt),
		c(math.MaxInt-1, math.MaxInt-1), nil, nil, nil)
	require.NoError(t, err)
	require.False(t, m.Dentro(c(math.MinInt, math.MaxInt)))
	j, err := pacalgo.Nuevo(m)
	require.NoError(t, err)
	require.ErrorIs(t, j.Derecha(), pacalgo.ErrBorde)
	require.NoError(t, j.Izquierda())
	require.NoError(t, j.Abajo())
	require.True(t, j.Gano())
}

// TestNuevoMapaContraPrecondicion: NuevoMapa acepta exactamente lo que
// acepta la precondición del modelo, y cada error es de una cláusula que el
// modelo da por rota. Los argumentos son los de un mapa válido con hasta
// tres cambios al azar: el tamaño, el vértice, el inicio, la llegada, un
// fantasma, una pared o un chocolate de más (cerca del mapa o fuera), o el
// chocolate del inicio de menos.
func TestNuevoMapaContraPrecondicion(t *testing.T) {
	var validos, casos int
	rapid.Check(t, func(t *rapid.T) {
		casos++
		d := mapas(4).Draw(t, "mapa")
		cerca := rapid.Custom(func(t *rapid.T) pacalgo.Casillero {
			return pacalgo.Casillero{
				X: rapid.IntRange(d.vertice.X-2, d.vertice.X+d.dim.Ancho+1).Draw(t, "x"),
				Y: rapid.IntRange(d.vertice.Y-2, d.vertice.Y+d.dim.Alto+1).Draw(t, "y"),
			}
		})
		for range rapid.IntRange(0, 3).Draw(t, "cambios") {
			switch rapid.IntRange(0, 8).Draw(t, "cambio") {
			case 0:
				d.dim.Ancho = rapid.IntRange(-1, d.dim.Ancho).Draw(t, "ancho")
			case 1:
				d.dim.Alto = rapid.IntRange(-1, d.dim.Alto).Draw(t, "alto")
			case 2:
				d.vertice = cerca.Draw(t, "vértice")
			case 3:
				d.inicio = cerca.Draw(t, "inicio")
			case 4:
				d.llegada = rapid.SampledFrom([]pacalgo.Casillero{d.inicio, cerca.Draw(t, "llegada")}).Draw(t, "llegada")
			case 5:
				d.fantasmas = append(d.fantasmas, cerca.Draw(t, "fantasma"))
			case 6:
				d.paredes = append(d.paredes, rapid.SampledFrom(append(slices.Clone(d.fantasmas), d.inicio, cerca.Draw(t, "pared"))).Draw(t, "pared"))
			case 7:
				d.chocolates = append(d.chocolates, cerca.Draw(t, "chocolate"))
			case 8:
				d.chocolates = slices.DeleteFunc(slices.Clone(d.chocolates), func(c pacalgo.Casillero) bool { return c == d.inicio })
			}
		}
		dim, v, ini, lle, fan, par, cho := d.dim, d.vertice, d.inicio, d.llegada, d.fantasmas, d.paredes, d.chocolates
		td := tad.Tupla{X: dim.Ancho, Y: dim.Alto}
		tv, ti, tl := tad.Casillero(v), tad.Casillero(ini), tad.Casillero(lle)
		tf, tp, tc := conj(fan), conj(par), conj(cho)
		m, err := pacalgo.NuevoMapa(dim, v, ini, lle, fan, par, cho)
		valido := tad.PrecondicionNuevoMapa(td, tv, ti, tl, tf, tp, tc)
		require.Equal(t, valido, err == nil, "precondición %v, error %v", valido, err)
		require.Equal(t, valido, m != nil)
		if len(cho) == 0 {
			require.Equal(t, valido, tad.PrecondicionNuevoMapa1(td, tv, ti, tl, tf, tp), "las dos partes sin chocolates")
		}
		if valido {
			validos++
			compararMapa(t, m, tad.NuevoMapa(td, tv, ti, tl, tf, tp, tc))
			return
		}
		dentro := func(c tad.Casillero) bool { return tad.DentroDeLasDimensiones(td, tv, c) }
		todos := func(c tad.Conj) bool {
			return !slices.ContainsFunc(c, func(x tad.Casillero) bool { return !dentro(x) })
		}
		fantasmaCerca := !tad.Pertenece(ti, tc) && slices.ContainsFunc(tf, func(f tad.Casillero) bool {
			return tad.Pertenece(f, tad.ADistanciaMenosDeN(ti, 3))
		})
		for _, c := range []struct {
			motivo error
			rota   bool
		}{
			{pacalgo.ErrDimensiones, dim.Ancho <= 0 || dim.Alto <= 0},
			{pacalgo.ErrFueraDelMapa, !dentro(ti) || !dentro(tl) || !todos(tf) || !todos(tp) || !todos(tc)},
			{pacalgo.ErrSuperpuestos, !tad.Vacio(tad.Interseccion(tf, tp))},
			{pacalgo.ErrInicioEsLlegada, ti == tl},
			{pacalgo.ErrInicioOcupado, tad.Pertenece(ti, tad.Union(tf, tp))},
			{pacalgo.ErrFantasmaCerca, fantasmaCerca},
		} {
			require.Equal(t, c.rota, errors.Is(err, c.motivo), "%v: %v", c.motivo, err)
		}
		for _, e := range desunir(err) {
			require.ErrorIs(t, e, pacalgo.ErrMapaInvalido)
		}
	})
	t.Logf("%d casos, %d válidos", casos, validos)
}

func TestSinMapa(t *testing.T) {
	_, err := pacalgo.Nuevo(nil)
	require.ErrorIs(t, err, pacalgo.ErrSinMapa)
	_, err = pacalgo.Nuevo(&pacalgo.Mapa{})
	require.ErrorIs(t, err, pacalgo.ErrSinMapa)
	_, err = pacalgo.Resolver(&pacalgo.Mapa{})
	require.ErrorIs(t, err, pacalgo.ErrSinMapa)
	var cero pacalgo.Mapa
	require.Empty(t, cero.Formatear())
	require.Empty(t, slices.Collect(cero.CasillerosLibres()))
	require.False(t, cero.Dentro(pacalgo.Casillero{}))
}

func TestCasilleroYDireccion(t *testing.T) {
	c := pacalgo.Casillero{X: 2, Y: -1}
	require.Equal(t, "(2, -1)", c.String())
	require.Equal(t, pacalgo.Casillero{X: 3, Y: 1}, c.Mas(pacalgo.Casillero{X: 1, Y: 2}))
	require.Equal(t, pacalgo.Casillero{X: 1, Y: -3}, c.Menos(pacalgo.Casillero{X: 1, Y: 2}))
	require.Equal(t, 5, c.Distancia(pacalgo.Casillero{X: -1, Y: 1}))
	require.Equal(t, math.MaxInt, pacalgo.Casillero{X: math.MinInt, Y: math.MinInt}.Distancia(pacalgo.Casillero{X: math.MaxInt, Y: 0}))
	require.Equal(t, math.MaxInt, pacalgo.Casillero{X: math.MinInt}.Distancia(pacalgo.Casillero{X: 0, Y: 1}))
	var d pacalgo.Direccion
	require.Equal(t, pacalgo.Ninguna, d)
	require.False(t, d.Valida())
	require.Equal(t, "ninguna", d.String())
	require.Equal(t, pacalgo.Casillero{}, d.Delta())
	require.Equal(t, "Direccion(9)", pacalgo.Direccion(9).String())
	for d, delta := range map[pacalgo.Direccion]pacalgo.Casillero{
		pacalgo.Arriba: {X: 0, Y: 1}, pacalgo.Abajo: {X: 0, Y: -1}, pacalgo.Izquierda: {X: -1, Y: 0}, pacalgo.Derecha: {X: 1, Y: 0},
	} {
		require.True(t, d.Valida())
		require.Equal(t, delta, d.Delta(), "%v", d)
	}
}
