package generador

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// foto es lo que la búsqueda lee del tablero de un estado: por celda, la
// letra y si es comodín; si está libre, sus cruces, sumas cruzadas y si es
// ancla; y las celdas juntas de cada dirección (sin la suma cruzada de las
// ocupadas, que no se lee).
type foto struct {
	letras   []letra.Letra
	comodin  []bool
	cruce    [2][]uint64
	cruzada  [2][]int
	ancla    [2][]bool
	celdas   [2][]busqueda.Celda
	ocupadas int
	// Los bits de las anclas de cada dirección y de las celdas de las
	// jugadas de una ficha.
	bitsAnclas  [2][]uint64
	bitsSueltas []uint64
}

func fotografiar(e *busqueda.Estado) foto {
	t, n := &e.Tablero, e.N
	f := foto{letras: slices.Clone(t.Letras[0]), comodin: slices.Clone(t.Comodin[0]), ocupadas: t.Ocupadas, bitsSueltas: slices.Clone(e.BitsSueltas)}
	for d := range 2 {
		f.bitsAnclas[d] = slices.Clone(e.BitsAnclas[d])
		f.cruce[d] = make([]uint64, n*n)
		f.cruzada[d] = make([]int, n*n)
		f.ancla[d] = slices.Clone(t.Ancla[d])
		f.celdas[d] = slices.Clone(e.CeldasDir[d])
		for p := range n * n {
			if t.Letras[d][p] == 0 {
				f.cruce[d][p], f.cruzada[d][p] = t.Cruce[d][p], t.Cruzada[d][p]
			} else {
				f.celdas[d][p].Cruzada = 0
			}
		}
	}
	return f
}

// jugadasDe devuelve las jugadas de la mano m en el tablero del árbol, con
// sus puntos.
func jugadasDe(a *Arbol, m letra.Multiconjunto) map[string]int {
	res := map[string]int{}
	a.Jugadas(&m, func(fs []ocurrencia.Ficha, p int) bool {
		res[ocurrencia.Nueva(fs...).String()] = p
		return true
	})
	return res
}

// TestHacerDeshacer: un árbol que carga el tablero de una partida y hace
// sus jugadas con Hacer queda igual que uno que copia el tablero de la
// partida en cada turno (los mismos cruces, anclas y celdas, y las mismas
// jugadas con los mismos puntos), y Deshacer lo devuelve, paso a paso, a
// como estaba.
func TestHacerDeshacer(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var j *juego.Juego
		if rapid.Bool().Draw(t, "especificación") {
			p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 5, MaxK: 2, MaxF: 4, MaxPalabras: 12})
			var err error
			j, err = juego.Nuevo(p.K, p.Variante, p.Repositorio)
			require.NoError(t, err)
		} else {
			j = pruebas.JuegoClasico(t)
		}
		v := j.Variante()
		mo, err := NuevoArbol(v)
		require.NoError(t, err)
		copia, err := NuevoArbol(v)
		require.NoError(t, err)
		gj, err := Nuevo(v, Opciones{})
		require.NoError(t, err)
		e := &mo.b.Estado
		mo.Cargar(j)
		fotos := []foto{fotografiar(e)}
		var primera []Puesta // la primera jugada hecha
		for range rapid.IntRange(1, 8).Draw(t, "turnos") {
			if _, fin := j.Terminada(); fin {
				break
			}
			m, _ := j.Fichas(j.Turno())
			validas := jugadasDe(mo, m)
			copia.Cargar(j)
			require.Equal(t, jugadasDe(copia, m), validas)
			if len(validas) == 0 {
				break
			}
			claves := slices.Sorted(maps.Keys(validas))
			o, err := ocurrencia.Parsear(rapid.SampledFrom(claves).Draw(t, "jugada"), v.Alfabeto())
			require.NoError(t, err)
			_, err = j.Ubicar(o)
			require.NoError(t, err)
			var fs []Puesta
			for f := range o.Fichas() {
				fs = append(fs, Puesta{Pos: uint16(f.Fila*e.N + f.Columna), Letra: f.Letra, Comodin: f.Comodin})
			}
			if primera == nil {
				primera = fs
			}
			mo.Hacer(fs)
			copia.Cargar(j)
			fc, fe := fotografiar(&copia.b.Estado), fotografiar(e)
			for d := range 2 {
				for p := range fc.celdas[d] {
					require.Equal(t, fc.celdas[d][p], fe.celdas[d][p], "dirección %d, celda %d, después de %v\n%s", d, p, o, j)
				}
			}
			require.Equal(t, fc, fe, "después de %v\n%s", o, j)
			require.NotEqual(t, j.VersionTablero(), e.Tablero.Version(), "el árbol no es la copia del juego")
			// La búsqueda por equidad sobre el árbol, sin copiar el tablero,
			// da lo mismo que sobre el juego.
			if _, fin := j.Terminada(); !fin {
				mj, _ := j.Fichas(j.Turno())
				require.Equal(t, MejoresPorEquidad(gj, j, mj, nil, 3, nil), mo.MejoresPorEquidad(mj, nil, 3, j.LetrasEnRepositorio(), nil), "después de %v\n%s", o, j)
			}
			fotos = append(fotos, fotografiar(e))
		}
		for i := len(fotos) - 1; i > 0; i-- {
			require.Equal(t, i, e.Hechas())
			mo.Deshacer()
			require.Equal(t, fotos[i-1], fotografiar(e))
		}
		require.Zero(t, e.Hechas())
		// La primera jugada otra vez sobre el tablero cargado: sus cruces
		// salen de la memoria de Poner, y son los mismos.
		if len(primera) > 0 {
			for range 2 {
				mo.Hacer(primera)
				require.Equal(t, fotos[1], fotografiar(e))
				mo.Deshacer()
				require.Equal(t, fotos[0], fotografiar(e))
			}
		}
	})
}

