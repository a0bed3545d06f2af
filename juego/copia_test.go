package juego_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// partidaClasica empieza una partida clásica española de dos jugadores.
func partidaClasica(t testing.TB) *juego.Juego {
	t.Helper()
	v := espanol.Clasica()
	bolsa, err := v.Repositorio(2, 7)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, bolsa)
	require.NoError(t, err)
	return j
}

// TestCopiarEnEsUnClon: CopiarEn da lo mismo que Clonar, una y otra vez
// sobre el mismo destino, y las dos copias son independientes del
// original.
func TestCopiarEnEsUnClon(t *testing.T) {
	j := partidaClasica(t)
	var dst *juego.Juego
	for ronda := range 3 {
		dst = j.CopiarEn(dst)
		require.NoError(t, dst.Verificar())
		require.Equal(t, j.Posicion(), dst.Posicion(), "ronda %d", ronda)
		require.Equal(t, j.Sucesos(), dst.Sucesos())
		// La copia juega sin tocar el original: cambia sus fichas.
		mano, _ := dst.Fichas(dst.Turno())
		require.NoError(t, dst.Cambiar(mano))
		require.NoError(t, dst.Pasar())
		require.NoError(t, dst.Verificar())
		require.NotEqual(t, j.Tiempo(), dst.Tiempo())
		require.NoError(t, j.Verificar())
	}
}

// TestRepartir: las manos y la bolsa cambian a la vez; lo imposible se
// rechaza sin cambiar nada.
func TestRepartir(t *testing.T) {
	j := partidaClasica(t)
	m0, _ := j.Fichas(0)
	m1, _ := j.Fichas(1)
	bolsa := j.Repositorio()
	// Se intercambian las manos y se da vuelta la bolsa.
	al := make([]letra.Letra, len(bolsa))
	for i, l := range bolsa {
		al[len(bolsa)-1-i] = l
	}
	c := j.CopiarEn(nil)
	require.NoError(t, c.Repartir([]letra.Multiconjunto{m1, m0}, al))
	n0, _ := c.Fichas(0)
	require.Equal(t, m1, n0)
	require.Equal(t, al, c.Repositorio())
	require.NoError(t, c.Verificar())

	antes := c.Posicion()
	otra := m0
	otra.Agregar(letra.Comodin)
	for _, caso := range []struct {
		manos []letra.Multiconjunto
		bolsa []letra.Letra
	}{
		{[]letra.Multiconjunto{m1}, al},                                     // una mano de menos
		{[]letra.Multiconjunto{m1, otra}, al},                               // una mano más larga
		{[]letra.Multiconjunto{m1, m0}, al[1:]},                             // falta una ficha en la bolsa
		{[]letra.Multiconjunto{m1, m1}, al},                                 // fichas que no hay
		{[]letra.Multiconjunto{m1, m0}, append(al[1:len(al):len(al)], 200)}, // una letra que no existe
	} {
		err := c.Repartir(caso.manos, caso.bolsa)
		require.True(t, errors.Is(err, juego.ErrManoInvalida), "%v", err)
		require.Equal(t, antes, c.Posicion())
	}
}

// TestCopiarEnSinMemoria: copiar la misma posición en el mismo destino,
// repartir, pasar y cambiar no reserva memoria después de la primera vez.
func TestCopiarEnSinMemoria(t *testing.T) {
	j := partidaClasica(t)
	m0, _ := j.Fichas(0)
	m1, _ := j.Fichas(1)
	bolsa := j.Repositorio()
	manos := []letra.Multiconjunto{m1, m0}
	dst := j.CopiarEn(nil)
	ronda := func() {
		j.CopiarEn(dst)
		if err := dst.Repartir(manos, bolsa); err != nil {
			t.Fatal(err)
		}
		if _, err := dst.Ubicar(ocurrencia.Ocurrencia{}); err != nil {
			t.Fatal(err)
		}
		mano, _ := dst.Fichas(dst.Turno())
		if err := dst.Cambiar(mano); err != nil {
			t.Fatal(err)
		}
	}
	ronda()
	require.Zero(t, testing.AllocsPerRun(20, ronda))
}
