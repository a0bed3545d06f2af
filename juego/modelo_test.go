package juego_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/tad"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Pruebas de la implementación contra el modelo: la transcripción de los
// axiomas de TABLERO y JUEGO en internal/tad.
//
// ocurrenciasDePalabras literal es exponencial (partes de las fichas del
// tablero, permutaciones de cada parte): el modelo la usa mientras el tablero
// tiene hasta maxLiteral fichas, y de ahí en más el cálculo directo de R1,
// que TestR1IgualALosAxiomas (internal/tad) prueba igual a la literal.
const maxLiteral = 6

var evaluacionesLiterales atomic.Int64

func palabrasModelo(t tad.Tablero) []tad.Ocurrencia {
	if len(t.ContenidoDelTablero(0, 0)) <= maxLiteral {
		evaluacionesLiterales.Add(1)
		return tad.OcurrenciasDePalabras(t)
	}
	return tad.OcurrenciasDePalabrasR1(t)
}

// configuracion acota el tamaño de las partidas al azar.
type configuracion struct {
	maxN, maxK, maxF, maxPalabras int
}

// maquina es el estado de la prueba: la implementación y el modelo, que
// deben coincidir en todo observador después de cada acción.
type maquina struct {
	j   *juego.Juego
	mod tad.Juego
	alf *letra.Alfabeto
	n   int
}

func nuevaMaquina(t *rapid.T, c configuracion) *maquina {
	alf, err := letra.NuevoAlfabeto("A", "B", "C", "D")
	require.NoError(t, err)
	gl := rapid.Custom(func(t *rapid.T) letra.Letra {
		return letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "l"))
	})
	n := rapid.IntRange(1, c.maxN).Draw(t, "N")
	k := rapid.IntRange(1, c.maxK).Draw(t, "K")
	f := rapid.IntRange(1, c.maxF).Draw(t, "F")
	puntajes := rapid.MapOf(gl, rapid.IntRange(0, 5)).Draw(t, "puntajes")
	// Diccionario chico con palabras de una y de dos letras.
	palabras := [][]letra.Letra{
		rapid.SliceOfN(gl, 1, 1).Draw(t, "palabra de una letra"),
		rapid.SliceOfN(gl, 2, 2).Draw(t, "palabra de dos letras"),
	}
	palabras = append(palabras, rapid.SliceOfN(rapid.SliceOfN(gl, 1, 4), 0, c.maxPalabras).Draw(t, "palabras")...)
	r := rapid.SliceOfN(gl, n*n+k*f, n*n+k*f+4).Draw(t, "repositorio")

	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, n, f, puntajes, lex)
	require.NoError(t, err)
	j, err := juego.NuevoJuego(k, v, r)
	require.NoError(t, err)
	mv, ok := tad.NuevaVariante(n, f, puntajes, palabras)
	require.True(t, ok)
	mod, ok := tad.NuevoJuego(k, mv, slices.Clone(r))
	require.True(t, ok)
	mod.Palabras = palabrasModelo
	return &maquina{j: j, mod: mod, alf: alf, n: n}
}

// modeloValida es la noción de jugada válida de la biblioteca según el
// modelo: jugadaVálida? literal y R5 (evaluada primero, porque es barata).
func (m *maquina) modeloValida(o ocurrencia.Ocurrencia) bool {
	return m.mod.Tiene(o.Slice()) && m.mod.JugadaValida(o.Slice())
}

// mano devuelve la mano del jugador en turno como lista de letras.
func (m *maquina) mano(t require.TestingT) []letra.Letra {
	fichas, err := m.j.Fichas(m.j.Turno())
	require.NoError(t, err)
	return fichas.Letras()
}

// libres devuelve las celdas libres del tablero.
func (m *maquina) libres() [][2]int {
	var res [][2]int
	for f := range m.n {
		for c := range m.n {
			if !m.j.HayFicha(f, c) {
				res = append(res, [2]int{f, c})
			}
		}
	}
	return res
}

