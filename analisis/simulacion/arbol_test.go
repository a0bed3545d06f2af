package simulacion

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestArbolComoReferencia: los rollouts sobre el árbol de cada trabajador
// (el tablero de la raíz, cambiado con Hacer y Deshacer) dan, muestra por
// muestra, los mismos valores y victorias que los de la referencia, que
// copia el tablero del juego de prueba en cada turno; en posiciones de
// toda la partida (también con la bolsa casi vacía, donde se juega con la
// regla del cierre y las partidas terminan), y con el árbol de vuelta en
// la raíz después de cada rollout.
func TestArbolComoReferencia(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	hs := hojasDePrueba{}
	pruebas.CasosCortos(t, 25)
	rapid.Check(t, func(rt *rapid.T) {
		bolsa, _ := v.Repositorio(2, rapid.Uint64Range(0, 1<<20).Draw(rt, "bolsa"))
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		turnos := rapid.IntRange(0, 40).Draw(rt, "turnos")
		for range turnos {
			if _, fin := j.Terminada(); fin {
				break
			}
			jugarPorEquidad(t, g, j, hs)
		}
		if _, fin := j.Terminada(); fin {
			rt.Skip("terminada")
		}
		op := Opciones{
			Candidatas: rapid.IntRange(1, 8).Draw(rt, "candidatas"),
			Plies:      rapid.IntRange(1, 4).Draw(rt, "plies"),
			Hojas:      hs, Trabajadores: 1,
			Semilla: rapid.Uint64().Draw(rt, "semilla"),
		}
		compararConReferencia(rt, j, op)
	})
}

// TestCambiosComoReferencia es TestArbolComoReferencia con hojas que
// castigan las fichas repetidas (los cambios y los pases abundan, también
// en los rollouts, que los juegan sin el juego de prueba: trabajador.
// jugarRapido), turnos seguidos sin puntos en la raíz (con seis, la
// partida termina) y Opciones.Victoria, que depende de las fichas que no
// se ven.
func TestCambiosComoReferencia(t *testing.T) {
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	hs := hojasCambiadoras{}
	pruebas.CasosCortos(t, 25)
	rapid.Check(t, func(rt *rapid.T) {
		bolsa, _ := v.Repositorio(2, rapid.Uint64Range(0, 1<<20).Draw(rt, "bolsa"))
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		turnos := rapid.IntRange(0, 30).Draw(rt, "turnos")
		for range turnos {
			if _, fin := j.Terminada(); fin {
				break
			}
			jugarPorEquidad(t, g, j, hs)
		}
		for range rapid.IntRange(0, 5).Draw(rt, "pases") {
			if _, fin := j.Terminada(); fin {
				break
			}
			require.NoError(rt, j.Pasar())
		}
		if _, fin := j.Terminada(); fin {
			rt.Skip("terminada")
		}
		op := Opciones{
			Candidatas: rapid.IntRange(1, 8).Draw(rt, "candidatas"),
			Plies:      rapid.IntRange(1, 5).Draw(rt, "plies"),
			Hojas:      hs, Trabajadores: 1,
			Semilla:  rapid.Uint64().Draw(rt, "semilla"),
			Victoria: func(d, noVistas int) float64 { return 1 / (1 + math.Exp(-float64(d+noVistas)/8)) },
		}
		compararConReferencia(rt, j, op)
	})
}

// compararConReferencia compara, en cuatro iteraciones, los valores y las
// victorias de cada candidata de la simulación de op en j con los de la
// referencia (ver TestArbolComoReferencia).
func compararConReferencia(rt *rapid.T, j *juego.Juego, op Opciones) {
	ref, err := prepararCon(context.Background(), j, op, true)
	require.NoError(rt, err)
	nuevo, err := prepararCon(context.Background(), j, op, false)
	require.NoError(rt, err)
	tr, tn := ref.trabajadores[0], nuevo.trabajadores[0]
	n := len(ref.cands)
	vr, gr := make([]float64, n), make([]float64, n)
	vn, gn := make([]float64, n), make([]float64, n)
	for it := range uint64(4) {
		require.True(rt, tr.iteracion(it, vr, gr))
		require.True(rt, tn.iteracion(it, vn, gn))
		for c := range n {
			if math.IsNaN(vr[c]) {
				require.True(rt, math.IsNaN(vn[c]), "candidata %v", ref.cands[c].Eleccion)
				continue
			}
			require.Equal(rt, vr[c], vn[c], "iteración %d, candidata %v", it, ref.cands[c].Eleccion)
			require.Equal(rt, gr[c], gn[c])
		}
		require.Zero(rt, tn.arbol.Hechas())
	}
}

// hojasCambiadoras castigan mucho las fichas repetidas: con ellas, cambiar
// o pasar suele ser lo mejor.
type hojasCambiadoras struct{}

func (hojasCambiadoras) Valor(h letra.Multiconjunto) float64 {
	v := 0.0
	for l := range letra.Letra(letra.MaxLetras) {
		if n := h.Cantidad(l); n > 1 {
			v -= 25 * float64(n-1)
		}
	}
	return v
}
