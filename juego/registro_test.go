package juego_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestFinNorteamericano: con variante.FinNorteamericano el que sale gana el
// doble de las fichas del otro y nadie pierde.
func TestFinNorteamericano(t *testing.T) {
	op := espanol.Clasica().Opciones()
	op.ReglaFin = variante.FinNorteamericano
	v, err := espanol.Clasica().Con(op)
	require.NoError(t, err)
	require.Equal(t, variante.FinNorteamericano, v.ReglaFin())
	require.Equal(t, variante.FinInternacional, espanol.Clasica().ReglaFin(), "Con no cambia la original")
	require.Equal(t, espanol.Clasica().Distribucion(), v.Distribucion(), "Con no duplica los comodines")
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("asesino" + "zqx")
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	var fs []ocurrencia.Ficha
	for i, s := range []string{"A", "S", "E", "S", "I", "N", "O"} {
		fs = append(fs, fichaEn(t, alf, 7, 7+i, s))
	}
	_, err = j.Ubicar(ocurrencia.Nueva(fs...))
	require.NoError(t, err)
	fin, terminada := j.Terminada()
	require.True(t, terminada)
	require.Equal(t, []int{2 * (10 + 5 + 8), 0}, fin.Ajustes)
	p1, _ := j.Puntaje(1)
	require.Zero(t, p1)
	require.NoError(t, verificar(j))
	require.Equal(t, "norteamericano", variante.FinNorteamericano.String())
}

// TestUbicarSinLexico: una palabra que el léxico no tiene se ubica y se
// puntúa como cualquier otra, y PalabrasIlegitimas la informa.
func TestUbicarSinLexico(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("aaaeeeo" + "zqxuuuu" + "iiiiiii")
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	o := ocurrencia.Nueva(fichaEn(t, alf, 7, 7, "A"), fichaEn(t, alf, 7, 8, "A"), fichaEn(t, alf, 7, 9, "A"))
	_, err = j.Ubicar(o)
	require.ErrorIs(t, err, juego.ErrPalabraIlegitima)
	puntos, err := j.UbicarSinLexico(o)
	require.NoError(t, err)
	require.Equal(t, 3*2, puntos, "AAA en el centro, palabra doble")
	p0, _ := j.Puntaje(0)
	require.Equal(t, 6, p0, "el puntaje perezoso también cuenta la palabra falsa")
	require.Len(t, j.PalabrasIlegitimas(), 1)
	_, err = j.UbicarSinLexico(ocurrencia.Nueva(fichaEn(t, alf, 0, 0, "Z"), fichaEn(t, alf, 0, 1, "U")))
	require.ErrorIs(t, err, juego.ErrDesconectada, "las demás reglas se comprueban igual")
	require.NoError(t, verificar(j))
}

// TestAsignarManos: las fichas pasan de una mano a otra y la bolsa se
// queda con las que sobran.
func TestAsignarManos(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	m := func(s string) letra.Multiconjunto {
		ls, err := alf.ParsearFichas(s)
		require.NoError(t, err)
		return letra.NuevoMulticonjunto(ls...)
	}
	r, err := alf.ParsearFichas("aaaaaaa" + "eeeeeee" + "zx")
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.NoError(t, j.AsignarManos([]letra.Multiconjunto{m("aaaaaae"), m("eeeeeez")}))
	m0, _ := j.Fichas(0)
	m1, _ := j.Fichas(1)
	require.Equal(t, m("aaaaaae"), m0)
	require.Equal(t, m("eeeeeez"), m1)
	require.Equal(t, m("ax"), letra.NuevoMulticonjunto(j.Repositorio()...))
	require.NoError(t, verificar(j))
	require.ErrorIs(t, j.AsignarManos([]letra.Multiconjunto{m("qqqqqqq"), m1}), juego.ErrManoInvalida)
	require.ErrorIs(t, j.AsignarManos([]letra.Multiconjunto{m("aaaaaa"), m1}), juego.ErrManoInvalida)
	require.ErrorIs(t, j.AsignarManos([]letra.Multiconjunto{m0}), juego.ErrManoInvalida)
	m0b, _ := j.Fichas(0)
	require.Equal(t, m0, m0b, "un error no cambia nada")
}
