package juego_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// foto es lo que se ve de un juego: un rechazo no debe cambiarla.
func foto(j *juego.Juego) string {
	s := fmt.Sprint(j.String(), j.Tiempo(), len(j.Sucesos()), j.Turno())
	for i := range j.Jugadores() {
		p, _ := j.Puntaje(i)
		f, _ := j.Fichas(i)
		s += fmt.Sprint(" ", i, ":", p, f)
	}
	return s
}

// Issue 26: Ajustar podía desbordar un puntaje (MaxInt + 1 daba la vuelta),
// Verificar lo aceptaba y CGP lo escribía. Ahora el ajuste se rechaza con
// ErrPuntajeDesbordado y no cambia nada.
func TestAjustarDesbordado(t *testing.T) {
	v := espanol.Clasica()
	bolsa, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	antes := foto(j)
	require.ErrorIs(t, j.Ajustar(0, math.MaxInt), juego.ErrPuntajeDesbordado)
	require.ErrorIs(t, j.Ajustar(0, math.MinInt), juego.ErrPuntajeDesbordado)
	require.Equal(t, antes, foto(j), "un ajuste rechazado no cambia nada")
	require.NoError(t, j.Ajustar(0, juego.MaxPuntaje))
	require.ErrorIs(t, j.Ajustar(0, 1), juego.ErrPuntajeDesbordado)
	require.NoError(t, j.Ajustar(0, -juego.MaxPuntaje))
	require.NoError(t, j.Ajustar(0, -juego.MaxPuntaje))
	require.ErrorIs(t, j.Ajustar(0, -1), juego.ErrPuntajeDesbordado)
	p, _ := j.Puntaje(0)
	require.Equal(t, -juego.MaxPuntaje, p)
	require.NoError(t, j.Verificar())
}

// posicionConPuntajes empieza una partida clásica en el tablero vacío con
// esos puntajes y turnos sin puntos.
func posicionConPuntajes(t *testing.T, sinPuntos int, puntajes ...int) *juego.Juego {
	t.Helper()
	v := espanol.Clasica()
	vacio, err := tablero.Nuevo(15, v.Alfabeto())
	require.NoError(t, err)
	mano := func(s string) letra.Multiconjunto {
		ls, err := v.Alfabeto().ParsearFichas(s)
		require.NoError(t, err)
		return letra.NuevoMulticonjunto(ls...)
	}
	j, err := juego.DesdePosicion(v, juego.Posicion{Tablero: vacio, Manos: []letra.Multiconjunto{mano("CASAEOR"), mano("ZXQJEAO")},
		Puntajes: puntajes, SinPuntos: sinPuntos})
	require.NoError(t, err)
	return j
}

// Una jugada que llevaría el puntaje de su jugador más allá de MaxPuntaje
// se rechaza, y el juego no cambia.
func TestJugadaDesbordada(t *testing.T) {
	j := posicionConPuntajes(t, 0, juego.MaxPuntaje-1, 0)
	jugada, err := ocurrencia.Parsear("(7,7,C) (7,8,A) (7,9,S) (7,10,A)", j.Variante().Alfabeto())
	require.NoError(t, err)
	p, err := j.PuntajeObtenido(jugada)
	require.NoError(t, err)
	require.GreaterOrEqual(t, p, 2)
	antes := foto(j)
	_, err = j.Ubicar(jugada)
	require.ErrorIs(t, err, juego.ErrJugadaInvalida)
	require.ErrorIs(t, err, juego.ErrPuntajeDesbordado)
	require.Equal(t, antes, foto(j))
	require.NoError(t, j.Verificar())

	_, err = juego.DesdePosicion(espanol.Clasica(), juego.Posicion{Tablero: j.Tablero(), Manos: []letra.Multiconjunto{{}, {}}, Puntajes: []int{math.MaxInt, 0}})
	require.ErrorIs(t, err, juego.ErrPosicionInvalida)
	require.ErrorIs(t, err, juego.ErrPuntajeDesbordado)
}

// El pase que termina la partida (el sexto turno seguido sin puntos) se
// rechaza si el ajuste final, que resta el valor de las fichas, dejaría un
// puntaje por debajo de −MaxPuntaje.
func TestFinDesbordado(t *testing.T) {
	j := posicionConPuntajes(t, 5, -juego.MaxPuntaje+1, 0)
	antes := foto(j)
	err := j.Pasar()
	require.ErrorIs(t, err, juego.ErrPuntajeDesbordado)
	require.Equal(t, antes, foto(j))
	_, termino := j.Terminada()
	require.False(t, termino)

	// Con margen, el pase termina la partida.
	j = posicionConPuntajes(t, 5, -juego.MaxPuntaje+100, 0)
	require.NoError(t, j.Pasar())
	_, termino = j.Terminada()
	require.True(t, termino)
	require.NoError(t, j.Verificar())
}

// Una variante con letras de valor enorme: los puntos de una jugada se
// saturan en lugar de dar la vuelta, y la jugada no es válida.
func TestVarianteEnorme(t *testing.T) {
	alf := letra.Ingles()
	a, _ := alf.Indice("A")
	lex, err := trie.NuevoDAWG([][]letra.Letra{{a, a}})
	require.NoError(t, err)
	v, err := variante.Nueva(alf, 5, 2, map[letra.Letra]int{a: math.MaxInt}, lex, variante.Opciones{})
	require.NoError(t, err)
	repo := slices.Repeat([]letra.Letra{a}, 5*5+2)
	j, err := juego.Nuevo(1, v, repo)
	require.NoError(t, err)
	o := ocurrencia.Nueva(ocurrencia.Ficha{Fila: 0, Columna: 0, Letra: a}, ocurrencia.Ficha{Fila: 0, Columna: 1, Letra: a})
	require.False(t, j.JugadaValida(o))
	require.ErrorIs(t, j.Validar(o), juego.ErrPuntajeDesbordado)
	_, err = j.Ubicar(o)
	require.ErrorIs(t, err, juego.ErrPuntajeDesbordado)
	require.NoError(t, j.Verificar())
}
