package revision

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// soloJugadas es un generador sin búsqueda por equidad propia:
// generador.MejoresPorEquidad recorre todas sus jugadas.
type soloJugadas struct{ generador.Generador }

// TestRevisionEquidad: el análisis de cada turno con la búsqueda por
// equidad del GADDAG da las mismas opciones que generando todas las
// jugadas y ordenándolas, en partidas del bot codicioso hasta el final
// (con la bolsa vacía, las hojas del tasador cambian).
func TestRevisionEquidad(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	hs, ok := bot.ValoracionPara(v)
	require.True(t, ok)
	turnos, partidas := 0, 3
	if testing.Short() {
		partidas = 1
	}
	for s := range partidas {
		r, err := v.Repositorio(2, uint64(7+s))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			m, ok := generador.Mejor(g, j)
			if !ok {
				break
			}
			mov := almacen.Movimiento{Tipo: juego.SucesoColocacion, Jugada: m.Ocurrencia(), Puntos: m.Puntos}
			require.Equal(t, analizarTurno(j, soloJugadas{g}, hs, mov), analizarTurno(j, g, hs, mov))
			turnos++
			_, err := j.Ubicar(m.Ocurrencia())
			require.NoError(t, err)
		}
	}
	require.Greater(t, turnos, 10)
}
