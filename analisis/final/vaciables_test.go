package final_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las manos que el resolvedor da por imposibles de vaciar con una jugada
// (y con las que no busca las salidas del rival) nunca se vacían: en
// finales al azar en español y en inglés (con comodines), en cada
// posición de una línea al azar hasta el fin, si alguna jugada del
// generador con el léxico entero pone todas las fichas del jugador en
// turno, Vaciables dice que esa mano puede vaciarse. Falla también si no
// descarta ninguna mano (la prueba no probaría nada).
func TestVaciablesNuncaDescartanUnaSalida(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	vs := []*variante.Variante{espanol.Clasica(), pruebas.Ingles(t)}
	var gs []*generador.GADDAG
	for _, v := range vs {
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		gs = append(gs, g)
	}
	descartadas, salidas := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		x := rapid.IntRange(0, len(vs)-1).Draw(rt, "variante")
		maxMano := rapid.IntRange(1, 7).Draw(rt, "mano")
		semilla := rapid.Uint64().Draw(rt, "semilla")
		v, g := vs[x], gs[x]
		rng := rand.New(rand.NewPCG(semilla, 34))
		j := finalAlAzar(rt, v, g, maxMano, rng)
		sabido, puede, err := final.Vaciables(v, j)
		require.NoError(rt, err)
		require.True(rt, sabido)
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			mano, _ := j.Fichas(j.Turno())
			var js []generador.Jugada
			vacia := false
			for m := range generador.Jugadas(g, j) {
				if len(m.Fichas) == mano.Tamano() {
					vacia = true
				}
				m.Fichas = slices.Clone(m.Fichas)
				js = append(js, m)
			}
			if !puede(j.Turno(), mano) {
				descartadas++
				require.False(rt, vacia, "la mano %s se vacía en\n%s", mano.Formatear(v.Alfabeto()), j)
			}
			if vacia {
				salidas++
			}
			if len(js) == 0 || rng.IntN(8) == 0 {
				require.NoError(rt, j.Pasar())
				continue
			}
			_, err := j.Ubicar(js[rng.IntN(len(js))].Ocurrencia())
			require.NoError(rt, err)
			j, err = juego.DesdePosicion(v, j.Posicion()) // sin la historia
			require.NoError(rt, err)
		}
	})
	t.Logf("%d manos descartadas, %d posiciones con una salida", descartadas, salidas)
	require.Positive(t, descartadas)
	require.Positive(t, salidas)
}
