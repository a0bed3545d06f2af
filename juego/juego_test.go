package juego_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// palabrasDelTablero escribe las palabras de j.
func palabrasDelTablero(j *juego.Juego) []string {
	alf := j.Variante().Alfabeto()
	var res []string
	for _, o := range j.Tablero().Palabras() {
		p, ok := o.Palabra()
		if ok {
			res = append(res, alf.Formatear(p))
		}
	}
	return res
}

// TestEjemploCallesAhondanPoniente arma el tablero del texto informal de
// la especificación con la variante española: tiene las palabras CALLES,
// AHONDAN y PONIENTE y no CAL, ONDA ni ENTE. Cada jugada suma solo su palabra (no se
// forman cruzadas), por R4 con los valores españoles:
//
//	AHONDAN  = A1 H4 O1 N1 D2 A1 N1        = 11
//	CALLES   = C3 A1 L1 L1 E1 S1           =  8 (la A ya estaba: cuenta igual)
//	PONIENTE = P3 O1 N1 I1 E1 N1 T1 E1     = 10
func TestEjemploCallesAhondanPoniente(t *testing.T) {
	j, jugadas, puntos := partida(t, espanol.Variante(),
		colocacion{2, 0, true, "ahondan"},
		colocacion{1, 0, false, "calles"},
		colocacion{0, 3, false, "poniente"},
	)
	require.Equal(t, []int{11, 8, 10}, puntos)
	require.Equal(t, []int{7, 5, 7}, []int{jugadas[0].Tamano(), jugadas[1].Tamano(), jugadas[2].Tamano()})
	require.ElementsMatch(t, []string{"AHONDAN", "CALLES", "PONIENTE"}, palabrasDelTablero(j))
	total, err := j.Puntaje(0)
	require.NoError(t, err)
	require.Equal(t, 29, total)
	require.Equal(t, 3, j.Tiempo())
	tiempo, ok := j.TiempoFicha(2, 3) // la N de AHONDAN que usa PONIENTE
	require.True(t, ok)
	require.Equal(t, 0, tiempo)
	tiempo, _ = j.TiempoFicha(7, 3)
	require.Equal(t, 2, tiempo)
}

// El tablero del ejemplo ASOMASTE del texto informal, construido jugada a jugada con un
// diccionario que tiene las palabras que aparecen en el camino.
const diccionarioAsomaste = `TAJABA OSITOS TO AS JI AT BO MORADA TOM ASO JIR ATA BOD ASA TOMA
	JIRA BODE RAFAGA TOMAR JIRAF BODEG TOMARE JIRAFA BODEGA ASOMASTE AMA ESA`

var tableroAsomaste = []colocacion{
	{0, 0, false, "tajaba"},
	{0, 1, false, "ositos"},
	{0, 2, false, "morada"},
	{0, 0, true, "toma"},
	{2, 0, true, "jira"},
	{4, 0, true, "bode"},
	{0, 4, false, "rafaga"},
	{0, 0, true, "tomare"},
	{2, 0, true, "jirafa"},
	{4, 0, true, "bodega"},
}

// TestEjemploAsomaste: ubicar M, S, T y E forma ASOMASTE (la M separada de la
// S por una A del tablero) y las cruzadas AMA y ESA. El texto informal suma
// también "T" y "E" leídas verticalmente, pero por los axiomas una ficha
// dentro de una palabra más larga no es maximal y no es palabra (R2):
//
//	ASOMASTE = A1 S1 O1 M3 A1 S1 T1 E1 = 10
//	AMA      = A1 M3 A1                =  5
//	ESA      = E1 S1 A1                =  3
//	total                              = 18 (y no 20)
func TestEjemploAsomaste(t *testing.T) {
	v := varianteCon(t, 8, 8, diccionarioAsomaste)
	cs := append(slices.Clone(tableroAsomaste), colocacion{1, 0, true, "asomaste"})
	j, jugadas, puntos := partida(t, v, cs...)
	require.Equal(t, "{(1,3,M), (1,5,S), (1,6,T), (1,7,E)}", jugadas[len(jugadas)-1].Formatear(v.Alfabeto()))
	require.Equal(t, 18, puntos[len(puntos)-1])
	require.ElementsMatch(t,
		[]string{"TOMARE", "ASOMASTE", "JIRAFA", "ATA", "BODEGA", "ASA",
			"TAJABA", "OSITOS", "MORADA", "AMA", "RAFAGA", "ESA"},
		palabrasDelTablero(j))
	t.Log("\n" + j.String())
}

