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
// elección de la mano en el tablero nuevo. Y Arbol.MejoresConPiso, con el
// piso de cualquier colocación de esas 8 que no cambió, da la mejor.
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
		// Con piso: la equidad de cualquier colocación de la raíz que no
		// cambió (sigue en el tablero, con los mismos puntos).
		for _, r := range raiz {
			if r.Tipo == juego.SucesoColocacion && !a.Cambiada(r.Jugada.Fichas) {
				cp := a.MejoresConPiso(m, h, 1, nb, r.Equidad, nil)
				require.NotEmpty(rt, cp)
				require.Equal(rt, completa[0], cp[0], "piso %v\n%s", r, j)
			}
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

// TestSumarMarcas: en una partida española, sea r la mejor elección de una
// mano después de una o dos jugadas A desde la raíz, una colocación que no
// cambió desde la raíz; después de deshacer A y hacer otras jugadas B, si
// r tampoco cambió, Arbol.MejoresCambiadas con las marcas de A y de B
// sumadas (Arbol.SumarMarcas) y la equidad de r como piso, combinada con
// r, da la mejor elección de la mano después de B (es lo que hace la
// simulación con los pisos de una mano que se repite).
func TestSumarMarcas(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	a, err := generador.NuevoArbol(v)
	require.NoError(t, err)
	usadas := 0
	pruebas.CasosCortos(t, 25)
	rapid.Check(t, func(rt *rapid.T) {
		h := hojasDe(rt)
		bolsa, _ := v.Repositorio(2, rapid.Uint64Range(0, 1<<20).Draw(rt, "bolsa"))
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		for range rapid.IntRange(1, 30).Draw(rt, "turnos") {
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
		// jugadas hace en el árbol una o dos jugadas de las 8 mejores de
		// la mano en turno (sin tocar j) y devuelve cuántas hizo.
		jugadas := func(nombre string) int {
			hechas := 0
			mj, _ := j.Fichas(j.Turno())
			es := a.MejoresPorEquidad(mj, h, 8, 100, nil)
			for range rapid.IntRange(1, 2).Draw(rt, nombre) {
				var cs []generador.Eleccion
				for _, e := range es {
					if e.Tipo == juego.SucesoColocacion {
						cs = append(cs, e)
					}
				}
				if len(cs) == 0 {
					break
				}
				e := rapid.SampledFrom(cs).Draw(rt, nombre+" jugada")
				var fs []generador.Puesta
				for _, f := range e.Jugada.Fichas {
					fs = append(fs, generador.Puesta{Pos: uint16(f.Fila*v.TamanoTablero() + f.Columna), Letra: f.Letra, Comodin: f.Comodin})
				}
				a.Hacer(fs)
				hechas++
				es = a.MejoresPorEquidad(mj, h, 8, 100, nil)
			}
			return hechas
		}
		a.Marcar()
		ha := jugadas("A")
		ra := a.MejoresPorEquidad(m, h, 1, nb, nil)
		require.NotEmpty(rt, ra)
		r := ra[0]
		r.Jugada.Fichas = append([]ocurrencia.Ficha(nil), r.Jugada.Fichas...)
		marcasA := a.Marcas(nil)
		cambiadaA := a.Cambiada(r.Jugada.Fichas)
		for range ha {
			a.Deshacer()
		}
		a.Marcar()
		hb := jugadas("B")
		defer func() {
			for range hb {
				a.Deshacer()
			}
		}()
		if r.Tipo != juego.SucesoColocacion || cambiadaA || a.Cambiada(r.Jugada.Fichas) {
			return
		}
		usadas++
		completa := a.MejoresPorEquidad(m, h, 1, nb, nil)
		require.NotEmpty(rt, completa)
		marcasB := a.Marcas(nil)
		a.SumarMarcas(marcasA)
		rs := a.MejoresCambiadas(m, h, 1, nb, r.Equidad, nil)
		a.PonerMarcas(marcasB)
		require.Equal(rt, marcasB, a.Marcas(nil))
		mejor := r
		if len(rs) > 0 && rs[0].Tipo != juego.SucesoPase && generador.CompararElecciones(r, rs[0]) > 0 {
			mejor = rs[0]
		}
		require.Equal(rt, completa[0], mejor, "r = %v\n%s", r, j)
	})
	t.Logf("%d con r sin cambiar", usadas)
}
