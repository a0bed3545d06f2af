package bot_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// mayorEquidad es lo que el experto debe elegir, calculado recorriendo todo:
// la mayor equidad entre las jugadas (puntos más el valor de la hoja con
// hs) y los cambios (el valor de lo que conserva, si la bolsa tiene F
// fichas), o pasar si no hay ninguna; con la bolsa vacía, la hoja vale −2
// veces sus fichas y salir 2 veces las de los rivales.
func mayorEquidad(t require.TestingT, j *juego.Juego, hs generador.Hojas) float64 {
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
	for jg := range generador.Jugadas(g, j) {
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
// tiene la mayor equidad entre todas las jugadas y los cambios, con la
// tabla embebida (la de bot.Nuevo en español) y con el modelo lineal, y la
// equidad que informa es la de lo que hace.
func TestExpertoMayorEquidad(t *testing.T) {
	v := espanol.Clasica()
	rapid.Check(t, func(rt *rapid.T) {
		bolsa, err := v.Repositorio(2, rapid.Uint64().Draw(rt, "semilla"))
		require.NoError(rt, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(rt, err)
		var hs generador.Hojas = hojases.Tabla()
		experto, err := bot.Nuevo(bot.Experto, generadorES(t))
		require.NoError(rt, err)
		if rapid.Bool().Draw(rt, "lineal") {
			hs = bot.HojasEspanol()
			experto, err = bot.NuevoExperto(generadorES(t), bot.OpcionesExperto{Lineal: true})
			require.NoError(rt, err)
		}
		avanzado, err := bot.Nuevo(bot.Avanzado, generadorES(t))
		require.NoError(rt, err)
		for range rapid.IntRange(0, 40).Draw(rt, "turnos") {
			if _, fin := j.Terminada(); fin {
				return
			}
			elegida, _ := avanzado.Elegir(context.Background(), j)
			_, err := elegida.Aplicar(j)
			require.NoError(rt, err)
		}
		if _, fin := j.Terminada(); fin {
			return
		}
		d, _ := experto.Elegir(context.Background(), j)
		require.Equal(rt, mayorEquidad(t, j, hs), d.Equidad, "%v", d)
		// La equidad informada es la de la decisión.
		mano, _ := j.Fichas(j.Turno())
		hoja := mano
		switch d.Tipo {
		case juego.SucesoColocacion:
			hoja = mano.Diferencia(d.Jugada.DeLaMano())
		case juego.SucesoCambio:
			require.GreaterOrEqual(rt, j.LetrasEnRepositorio(), v.Fichas(), "cambia solo si la bolsa lo permite")
			require.True(rt, mano.Incluye(d.Cambiadas))
			hoja = mano.Diferencia(d.Cambiadas)
		}
		if j.LetrasEnRepositorio() > 0 {
			require.InDelta(rt, float64(d.Puntos)+hs.Valor(hoja), d.Equidad, 1e-9)
		}
		_, err = d.Aplicar(j)
		require.NoError(rt, err)
	})
}

// Con una mano sin vocales ni jugada que valga la pena, el experto cambia;
// con la bolsa vacía nunca cambia y, si puede salir, sale cuando salir vale
// más.
func TestExpertoCambiaYCierra(t *testing.T) {
	v := espanol.Clasica()
	g := generadorES(t)
	experto, _ := bot.Nuevo(bot.Experto, g)
	// Una bolsa donde el primero puede recibir Q, Ñ, X, Z, CH, LL y RR.
	alf := v.Alfabeto()
	mala, err := alf.ParsearFichas("QÑXZCHLLRR")
	require.NoError(t, err)
	var j *juego.Juego
	for s := uint64(0); j == nil; s++ {
		bolsa, _ := v.Repositorio(2, s)
		j, _ = juego.Nuevo(2, v, bolsa)
		if j.AsignarMano(0, letra.NuevoMulticonjunto(mala...)) != nil {
			j = nil
		}
	}
	d, _ := experto.Elegir(context.Background(), j)
	require.Equal(t, juego.SucesoCambio, d.Tipo, "%v", d)
	require.GreaterOrEqual(t, d.Cambiadas.Tamano(), 5)

	// La bolsa vacía: el avanzado juega hasta vaciarla.
	avanzado, _ := bot.Nuevo(bot.Avanzado, g)
	for j.LetrasEnRepositorio() > 0 {
		elegida, _ := avanzado.Elegir(context.Background(), j)
		_, err := elegida.Aplicar(j)
		require.NoError(t, err)
	}
	finales := 0
	for ; ; finales++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		d, _ := experto.Elegir(context.Background(), j)
		require.NotEqual(t, juego.SucesoCambio, d.Tipo)
		require.InDelta(t, mayorEquidad(t, j, hojases.Tabla()), d.Equidad, 1e-9)
		_, err := d.Aplicar(j)
		require.NoError(t, err)
	}
	require.Positive(t, finales, "jugó con la bolsa vacía")
}
