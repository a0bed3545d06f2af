package generador_test

import (
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/anagramas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// hojasAzar es una valoración de hojas al azar, determinista para su
// semilla: cada hoja vale un número que sale de mezclar la semilla con sus
// letras. Los modos buscan casos difíciles: valores continuos, enteros
// chicos (muchos empates de equidad), enormes (la hoja manda), todos 0, con
// NaN e infinitos, o que crecen con las fichas que se conservan (la mejor
// jugada pone pocas).
type hojasAzar struct {
	semilla uint64
	modo    int
}

const modosHojas = 6

func mezclar(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}

func (h hojasAzar) Valor(m letra.Multiconjunto) float64 {
	x := h.semilla
	for l := range letra.MaxLetras {
		if c := m.Cantidad(letra.Letra(l)); c > 0 {
			x = mezclar(x ^ uint64(l)<<8 ^ uint64(c))
		}
	}
	u := float64(x>>11) / (1 << 53) // en [0, 1)
	switch h.modo {
	case 0:
		return 60*u - 30
	case 1:
		return float64(int(5*u) - 2)
	case 2:
		return 2e6*u - 1e6
	case 3:
		return 0
	case 4:
		switch x % 7 {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(1)
		case 2:
			return math.Inf(-1)
		}
		return 20*u - 10
	}
	return float64(8*m.Tamano()) + 10*u
}

// conSubhojas agrega a unas hojas el camino rápido de generador.Subhojas,
// escrito aparte: la hoja que conserva kₓ fichas de cada letra x va en
// Σ kₓ·pₓ.
type conSubhojas struct{ hojasAzar }

func (h conSubhojas) Subhojas(mano letra.Multiconjunto, dst []float64) []float64 {
	var letras []letra.Letra
	for l := range letra.MaxLetras {
		if mano.Cantidad(letra.Letra(l)) > 0 {
			letras = append(letras, letra.Letra(l))
		}
	}
	var rec func(i int, hoja letra.Multiconjunto) []float64
	// De la última letra a la primera: la primera es la cifra que más
	// rápido cambia.
	rec = func(i int, hoja letra.Multiconjunto) []float64 {
		if i < 0 {
			return []float64{h.Valor(hoja)}
		}
		var res []float64
		l := letras[i]
		for k := range mano.Cantidad(l) + 1 {
			hh := hoja
			hh.AgregarN(l, k)
			res = append(res, rec(i-1, hh)...)
		}
		return res
	}
	return append(dst[:0], rec(len(letras)-1, letra.Multiconjunto{})...)
}

func hojasDe(t *rapid.T) generador.Hojas {
	h := hojasAzar{semilla: rapid.Uint64().Draw(t, "semilla de las hojas"), modo: rapid.IntRange(0, modosHojas-1).Draw(t, "modo de las hojas")}
	if rapid.Bool().Draw(t, "¿con Subhojas?") {
		return conSubhojas{h}
	}
	return h
}

func saneado(x float64) float64 {
	if math.IsNaN(x) {
		return math.Inf(-1)
	}
	return x
}

// oraculo devuelve las k mejores elecciones de la mano m en j ordenando
// todas: cada jugada de g (con el valor de su hoja, m menos sus fichas),
// cada cambio si la variante lo permite y la bolsa tiene F fichas, y pasar
// si no hay otra.
func oraculo(t require.TestingT, g generador.Generador, j *juego.Juego, m letra.Multiconjunto, h generador.Hojas, k int) []generador.Eleccion {
	if _, fin := j.Terminada(); fin {
		return nil
	}
	if h == nil {
		h = hojasAzar{modo: 3}
	}
	var todas []generador.Eleccion
	for jg := range g.JugadasDe(j, m) {
		hoja := m
		for _, f := range jg.Fichas {
			require.True(t, hoja.Sacar(f.DeLaMano()))
		}
		v := saneado(h.Valor(hoja))
		todas = append(todas, generador.Eleccion{Tipo: juego.SucesoColocacion,
			Jugada: generador.Jugada{Fichas: slices.Clone(jg.Fichas), Puntos: jg.Puntos}, Hoja: v, Equidad: float64(jg.Puntos) + v})
	}
	v := j.Variante()
	if v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas() && !m.Vacio() {
		var rec func(l int, conservar letra.Multiconjunto)
		rec = func(l int, conservar letra.Multiconjunto) {
			if l == letra.MaxLetras {
				if conservar != m {
					x := saneado(h.Valor(conservar))
					todas = append(todas, generador.Eleccion{Tipo: juego.SucesoCambio, Cambiadas: m.Diferencia(conservar), Hoja: x, Equidad: x})
				}
				return
			}
			for c := range m.Cantidad(letra.Letra(l)) + 1 {
				cc := conservar
				cc.AgregarN(letra.Letra(l), c)
				rec(l+1, cc)
			}
		}
		rec(0, letra.Multiconjunto{})
	}
	if len(todas) == 0 {
		x := saneado(h.Valor(m))
		todas = append(todas, generador.Eleccion{Tipo: juego.SucesoPase, Hoja: x, Equidad: x})
	}
	slices.SortFunc(todas, generador.CompararElecciones)
	for i := 1; i < len(todas); i++ {
		require.Negative(t, generador.CompararElecciones(todas[i-1], todas[i]), "el orden es total: %v y %v", todas[i-1], todas[i])
	}
	return todas[:min(k, len(todas))]
}

// mismas verifica que dos listas de elecciones sean iguales.
func mismas(t require.TestingT, esperadas, obtenidas []generador.Eleccion, contexto ...any) {
	require.Len(t, obtenidas, len(esperadas), contexto...)
	for i, e := range esperadas {
		o := obtenidas[i]
		require.Equal(t, e.Tipo, o.Tipo, "elección %d: %v, se esperaba %v %v", i, o, e, contexto)
		require.Equal(t, e.Equidad, o.Equidad, "elección %d: %v, se esperaba %v %v", i, o, e, contexto)
		require.Equal(t, e.Hoja, o.Hoja, "elección %d %v", i, contexto)
		require.Equal(t, e.Jugada.Puntos, o.Jugada.Puntos, "elección %d %v", i, contexto)
		require.Equal(t, len(e.Jugada.Fichas), len(o.Jugada.Fichas), "elección %d: %v, se esperaba %v %v", i, o, e, contexto)
		for x := range e.Jugada.Fichas {
			require.Equal(t, e.Jugada.Fichas[x], o.Jugada.Fichas[x], "elección %d: %v, se esperaba %v %v", i, o, e, contexto)
		}
		require.Equal(t, e.Cambiadas, o.Cambiadas, "elección %d %v", i, contexto)
	}
}

// manoAzar devuelve una mano de hasta F fichas de v con hasta maxComodines
// comodines, o la del jugador en turno.
func manoAzar(t *rapid.T, j *juego.Juego, maxComodines int) letra.Multiconjunto {
	v := j.Variante()
	if rapid.Bool().Draw(t, "¿la mano del jugador?") {
		m, _ := j.Fichas(j.Turno())
		return m
	}
	var m letra.Multiconjunto
	comodines := rapid.IntRange(0, maxComodines).Draw(t, "comodines")
	m.AgregarN(letra.Comodin, comodines)
	for range rapid.IntRange(0, max(0, v.Fichas()-comodines)).Draw(t, "fichas") {
		m.Agregar(letra.Letra(rapid.IntRange(0, v.Alfabeto().Tamano()-1).Draw(t, "letra")))
	}
	return m
}

// cifras cuenta las comparaciones con el oráculo de una prueba, para el
// informe (go test -v).
type cifras struct {
	comparaciones, elecciones, jugadas atomic.Int64
}

// compararEquidad compara la búsqueda por equidad de g con el oráculo y
// con RecorrerPorEquidad, con el mismo dst reutilizado.
func compararEquidad(t *rapid.T, c *cifras, g *generador.GADDAG, j *juego.Juego, m letra.Multiconjunto, h generador.Hojas, k int, dst []generador.Eleccion) []generador.Eleccion {
	esperadas := oraculo(t, g, j, m, h, k)
	dst = g.MejoresPorEquidadDe(j, m, h, k, dst)
	mismas(t, esperadas, dst, "mano", m.String(), "k", k, j.String())
	mismas(t, esperadas, generador.RecorrerPorEquidad(g, j, m, h, k, nil), "recorriendo")
	if k == 1 && len(esperadas) > 0 {
		mismas(t, esperadas, generador.MejoresPorEquidad(g, j, m, h, 1, nil))
	}
	c.comparaciones.Add(1)
	c.elecciones.Add(int64(len(esperadas)))
	c.jugadas.Add(int64(generador.ContarDe(g, j, m)))
	return dst
}

// TestEquidadClasica compara la búsqueda por equidad con el oráculo en
// partidas clásicas al azar (premios, comodines, bingo, cambios, a veces
// conexión), con manos y valoraciones de hojas al azar, y a veces con la
// tabla de anagramas para el tablero vacío.
func TestEquidadClasica(t *testing.T) {
	var c cifras
	defer informar(t, &c)
	verificar(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v := j.Variante()
		op := generador.Opciones{}
		if rapid.Bool().Draw(t, "¿anagramas?") {
			ta, err := tablas.NuevosAnagramas(v.Lexico(), 0)
			require.NoError(t, err)
			op.Anagramas = ta
		}
		g, err := generador.Nuevo(v, op)
		require.NoError(t, err)
		var dst []generador.Eleccion
		for range rapid.IntRange(1, 6).Draw(t, "turnos") {
			k := rapid.SampledFrom([]int{1, 1, 2, 3, 10, 1000}).Draw(t, "k")
			m := manoAzar(t, j, 2)
			dst = compararEquidad(t, &c, g, j, m, hojasDe(t), k, dst)
			if _, fin := j.Terminada(); fin {
				return
			}
			mano, _ := j.Fichas(j.Turno())
			es := generador.MejoresPorEquidad(g, j, mano, hojasAzar{semilla: 1}, 1, nil)
			require.Len(t, es, 1)
			e := es[0]
			switch e.Tipo {
			case juego.SucesoColocacion:
				_, err = j.Ubicar(e.Jugada.Ocurrencia())
			case juego.SucesoCambio:
				err = j.Cambiar(e.Cambiadas)
			default:
				err = j.Pasar()
			}
			require.NoError(t, err, "%v", e)
		}
	})
}

