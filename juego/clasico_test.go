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

// fiseSinConexion es la variante clásica española con premios pero sin la
// regla del centro, para armar en pocas jugadas las posiciones de los
// ejemplos de la tesis.
func fiseSinConexion(t testing.TB) *variante.Variante {
	t.Helper()
	v, err := variante.Nueva(letra.EspanolConDigrafos(), 15, 7, espanol.PuntajesClasicos(),
		espanol.Clasica().Lexico(), variante.Opciones{Premios: variante.PremiosClasicos(), Bolsa: true})
	require.NoError(t, err)
	return v
}

// TestEjemplosDeLaTesis rearma las posiciones de la tesis de Romero et al.
// (2018) y comprueba los puntajes que da el texto.
func TestEjemplosDeLaTesis(t *testing.T) {
	v := fiseSinConexion(t)
	// 15l BURO: DESFASA ya está en la columna N, filas 8 a 14; BURO va en la
	// fila 15 desde la L (letra doble) hasta la O (palabra triple) y su R
	// alarga DESFASA. BURO = (3·2 + 1 + 1 + 1)·3 = 27; DESFASAR = 12.
	j, _, puntos := partida(t, v, colocacion{7, 13, false, "desfasa"}, colocacion{14, 11, true, "buro"})
	require.Equal(t, 39, puntos[1], "15l BURO")
	require.Contains(t, palabrasDelTablero(j), "DESFASAR")

	// o5 LEÑOS: D y E ya están en la columna N, filas 8 y 9; LEÑOS baja por
	// la O desde la fila 5 y su O cae en la palabra triple 8O. LEÑOS =
	// 12·3 = 36, DO = 3·3 = 9, ES = 2.
	_, _, puntos = partida(t, v, colocacion{7, 13, false, "de"}, colocacion{4, 14, false, "leños"})
	require.Equal(t, 47, puntos[1], "o5 LEÑOS")
}

// TestPremiosSoloParaFichasNuevas: un premio cuenta solo en la jugada que
// cubre su casilla, y el de palabra multiplica cada palabra con la ficha.
func TestPremiosSoloParaFichasNuevas(t *testing.T) {
	v := fiseSinConexion(t)
	// CASA por el centro (palabra doble): (3+1+1+1)·2 = 12. CASAS suma una S
	// en la letra doble (7,11): 3+1+1+1+1·2 = 8, sin el doble del centro.
	_, _, puntos := partida(t, v, colocacion{7, 7, true, "casa"}, colocacion{7, 7, true, "casas"})
	require.Equal(t, []int{12, 8}, puntos)

	// Una ficha en una palabra doble que forma dos palabras dobla las dos:
	// con OS en (5,3)-(5,4), ES en (4,4)-(4,5) pone la E en la palabra doble
	// (4,4) y forma también ES vertical con la S de (5,4): (1+1)·2 + (1+1)·2.
	_, _, puntos = partida(t, v, colocacion{5, 3, true, "os"}, colocacion{4, 4, true, "es"})
	require.Equal(t, 8, puntos[1])
}

// comodinEn devuelve una ficha comodín que representa la letra s.
func comodinEn(t testing.TB, alf *letra.Alfabeto, fila, columna int, s string) ocurrencia.Ficha {
	l, ok := alf.Indice(s)
	require.True(t, ok)
	return ocurrencia.Ficha{Fila: fila, Columna: columna, Letra: l, Comodin: true}
}

func fichaEn(t testing.TB, alf *letra.Alfabeto, fila, columna int, s string) ocurrencia.Ficha {
	l, ok := alf.Indice(s)
	require.True(t, ok)
	return ocurrencia.Ficha{Fila: fila, Columna: columna, Letra: l}
}

