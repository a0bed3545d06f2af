package juego_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// varianteCon arma una variante del alfabeto español con los valores de la
// variante por omisión y las palabras dadas.
func varianteCon(t testing.TB, n, f int, palabras string) *variante.Variante {
	t.Helper()
	es := letra.Espanol()
	var ps [][]letra.Letra
	for _, w := range strings.Fields(palabras) {
		p, err := es.Parsear(w)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	lex, err := trie.NuevoDAWG(ps)
	require.NoError(t, err)
	v, err := variante.Nueva(es, n, f, espanol.Puntajes(), lex, variante.Opciones{})
	require.NoError(t, err)
	return v
}

// colocacion es una palabra a escribir en el tablero desde (fila, columna),
// horizontal o vertical; las celdas ya ocupadas se saltean.
type colocacion struct {
	fila, columna int
	horizontal    bool
	palabra       string
}

// fichas devuelve la jugada que escribe c en un tablero cuyas celdas
// ocupadas son las de ocupadas, y las agrega.
func (c colocacion) fichas(t testing.TB, alf *letra.Alfabeto, ocupadas map[[2]int]bool) ocurrencia.Ocurrencia {
	t.Helper()
	p, err := alf.Parsear(c.palabra)
	require.NoError(t, err)
	var fs []ocurrencia.Ficha
	for i, l := range p {
		f, col := c.fila, c.columna+i
		if !c.horizontal {
			f, col = c.fila+i, c.columna
		}
		if !ocupadas[[2]int{f, col}] {
			fs = append(fs, ocurrencia.Ficha{Fila: f, Columna: col, Letra: l})
		}
	}
	for _, f := range fs {
		ocupadas[[2]int{f.Fila, f.Columna}] = true
	}
	return ocurrencia.Nueva(fs...)
}

// repositorioPara devuelve un repositorio con el que un único jugador puede
// hacer las jugadas dadas en orden: sus letras, jugada tras jugada, y luego
// relleno hasta el largo mínimo. Con un solo jugador la mano es siempre la
// ventana de F letras que sigue a las ya jugadas, así que alcanza si ninguna
// jugada tiene más de F fichas.
func repositorioPara(t testing.TB, v *variante.Variante, jugadas ...ocurrencia.Ocurrencia) []letra.Letra {
	t.Helper()
	var r []letra.Letra
	for _, o := range jugadas {
		for f := range o.Fichas() {
			r = append(r, f.Letra)
		}
	}
	largo, err := v.LargoRepositorio(1)
	require.NoError(t, err)
	for len(r) < largo {
		r = append(r, 0)
	}
	return r
}

// jugadasDe convierte las colocaciones, en orden, en las jugadas que las
// escriben sobre un tablero inicialmente vacío.
func jugadasDe(t testing.TB, alf *letra.Alfabeto, cs ...colocacion) []ocurrencia.Ocurrencia {
	t.Helper()
	ocupadas := map[[2]int]bool{}
	var jugadas []ocurrencia.Ocurrencia
	for _, c := range cs {
		jugadas = append(jugadas, c.fichas(t, alf, ocupadas))
	}
	return jugadas
}

// juegoPara empieza un juego de un jugador con un repositorio que le permite
// hacer las jugadas dadas (ver repositorioPara).
func juegoPara(t testing.TB, v *variante.Variante, jugadas ...ocurrencia.Ocurrencia) *juego.Juego {
	t.Helper()
	j, err := juego.Nuevo(1, v, repositorioPara(t, v, jugadas...))
	require.NoError(t, err)
	return j
}

// partida juega las colocaciones, en orden, con un solo jugador sobre la
// variante v, comprobando el invariante tras cada una. Devuelve el juego,
// las jugadas y lo que obtuvo cada una según PuntajeObtenido.
func partida(t testing.TB, v *variante.Variante, cs ...colocacion) (*juego.Juego, []ocurrencia.Ocurrencia, []int) {
	t.Helper()
	jugadas := jugadasDe(t, v.Alfabeto(), cs...)
	j := juegoPara(t, v, jugadas...)
	var puntos []int
	for i, o := range jugadas {
		p, err := j.PuntajeObtenido(o)
		require.NoError(t, err, "jugada %d: %s", i, cs[i].palabra)
		puntos = append(puntos, p)
		_, err = j.Ubicar(o)
		require.NoError(t, err)
		require.NoError(t, verificar(j))
	}
	return j, jugadas, puntos
}

// segundo devuelve el error de una llamada que devuelve (valor, error).
func segundo[T any](_ T, err error) error { return err }

// verificar es j.Verificar, para las pruebas.
func verificar(j *juego.Juego) error { return j.Verificar() }
