package notacion_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
)

// FuzzParsear: leer cualquier texto sobre un tablero FISE de 15×15 con
// fichas (un comodín y un dígrafo entre ellas) y sobre uno de 30×30 no
// entra en pánico; un error es un *notacion.Error que cita un trozo corto
// del texto y envuelve a un motivo; lo que se lee se escribe y se vuelve a
// leer igual, y lo escrito no cambia al escribirlo otra vez.
func FuzzParsear(f *testing.F) {
	for _, s := range []string{"8L S", "8G O....", "H6 RE..[LL]O", "h6 re.[CH][ll]o", "-", "-AB?[ch]", "1A Ñ", "8D [CH", "0D A", "99999D A", "AA1 A", "1AD [rr]", "8H ....", "8D .", "  8l s\t", "ZZZ9999 A", "-4", "8D A B"} {
		f.Add(s)
	}
	alf := letra.EspanolConDigrafos()
	tableros := []tablero.Tablero{casa(f), tableroDe(f, 30, alf, "(0,26,A) (1,26,?E) (2,26,RR) (29,29,Z)")}
	motivos := []error{notacion.ErrNotacion, notacion.ErrCeldaLibre, notacion.ErrSinFichas, tablero.ErrFueraDelTablero, tablero.ErrCeldaOcupada}
	f.Fuzz(func(t *testing.T, texto string) {
		for _, tab := range tableros {
			j, err := notacion.Parsear(texto, tab)
			if err != nil {
				var e *notacion.Error
				require.ErrorAs(t, err, &e)
				require.LessOrEqual(t, utf8.RuneCountInString(e.Fragmento), 25)
				require.Less(t, len(err.Error()), 1000, "el motivo tampoco repite el texto")
				require.True(t, strings.HasPrefix(texto[e.Posicion:], strings.TrimSuffix(e.Fragmento, "…")))
				n := 0
				for _, m := range motivos {
					if errors.Is(err, m) {
						n++
					}
				}
				require.Equal(t, 1, n, "%v", err)
				continue
			}
			escrito, err := notacion.Formatear(j, tab)
			require.NoError(t, err, "%v", j.Fichas)
			otra, err := notacion.Parsear(escrito, tab)
			require.NoError(t, err, escrito)
			require.Equal(t, j, otra, escrito)
			otraVez, err := notacion.Formatear(otra, tab)
			require.NoError(t, err)
			require.Equal(t, escrito, otraVez)
		}
	})
}
