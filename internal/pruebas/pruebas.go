// Package pruebas reúne lo que comparten las pruebas de juego y de servidor:
// partidas al azar con su modelo (internal/pruebas/tad) y la enumeración de jugadas
// candidatas. Solo lo importan archivos de prueba.
package pruebas

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// MaxLiteral es la cantidad de fichas del tablero hasta la que el modelo
// calcula ocurrenciasDePalabras con la transcripción literal (exponencial);
// con más usa el cálculo directo de R1, que TestR1IgualALosAxiomas
// (internal/pruebas/tad) prueba igual a la literal.
const MaxLiteral = 6

// EvaluacionesLiterales cuenta las veces que el modelo usó la transcripción
// literal, para que las pruebas puedan comprobar que la ejercitaron.
var EvaluacionesLiterales atomic.Int64

// PalabrasModelo es ocurrenciasDePalabras para el modelo: literal en
// tableros de hasta MaxLiteral fichas, R1 en los demás. Como es una función
// pura del tablero, recuerda los resultados: el modelo de SERVIDOR recorre su
// término entero en cada consulta y pide una y otra vez los mismos tableros.
func PalabrasModelo(t tad.Tablero) []tad.Ocurrencia {
	contenido := t.ContenidoDelTablero(0, 0)
	clave := fmt.Sprint(t.Tamano(), ordenadas(contenido))
	memoria.Lock()
	res, ok := memoria.palabras[clave]
	memoria.Unlock()
	if ok {
		return res
	}
	if len(contenido) <= MaxLiteral {
		EvaluacionesLiterales.Add(1)
		res = tad.OcurrenciasDePalabras(t)
	} else {
		res = tad.OcurrenciasDePalabrasR1(t)
	}
	memoria.Lock()
	if len(memoria.palabras) > 1<<16 {
		clear(memoria.palabras)
	}
	memoria.palabras[clave] = res
	memoria.Unlock()
	return res
}

var memoria = struct {
	sync.Mutex
	palabras map[string][]tad.Ocurrencia
}{palabras: map[string][]tad.Ocurrencia{}}

func ordenadas(o tad.Ocurrencia) tad.Ocurrencia {
	o = slices.Clone(o)
	slices.SortFunc(o, func(a, b tad.Tupla) int {
		return cmp.Or(cmp.Compare(a.Fila, b.Fila), cmp.Compare(a.Columna, b.Columna), cmp.Compare(a.Letra, b.Letra))
	})
	return o
}

// Configuracion acota el tamaño de las partidas al azar.
type Configuracion struct {
	MaxN, MaxK, MaxF, MaxPalabras int
}

// Partida es una partida al azar lista para empezar: la variante, el
// repositorio y el modelo de ambos.
type Partida struct {
	K              int
	Variante       *variante.Variante
	Repositorio    []letra.Letra
	ModeloVariante tad.Variante
	Modelo         tad.Juego // nuevoJuego(K, variante, repositorio) en el modelo
}

// NuevaPartida genera una variante al azar sobre un alfabeto de 4 letras
// (tablero, fichas y puntajes al azar, un diccionario chico que incluye una
// palabra de una letra y una de dos) y un repositorio al azar del largo
// mínimo o algo más.
func NuevaPartida(t *rapid.T, c Configuracion) Partida {
	alf, err := letra.NuevoAlfabeto("A", "B", "C", "D")
	require.NoError(t, err)
	gl := rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "l"))
	})
	n := rapid.IntRange(1, c.MaxN).Draw(t, "N")
	k := rapid.IntRange(1, c.MaxK).Draw(t, "K")
	f := rapid.IntRange(1, c.MaxF).Draw(t, "F")
	puntajes := rapid.MapOf(gl, rapid.IntRange(0, 5)).Draw(t, "puntajes")
	palabras := [][]letra.Letra{
		rapid.SliceOfN(gl, 1, 1).Draw(t, "palabra de una letra"),
		rapid.SliceOfN(gl, 2, 2).Draw(t, "palabra de dos letras"),
	}
	palabras = append(palabras, rapid.SliceOfN(rapid.SliceOfN(gl, 1, 4), 0, c.MaxPalabras).Draw(t, "palabras")...)
	r := rapid.SliceOfN(gl, n*n+k*f, n*n+k*f+4).Draw(t, "repositorio")

	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, n, f, puntajes, lex, variante.Opciones{})
	require.NoError(t, err)
	bolsaJugable(t, v)
	mv, ok := tad.NuevaVariante(n, f, puntajes, palabras)
	require.True(t, ok)
	mod, ok := tad.NuevoJuego(k, mv, slices.Clone(r))
	require.True(t, ok)
	mod.Palabras = PalabrasModelo
	return Partida{K: k, Variante: v, Repositorio: r, ModeloVariante: mv, Modelo: mod}
}

