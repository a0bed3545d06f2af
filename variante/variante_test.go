package variante_test

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// alfabeto de prueba con pocas letras, para que las palabras al azar se
// solapen.
func alfabetoChico(t require.TestingT) *letra.Alfabeto {
	a, err := letra.NuevoAlfabeto("A", "B", "C", "D")
	require.NoError(t, err)
	return a
}

func genLetra(hasta int) *rapid.Generator[letra.Letra] {
	return rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, hasta).Draw(t, "l"))
	})
}

// TestPropiedadTAD compara Variante con la transcripción de los axiomas de
// VARIANTE para argumentos al azar, incluidos los que violan la
// precondición.
func TestPropiedadTAD(t *testing.T) {
	alf := alfabetoChico(t)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(-2, 20).Draw(t, "n")
		f := rapid.IntRange(-2, 10).Draw(t, "f")
		d := rapid.MapOf(genLetra(alf.Tamano()-1), rapid.IntRange(0, 12)).Draw(t, "d")
		c := rapid.SliceOfN(rapid.SliceOfN(genLetra(alf.Tamano()-1), 0, 6), 0, 25).Draw(t, "c")

		modelo, pre := tad.NuevaVariante(n, f, d, c)
		lex, err := trie.NuevoDAWG(c)
		require.NoError(t, err)
		v, err := variante.Nueva(alf, n, f, maps.Clone(d), lex, variante.Opciones{})
		if !pre {
			require.Error(t, err, "fuera de la precondición n > 0 ∧ f > 0")
			require.Nil(t, v)
			return
		}
		require.NoError(t, err)
		require.Equal(t, modelo.TamanoTablero(), v.TamanoTablero())
		require.Equal(t, modelo.Fichas(), v.Fichas())
		for l := range alf.Tamano() {
			require.Equal(t, modelo.PuntajeLetra(letra.Letra(l)), v.PuntajeLetra(letra.Letra(l)), "letra %d", l)
		}
		for _, p := range c {
			require.True(t, v.PalabraLegitima(p))
		}
		for range 20 {
			p := rapid.SliceOfN(genLetra(alf.Tamano()), 0, 7).Draw(t, "consulta")
			require.Equal(t, modelo.PalabraLegitima(p), v.PalabraLegitima(p), "palabra %v", p)
		}
		require.Equal(t, modelo.LongPalabraMasLarga(), v.LongPalabraMasLarga())
		require.Same(t, alf, v.Alfabeto())
	})
}

func TestNuevaErrores(t *testing.T) {
	alf := alfabetoChico(t)
	lex, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}})
	require.NoError(t, err)
	fuera, err := trie.NuevoDAWG([][]letra.Letra{{0, 9}})
	require.NoError(t, err)
	casos := []struct {
		nombre   string
		alf      *letra.Alfabeto
		n, f     int
		puntajes map[letra.Letra]int
		lex      *trie.DAWG
		op       variante.Opciones
		err      error
	}{
		{"n cero", alf, 0, 7, nil, lex, variante.Opciones{}, variante.ErrTamanoInvalido},
		{"n negativo", alf, -3, 7, nil, lex, variante.Opciones{}, variante.ErrTamanoInvalido},
		{"n enorme", alf, variante.MaxTamanoTablero + 1, 7, nil, lex, variante.Opciones{}, variante.ErrTamanoInvalido},
		{"f cero", alf, 15, 0, nil, lex, variante.Opciones{}, variante.ErrFichasInvalidas},
		{"f enorme", alf, 15, variante.MaxFichas + 1, nil, lex, variante.Opciones{}, variante.ErrFichasInvalidas},
		{"sin alfabeto", nil, 15, 7, nil, lex, variante.Opciones{}, letra.ErrAlfabetoInvalido},
		{"sin léxico", alf, 15, 7, nil, nil, variante.Opciones{}, variante.ErrLexicoInvalido},
		{"léxico con otras letras", alf, 15, 7, nil, fuera, variante.Opciones{}, variante.ErrLexicoInvalido},
		{"puntaje negativo", alf, 15, 7, map[letra.Letra]int{1: -1}, lex, variante.Opciones{}, variante.ErrPuntajeInvalido},
		{"puntaje de otra letra", alf, 15, 7, map[letra.Letra]int{4: 3}, lex, variante.Opciones{}, variante.ErrPuntajeInvalido},
		{"distribución negativa", alf, 15, 7, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{0: -1}}, variante.ErrDistribucionInvalida},
		{"distribución de otra letra", alf, 15, 7, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{7: 1}}, variante.ErrDistribucionInvalida},
		{"distribución vacía", alf, 15, 7, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{0: 0}}, variante.ErrDistribucionInvalida},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v, err := variante.Nueva(c.alf, c.n, c.f, c.puntajes, c.lex, c.op)
			require.ErrorIs(t, err, c.err)
			require.Nil(t, v)
		})
	}
}

