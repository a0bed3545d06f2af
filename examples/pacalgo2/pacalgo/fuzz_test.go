package pacalgo_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// FuzzParsearMapa: leer cualquier texto no entra en pánico; un error es uno
// o varios *ErrorTexto, cada uno con un lugar dentro del texto y un
// fragmento corto, que envuelven a ErrFormato o a ErrMapaInvalido; lo que
// se lee se formatea, se vuelve a leer igual y se formatea igual, y con él
// se empieza un juego. Las semillas son los mapas de examples/pacalgo2/mapas
// y unos textos rotos.
func FuzzParsearMapa(f *testing.F) {
	incluidos, err := filepath.Glob("../mapas/*.txt")
	require.NoError(f, err)
	require.NotEmpty(f, incluidos)
	for _, ruta := range incluidos {
		datos, err := os.ReadFile(ruta)
		require.NoError(f, err)
		f.Add(string(datos))
	}
	for _, s := range []string{
		"", "I.L", "vertice -3 7\r\n[Io].F\r\n.[#o].L", "vértice 1 2\n[FL]..\n[Io]..",
		"I..\n.I.\n..L", "I.[#o\n..L", "[IF]..F\n.[F#]..\n...L", "I.\xff.L", "vertice 9223372036854775807 0\nI.L",
	} {
		f.Add(s)
	}
	lineas := func(s string) int {
		n := 1
		for _, c := range []byte(s) {
			if c == '\n' {
				n++
			}
		}
		return n
	}
	f.Fuzz(func(t *testing.T, texto string) {
		m, err := pacalgo.ParsearMapa(texto)
		if err != nil {
			require.Nil(t, m)
			require.NotEmpty(t, err.Error())
			require.True(t, errors.Is(err, pacalgo.ErrFormato) || errors.Is(err, pacalgo.ErrMapaInvalido), "%v", err)
			for _, e := range desunir(err) {
				var et *pacalgo.ErrorTexto
				require.True(t, errors.As(e, &et), "%T %v", e, e)
				require.LessOrEqual(t, len(et.Fragmento), 16)
				require.True(t, et.Linea >= 0 && et.Linea <= lineas(texto), "línea %d", et.Linea)
				require.True(t, et.Linea == 0 && et.Columna == 0 || et.Linea > 0 && et.Columna > 0)
				if utf8.ValidString(texto) {
					require.True(t, utf8.ValidString(et.Fragmento))
				}
			}
			return
		}
		s := m.Formatear()
		m2, err := pacalgo.ParsearMapa(s)
		require.NoError(t, err, s)
		require.Equal(t, m, m2)
		require.Equal(t, s, m2.Formatear())
		j, err := pacalgo.Nuevo(m)
		require.NoError(t, err)
		require.False(t, j.Terminada(), "no se empieza ganando ni perdiendo")
		for d := pacalgo.Arriba; d <= pacalgo.Derecha; d++ {
			if j.Mover(d) == nil {
				break
			}
		}
		_ = j.String()
	})
}
