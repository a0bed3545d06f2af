package generador_test

import (
	"bytes"
	"compress/gzip"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/lexicos"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// La posición de referencia en inglés: filas 1 a 9 (las demás, vacías).
var tableroIngles = []string{
	".......L..BOXEN",
	".....ZOARIA.IF.",
	"....FAINE......",
	"...Q...G.......",
	"...AR..S.......",
	"...TOM.P.......",
	"....JA.E.......",
	"...HANDLES.....",
	"....KO.........",
}

var (
	sowpodsUna  sync.Once
	sowpods     *variante.Variante
	sowpodsErr  error
	sowpodsLeer []byte
)

// varianteInglesa devuelve la variante inglesa clásica con SOWPODS, o
// saltea si el léxico de prueba no está.
func varianteInglesa(tb testing.TB) *variante.Variante {
	tb.Helper()
	b := lexicos.Leer(tb, lexicos.Sowpods)
	sowpodsUna.Do(func() {
		var r *gzip.Reader
		if r, sowpodsErr = gzip.NewReader(bytes.NewReader(b)); sowpodsErr == nil {
			sowpods, sowpodsErr = ingles.Leer(r)
		}
	})
	require.NoError(tb, sowpodsErr)
	return sowpods
}

var generadores sync.Map // *variante.Variante → *generador.Generador (sin usar en paralelo)

func generadorDe(tb testing.TB, v *variante.Variante) *generador.Generador {
	tb.Helper()
	if g, ok := generadores.Load(v); ok {
		return g.(*generador.Generador)
	}
	g, err := generador.Nuevo(v)
	require.NoError(tb, err)
	generadores.Store(v, g)
	return g
}

func manoDe(tb testing.TB, v *variante.Variante, fichas string) letra.Multiconjunto {
	tb.Helper()
	ls, err := v.Alfabeto().LeerFichas(fichas)
	require.NoError(tb, err)
	return letra.NuevoMulticonjunto(ls...)
}

type referencia struct {
	nombre  string
	tablero []string
	mano    string
	jugadas int
	mejor   int
}

var referenciasInglesas = []referencia{
	{"vacío AEINRST", nil, "AEINRST", 2916, 66},
	{"vacío ?EINRST", nil, "?EINRST", 23640, 64},
	{"posición ARTHOUS", tableroIngles, "ARTHOUS", 1144, 50},
}

var referenciasEspanolas = []referencia{
	{"vacío AEINRST", nil, "AEINRST", 2752, 66},
	{"vacío ?EINRST", nil, "?EINRST", 12712, 64},
}

func probarReferencias(t *testing.T, v *variante.Variante, refs []referencia) {
	g := generadorDe(t, v)
	for _, r := range refs {
		t.Run(r.nombre, func(t *testing.T) {
			require.NoError(t, g.CargarTablero(r.tablero))
			m := manoDe(t, v, r.mano)
			require.Equal(t, r.jugadas, g.ContarEnTablero(m))
			mejor, ok := g.MejorEnTablero(m)
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

// TestMejoresInglesas comprueba cuáles son las mejores jugadas, no solo
// sus puntos: en el tablero vacío, un bingo de 66 por el centro (hay varios
// anagramas, RESIANT entre ellos); en la posición, HOSTA en la fila 3 desde
// la columna K.
func TestMejoresInglesas(t *testing.T) {
	v := varianteInglesa(t)
	g := generadorDe(t, v)
	require.NoError(t, g.CargarTablero(nil))
	mejor, _ := g.MejorEnTablero(manoDe(t, v, "AEINRST"))
	require.Len(t, mejor.Fichas, 7)
	require.Equal(t, 66, mejor.Puntos)
	require.NoError(t, g.CargarTablero(tableroIngles))
	mejor, _ = g.MejorEnTablero(manoDe(t, v, "ARTHOUS"))
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
	require.Greater(t, g.Contar(j), 100)
	require.Zero(t, testing.AllocsPerRun(10, func() { g.Contar(j) }))
	require.LessOrEqual(t, testing.AllocsPerRun(10, func() { g.Mejor(j) }), 1.0)
	require.LessOrEqual(t, testing.AllocsPerRun(10, func() {
		for range g.Jugadas(j) {
		}
	}), 8.0)
}