func TestNuevo(t *testing.T) {
	v := varianteCon(t, 3, 2, "sol")
	es := v.Alfabeto()
	r, err := es.Parsear("abcdefghijklmnopq") // 17 = 3·3 + 4·2
	require.NoError(t, err)

	j, err := juego.Nuevo(4, v, r)
	require.NoError(t, err)
	require.NoError(t, verificar(j))
	require.Equal(t, 4, j.Jugadores())
	require.Equal(t, 0, j.Turno())
	require.Equal(t, 0, j.Tiempo())
	require.Same(t, v, j.Variante())
	require.Equal(t, "IJKLMNOPQ", es.Formatear(j.Repositorio()))
	require.Equal(t, 9, j.LetrasEnRepositorio())
	for i, mano := range []string{"AB", "CD", "EF", "GH"} {
		fichas, err := j.Fichas(i)
		require.NoError(t, err)
		quiere, _ := es.Parsear(mano)
		require.Equal(t, letra.NuevoMulticonjunto(quiere...), fichas, "mano del jugador %d (R7)", i)
		puntos, err := j.Puntaje(i)
		require.NoError(t, err)
		require.Zero(t, puntos)
	}
	c, _ := es.Indice("C")
	n, err := j.CantidadLetra(1, c)
	require.NoError(t, err)
	require.Equal(t, 1, n)

	r[0] = 0
	fichas, _ := j.Fichas(0)
	require.Equal(t, 1, fichas.Cantidad(0), "el juego no retiene el repositorio")

	for _, i := range []int{-1, 4} {
		_, err = j.Puntaje(i)
		require.ErrorIs(t, err, juego.ErrJugadorInexistente)
		_, err = j.Fichas(i)
		require.ErrorIs(t, err, juego.ErrJugadorInexistente)
		_, err = j.CantidadLetra(i, 0)
		require.ErrorIs(t, err, juego.ErrJugadorInexistente)
	}

	casos := []struct {
		nombre string
		k      int
		r      []letra.Letra
		err    error
	}{
		{"sin jugadores", 0, r, variante.ErrJugadoresInvalidos},
		{"jugadores negativos", -2, r, variante.ErrJugadoresInvalidos},
		{"demasiados jugadores", 1 << 40, r, variante.ErrJugadoresInvalidos},
		{"repositorio corto", 5, r, juego.ErrRepositorioCorto},
		{"letra fuera del alfabeto", 1, append(slices.Clone(r), 27), juego.ErrRepositorioInvalido},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			j, err := juego.Nuevo(c.k, v, c.r)
			require.ErrorIs(t, err, c.err)
			require.Nil(t, j)
		})
	}
	_, err = juego.Nuevo(1, nil, r)
	require.ErrorIs(t, err, juego.ErrSinVariante)
}

func TestTableroObservadores(t *testing.T) {
	v := varianteCon(t, 4, 3, "sol")
	j, _, _ := partida(t, v, colocacion{1, 1, true, "sol"})
	s, _ := v.Alfabeto().Indice("S")
	for _, c := range []struct {
		f, c     int
		en, hay  bool
		letra    letra.Letra
		conLetra bool
	}{
		{1, 1, true, true, s, true},
		{0, 0, true, false, 0, false},
		{-1, 0, false, false, 0, false},
		{0, 4, false, false, 0, false},
		{4, 4, false, false, 0, false},
	} {
		require.Equal(t, c.en, j.EnTablero(c.f, c.c))
		require.Equal(t, c.hay, j.HayFicha(c.f, c.c))
		l, ok := j.Letra(c.f, c.c)
		require.Equal(t, c.conLetra, ok)
		require.Equal(t, c.letra, l)
		_, ok = j.TiempoFicha(c.f, c.c)
		require.Equal(t, c.hay, ok)
	}
	require.Equal(t, 4, j.TamanoTablero())
	require.Equal(t, "  0 1 2 3\n0 · · · ·\n1 · S O L\n2 · · · ·\n3 · · · ·\n", j.String())
}

