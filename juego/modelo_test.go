package juego_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Pruebas de la implementación contra el modelo: la transcripción de los
// axiomas de TABLERO y JUEGO en internal/pruebas/tad.
//
// ocurrenciasDePalabras literal es exponencial: el modelo la usa en
// tableros chicos y el cálculo directo de R1 en los demás (ver
// pruebas.PalabrasModelo).

// maquina es el estado de la prueba: la implementación y el modelo, que
// deben coincidir en todo observador después de cada acción.
type maquina struct {
	j   *juego.Juego
	mod tad.Juego
	alf *letra.Alfabeto
	n   int
}

func nuevaMaquina(t *rapid.T, c pruebas.Configuracion) *maquina {
	p := pruebas.NuevaPartida(t, c)
	j, err := juego.Nuevo(p.K, p.Variante, p.Repositorio)
	require.NoError(t, err)
	return &maquina{j: j, mod: p.Modelo, alf: p.Variante.Alfabeto(), n: p.Variante.TamanoTablero()}
}

// modeloValida es la noción de jugada válida de la biblioteca según el
// modelo.
func (m *maquina) modeloValida(o ocurrencia.Ocurrencia) bool { return pruebas.ValidaEnModelo(m.mod, o) }

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

// comparar verifica el invariante de representación y que todo observador
// (salvo el puntaje, que se consulta en su propia acción para no adelantar
// el cálculo perezoso) coincida con el modelo.
func (m *maquina) comparar(t *rapid.T) {
	require.NoError(t, verificar(m.j))
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
	palabras := m.j.Tablero().Palabras()
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
	_, err := m.j.Ubicar(o)
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
			cands := pruebas.Candidatas(m.j)
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
				_, err = m.j.Ubicar(o)
				require.NoError(t, err)
				m.mod = m.mod.Ubicar(o.Slice())
				return
			}
			t.Skip("no se encontró una jugada válida")
		},
		"probar una jugada al azar": func(t *rapid.T) {
			cands := pruebas.Candidatas(m.j)
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
			m.rechazar(t, ocurrencia.Nueva(ocurrencia.Ficha{Fila: f, Columna: c, Letra: l}), tablero.ErrFueraDelTablero)
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
			m.rechazar(t, ocurrencia.Nueva(ocurrencia.Ficha{Fila: c[0], Columna: c[1], Letra: l}), tablero.ErrCeldaOcupada)
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
			// El motivo es el primero que falla, en el orden de
			// verificarFichas: fuera del tablero, ocupada, letras que no
			// tiene; y si no, demasiadas fichas.
			o := ocurrencia.Nueva(fs...)
			fichas, _ := m.j.Fichas(m.j.Turno())
			motivo := juego.ErrDemasiadasFichas
			switch {
			case slices.ContainsFunc(fs, func(f ocurrencia.Ficha) bool { return f.Columna >= m.j.TamanoTablero() }):
				motivo = tablero.ErrFueraDelTablero
			case slices.ContainsFunc(fs, func(f ocurrencia.Ficha) bool { return m.j.HayFicha(f.Fila, f.Columna) }):
				motivo = tablero.ErrCeldaOcupada
			case !fichas.Incluye(o.Letras()):
				motivo = juego.ErrFaltanLetras
			}
			m.rechazar(t, o, motivo)
		},
		"pasar": func(t *rapid.T) {
			require.True(t, m.j.JugadaValida(ocurrencia.Ocurrencia{}))
			require.NoError(t, m.j.Pasar())
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
	antes := pruebas.EvaluacionesLiterales.Load()
	rapid.Check(t, func(t *rapid.T) {
		m := nuevaMaquina(t, pruebas.Configuracion{MaxN: 3, MaxK: 3, MaxF: 3, MaxPalabras: 8})
		t.Repeat(m.acciones())
	})
	literales := pruebas.EvaluacionesLiterales.Load() - antes
	t.Logf("%d evaluaciones de ocurrenciasDePalabras literal", literales)
	require.Positive(t, literales)
}

// TestMaquinaDeEstados juega partidas al azar más largas, en tableros de
// hasta 6×6.
func TestMaquinaDeEstados(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := nuevaMaquina(t, pruebas.Configuracion{MaxN: 6, MaxK: 4, MaxF: 4, MaxPalabras: 15})
		t.Repeat(m.acciones())
	})
}
