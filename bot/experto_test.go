package bot_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// subMulticonjuntos devuelve los sub-multiconjuntos distintos de m.
func subMulticonjuntos(m letra.Multiconjunto) []letra.Multiconjunto {
	res := []letra.Multiconjunto{{}}
	for l := range letra.MaxLetras {
		c := m.Cantidad(letra.Letra(l))
		if c == 0 {
			continue
		}
		var nuevos []letra.Multiconjunto
		for _, h := range res {
			for k := 0; k <= c; k++ {
				x := h
				x.AgregarN(letra.Letra(l), k)
				nuevos = append(nuevos, x)
			}
		}
		res = nuevos
	}
	return res
}

// todasLasJugadas devuelve las jugadas del jugador en turno de j, con un
// generador propio.
func todasLasJugadas(t require.TestingT, j *juego.Juego) []ocurrencia.Ocurrencia {
	g, err := generador.Nuevo(j.Variante(), generador.Opciones{}) // la variante ya tiene su GADDAG: es barato
	require.NoError(t, err)
	var res []ocurrencia.Ocurrencia
	for m := range g.Jugadas(j) {
		res = append(res, m.Ocurrencia())
	}
	return res
}

// equidadOraculo calcula sin atajos la mejor equidad del experto en j con
// la valoración val: cada jugada vale sus puntos más el valor de su hoja;
// cada cambio (si la bolsa tiene al menos F fichas), el de lo que conserva;
// pasar, el de la mano entera, y solo si no hay jugadas. Con la bolsa
// vacía, una hoja vale −2 veces sus fichas y salir 2 veces las del rival.
func equidadOraculo(t require.TestingT, j *juego.Juego, val bot.Valoracion) float64 {
	v := j.Variante()
	mano, _ := j.Fichas(j.Turno())
	rival, _ := j.Fichas(1 - j.Turno())
	bolsa := j.LetrasEnRepositorio()
	valor := func(h letra.Multiconjunto) float64 {
		if bolsa > 0 {
			return val.Valor(h)
		}
		if h.Vacio() {
			s := 0
			for l := range rival.Todas() {
				s += v.ValorFicha(l)
			}
			return float64(2 * s)
		}
		s := 0
		for l := range h.Todas() {
			s += v.ValorFicha(l)
		}
		return float64(-2 * s)
	}
	mejor, hay := math.Inf(-1), false
	for _, o := range todasLasJugadas(t, j) {
		hay = true
		pts, err := j.PuntajeObtenido(o)
		require.NoError(t, err)
		mejor = max(mejor, float64(pts)+valor(mano.Diferencia(o.DeLaMano())))
	}
	if !hay {
		mejor = valor(mano)
	}
	if v.Cambios() && bolsa >= v.Fichas() {
		for _, h := range subMulticonjuntos(mano) {
			if h != mano {
				mejor = max(mejor, valor(h))
			}
		}
	}
	return mejor
}

// El experto elige la decisión de mayor equidad, con la tabla embebida y
// con el modelo lineal, en posiciones de partidas del bot avanzado (con la
// bolsa llena, casi vacía y vacía), y la equidad que informa es la de lo
// que hace. 24 posiciones; 400 con las pruebas largas.
func TestExpertoEligeLaMayorEquidad(t *testing.T) {
	v := espanol.Clasica()
	lineal, _ := bot.HojasPara(v.Alfabeto())
	vals := []bot.Valoracion{hojases.Tabla(), lineal}
	g := generadorES(t)
	avanzado, _ := bot.Nuevo(bot.Avanzado, g)
	n := 24
	if pruebas.Largas() {
		n = 400
	}
	azar := rand.New(rand.NewPCG(11, 12))
	for caso := range n {
		bolsa, err := v.Repositorio(2, uint64(caso))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, bolsa)
		require.NoError(t, err)
		for range azar.IntN(30) {
			if _, fin := j.Terminada(); fin {
				break
			}
			_, err := avanzado.Elegir(j).Aplicar(j)
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); fin {
			continue
		}
		val := vals[caso%2]
		experto, _ := bot.NuevoExperto(g, val)
		d := experto.Elegir(j)
		require.InDelta(t, equidadOraculo(t, j, val), d.Equidad, 1e-9, "caso %d: %v", caso, d)
		// La equidad informada es la de la decisión.
		mano, _ := j.Fichas(j.Turno())
		hoja := mano
		switch d.Tipo {
		case juego.SucesoColocacion:
			hoja = mano.Diferencia(d.Jugada.DeLaMano())
		case juego.SucesoCambio:
			require.GreaterOrEqual(t, j.LetrasEnRepositorio(), v.Fichas(), "cambia solo si la bolsa lo permite")
			require.True(t, mano.Incluye(d.Cambiadas))
			hoja = mano.Diferencia(d.Cambiadas)
		}
		if j.LetrasEnRepositorio() > 0 {
			require.InDelta(t, float64(d.Puntos)+val.Valor(hoja), d.Equidad, 1e-9)
		}
		_, err = d.Aplicar(j)
		require.NoError(t, err)
	}
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
	d := experto.Elegir(j)
	require.Equal(t, juego.SucesoCambio, d.Tipo, "%v", d)
	require.GreaterOrEqual(t, d.Cambiadas.Tamano(), 5)

	// La bolsa vacía: el avanzado juega hasta vaciarla.
	avanzado, _ := bot.Nuevo(bot.Avanzado, g)
	for j.LetrasEnRepositorio() > 0 {
		_, err := avanzado.Elegir(j).Aplicar(j)
		require.NoError(t, err)
	}
	finales := 0
	for ; ; finales++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		d := experto.Elegir(j)
		require.NotEqual(t, juego.SucesoCambio, d.Tipo)
		require.InDelta(t, equidadOraculo(t, j, hojases.Tabla()), d.Equidad, 1e-9)
		_, err := d.Aplicar(j)
		require.NoError(t, err)
	}
	require.Positive(t, finales, "jugó con la bolsa vacía")
}
