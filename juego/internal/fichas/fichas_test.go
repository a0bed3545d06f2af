package fichas_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/letra"
)

var alfabetos = []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles()}

// TestIdaYVuelta: lo que Formatear escribe, Parsear lo lee (la letra, si
// es comodín y cuántos bytes ocupa, con texto detrás), y lo que
// FormatearMano escribe, ParsearMano lo lee, en los tres alfabetos (con
// dígrafos, cuyos símbolos van entre corchetes).
func TestIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alf := rapid.SampledFrom(alfabetos).Draw(t, "alfabeto")
		l := letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "letra"))
		comodin := rapid.Bool().Draw(t, "comodín")
		s := fichas.Formatear(alf, l, comodin)
		resto := rapid.SampledFrom([]string{"", "A", "?", "[", "7"}).Draw(t, "resto")
		lp, minuscula, n, err := fichas.Parsear(alf, s+resto)
		require.NoError(t, err, "%q", s)
		require.Equal(t, l, lp, "%q", s)
		require.Equal(t, comodin, minuscula, "%q", s)
		require.Equal(t, len(s), n, "%q", s)

		var m letra.Multiconjunto
		for range rapid.IntRange(0, 9).Draw(t, "fichas") {
			if rapid.IntRange(0, 5).Draw(t, "¿comodín?") == 0 {
				m.Agregar(letra.Comodin)
			} else {
				m.Agregar(letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "de la mano")))
			}
		}
		texto := fichas.FormatearMano(alf, m)
		leida, pos, err := fichas.ParsearMano(alf, texto)
		require.NoError(t, err, "%q (byte %d)", texto, pos)
		require.Equal(t, m, leida, "%q", texto)
	})
}

// TestTextoCualquiera: Parsear y ParsearMano no entran en pánico con
// cualquier texto; si fallan, el error es uno de los dos centinelas y la
// posición está dentro del texto; si no, n avanza.
func TestTextoCualquiera(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alf := rapid.SampledFrom(alfabetos).Draw(t, "alfabeto")
		s := rapid.OneOf(rapid.String(), rapid.StringMatching(`[\[\]?A-Za-zÑñ\x{0303}]{0,12}`)).Draw(t, "texto")
		_, _, n, err := fichas.Parsear(alf, s)
		if err != nil {
			require.True(t, errors.Is(err, fichas.ErrCorchete) || errors.Is(err, fichas.ErrFicha), "%v", err)
		} else {
			require.Positive(t, n)
			require.LessOrEqual(t, n, len(s))
		}
		_, pos, err := fichas.ParsearMano(alf, s)
		if err != nil {
			require.True(t, errors.Is(err, fichas.ErrCorchete) || errors.Is(err, fichas.ErrFicha), "%v", err)
			require.Less(t, pos, len(s))
		}
	})
}

// Los casos a mano: los dígrafos entre corchetes, los comodines del
// tablero en minúsculas, y los errores.
func TestCasos(t *testing.T) {
	alf := letra.EspanolConDigrafos()
	for _, c := range []struct {
		s         string
		simbolo   string
		minuscula bool
		n         int
		err       error
	}{
		{"[CH]A", "CH", false, 4, nil},
		{"[ll]", "LL", true, 4, nil},
		{"CH", "C", false, 1, nil},
		{"ñ", "Ñ", true, 2, nil},
		{"N\u0303O", "Ñ", false, 3, nil},
		{"[", "", false, 0, fichas.ErrCorchete},
		{"[]", "", false, 0, fichas.ErrCorchete},
		{"[XY]", "", false, 0, fichas.ErrFicha},
		{"?", "", false, 0, fichas.ErrFicha},
		{"", "", false, 0, fichas.ErrFicha},
	} {
		l, minuscula, n, err := fichas.Parsear(alf, c.s)
		if c.err != nil {
			require.ErrorIs(t, err, c.err, "%q", c.s)
			continue
		}
		require.NoError(t, err, "%q", c.s)
		require.Equal(t, c.simbolo, alf.Simbolo(l), "%q", c.s)
		require.Equal(t, c.minuscula, minuscula, "%q", c.s)
		require.Equal(t, c.n, n, "%q", c.s)
	}
	_, pos, err := fichas.ParsearMano(alf, "AE?[RR]X[")
	require.ErrorIs(t, err, fichas.ErrCorchete)
	require.Equal(t, 8, pos)
}

// Una mano con un dígrafo y un comodín, escrita y leída.
func ExampleFormatearMano() {
	alf := letra.EspanolConDigrafos()
	m, _, _ := fichas.ParsearMano(alf, "?a[ch]E")
	fmt.Println(fichas.FormatearMano(alf, m))
	l, comodin, n, _ := fichas.Parsear(alf, "[rr]O")
	fmt.Println(fichas.Formatear(alf, l, comodin), n)
	// Output:
	// A[CH]E?
	// [rr] 4
}