func TestClasicaCompleta(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	mano := func(s string) []letra.Letra {
		ls, err := alf.ParsearFichas(s)
		require.NoError(t, err)
		return ls
	}
	// Dos jugadores; el 0 tiene CASA?ES y el 1 LLAVERO; luego la bolsa.
	r := append(append(mano("casa?es"), mano("llavero")...), mano("tiiouunnd")...)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)

	// Reglas de colocación.
	fuera := ocurrencia.Nueva(fichaEn(t, alf, 0, 0, "E"), fichaEn(t, alf, 0, 1, "S"))
	require.ErrorIs(t, j.Validar(fuera), juego.ErrFueraDelCentro)
	sola := ocurrencia.Nueva(fichaEn(t, alf, 7, 7, "A"))
	require.ErrorIs(t, j.Validar(sola), juego.ErrPalabraCorta)

	// Bingo con el comodín como R: CASERAS.
	casaras := ocurrencia.Nueva(
		fichaEn(t, alf, 7, 4, "C"), fichaEn(t, alf, 7, 5, "A"), fichaEn(t, alf, 7, 6, "S"),
		fichaEn(t, alf, 7, 7, "E"), comodinEn(t, alf, 7, 8, "R"), fichaEn(t, alf, 7, 9, "A"),
		fichaEn(t, alf, 7, 10, "S"))
	require.NoError(t, j.Validar(casaras))
	// C(7,4) no tiene premio; (7,7) es palabra doble; el comodín vale 0.
	// (3+1+1+1+0+1+1)·2 + 50 = 66.
	puntos, err := j.PuntajeObtenido(casaras)
	require.NoError(t, err)
	require.Equal(t, 66, puntos)
	_, err = j.Ubicar(casaras)
	require.NoError(t, err)
	require.True(t, j.EsComodin(7, 8))
	require.NoError(t, verificar(j))
	p0, _ := j.Puntaje(0)
	require.Equal(t, 66, p0)
	fichas, _ := j.Fichas(0)
	require.Equal(t, 7, fichas.Tamano(), "repuso siete de la bolsa")

	// El jugador 1 no puede jugar lejos de las fichas.
	lejos := ocurrencia.Nueva(fichaEn(t, alf, 0, 0, "L"))
	require.ErrorIs(t, j.Validar(lejos), juego.ErrFaltanLetras, "no tiene la L sola: tiene LL")
	lejos = ocurrencia.Nueva(fichaEn(t, alf, 0, 0, "A"), fichaEn(t, alf, 0, 1, "V"), fichaEn(t, alf, 0, 2, "E"))
	require.ErrorIs(t, j.Validar(lejos), juego.ErrDesconectada)

	// Cambiar: la bolsa tiene 1 ficha, menos de F.
	require.ErrorIs(t, j.Cambiar(letra.NuevoMulticonjunto(mano("ll")...)), juego.ErrCambioInvalido)
	require.Equal(t, 1, j.LetrasEnRepositorio())
	require.NoError(t, verificar(j))
}