// TestEquidadSinMano: sin hojas (nil), con la mano vacía o con letras
// que ninguna palabra usa, y con k ≤ 0.
func TestEquidadBordes(t *testing.T) {
	var c cifras
	verificar(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		g, err := generador.Nuevo(j.Variante(), generador.Opciones{})
		require.NoError(t, err)
		compararEquidad(t, &c, g, j, letra.Multiconjunto{}, nil, 3, nil)
		compararEquidad(t, &c, g, j, letra.NuevoMulticonjunto(40, 41, letra.Comodin), hojasDe(t), 5, nil)
		require.Empty(t, g.MejoresPorEquidadDe(j, manoAzar(t, j, 2), nil, 0, nil))
	})
}

// verificar corre la propiedad con rapid, 20 veces con las pruebas largas.
func verificar(t *testing.T, prop func(*rapid.T)) {
	pruebas.CasosCortos(t, 20)
	rondas := 1
	if pruebas.Largas() {
		rondas = 20
	}
	for range rondas {
		rapid.Check(t, prop)
	}
}

func informar(t *testing.T, c *cifras) {
	t.Logf("%d comparaciones con el oráculo (%d jugadas generadas en esas posiciones, %d elecciones comparadas)",
		c.comparaciones.Load(), c.jugadas.Load(), c.elecciones.Load())
}