// candidatas enumera las jugadas alineadas que el jugador en turno puede
// armar con su mano sobre celdas libres: todo lo que puede ser válido (una
// jugada válida tiene sus fichas en una fila o una columna), y mucho que no.
func (m *maquina) candidatas(t require.TestingT) []ocurrencia.Ocurrencia {
	mano := m.mano(t)
	var res []ocurrencia.Ocurrencia
	var lineas [][][2]int
	for i := range m.n {
		var fila, col [][2]int
		for k := range m.n {
			if !m.j.HayFicha(i, k) {
				fila = append(fila, [2]int{i, k})
			}
			if !m.j.HayFicha(k, i) {
				col = append(col, [2]int{k, i})
			}
		}
		lineas = append(lineas, fila, col)
	}
	for _, c := range m.libres() {
		for _, l := range slices.Compact(slices.Clone(mano)) {
			res = append(res, ocurrencia.Nueva(ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: l}))
		}
	}
	for _, linea := range lineas {
		for _, celdas := range subconjuntos(linea, 2, len(mano)) {
			for _, letras := range arreglos(mano, len(celdas)) {
				fs := make([]ocurrencia.Ficha, len(celdas))
				for i, c := range celdas {
					fs[i] = ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: letras[i]}
				}
				res = append(res, ocurrencia.Nueva(fs...))
			}
		}
	}
	return res
}

// subconjuntos devuelve los subconjuntos de s de tamaño entre min y max, en
// el orden de s.
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

// comparar verifica el invariante de representación y que todo observador
// (salvo el puntaje, que se consulta en su propia acción para no adelantar
// el cálculo perezoso) coincida con el modelo.
func (m *maquina) comparar(t *rapid.T) {
	require.NoError(t, juego.Rep(m.j))
	require.Equal(t, m.mod.Jugadores(), m.j.Jugadores())
	require.Equal(t, m.mod.Turno(), m.j.Turno())
	require.Equal(t, m.mod.Tiempo(), m.j.Tiempo())
	require.True(t, slices.Equal(m.mod.Repositorio(), m.j.Repositorio()), "repositorio")
	for i := range m.j.Jugadores() {
		modelo := m.mod.Fichas(i)
		fichas, err := m.j.Fichas(i)
		require.NoError(t, err)
		for l := range m.alf.Tamano() {
			require.Equal(t, modelo[letra.Letra(l)], fichas.Cantidad(letra.Letra(l)), "fichas del jugador %d", i)
			c, err := m.j.CantidadLetra(i, letra.Letra(l))
			require.NoError(t, err)
			require.Equal(t, modelo[letra.Letra(l)], c)
		}
	}
	tab := m.mod.Tablero()
	for f := -1; f <= m.n; f++ {
		for c := -1; c <= m.n; c++ {
			require.Equal(t, tab.EnTablero(f, c), m.j.EnTablero(f, c))
			require.Equal(t, tab.Ocupada(f, c), m.j.HayFicha(f, c), "(%d,%d)", f, c)
			l, ok := m.j.Letra(f, c)
			require.Equal(t, tab.Ocupada(f, c), ok)
			if ok {
				require.Equal(t, tab.Letra(f, c), l)
			}
			tiempo, ok := m.j.TiempoFicha(f, c)
			tiempoMod, okMod := m.mod.TiempoFicha(f, c)
			require.Equal(t, okMod, ok)
			require.Equal(t, tiempoMod, tiempo)
		}
	}
	palabras := m.j.OcurrenciasDePalabras()
	modelo := m.mod.Palabras(tab)
	if len(tab.ContenidoDelTablero(0, 0)) == 0 {
		modelo = nil // la literal da {∅} en el tablero vacío; R1 rige
	}
	require.Len(t, palabras, len(modelo))
	for _, o := range palabras {
		require.True(t, slices.ContainsFunc(modelo, func(p tad.Ocurrencia) bool { return tad.IgualConjunto(p, o.Slice()) }),
			"la palabra %v no está en el modelo", o)
	}
}