// TestJugadasInvalidas recorre cada motivo de rechazo: el error lo nombra
// con errors.Is, JugadaValida y PuntajeObtenido coinciden, y el juego queda
// igual.
func TestJugadasInvalidas(t *testing.T) {
	v := varianteCon(t, 5, 4, "sol sal la las mas")
	es := v.Alfabeto()
	// El único jugador empieza con S O L L, juega SOL en la fila 2 y queda
	// con L más las tres siguientes del repositorio: A, S, M.
	r := mustLeer(t, es, "SOLLASM")
	largo, _ := v.LargoRepositorio(1)
	for len(r) < largo {
		r = append(r, 0)
	}
	j, err := juego.Nuevo(1, v, r)
	require.NoError(t, err)
	_, err = j.Ubicar(mustParsear(t, es, "(2,1,S) (2,2,O) (2,3,L)"))
	require.NoError(t, err)
	mano, _ := j.Fichas(0)
	require.Equal(t, "{A, L, M, S}", mano.Formatear(es))

	casos := []struct {
		nombre string
		jugada string
		motivo error
		dice   string
	}{
		{"fuera del tablero", "(5,0,A)", tablero.ErrFueraDelTablero, "(5,0)"},
		// Una fila negativa no se escribe como texto (Parsear lee
		// naturales): la arma fichaNegativa. Aunque no tenga la O, el
		// primer motivo es que está fuera del tablero.
		{"fila negativa", fichaNegativa, tablero.ErrFueraDelTablero, "(-1,2)"},
		{"celda ocupada", "(2,2,A)", tablero.ErrCeldaOcupada, "(2,2)"},
		{"superpuestas", "(0,0,A) (0,0,L)", juego.ErrSuperpuestas, ""},
		{"dispersas", "(0,0,A) (1,1,L)", juego.ErrNoAlineadas, ""},
		{"con hueco", "(0,0,L) (0,2,A)", juego.ErrNoContiguas, ""},
		{"no es palabra", "(0,0,M) (0,1,A)", juego.ErrPalabraIlegitima, "MA, horizontal desde (0,0)"},
		{"principal ilegítima", "(1,1,A) (1,2,L)", juego.ErrPalabraIlegitima, "AL, horizontal desde (1,1)"},
		{"cruzada ilegítima", "(1,1,L) (1,2,A)", juego.ErrPalabraIlegitima, "LS, vertical desde (1,1)"},
		{"letra aislada", "(4,4,A)", juego.ErrPalabraIlegitima, "A, horizontal desde (4,4)"},
		{"extiende mal", "(2,4,A)", juego.ErrPalabraIlegitima, "SOLA, horizontal desde (2,1)"},
		{"letra que no tiene", "(0,0,O)", juego.ErrFaltanLetras, "(0,0)"},
		{"dos de una que tiene una", "(0,0,L) (0,1,L)", juego.ErrFaltanLetras, "(0,1)"},
		{"letra fuera del alfabeto", "(0,0,30)", juego.ErrFaltanLetras, ""},
		{"más larga que toda palabra", "(0,0,A) (0,1,L) (0,2,M) (0,3,S)", juego.ErrDemasiadasFichas, ""},
	}
	antes := j.String()
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			o, err := ocurrencia.Parsear(c.jugada, nil)
			switch {
			case c.jugada == fichaNegativa:
				o = ocurrencia.Nueva(ocurrencia.Ficha{Fila: -1, Columna: 2, Letra: mustLeer(t, es, "O")[0]})
			case err != nil:
				o = mustParsear(t, es, c.jugada)
			}
			require.False(t, j.JugadaValida(o))
			err = j.Validar(o)
			require.ErrorIs(t, err, juego.ErrJugadaInvalida)
			require.ErrorIs(t, err, c.motivo)
			var ej *juego.ErrorJugada
			require.True(t, errors.As(err, &ej))
			require.Contains(t, err.Error(), c.dice)
			_, err = j.PuntajeObtenido(o)
			require.ErrorIs(t, err, c.motivo)
			require.ErrorIs(t, segundo(j.Ubicar(o)), c.motivo)
			require.Equal(t, antes, j.String(), "una jugada inválida no cambia nada")
			require.Equal(t, 1, j.Tiempo())
			require.NoError(t, verificar(j))
		})
	}

	// Y las válidas: SAL en vertical usando la S de SOL, LAS aparte.
	sal := mustParsear(t, es, "(3,1,A) (4,1,L)")
	require.True(t, j.JugadaValida(sal))
	p, err := j.PuntajeObtenido(sal)
	require.NoError(t, err)
	require.Equal(t, 3, p)
	require.NoError(t, j.Pasar())
	require.Equal(t, 2, j.Tiempo())
}

