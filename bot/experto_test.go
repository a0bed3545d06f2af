package bot_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// mayorEquidad es lo que el experto debe elegir, calculado recorriendo todo:
// la mayor equidad entre las jugadas (puntos más el valor de la hoja) y los
// cambios (el valor de lo que conserva, si la bolsa tiene F fichas), o
// pasar si no hay ninguna; con la bolsa vacía, la hoja vale −2 veces sus
// fichas y salir 2 veces las de los rivales.
func mayorEquidad(t require.TestingT, j *juego.Juego, hs *bot.Hojas) float64 {
	v := j.Variante()
	mano, _ := j.Fichas(j.Turno())
	valor := hs.Valor
	if j.LetrasEnRepositorio() == 0 {
		rivales := 0
		for i := range j.Jugadores() {
			if i != j.Turno() {
				m, _ := j.Fichas(i)
				for l := range m.Todas() {
					rivales += v.ValorFicha(l)
				}
			}
		}
		valor = func(h letra.Multiconjunto) float64 {
			if h.Vacio() {
				return float64(2 * rivales)
			}
			s := 0
			for l := range h.Todas() {
				s += v.ValorFicha(l)
			}
			return float64(-2 * s)
		}
	}
	mejor, hay := math.Inf(-1), false
	g := generadorES(t.(testing.TB))
	for jg := range g.Jugadas(j) {
		hoja := mano
		for _, f := range jg.Fichas {
			hoja.Sacar(f.DeLaMano())
		}
		mejor, hay = max(mejor, float64(jg.Puntos)+valor(hoja)), true
	}
	if v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas() {
		var rec func(l int, conservar letra.Multiconjunto)
		rec = func(l int, conservar letra.Multiconjunto) {
			if l == letra.MaxLetras {
				if conservar != mano {
					mejor, hay = max(mejor, valor(conservar)), true
				}
				return
			}
			for c := range mano.Cantidad(letra.Letra(l)) + 1 {
				cc := conservar
				cc.AgregarN(letra.Letra(l), c)
				rec(l+1, cc)
			}
		}
		rec(0, letra.Multiconjunto{})
	}
	if !hay {
		return valor(mano)
	}
	return mejor
}

// TestExpertoMayorEquidad: en partidas al azar, la decisión del experto
// tiene la mayor equidad entre todas las jugadas y los cambios.
func TestExpertoMayorEquidad(t *testing.T) {
	v := espanol.Clasica()
	hs := bot.HojasEspanol()
	rapid.Check(t, func(rt *rapid.T) {
		bolsa, err := v.Repositorio(2, rapid.Uint64().Draw(rt, "semilla"))
		require.NoError(rt, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		experto, err := bot.Nuevo(bot.Experto, generadorES(t))
		require.NoError(rt, err)
		avanzado, err := bot.Nuevo(bot.Avanzado, generadorES(t))
		require.NoError(rt, err)
		for range rapid.IntRange(0, 40).Draw(rt, "turnos") {
			if _, fin := j.Terminada(); fin {
				return
			}
			_, err := avanzado.Elegir(j).Aplicar(j)
			require.NoError(rt, err)
		}
		if _, fin := j.Terminada(); fin {
			return
		}
		d := experto.Elegir(j)
		require.Equal(rt, mayorEquidad(t, j, hs), d.Equidad, "%v", d)
		_, err = d.Aplicar(j)
		require.NoError(rt, err)
	})
}