// ValidaEnModelo es la noción de jugada válida de la biblioteca según el
// modelo: jugadaVálida? literal y R5 (evaluada primero, porque es barata).
func ValidaEnModelo(mod tad.Juego, o ocurrencia.Ocurrencia) bool {
	return mod.Tiene(o.Slice()) && mod.JugadaValida(o.Slice())
}

// Candidatas enumera las jugadas alineadas que el jugador en turno de j
// puede armar con su mano sobre celdas libres: todas las que pueden ser
// válidas (una jugada válida tiene sus fichas en una fila o una columna) y
// muchas que no. Cada comodín de la mano aparece representando cada letra
// del alfabeto.
func Candidatas(j *juego.Juego) []ocurrencia.Ocurrencia {
	fichas, _ := j.Fichas(j.Turno())
	mano := fichas.Letras()
	n := j.TamanoTablero()
	alf := j.Variante().Alfabeto()
	var res []ocurrencia.Ocurrencia
	agregar := func(fs []ocurrencia.Ficha) {
		for _, x := range conComodines(fs, alf.Tamano()) {
			res = append(res, ocurrencia.Nueva(x...))
		}
	}
	var lineas [][][2]int
	for i := range n {
		var fila, col [][2]int
		for k := range n {
			if !j.HayFicha(i, k) {
				fila = append(fila, [2]int{i, k})
			}
			if !j.HayFicha(k, i) {
				col = append(col, [2]int{k, i})
			}
		}
		lineas = append(lineas, fila, col)
	}
	for i := range n {
		for k := range n {
			if j.HayFicha(i, k) {
				continue
			}
			for _, l := range slices.Compact(slices.Clone(mano)) {
				agregar([]ocurrencia.Ficha{{Fila: i, Columna: k, Letra: l}})
			}
		}
	}
	for _, linea := range lineas {
		for _, celdas := range subconjuntos(linea, 2, len(mano)) {
			for _, letras := range arreglos(mano, len(celdas)) {
				fs := make([]ocurrencia.Ficha, len(celdas))
				for i, c := range celdas {
					fs[i] = ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: letras[i]}
				}
				agregar(fs)
			}
		}
	}
	return res
}

// conComodines devuelve las fichas fs con cada letra.Comodin reemplazado,
// de todas las formas posibles, por un comodín que representa una de las
// letras menores que letras.
func conComodines(fs []ocurrencia.Ficha, letras int) [][]ocurrencia.Ficha {
	res := [][]ocurrencia.Ficha{slices.Clone(fs)}
	for i, f := range fs {
		if f.Letra != letra.Comodin {
			continue
		}
		var otras [][]ocurrencia.Ficha
		for _, x := range res {
			for l := range letras {
				y := slices.Clone(x)
				y[i].Letra, y[i].Comodin = letra.Letra(l), true
				otras = append(otras, y)
			}
		}
		res = otras
	}
	return res
}

// subconjuntos devuelve los subconjuntos de s de tamaño entre desde y hasta,
// en el orden de s.
func subconjuntos[T any](s []T, desde, hasta int) [][]T {
	var res [][]T
	var rec func(i int, actual []T)
	rec = func(i int, actual []T) {
		if len(actual) >= desde && len(actual) <= hasta {
			res = append(res, slices.Clone(actual))
		}
		if len(actual) == hasta {
			return
		}
		for k := i; k < len(s); k++ {
			rec(k+1, append(actual, s[k]))
		}
	}
	rec(0, nil)
	return res
}

