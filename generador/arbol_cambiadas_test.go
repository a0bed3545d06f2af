package generador_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestMejoresCambiadas: en una partida española, la primera r de las 8
// mejores elecciones de una mano en un tablero que no cambió después de
// una o dos jugadas (Arbol.Cambiada), como en la simulación, combinada con
// Arbol.MejoresCambiadas (con piso = la equidad de r), es la mejor
// elección de la mano en el tablero nuevo.
func TestMejoresCambiadas(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	a, err := generador.NuevoArbol(v)
	require.NoError(t, err)
	usadas, cambiadas := 0, 0
	pruebas.CasosCortos(t, 25)
	rapid.Check(t, func(rt *rapid.T) {
		h := hojasDe(rt)
		bolsa, _ := v.Repositorio(2, rapid.Uint64Range(0, 1<<20).Draw(rt, "bolsa"))
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		for range rapid.IntRange(0, 30).Draw(rt, "turnos") {
			if _, fin := j.Terminada(); fin {
				break
			}
			m, _ := j.Fichas(j.Turno())
			es := generador.MejoresPorEquidad(g, j, m, h, 1, nil)
			if len(es) == 0 || es[0].Tipo != juego.SucesoColocacion {
				require.NoError(rt, j.Pasar())
				continue
			}
			_, err := j.Ubicar(ocurrencia.Nueva(es[0].Jugada.Fichas...))
			require.NoError(rt, err)
		}
		if _, fin := j.Terminada(); fin {
			rt.Skip("terminada")
		}
		m, _ := j.Fichas(1 - j.Turno())
		nb := rapid.IntRange(0, 20).Draw(rt, "bolsa de la búsqueda")
		a.Cargar(j)
		a.Marcar()
		raiz := a.MejoresPorEquidad(m, h, 8, nb, nil)
		for i := range raiz {
			raiz[i].Jugada.Fichas = append([]ocurrencia.Ficha(nil), raiz[i].Jugada.Fichas...)
		}
		for range rapid.IntRange(1, 2).Draw(rt, "jugadas") {
			if _, fin := j.Terminada(); fin {
				break
			}
			mj, _ := j.Fichas(j.Turno())
			es := generador.MejoresPorEquidad(g, j, mj, h, 8, nil)
			var jugadas []generador.Eleccion
			for _, e := range es {
				if e.Tipo == juego.SucesoColocacion {
					jugadas = append(jugadas, e)
				}
			}
			if len(jugadas) == 0 {
				break
			}
			e := rapid.SampledFrom(jugadas).Draw(rt, "jugada")
			_, err := j.Ubicar(ocurrencia.Nueva(e.Jugada.Fichas...))
			require.NoError(rt, err)
			var fs []generador.Puesta
			for _, f := range e.Jugada.Fichas {
				fs = append(fs, generador.Puesta{Pos: uint16(f.Fila*v.TamanoTablero() + f.Columna), Letra: f.Letra, Comodin: f.Comodin})
			}
			a.Hacer(fs)
		}
		completa := a.MejoresPorEquidad(m, h, 1, nb, nil)
		require.NotEmpty(rt, completa)
		i := 0
		for i < len(raiz) && raiz[i].Tipo == juego.SucesoColocacion && a.Cambiada(raiz[i].Jugada.Fichas) {
			i++
		}
		if i == len(raiz) {
			cambiadas++
			return
		}
		usadas++
		r := raiz[i]
		piso := r.Equidad
		if r.Tipo == juego.SucesoPase {
			piso = math.Inf(-1)
		}
		rs := a.MejoresCambiadas(m, h, 1, nb, piso, nil)
		require.NotEmpty(rt, rs)
		mejor := rs[0]
		// Como la simulación: pasar solo si no hay otra elección.
		if r.Tipo != juego.SucesoPase && (mejor.Tipo == juego.SucesoPase || generador.CompararElecciones(r, mejor) < 0) {
			mejor = r
		}
		require.Equal(rt, completa[0], mejor, "r = %v\n%s", r, j)
	})
	t.Logf("%d con la respuesta guardada, %d cambiadas", usadas, cambiadas)
}