// idiomas son las variantes de las pruebas con léxicos reales.
func idiomas(tb testing.TB) []*variante.Variante {
	return []*variante.Variante{espanol.Clasica(), varianteInglesa(tb)}
}

// TestEquidadIdiomas compara la búsqueda por equidad con el oráculo en
// posiciones de partidas reales en español (FISE) y en inglés (SOWPODS):
// las partidas las juega el bot codicioso un número de turnos al azar, y
// la mano tiene de 0 a 2 comodines.
func TestEquidadIdiomas(t *testing.T) {
	vs := idiomas(t)
	gs := map[*variante.Variante]*generador.GADDAG{}
	for _, v := range vs {
		gs[v] = generadorDe(t, v)
	}
	// Sin las pruebas largas, manos de a lo sumo un comodín: las de dos
	// tienen decenas de miles de jugadas que el oráculo ordena.
	maxComodines := 1
	if pruebas.Largas() {
		maxComodines = 2
	}
	porIdioma := map[*variante.Variante]*cifras{}
	for _, v := range vs {
		porIdioma[v] = &cifras{}
	}
	defer func() {
		for i, v := range vs {
			t.Logf("%s:", []string{"español (FISE)", "inglés (SOWPODS)"}[i])
			informar(t, porIdioma[v])
		}
	}()
	verificar(t, func(t *rapid.T) {
		v := rapid.SampledFrom(vs).Draw(t, "variante")
		g := gs[v]
		r, err := v.Repositorio(2, rapid.Uint64().Draw(t, "bolsa"))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for range rapid.IntRange(0, 30).Draw(t, "turnos") {
			m, ok := generador.Mejor(g, j)
			if !ok {
				break
			}
			_, err := j.Ubicar(m.Ocurrencia())
			require.NoError(t, err)
			if _, fin := j.Terminada(); fin {
				break
			}
		}
		k := rapid.SampledFrom([]int{1, 1, 1, 5, 20}).Draw(t, "k")
		compararEquidad(t, porIdioma[v], g, j, manoAzar(t, j, maxComodines), hojasDe(t), k, nil)
	})
}