// arreglos devuelve las secuencias distintas de k letras tomadas del
// multiconjunto mano.
func arreglos(mano []letra.Letra, k int) [][]letra.Letra {
	var res [][]letra.Letra
	usada := make([]bool, len(mano))
	vistas := map[string]bool{}
	var rec func(actual []letra.Letra)
	rec = func(actual []letra.Letra) {
		if len(actual) == k {
			if clave := string(actual); !vistas[clave] {
				vistas[clave] = true
				res = append(res, slices.Clone(actual))
			}
			return
		}
		for i, l := range mano {
			if !usada[i] {
				usada[i] = true
				rec(append(actual, l))
				usada[i] = false
			}
		}
	}
	rec(nil)
	return res
}

// VarianteClasica arma una variante chica (alfabeto de 4 letras, tablero
// de 2×2 a 5×5) con reglas clásicas al azar: premios al azar, bolsa,
// cambios, comodines, bingo, y a veces conexión y fin de partida.
func VarianteClasica(t *rapid.T) *variante.Variante {
	alf, err := letra.NuevoAlfabeto("A", "B", "C", "D")
	require.NoError(t, err)
	return VarianteClasicaCon(t, alf, []letra.Letra{0, 1, 2, 3})
}

// VarianteClasicaCon es como [VarianteClasica] con el alfabeto alf y
// palabras hechas de las letras dadas, que deben ser de alf.
func VarianteClasicaCon(t *rapid.T, alf *letra.Alfabeto, letras []letra.Letra) *variante.Variante {
	gl := rapid.SampledFrom(letras)
	n := rapid.IntRange(2, 5).Draw(t, "N")
	f := rapid.IntRange(1, 4).Draw(t, "F")
	palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 1, 4), 1, 14).Draw(t, "palabras")
	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	var filas []string
	for range n {
		fila := ""
		for range n {
			fila += rapid.SampledFrom([]string{".", ".", "l", "L", "p", "P"}).Draw(t, "premio")
		}
		filas = append(filas, fila)
	}
	premios, err := variante.ParsearPremios(juntarLineas(filas))
	require.NoError(t, err)
	op := variante.Opciones{Premios: premios, Bolsa: true, Cambios: true}
	op.Comodines = rapid.IntRange(0, 2).Draw(t, "comodines")
	op.Bingo = rapid.SampledFrom([]int{0, 50}).Draw(t, "bingo")
	// Solo letras que usan las palabras: las demás se descartarían (ver
	// docs/reglas.md) y la bolsa podría quedar vacía.
	op.Distribucion = rapid.MapOfN(rapid.SampledFrom(slices.Collect(lex.Letras().Todas())),
		rapid.IntRange(1, 5), 1, 4).Draw(t, "distribución")
	op.Conexion = rapid.Bool().Draw(t, "conexión")
	if rapid.Bool().Draw(t, "fin") {
		op.FinDePartida = rapid.IntRange(1, 6).Draw(t, "turnos sin puntos")
	}
	v, err := variante.Nueva(alf, n, f, rapid.MapOf(gl, rapid.IntRange(0, 5)).Draw(t, "puntajes"), lex, op)
	require.NoError(t, err)
	bolsaJugable(t, v)
	return v
}

// bolsaJugable comprueba R14: toda letra de la bolsa de v (salvo los
// comodines) la usa alguna palabra del léxico.
func bolsaJugable(t require.TestingT, v *variante.Variante) {
	usadas := v.Lexico().Letras()
	for l := range v.Distribucion().Todas() {
		if l != letra.Comodin && usadas != 0 {
			require.True(t, usadas.Contiene(l), "R14: la bolsa tiene %s y ninguna palabra la usa", v.Alfabeto().Simbolo(l))
		}
	}
}

func juntarLineas(filas []string) string {
	s := ""
	for _, f := range filas {
		s += f + "\n"
	}
	return s
}

// JuegoClasico empieza una partida de 1 a 3 jugadores sobre una
// [VarianteClasica] al azar, con la bolsa mezclada por una semilla al azar.
func JuegoClasico(t *rapid.T) *juego.Juego {
	v := VarianteClasica(t)
	k := rapid.IntRange(1, 3).Draw(t, "K")
	r, err := v.Repositorio(k, rapid.Uint64().Draw(t, "semilla"))
	require.NoError(t, err)
	j, err := juego.Nuevo(k, v, r)
	require.NoError(t, err)
	return j
}