// rechazar comprueba que o es inválida según el modelo y la implementación,
// que el error sea del motivo esperado y que el juego no cambie.
func (m *maquina) rechazar(t *rapid.T, o ocurrencia.Ocurrencia, motivos ...error) {
	require.False(t, m.modeloValida(o), "el modelo acepta %v", o)
	require.False(t, m.j.JugadaValida(o), "la implementación acepta %v", o)
	antes := m.j.String()
	err := m.j.Ubicar(o)
	require.ErrorIs(t, err, juego.ErrJugadaInvalida)
	if len(motivos) > 0 {
		require.True(t, slices.ContainsFunc(motivos, func(e error) bool { return errors.Is(err, e) }),
			"%v no es ninguno de %v", err, motivos)
	}
	require.Equal(t, antes, m.j.String())
}

func (m *maquina) acciones() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"": m.comparar,
		"ubicar una jugada válida": func(t *rapid.T) {
			cands := m.candidatas(t)
			r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "orden"), 0))
			r.Shuffle(len(cands), func(i, k int) { cands[i], cands[k] = cands[k], cands[i] })
			for _, o := range cands[:min(len(cands), 200)] {
				if !m.modeloValida(o) {
					continue
				}
				require.True(t, m.j.JugadaValida(o), "el modelo acepta %v y la implementación no", o.Formatear(m.alf))
				p, err := m.j.PuntajeObtenido(o)
				require.NoError(t, err)
				require.Equal(t, m.mod.PuntajeObtenido(o.Slice()), p, "puntaje de %v", o.Formatear(m.alf))
				require.NoError(t, m.j.Ubicar(o))
				m.mod = m.mod.Ubicar(o.Slice())
				return
			}
			t.Skip("no se encontró una jugada válida")
		},
		"probar una jugada al azar": func(t *rapid.T) {
			cands := m.candidatas(t)
			if len(cands) == 0 {
				t.Skip("sin candidatas")
			}
			o := rapid.SampledFrom(cands).Draw(t, "jugada")
			if !m.modeloValida(o) {
				// Alineada, con letras de la mano y en celdas libres: si no
				// vale es por un hueco o por una palabra ilegítima.
				m.rechazar(t, o, juego.ErrNoContiguas, juego.ErrPalabraIlegitima, juego.ErrDemasiadasFichas)
				return
			}
			require.True(t, m.j.JugadaValida(o))
			p, err := m.j.PuntajeObtenido(o)
			require.NoError(t, err)
			require.Equal(t, m.mod.PuntajeObtenido(o.Slice()), p)
		},
		"fuera del tablero": func(t *rapid.T) {
			mano := m.mano(t)
			l := rapid.SampledFrom(mano).Draw(t, "letra")
			f := rapid.SampledFrom([]int{-1, m.n, m.n + 3, 0}).Draw(t, "fila")
			c := rapid.SampledFrom([]int{-2, m.n}).Draw(t, "columna")
			m.rechazar(t, ocurrencia.Nueva(ocurrencia.Ficha{Fila: f, Columna: c, Letra: l}), juego.ErrFueraDelTablero)
		},
		"celda ocupada": func(t *rapid.T) {
			var ocupadas [][2]int
			for f := range m.n {
				for c := range m.n {
					if m.j.HayFicha(f, c) {
						ocupadas = append(ocupadas, [2]int{f, c})
					}
				}
			}
			if len(ocupadas) == 0 {
				t.Skip("tablero vacío")
			}
			c := rapid.SampledFrom(ocupadas).Draw(t, "celda")
			l := rapid.SampledFrom(m.mano(t)).Draw(t, "letra")
			m.rechazar(t, ocurrencia.Nueva(ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: l}), juego.ErrCeldaOcupada)
		},
		"superpuestas": func(t *rapid.T) {
			distintas := slices.Compact(m.mano(t))
			libres := m.libres()
			if len(distintas) < 2 || len(libres) == 0 || m.j.Variante().LongPalabraMasLarga() < 2 {
				t.Skip("no se pueden superponer dos letras")
			}
			c := rapid.SampledFrom(libres).Draw(t, "celda")
			m.rechazar(t, ocurrencia.Nueva(
				ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: distintas[0]},
				ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: distintas[1]}), juego.ErrSuperpuestas)
		},
		"dispersas": func(t *rapid.T) {
			mano, libres := m.mano(t), m.libres()
			if len(mano) < 2 || m.j.Variante().LongPalabraMasLarga() < 2 {
				t.Skip("no hay dos fichas")
			}
			var pares [][2][2]int
			for _, a := range libres {
				for _, b := range libres {
					if a[0] < b[0] && a[1] != b[1] {
						pares = append(pares, [2][2]int{a, b})
					}
				}
			}
			if len(pares) == 0 {
				t.Skip("no hay dos celdas libres desalineadas")
			}
			p := rapid.SampledFrom(pares).Draw(t, "celdas")
			m.rechazar(t, ocurrencia.Nueva(
				ocurrencia.Ficha{Fila: p[0][0], Columna: p[0][1], Letra: mano[0]},
				ocurrencia.Ficha{Fila: p[1][0], Columna: p[1][1], Letra: mano[1]}), juego.ErrNoAlineadas)
		},
		"letras que no tiene": func(t *rapid.T) {
			fichas, _ := m.j.Fichas(m.j.Turno())
			var faltan []letra.Letra
			for l := range m.alf.Tamano() {
				if !fichas.Pertenece(letra.Letra(l)) {
					faltan = append(faltan, letra.Letra(l))
				}
			}
			libres := m.libres()
			if len(faltan) == 0 || len(libres) == 0 {
				t.Skip("tiene todas las letras")
			}
			c := rapid.SampledFrom(libres).Draw(t, "celda")
			l := rapid.SampledFrom(faltan).Draw(t, "letra")
			m.rechazar(t, ocurrencia.Nueva(ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: l}), juego.ErrFaltanLetras)
		},
		"demasiado larga": func(t *rapid.T) {
			largo := m.j.Variante().LongPalabraMasLarga() + 1
			fs := make([]ocurrencia.Ficha, largo)
			for i := range fs {
				fs[i] = ocurrencia.Ficha{Fila: 0, Columna: i, Letra: letra.Letra(rapid.IntRange(0, 3).Draw(t, "letra"))}
			}
			m.rechazar(t, ocurrencia.Nueva(fs...), juego.ErrDemasiadasFichas)
		},
		"pasar": func(t *rapid.T) {
			require.True(t, m.j.JugadaValida(juego.Pasar))
			require.NoError(t, m.j.Ubicar(juego.Pasar))
			m.mod = m.mod.Ubicar(nil)
		},
		"consultar un puntaje": func(t *rapid.T) {
			i := rapid.IntRange(0, m.j.Jugadores()-1).Draw(t, "jugador")
			p, err := m.j.Puntaje(i)
			require.NoError(t, err)
			require.Equal(t, m.mod.Puntaje(i), p, "puntaje del jugador %d", i)
			_, err = m.j.Puntaje(m.j.Jugadores())
			require.ErrorIs(t, err, juego.ErrJugadorInexistente)
		},
	}
}

// TestMaquinaDeEstadosLiteral juega partidas al azar en tableros de hasta
// 3×3, donde casi todo se compara con la transcripción literal.
func TestMaquinaDeEstadosLiteral(t *testing.T) {
	antes := evaluacionesLiterales.Load()
	rapid.Check(t, func(t *rapid.T) {
		m := nuevaMaquina(t, configuracion{maxN: 3, maxK: 3, maxF: 3, maxPalabras: 8})
		t.Repeat(m.acciones())
	})
	literales := evaluacionesLiterales.Load() - antes
	t.Logf("%d evaluaciones de ocurrenciasDePalabras literal", literales)
	require.Positive(t, literales)
}

// TestMaquinaDeEstados juega partidas al azar más largas, en tableros de
// hasta 6×6.
func TestMaquinaDeEstados(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := nuevaMaquina(t, configuracion{maxN: 6, maxK: 4, maxF: 4, maxPalabras: 15})
		t.Repeat(m.acciones())
	})
}
