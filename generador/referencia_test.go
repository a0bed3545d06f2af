package generador_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las posiciones de referencia, en CGP (juego/cgp): el jugador del turno
// tiene la primera mano; la del rival no se conoce y cgp la completa con
// fichas que no se ven.
const (
	vacioAEINRST = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
	vacioComodin = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?EINRST/ 0/0 0"
	// posicionARTHOUS: filas 1 a 9 con fichas, las demás vacías.
	posicionARTHOUS = "7L2BOXEN/5ZOARIA1IF1/4FAINE6/3Q3G7/3AR2S7/3TOM1P7/4JA1E7/3HANDLES5/4KO9/15/15/15/15/15/15 ARTHOUS/ 0/0 0"
)

// varianteInglesa devuelve la variante inglesa clásica con SOWPODS, o
// saltea si el léxico de prueba no está.
func varianteInglesa(tb testing.TB) *variante.Variante { return pruebas.Ingles(tb) }

var generadores sync.Map // *variante.Variante → *generador.GADDAG (sin usar en paralelo)

func generadorDe(tb testing.TB, v *variante.Variante) *generador.GADDAG {
	tb.Helper()
	if g, ok := generadores.Load(v); ok {
		return g.(*generador.GADDAG)
	}
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(tb, err)
	generadores.Store(v, g)
	return g
}

func manoDe(tb testing.TB, v *variante.Variante, fichas string) letra.Multiconjunto {
	tb.Helper()
	ls, err := v.Alfabeto().ParsearFichas(fichas)
	require.NoError(tb, err)
	return letra.NuevoMulticonjunto(ls...)
}

type referencia struct {
	nombre  string
	cgp     string
	jugadas int
	mejor   int
}

var referenciasInglesas = []referencia{
	{"vacío AEINRST", vacioAEINRST, 2916, 66},
	{"vacío ?EINRST", vacioComodin, 23640, 64},
	{"posición ARTHOUS", posicionARTHOUS, 1144, 50},
}

var referenciasEspanolas = []referencia{
	{"vacío AEINRST", vacioAEINRST, 2752, 66},
	{"vacío ?EINRST", vacioComodin, 12712, 64},
}

// juegoDe empieza una partida de v en la posición CGP texto.
func juegoDe(tb testing.TB, v *variante.Variante, texto string) *juego.Juego {
	tb.Helper()
	p, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
	require.NoError(tb, err)
	j, err := p.Juego()
	require.NoError(tb, err)
	return j
}

func probarReferencias(t *testing.T, v *variante.Variante, refs []referencia) {
	g := generadorDe(t, v)
	for _, r := range refs {
		t.Run(r.nombre, func(t *testing.T) {
			j := juegoDe(t, v, r.cgp)
			require.Equal(t, r.jugadas, generador.Contar(g, j))
			n := 0
			for range generador.Jugadas(g, j) {
				n++
			}
			require.Equal(t, r.jugadas, n)
			mejor, ok := generador.Mejor(g, j)
			require.True(t, ok)
			require.Equal(t, r.mejor, mejor.Puntos, "%v", mejor.Ocurrencia().Formatear(v.Alfabeto()))
		})
	}
}

func TestReferenciasInglesas(t *testing.T) {
	probarReferencias(t, varianteInglesa(t), referenciasInglesas)
}

func TestReferenciasEspanolas(t *testing.T) {
	probarReferencias(t, espanol.Clasica(), referenciasEspanolas)
}

// TestEspecificacion cuenta las jugadas de AEINRST en el tablero vacío de
// 15×15 con las reglas de la especificación (sin anclas ni centro) y la
// variante española por defecto: las de BenchmarkEspecificacion.
func TestEspecificacion(t *testing.T) {
	v := espanol.Variante()
	g := generadorDe(t, v)
	r := make([]letra.Letra, v.TamanoTablero()*v.TamanoTablero()+2*v.Fichas())
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.Equal(t, 100320, generador.ContarDe(g, j, manoDe(t, v, "AEINRST")))
}

// TestMejoresInglesas comprueba cuáles son las mejores jugadas, no solo
// sus puntos: en el tablero vacío, un bingo de 66 por el centro (hay varios
// anagramas, RESIANT entre ellos); en la posición, HOSTA en la fila 3 desde
// la columna K.
func TestMejoresInglesas(t *testing.T) {
	v := varianteInglesa(t)
	g := generadorDe(t, v)
	mejor, _ := generador.Mejor(g, juegoDe(t, v, vacioAEINRST))
	require.Len(t, mejor.Fichas, 7)
	require.Equal(t, 66, mejor.Puntos)
	j := juegoDe(t, v, posicionARTHOUS)
	require.Empty(t, j.PalabrasIlegitimas())
	mejor, _ = generador.Mejor(g, j)
	require.Equal(t, "{(2,10,H), (2,11,O), (2,12,S), (2,13,T), (2,14,A)}", mejor.Ocurrencia().Formatear(v.Alfabeto()))
}

// TestSinReservas comprueba lo que dice la documentación sobre la memoria:
// Contar no reserva nada, Mejor solo la jugada que devuelve, y un
// recorrido de Jugadas unas pocas reservas que no dependen de cuántas
// jugadas hay.
func TestSinReservas(t *testing.T) {
	v := espanol.Clasica()
	g := generadorDe(t, v)
	r, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.Greater(t, generador.Contar(g, j), 100)
	require.Zero(t, testing.AllocsPerRun(10, func() { generador.Contar(g, j) }))
	require.LessOrEqual(t, testing.AllocsPerRun(10, func() { generador.Mejor(g, j) }), 1.0)
	require.LessOrEqual(t, testing.AllocsPerRun(10, func() {
		for range generador.Jugadas(g, j) {
		}
	}), 8.0)
}
