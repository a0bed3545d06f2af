package cgp_test

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// FuzzParsear: leer cualquier texto no entra en pánico; lo que se lee se
// escribe, se vuelve a leer igual y se escribe igual; y empezar una partida
// con lo leído da un juego o un error, nunca un pánico. Lee con la variante
// española clásica (dígrafos, comodines, 15×15) y con solo su alfabeto
// (tablero de cualquier tamaño).
func FuzzParsear(f *testing.F) {
	for _, s := range realesIngleses {
		f.Add(s)
	}
	for _, s := range realesEspanoles {
		f.Add(s)
	}
	for _, r := range realesOtros {
		f.Add(r.texto)
	}
	f.Add("cgp 3/1[ch]Ñ/3 ?A/B 1/-2 0 -lex X;; bb 50 ;oru")
	f.Add("2/2 / 0/0 0")
	v := espanol.Clasica()
	alf := letra.EspanolConDigrafos()
	f.Fuzz(func(t *testing.T, texto string) {
		const presupuesto, manos = 4 << 10, 8
		for _, leer := range []func(string) (*cgp.Posicion, error){
			func(s string) (*cgp.Posicion, error) { return cgp.Parsear(s, cgp.Opciones{Variante: v}) },
			func(s string) (*cgp.Posicion, error) { return cgp.Parsear(s, cgp.Opciones{Alfabeto: alf}) },
		} {
			p, err := leer(texto)
			acotada, errAcotada := cgp.Parsear(texto, cgp.Opciones{Variante: v, MaxBytes: presupuesto, MaxManos: manos})
			if len(texto) > presupuesto {
				require.ErrorIs(t, errAcotada, limite.Err)
			} else if errAcotada == nil {
				require.LessOrEqual(t, len(acotada.Manos), manos)
			}
			if err != nil {
				var e *cgp.Error
				require.ErrorAs(t, err, &e)
				require.NotEmpty(t, err.Error())
				require.LessOrEqual(t, utf8.RuneCountInString(e.Fragmento), 33, "cita un trozo corto")
				continue
			}
			s, err := cgp.Formatear(p)
			require.NoError(t, err)
			q, err := leer(s)
			require.NoError(t, err, s)
			require.Equal(t, p, q)
			s2, err := cgp.Formatear(q)
			require.NoError(t, err)
			require.Equal(t, s, s2)
			if p.Tablero.Tamano() == v.TamanoTablero() {
				p.Variante = v
				_, _ = p.Juego()
			}
		}
	})
}
