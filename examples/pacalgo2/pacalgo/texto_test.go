package pacalgo_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

func TestParsearMapa(t *testing.T) {
	m, err := pacalgo.ParsearMapa("vertice -2 5\r\n" +
		"#[#o]..F\r\n" +
		"[Io]...[FL]\r\n" +
		"..o.#\r\n\r\n\n")
	require.NoError(t, err)
	c := func(x, y int) pacalgo.Casillero { return pacalgo.Casillero{X: x, Y: y} }
	require.Equal(t, pacalgo.Dimension{Ancho: 5, Alto: 3}, m.Dimensiones())
	require.Equal(t, c(-2, 5), m.Vertice())
	require.Equal(t, c(-2, 6), m.Inicio())
	require.Equal(t, c(2, 6), m.Llegada())
	require.Equal(t, []pacalgo.Casillero{c(2, 6), c(2, 7)}, slices.Collect(m.Fantasmas()))
	require.Equal(t, []pacalgo.Casillero{c(2, 5), c(-2, 7), c(-1, 7)}, slices.Collect(m.Paredes()))
	require.Equal(t, []pacalgo.Casillero{c(0, 5), c(-2, 6), c(-1, 7)}, slices.Collect(m.Chocolates()))
	require.Equal(t, "vertice -2 5\n#[#o]..F\n[Io]...[FL]\n..o.#\n", m.Formatear())

	// Los símbolos entre corchetes en cualquier orden; "vértice" con tilde.
	m2, err := pacalgo.ParsearMapa("vértice -2 5\n#[o#]..F\n[oI]...[LF]\n..o.#")
	require.NoError(t, err)
	require.Equal(t, m, m2)

	var b strings.Builder
	require.NoError(t, m.Escribir(&b))
	require.Equal(t, m.Formatear(), b.String())
	require.Equal(t, m.Formatear(), m.String())
}

func TestParsearMapaErrores(t *testing.T) {
	casos := []struct {
		nombre         string
		texto          string
		motivo         error
		linea, columna int
		fragmento      string
		mensaje        string
	}{
		{"vacío", "", pacalgo.ErrFormato, 0, 0, "", "no hay ninguna fila"},
		{"solo el vértice", "vertice 1 2\n", pacalgo.ErrFormato, 0, 0, "", "no hay ninguna fila"},
		{"vértice mal", "vertice 1\nI.L", pacalgo.ErrFormato, 1, 1, "vertice 1", `"vertice x y"`},
		{"vértice no entero", "vertice 1 dos\nI.L", pacalgo.ErrFormato, 1, 11, "dos", "coordenada y"},
		{"vértice enorme", "vertice 99999999999999999999 0\nI.L", pacalgo.ErrFormato, 1, 9, "9999999999999999", "coordenada x"},
		{"símbolo desconocido", "I..\n.x.\n..L", pacalgo.ErrFormato, 2, 2, "x.", `'x'`},
		{"no ASCII", "I..\n.ñ.\n..L", pacalgo.ErrFormato, 2, 2, "ñ.", `'ñ'`},
		{"byte inválido", "I.\xff.L", pacalgo.ErrFormato, 1, 3, "\xff.L", "0xff"},
		{"espacio", "I . L", pacalgo.ErrFormato, 1, 2, " . L", `' '`},
		{"fila vacía en medio", "I..\n\n..L", pacalgo.ErrFormato, 2, 1, "", "0 casilleros"},
		{"fila corta", "I...\n..L", pacalgo.ErrFormato, 2, 4, "", "3 casilleros y la primera 4"},
		{"dos inicios", "I..\n.I.\n..L", pacalgo.ErrFormato, 2, 2, "I.", "más de un casillero de inicio (el otro está en la línea 1, columna 1)"},
		{"dos llegadas", "I.L\n[Lo]..", pacalgo.ErrFormato, 2, 1, "[Lo]..", "más de un casillero de llegada"},
		{"sin inicio", "...\n..L", pacalgo.ErrFormato, 0, 0, "", "falta el casillero de inicio"},
		{"sin llegada", "I..\n...", pacalgo.ErrFormato, 0, 0, "", "falta el casillero de llegada"},
		{"corchete sin cerrar", "I.[#o\n..L", pacalgo.ErrFormato, 1, 3, "[#o", "falta el ]"},
		{"corchetes vacíos", "I.[]\n..L", pacalgo.ErrFormato, 1, 3, "[]", "vacío entre corchetes"},
		{"punto entre corchetes", "I.[.o]\n..L", pacalgo.ErrFormato, 1, 4, ".o]", "no puede ir entre corchetes"},
		{"repetido entre corchetes", "I.[oo]\n..L", pacalgo.ErrFormato, 1, 5, "o]", "repetido"},
		{"corchete que cierra", "I.]\n..L", pacalgo.ErrFormato, 1, 3, "]", `']'`},
		{"fragmento corto", "I" + strings.Repeat("x", 100) + "\n..L", pacalgo.ErrFormato, 1, 2, strings.Repeat("x", 16), `'x'`},
		{"fragmento sin cortar un carácter", "I" + strings.Repeat("ñ", 20) + "\n..L", pacalgo.ErrFormato, 1, 2, strings.Repeat("ñ", 8), `'ñ'`},
		{"fantasma cerca del inicio", "#######\n#I..F.#\n#....L#", pacalgo.ErrFantasmaCerca, 2, 5, "F.#", "distancia 3 o menos"},
		{"fantasma en pared", "vertice 3 3\nI....\n....[F#]\n...L.", pacalgo.ErrSuperpuestos, 3, 5, "[F#]", "fantasmas en paredes: (7, 4)"},
		{"inicio en pared", "..[#Io].\n...L", pacalgo.ErrInicioOcupado, 1, 3, "[#Io].", "es una pared"},
		{"inicio es llegada", "..[IL].\n....", pacalgo.ErrInicioEsLlegada, 1, 3, "[IL].", "el inicio y la llegada son (2, 1)"},
		{"no cabe en un int", "vertice 9223372036854775807 0\nI.L", pacalgo.ErrDimensiones, 1, 1, "vertice 92233720", "no caben en un int"},
	}
	for _, caso := range casos {
		t.Run(caso.nombre, func(t *testing.T) {
			m, err := pacalgo.ParsearMapa(caso.texto)
			require.Nil(t, m)
			require.ErrorIs(t, err, caso.motivo)
			var e *pacalgo.ErrorTexto
			require.ErrorAs(t, err, &e)
			require.Equal(t, caso.linea, e.Linea, "%v", err)
			require.Equal(t, caso.columna, e.Columna, "%v", err)
			require.Equal(t, caso.fragmento, e.Fragmento)
			require.Contains(t, err.Error(), caso.mensaje)
			if caso.motivo != pacalgo.ErrFormato {
				require.ErrorIs(t, err, pacalgo.ErrMapaInvalido)
				require.NotErrorIs(t, err, pacalgo.ErrFormato)
			}
		})
	}
}