// TestEquidadSinReservas: la búsqueda por equidad no reserva memoria con
// el mismo dst de llamada en llamada.
func TestEquidadSinReservas(t *testing.T) {
	v := espanol.Clasica()
	g := generadorDe(t, v)
	var h generador.Hojas = hojasAzar{semilla: 3}
	for _, p := range posiciones(t) {
		if p.variante != "espanol-clasica" {
			continue
		}
		j, m := juegoDePosicion(t, p)
		dst := g.MejoresPorEquidadDe(j, m, h, 5, nil)
		require.NotEmpty(t, dst)
		require.Zero(t, testing.AllocsPerRun(5, func() { dst = g.MejoresPorEquidadDe(j, m, h, 5, dst) }), p.nombre)
	}
}

// TestEquidadTesis: con un generador de la tesis (generador/anagramas), que
// no tiene búsqueda propia, MejoresPorEquidad recorre sus jugadas y da lo
// mismo que el oráculo y que la búsqueda del GADDAG.
func TestEquidadTesis(t *testing.T) {
	verificar(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v := j.Variante()
		ta, err := tablas.NuevosAnagramas(v.Lexico(), 0)
		require.NoError(t, err)
		ga, err := anagramas.Nuevo(v, ta)
		require.NoError(t, err)
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		m := manoAzar(t, j, 2)
		h := hojasDe(t)
		k := rapid.SampledFrom([]int{1, 3, 100}).Draw(t, "k")
		esperadas := oraculo(t, ga, j, m, h, k)
		mismas(t, esperadas, generador.MejoresPorEquidad(ga, j, m, h, k, nil))
		mismas(t, esperadas, generador.MejoresPorEquidad(g, j, m, h, k, nil))
	})
}

// TestEquidadFilas compara la búsqueda por equidad con el oráculo en las
// 39 posiciones de los benchmarks (BenchmarkFilas: las de
// testdata/posiciones, las de referencia y las de medio juego con dos
// comodines, en español y en inglés, con manos de 0 a 2 comodines), con las hojas de los benchmarks y la mejor
// elección, y con hojas al azar y las diez mejores. Sin las pruebas
// largas, solo las de hasta 20 000 jugadas (el oráculo las ordena todas)
// y las de medio juego con dos comodines; con -short, solo las de hasta
// 5 000 jugadas.
func TestEquidadFilas(t *testing.T) {
	fs := filas(t)
	require.Len(t, fs, 39)
	comparadas := 0
	defer func() { t.Logf("%d de las %d posiciones comparadas con el oráculo", comparadas, len(fs)) }()
	for i, f := range fs {
		g := generadorDe(t, f.v)
		n := generador.ContarDe(g, f.j, f.m)
		switch {
		case pruebas.Largas():
		case testing.Short() && n > 5000:
			continue
		case n > 20000 && !strings.HasPrefix(f.nombre, "medio2c"):
			continue
		}
		comparadas++
		for _, c := range []struct {
			h generador.Hojas
			k int
		}{{nuevasHojasSinteticas(f.v), 1}, {hojasAzar{semilla: uint64(i), modo: i % modosHojas}, 10}} {
			esperadas := oraculo(t, g, f.j, f.m, c.h, c.k)
			mismas(t, esperadas, g.MejoresPorEquidadDe(f.j, f.m, c.h, c.k, nil), f.nombre, c.k)
		}
	}
}