func TestPuntajes(t *testing.T) {
	alf := alfabetoChico(t)
	lex, err := trie.NuevoDAWG(nil)
	require.NoError(t, err)
	puntajes := map[letra.Letra]int{0: 5, 2: 0}
	v, err := variante.Nueva(alf, 3, 2, puntajes, lex, variante.Opciones{})
	require.NoError(t, err)
	puntajes[1] = 99 // la variante no retiene el mapa
	require.Equal(t, []int{5, 1, 0, 1}, []int{v.PuntajeLetra(0), v.PuntajeLetra(1), v.PuntajeLetra(2), v.PuntajeLetra(3)})
	require.Equal(t, 0, v.PuntajeLetra(4), "una letra fuera del alfabeto no vale")
	require.Equal(t, 0, v.LongPalabraMasLarga())
	require.False(t, v.PalabraLegitima(nil))
	require.Equal(t, letra.NuevoMulticonjunto(0, 1, 2, 3), v.Distribucion(), "por omisión, una ficha de cada letra (el léxico vacío no usa ninguna)")
}

// TestBolsaSoloLetrasDelLexico: la bolsa tiene solo letras que usa alguna
// palabra del léxico (R14).
func TestBolsaSoloLetrasDelLexico(t *testing.T) {
	alf := alfabetoChico(t) // A B C D
	lex, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}, {1, 1, 0}})
	require.NoError(t, err)

	v, err := variante.Nueva(alf, 3, 2, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	require.Equal(t, letra.NuevoMulticonjunto(0, 1), v.Distribucion(), "por omisión, una ficha de cada letra que usan las palabras")

	v, err = variante.Nueva(alf, 3, 2, nil, lex,
		variante.Opciones{Distribucion: map[letra.Letra]int{0: 2, 2: 5, 3: 1}, Comodines: 1})
	require.NoError(t, err)
	require.Equal(t, letra.NuevoMulticonjunto(0, 0, letra.Comodin), v.Distribucion(), "C y D se descartan")

	_, err = variante.Nueva(alf, 3, 2, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{2: 5}})
	require.ErrorIs(t, err, variante.ErrDistribucionInvalida, "la bolsa quedaría sin fichas")

	vacio, err := trie.NuevoDAWG([][]letra.Letra{{}})
	require.NoError(t, err)
	v, err = variante.Nueva(alf, 3, 2, nil, vacio, variante.Opciones{Distribucion: map[letra.Letra]int{2: 5}})
	require.NoError(t, err)
	require.Equal(t, 5, v.Distribucion().Cantidad(2), "si el léxico no usa ninguna letra, no se descarta nada")
}

func TestPropiedadBolsaJugable(t *testing.T) {
	alf := alfabetoChico(t)
	rapid.Check(t, func(t *rapid.T) {
		palabras := rapid.SliceOfN(rapid.SliceOfN(genLetra(alf.Tamano()-1), 0, 4), 0, 6).Draw(t, "palabras")
		lex, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		var op variante.Opciones
		dist := rapid.MapOfN(genLetra(alf.Tamano()-1), rapid.IntRange(0, 5), 0, alf.Tamano()).Draw(t, "distribución")
		conDist := rapid.Bool().Draw(t, "con distribución")
		if conDist {
			op.Distribucion = dist
		}
		op.Comodines = rapid.IntRange(0, 2).Draw(t, "comodines")
		v, err := variante.Nueva(alf, 3, 2, nil, lex, op)

		usadas := lex.Letras()
		jugable := func(l letra.Letra) bool { return usadas == 0 || usadas.Contiene(l) }
		if conDist {
			esperada := 0
			for l, c := range dist {
				if jugable(l) {
					esperada += c
				}
			}
			if esperada == 0 {
				require.ErrorIs(t, err, variante.ErrDistribucionInvalida)
				return
			}
			require.NoError(t, err)
			for l := range alf.Tamano() {
				quiere := 0
				if jugable(letra.Letra(l)) {
					quiere = dist[letra.Letra(l)]
				}
				require.Equal(t, quiere, v.Distribucion().Cantidad(letra.Letra(l)), "letra %d", l)
			}
		} else {
			require.NoError(t, err)
		}
		for l := range v.Distribucion().Todas() {
			if l != letra.Comodin {
				require.True(t, jugable(l), "R14: la bolsa tiene la letra %d y ninguna palabra la usa", l)
			}
		}
		if !conDist {
			for l := range alf.Tamano() {
				require.Equal(t, jugable(letra.Letra(l)), v.Distribucion().Pertenece(letra.Letra(l)), "una ficha de cada letra jugable")
			}
		}
	})
}

// TestGADDAG: la variante construye su GADDAG una vez; Con lo comparte.
func TestGADDAG(t *testing.T) {
	alf := letra.Espanol()
	lex := func(ps ...string) *trie.DAWG {
		var ls [][]letra.Letra
		for _, p := range ps {
			l, err := alf.Parsear(p)
			require.NoError(t, err)
			ls = append(ls, l)
		}
		d, err := trie.NuevoDAWG(ls)
		require.NoError(t, err)
		return d
	}
	d := lex("sol", "sal", "los")
	v, err := variante.Nueva(alf, 5, 3, nil, d, variante.Opciones{})
	require.NoError(t, err)
	g, err := v.GADDAG()
	require.NoError(t, err)
	h, err := v.GADDAG()
	require.NoError(t, err)
	require.Same(t, g, h, "una vez por variante")
	require.Same(t, d, g.DAWG())

	w, err := v.Con(variante.Opciones{Bolsa: true})
	require.NoError(t, err)
	gw, err := w.GADDAG()
	require.NoError(t, err)
	require.Same(t, g, gw, "una variante derivada comparte el GADDAG")
}