// TestParsearMapaVariosErrores: los de la precondición van todos, cada uno
// en su lugar.
func TestParsearMapaVariosErrores(t *testing.T) {
	_, err := pacalgo.ParsearMapa("[IF]..F\n.[F#]..\n...L")
	errs := desunir(err)
	require.Len(t, errs, 3, "%v", err)
	for i, esperado := range []struct {
		motivo         error
		linea, columna int
	}{{pacalgo.ErrSuperpuestos, 2, 2}, {pacalgo.ErrInicioOcupado, 1, 1}, {pacalgo.ErrFantasmaCerca, 2, 2}} {
		var e *pacalgo.ErrorTexto
		require.ErrorAs(t, errs[i], &e)
		require.ErrorIs(t, e, esperado.motivo)
		require.Equal(t, [2]int{esperado.linea, esperado.columna}, [2]int{e.Linea, e.Columna}, "%v", e)
	}
	require.Contains(t, err.Error(), "fantasmas a distancia 3 o menos del inicio (0, 2), que no tiene chocolate: (1, 1), (0, 2), (3, 2)")
}

func TestMapaLargo(t *testing.T) {
	// Una fila de MaxTexto casilleros es el mapa más grande que se puede
	// escribir: se lee.
	fila := "I" + strings.Repeat(".", pacalgo.MaxTexto-2) + "L"
	m, err := pacalgo.LeerMapa(strings.NewReader(fila))
	require.NoError(t, err)
	require.Equal(t, pacalgo.Dimension{Ancho: pacalgo.MaxTexto, Alto: 1}, m.Dimensiones())

	// Un byte más es un error, sin leer el resto.
	_, err = pacalgo.ParsearMapa(fila + "\n")
	require.ErrorIs(t, err, pacalgo.ErrFormato)
	require.ErrorContains(t, err, "más de 1048576 bytes")
	_, err = pacalgo.LeerMapa(iotest.OneByteReader(strings.NewReader(fila + strings.Repeat("\n", 1<<20))))
	require.ErrorIs(t, err, pacalgo.ErrFormato)
	var e *pacalgo.ErrorTexto
	require.ErrorAs(t, err, &e)
	require.Zero(t, e.Linea)
	require.Equal(t, e.Err.Error(), e.Error())

	_, err = pacalgo.LeerMapa(iotest.ErrReader(errors.New("disco roto")))
	require.ErrorContains(t, err, "disco roto")
}

// TestFormatearIdaYVuelta: Formatear y volver a leer da el mismo mapa, y
// volver a formatear, el mismo texto; en mapas al azar con el vértice en
// cualquier lado y casilleros con varias cosas.
func TestFormatearIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := mapas(8).Draw(t, "mapa")
		m := d.mapa(t)
		texto := m.Formatear()
		m2, err := pacalgo.ParsearMapa(texto)
		require.NoError(t, err, texto)
		require.Equal(t, m, m2, texto)
		require.Equal(t, texto, m2.Formatear())
		lineas := strings.Split(strings.TrimSuffix(texto, "\n"), "\n")
		if d.vertice != (pacalgo.Casillero{}) {
			require.True(t, strings.HasPrefix(lineas[0], "vertice "))
			lineas = lineas[1:]
		}
		require.Len(t, lineas, d.dim.Alto)
	})
}