// TestHacerDeshacerEspanol es TestHacerDeshacer en una partida de la
// variante española clásica, de 15×15 y con el léxico embebido.
func TestHacerDeshacerEspanol(t *testing.T) {
	v := espanol.Clasica()
	r, err := v.Repositorio(2, 7)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	mo, err := NuevoArbol(v)
	require.NoError(t, err)
	copia, err := NuevoArbol(v)
	require.NoError(t, err)
	e := &mo.b.Estado
	mo.Cargar(j)
	fotos := []foto{fotografiar(e)}
	for turno := 0; ; turno++ {
		if _, fin := j.Terminada(); fin {
			break
		}
		m, _ := j.Fichas(j.Turno())
		validas := jugadasDe(mo, m)
		copia.Cargar(j)
		require.Equal(t, jugadasDe(copia, m), validas)
		if len(validas) == 0 {
			require.NoError(t, j.Pasar())
			mo.Hacer(nil)
			fotos = append(fotos, fotografiar(e))
			continue
		}
		claves := slices.Sorted(maps.Keys(validas))
		o, err := ocurrencia.Parsear(claves[(turno*7919)%len(claves)], v.Alfabeto())
		require.NoError(t, err)
		_, err = j.Ubicar(o)
		require.NoError(t, err)
		var fs []Puesta
		for f := range o.Fichas() {
			fs = append(fs, Puesta{Pos: uint16(f.Fila*e.N + f.Columna), Letra: f.Letra, Comodin: f.Comodin})
		}
		mo.Hacer(fs)
		for _, f := range fs {
			l, comodin, ok := mo.Celda(int(f.Pos))
			require.True(t, ok)
			require.Equal(t, []any{f.Letra, f.Comodin}, []any{l, comodin})
		}
		copia.Cargar(j)
		require.Equal(t, fotografiar(&copia.b.Estado), fotografiar(e), "después de %v\n%s", o, j)
		fotos = append(fotos, fotografiar(e))
	}
	require.Greater(t, len(fotos), 10)
	for i := len(fotos) - 1; i > 0; i-- {
		mo.Deshacer()
		require.Equal(t, fotos[i-1], fotografiar(e))
	}
}