const fichaNegativa = "(-1,2,O)"

func mustParsear(t testing.TB, alf *letra.Alfabeto, s string) ocurrencia.Ocurrencia {
	t.Helper()
	o, err := ocurrencia.Parsear(s, alf)
	require.NoError(t, err)
	return o
}

func mustLeer(t testing.TB, alf *letra.Alfabeto, s string) []letra.Letra {
	t.Helper()
	p, err := alf.Parsear(s)
	require.NoError(t, err)
	return p
}

// TestPuntajePerezoso: el puntaje de una jugada es el del tablero de su
// momento, aunque se consulte después de que otras fichas extiendan sus
// palabras, y da lo mismo consultarlo antes o después.
func TestPuntajePerezoso(t *testing.T) {
	v := varianteCon(t, 6, 4, "sol soles es les")
	cs := []colocacion{{2, 0, true, "sol"}, {2, 0, true, "soles"}, {1, 3, false, "les"}}
	consultas := [][]bool{{false, false, false}, {true, true, true}, {false, true, false}}
	for _, consultar := range consultas {
		jugadas := jugadasDe(t, v.Alfabeto(), cs...)
		j := juegoPara(t, v, jugadas...)
		for i, o := range jugadas {
			_, err := j.Ubicar(o)
			require.NoError(t, err)
			if consultar[i] {
				_, err := j.Puntaje(0)
				require.NoError(t, err)
			}
			require.NoError(t, verificar(j))
		}
		// SOL = 3; SOLES = 5 (S1 O1 L1 E1 S1); LES en vertical por la E
		// de SOLES: L1 E1 S1 = 3.
		p, err := j.Puntaje(0)
		require.NoError(t, err)
		require.Equal(t, 3+5+3, p, "consultas %v", consultar)
	}
}

func TestPasar(t *testing.T) {
	v := varianteCon(t, 3, 1, "a")
	r := make([]letra.Letra, 3*3+2*1)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	for i := range 5 {
		require.Equal(t, i%2, j.Turno())
		require.True(t, j.JugadaValida(ocurrencia.Ocurrencia{}))
		require.NoError(t, j.Pasar())
		require.NoError(t, verificar(j))
	}
	require.Equal(t, 5, j.Tiempo())
	require.Equal(t, 9, j.LetrasEnRepositorio(), "pasar no repone")
	p, err := j.PuntajeObtenido(ocurrencia.Ocurrencia{})
	require.NoError(t, err)
	require.Zero(t, p)
	require.Empty(t, j.Tablero().Palabras())
	require.True(t, strings.Contains(j.String(), "·"))
}

// TestEntradaArbitraria: cualquier ocurrencia, con coordenadas enormes o
// negativas y letras de cualquier valor, se valida sin pánico, Validar y
// JugadaValida coinciden, y rechazarla no cambia el juego.
func TestEntradaArbitraria(t *testing.T) {
	j, _, _ := partida(t, varianteCon(t, 6, 4, "sol sal la las"), colocacion{2, 1, true, "sol"})
	antes := j.String()
	coordenada := rapid.OneOf(rapid.IntRange(-2, 8), rapid.SampledFrom([]int{math.MinInt, math.MaxInt, math.MaxInt / 6, -1 << 40}))
	rapid.Check(t, func(t *rapid.T) {
		fichas := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) ocurrencia.Ficha {
			return ocurrencia.Ficha{
				Fila:    coordenada.Draw(t, "fila"),
				Columna: coordenada.Draw(t, "columna"),
				Letra:   letra.Letra(rapid.IntRange(0, 255).Draw(t, "letra")),
			}
		}), 0, 8).Draw(t, "fichas")
		o := ocurrencia.Nueva(fichas...)
		valida := j.JugadaValida(o)
		err := j.Validar(o)
		require.Equal(t, valida, err == nil)
		if !valida {
			require.ErrorIs(t, segundo(j.Ubicar(o)), juego.ErrJugadaInvalida)
			_, err := j.PuntajeObtenido(o)
			require.ErrorIs(t, err, juego.ErrJugadaInvalida)
			require.Equal(t, antes, j.String())
			require.Equal(t, 1, j.Tiempo())
		}
	})
}