func TestCambiarYAsignarMano(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := v.Repositorio(2, 42)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.Equal(t, 86, j.LetrasEnRepositorio())

	antes, _ := j.Fichas(0)
	dos := letra.NuevoMulticonjunto(antes.Letras()[:2]...)
	require.ErrorIs(t, j.Cambiar(letra.Multiconjunto{}), juego.ErrCambioInvalido)
	require.ErrorIs(t, j.Cambiar(letra.NuevoMulticonjunto(letra.Comodin, letra.Comodin, letra.Comodin)), juego.ErrCambioInvalido)
	require.NoError(t, j.Cambiar(dos))
	require.Equal(t, 1, j.Turno())
	require.Equal(t, 86, j.LetrasEnRepositorio())
	despues, _ := j.Fichas(0)
	require.Equal(t, 7, despues.Tamano())
	require.True(t, despues.Incluye(antes.Diferencia(dos)))
	require.NoError(t, verificar(j))

	// La misma partida con el mismo repositorio cambia igual.
	otra, _ := juego.Nuevo(2, v, r)
	require.NoError(t, otra.Cambiar(dos))
	require.Equal(t, j.Repositorio(), otra.Repositorio())

	// AsignarMano toma fichas de la bolsa y devuelve las que sobran.
	quiero, err := alf.ParsearFichas("aeiousr")
	require.NoError(t, err)
	quiereMano := letra.NuevoMulticonjunto(quiero...)
	mano1, _ := j.Fichas(1)
	bolsa := letra.NuevoMulticonjunto(j.Repositorio()...)
	if bolsa.Suma(mano1).Incluye(quiereMano) {
		require.NoError(t, j.AsignarMano(1, quiereMano))
		m, _ := j.Fichas(1)
		require.Equal(t, quiereMano, m)
		require.NoError(t, verificar(j))
	}
	require.ErrorIs(t, j.AsignarMano(1, letra.NuevoMulticonjunto(quiero[:3]...)), juego.ErrManoInvalida)
	zetas, _ := alf.ParsearFichas("zzzzzzz")
	require.ErrorIs(t, j.AsignarMano(1, letra.NuevoMulticonjunto(zetas...)), juego.ErrManoInvalida)
	require.NoError(t, verificar(j))

	// Sin bolsa (la variante de la especificación) no hay cambios ni manos
	// asignadas.
	tad := espanol.Variante()
	rt, _ := tad.Repositorio(1, 1)
	jt, err := juego.Nuevo(1, tad, rt)
	require.NoError(t, err)
	mt, _ := jt.Fichas(0)
	require.ErrorIs(t, jt.Cambiar(mt), juego.ErrCambioInvalido)
	require.ErrorIs(t, jt.AsignarMano(0, mt), juego.ErrSinBolsa)
}

func TestFinPorTurnosSinPuntos(t *testing.T) {
	v := espanol.Clasica()
	r, _ := v.Repositorio(2, 7)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.NoError(t, j.Ajustar(1, 5)) // un desafío fallido
	for range 6 {
		_, terminada := j.Terminada()
		require.False(t, terminada)
		require.NoError(t, j.Pasar())
	}
	fin, terminada := j.Terminada()
	require.True(t, terminada)
	require.Equal(t, juego.FinTurnosSinPuntos, fin.Motivo)
	require.Equal(t, -1, fin.Jugador)
	for i := range 2 {
		mano, _ := j.Fichas(i)
		resto := 0
		for l := range mano.Todas() {
			resto += v.ValorFicha(l)
		}
		require.Equal(t, -resto, fin.Ajustes[i])
		p, _ := j.Puntaje(i)
		require.Equal(t, -resto+5*i, p)
	}
	require.ErrorIs(t, j.Pasar(), juego.ErrPartidaTerminada)
	require.False(t, j.JugadaValida(ocurrencia.Ocurrencia{}))
	antes, _ := j.Puntaje(0)
	require.NoError(t, j.Ajustar(0, -10), "una penalización por tiempo, después del fin")
	despues, _ := j.Puntaje(0)
	require.Equal(t, antes-10, despues)
	require.NoError(t, verificar(j))
	sucesos := j.Sucesos()
	require.Len(t, sucesos, 1+6+2+1)
	require.Equal(t, juego.SucesoAjuste, sucesos[0].Tipo)
	require.Equal(t, juego.SucesoFin, sucesos[8].Tipo)
	require.Equal(t, juego.SucesoAjuste, sucesos[9].Tipo)
}

func TestFinSinFichas(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("asesino" + "zqx") // el jugador 0 tiene ASESINO; el 1, ZQX; no queda bolsa
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
	require.Equal(t, juego.FinSinFichas, fin.Motivo)
	require.Equal(t, 0, fin.Jugador)
	require.Equal(t, []int{10 + 5 + 8, -(10 + 5 + 8)}, fin.Ajustes)
	p0, _ := j.Puntaje(0)
	// (A S E S I N·2 O)·2 por el centro + 50 del bingo + 23 del ajuste.
	require.Equal(t, (1+1+1+1+1+2+1)*2+50+23, p0)
	require.NoError(t, verificar(j))
}
