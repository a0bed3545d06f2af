package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// VariableReales es la variable de entorno con el directorio de los
// registros reales que no se pueden redistribuir (ver testdata/README); sin
// ella se buscan en /work/notas/gcg.
const VariableReales = "PALABRAS_GCG"

// opcionesReales son las variantes de los registros reales: la inglesa con
// SOWPODS para los léxicos ingleses (Collins y, a falta de la suya, los
// norteamericanos) y la española clásica para FISE.
func opcionesReales(t testing.TB) gcg.Opciones {
	t.Helper()
	ing := pruebas.Ingles(t)
	return gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{
		"CSW": ing, "NWL": ing, "FISE": espanol.Clasica(),
	}}
}

// fallidos son los registros reales que no se leen, con la línea y el
// motivo: todos por el registro (o porque no hay variante polaca).
var fallidos = map[string]struct {
	linea int
	err   error
}{
	"macondo_name_weird_encoding_with_header.gcg": {1, gcg.ErrFormato},        // declara ISO8859-6
	"macondo_polish_endgame.gcg":                  {6, gcg.ErrFormato},        // polaco: no hay variante polaca
	"magpie_six_exchange.gcg":                     {0, gcg.ErrInconsistente},  // falta la línea final de un jugador
	"quackle_multiplayer-crash.gcg":               {7, gcg.ErrInconsistente},  // juega una F que no está en su mano completa
	"ropita_gcg_sample_es.gcg":                    {19, gcg.ErrInconsistente}, // "--" de una jugada del otro jugador
	"scorable_cresta-yorra-2006.gcg":              {47, gcg.ErrFormato},       // ">Cresta\" (LN)": sin ":"
	"scorable_near-end-game.gcg":                  {12, gcg.ErrInconsistente}, // le quitaron el desafío de la línea anterior
}

// probarReales lee cada registro de dir: los de fallidos fallan en su
// línea; los demás se repiten con cada puntaje y acumulado del registro y
// vuelven a leerse igual después de escribirlos (idaYVuelta). Devuelve
// cuántos se leyeron.
func probarReales(t *testing.T, dir string) int {
	archivos, _ := filepath.Glob(filepath.Join(dir, "*.gcg"))
	if len(archivos) == 0 {
		t.Skipf("no hay registros reales en %s", dir)
	}
	sort.Strings(archivos)
	o := opcionesReales(t)
	leidos := 0
	for _, a := range archivos {
		nombre := filepath.Base(a)
		datos, err := os.ReadFile(a)
		require.NoError(t, err)
		p, err := gcg.Leer(bytes.NewReader(datos), o)
		if caso, ok := fallidos[nombre]; ok {
			require.ErrorIs(t, err, caso.err, nombre)
			var e *gcg.ErrorLinea
			require.ErrorAs(t, err, &e)
			require.Equal(t, caso.linea, e.Linea, "%s: %v", nombre, err)
			continue
		}
		require.NoError(t, err, nombre)
		leidos++
		t.Logf("%s: %d turnos, %d palabras que SOWPODS no tiene, regla %s", nombre, p.Juego.Tiempo(), len(p.Ilegitimas), p.Juego.Variante().ReglaFin())
		idaYVuelta(t, p, o)
	}
	return leidos
}

// TestRealesRedistribuibles lee los registros reales de testdata/reales
// (licencia MIT, ver testdata/README).
func TestRealesRedistribuibles(t *testing.T) {
	require.Equal(t, 10, probarReales(t, "testdata/reales"))
}

// TestRealesLocales lee los registros reales que no se pueden
// redistribuir, del directorio de $PALABRAS_GCG o de /work/notas/gcg si
// están (ver testdata/README); si no, se saltea.
func TestRealesLocales(t *testing.T) {
	dir := os.Getenv(VariableReales)
	if dir == "" {
		dir = "/work/notas/gcg"
	}
	t.Logf("%d registros leídos", probarReales(t, dir))
}

// idaYVuelta escribe p, la vuelve a leer y comprueba que es la misma
// partida: los mismos jugadores, pragmas, sucesos (sin las fichas que no se
// ven), tablero, puntajes y fin; y que escribirla otra vez da el mismo
// texto.
func idaYVuelta(t require.TestingT, p *gcg.Partida, o gcg.Opciones) {
	var b bytes.Buffer
	require.NoError(t, gcg.Escribir(&b, p))
	q, err := gcg.Leer(bytes.NewReader(b.Bytes()), o)
	require.NoError(t, err, b.String())
	require.Equal(t, p.Jugadores, q.Jugadores)
	require.Equal(t, p.Pragmas, q.Pragmas)
	require.Equal(t, p.Lexico, q.Lexico)
	require.Equal(t, len(p.Ilegitimas), len(q.Ilegitimas))
	for x := range p.Ilegitimas {
		require.Equal(t, p.Ilegitimas[x].Tiempo, q.Ilegitimas[x].Tiempo)
		require.Equal(t, p.Ilegitimas[x].Palabra, q.Ilegitimas[x].Palabra)
	}
	mismoJuego(t, p, q)
	var otra bytes.Buffer
	require.NoError(t, gcg.Escribir(&otra, q))
	require.Equal(t, b.String(), otra.String())
}

// mismoJuego compara los juegos de p y q en lo que el registro dice: los
// sucesos (tipo, jugador, jugada, puntos), el tablero, los puntajes, el fin
// y las posiciones antes de cada turno.
func mismoJuego(t require.TestingT, p, q *gcg.Partida) {
	a, b := p.Juego, q.Juego
	sa, sb := a.Sucesos(), b.Sucesos()
	require.Equal(t, len(sa), len(sb))
	for x := range sa {
		require.Equal(t, sa[x].Tipo, sb[x].Tipo, "suceso %d", x)
		require.Equal(t, sa[x].Jugador, sb[x].Jugador, "suceso %d", x)
		require.True(t, sa[x].Jugada.Igual(sb[x].Jugada), "suceso %d", x)
		require.Equal(t, sa[x].Puntos, sb[x].Puntos, "suceso %d", x)
	}
	require.Equal(t, a.Tablero(), b.Tablero())
	for i := range a.Jugadores() {
		pa, _ := a.Puntaje(i)
		pb, _ := b.Puntaje(i)
		require.Equal(t, pa, pb, "puntaje del jugador %d", i)
	}
	fa, ta := a.Terminada()
	fb, tb := b.Terminada()
	require.Equal(t, ta, tb)
	require.Equal(t, fa, fb)
	require.Equal(t, a.Variante().ReglaFin(), b.Variante().ReglaFin())
	for n := range a.Tiempo() + 1 {
		pp, err := p.Posicion(n)
		require.NoError(t, err)
		pq, err := q.Posicion(n)
		require.NoError(t, err)
		require.Equal(t, pp.Tablero, pq.Tablero, "turno %d", n)
		require.Equal(t, pp.Puntajes, pq.Puntajes, "turno %d", n)
		require.Equal(t, pp.Turno, pq.Turno, "turno %d", n)
	}
}
