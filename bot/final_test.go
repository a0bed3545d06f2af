package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Con la bolsa vacía y OpcionesExperto.Final, el experto juega una jugada
// que da el valor exacto del final: sus puntos menos el valor del final que
// sigue son el valor del final de antes (los dos de analisis/final). Los
// finales salen de partidas del experto contra sí mismo, jugadas hasta que
// las dos manos tienen a lo sumo tres fichas.
func TestExpertoResuelveFinales(t *testing.T) {
	v := espanol.Clasica()
	b, err := bot.Nuevo(bot.Experto, generadorES(t))
	require.NoError(t, err)
	fb, err := bot.NuevoExperto(generadorES(t), bot.OpcionesExperto{Final: time.Minute})
	require.NoError(t, err)
	resueltos := 0
	for semilla := uint64(1); resueltos < 3; semilla++ {
		r, err := v.Repositorio(2, semilla)
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			a, _ := j.Fichas(0)
			c, _ := j.Fichas(1)
			if j.LetrasEnRepositorio() == 0 && a.Tamano() <= 3 && c.Tamano() <= 3 {
				break
			}
			elegida, _ := b.Elegir(context.Background(), j)
			_, err := elegida.Aplicar(j)
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); fin {
			continue
		}
		j, err = juego.DesdePosicion(v, j.Posicion())
		require.NoError(t, err)
		antes, err := final.Resolver(context.Background(), j, final.Opciones{Hilos: 1, MBTabla: 4})
		require.NoError(t, err)
		require.True(t, antes.Probado)
		d, _ := fb.Elegir(context.Background(), j)
		require.Equal(t, float64(antes.Valor), d.Equidad)
		c := j.Clonar()
		pts, err := d.Aplicar(c)
		require.NoError(t, err, "%v", d)
		valor := pts
		if _, fin := c.Terminada(); fin {
			a, _ := c.Puntaje(j.Turno())
			o, _ := c.Puntaje(1 - j.Turno())
			a0, _ := j.Puntaje(j.Turno())
			o0, _ := j.Puntaje(1 - j.Turno())
			valor = (a - o) - (a0 - o0)
		} else {
			despues, err := final.Resolver(context.Background(), c, final.Opciones{Hilos: 1, MBTabla: 4})
			require.NoError(t, err)
			valor -= despues.Valor
		}
		require.Equal(t, antes.Valor, valor, "semilla %d: %v", semilla, d)
		resueltos++
	}
}