// TestEquidadMapaComodines compara con el oráculo (generar todas las
// jugadas y ordenarlas) la búsqueda por equidad con el mapa de palabras
// (metodoMapa) en partidas reales en español (FISE) y en inglés (SOWPODS),
// del tablero vacío al medio juego, con manos de exactamente 0, 1 o 2
// comodines (las de dos, que TestEquidadIdiomas solo prueba con las pruebas
// largas) y valoraciones de hojas al azar.
func TestEquidadMapaComodines(t *testing.T) {
	vs := idiomas(t)
	gs := map[*variante.Variante]*generador.GADDAG{}
	for _, v := range vs {
		gs[v] = generadorDe(t, v)
	}
	var c cifras
	defer informar(t, &c)
	verificar(t, func(t *rapid.T) {
		v := rapid.SampledFrom(vs).Draw(t, "variante")
		g := gs[v]
		r, err := v.Repositorio(2, rapid.Uint64().Draw(t, "bolsa"))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for range rapid.IntRange(0, 14).Draw(t, "turnos") {
			m, ok := generador.Mejor(g, j)
			if !ok {
				break
			}
			_, err := j.Ubicar(m.Ocurrencia())
			require.NoError(t, err)
			if _, fin := j.Terminada(); fin {
				return
			}
		}
		var m letra.Multiconjunto
		comodines := rapid.IntRange(0, 2).Draw(t, "comodines")
		m.AgregarN(letra.Comodin, comodines)
		for range rapid.IntRange(1, v.Fichas()-comodines).Draw(t, "fichas") {
			m.Agregar(letra.Letra(rapid.IntRange(0, v.Alfabeto().Tamano()-1).Draw(t, "letra")))
		}
		k := rapid.SampledFrom([]int{1, 1, 1, 3, 10}).Draw(t, "k")
		compararEquidad(t, &c, g, j, m, hojasDe(t), k, nil)
	})
}

// TestTableroQueVuelve: un generador que ve posiciones de una partida en
// cualquier orden (también hacia atrás, con celdas que se vacían, como los
// rollouts de la simulación) da las mismas jugadas y la misma mejor
// elección por equidad que uno nuevo en cada posición: sus conjuntos
// cruzados se actualizan bien celda por celda.
func TestTableroQueVuelve(t *testing.T) {
	v := espanol.Clasica()
	g := generadorDe(t, v)
	verificar(t, func(t *rapid.T) {
		semilla := rapid.Uint64().Draw(t, "bolsa")
		posicion := func(turnos int) *juego.Juego {
			r, err := v.Repositorio(2, semilla)
			require.NoError(t, err)
			j, err := juego.Nuevo(2, v, r)
			require.NoError(t, err)
			for range turnos {
				m, ok := generador.Mejor(g, j)
				if !ok {
					break
				}
				_, err := j.Ubicar(m.Ocurrencia())
				require.NoError(t, err)
				if _, fin := j.Terminada(); fin {
					break
				}
			}
			return j
		}
		h := hojasAzar{semilla: semilla}
		for range 4 {
			j := posicion(rapid.IntRange(0, 16).Draw(t, "turnos"))
			m := manoAzar(t, j, 2)
			nuevo, err := generador.Nuevo(v, generador.Opciones{})
			require.NoError(t, err)
			require.Equal(t, generador.ContarDe(nuevo, j, m), generador.ContarDe(g, j, m))
			mismas(t, nuevo.MejoresPorEquidadDe(j, m, h, 3, nil), g.MejoresPorEquidadDe(j, m, h, 3, nil))
		}
	})
}
