package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
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

// avisosReales son los avisos de los registros reales redistribuibles que
// se leen con faltas a las reglas del formato (los demás no tienen):
// manos que no conservan lo que el jugador se quedó de su turno anterior o
// que muestran fichas de más (ver testdata/README) y un #description
// repetido.
var avisosReales = map[string]int{
	"scorable_anno57595.gcg": 1, // línea 43: KITTRU sin la E que quedó de SAWEDRK
	"scorable_ct20031.gcg":   7, // tres H a la vez, dos O de más, y un pase con otra mano
	"scorable_ct2221.gcg":    2, // dos Z a la vez
	"scorable_ct38790.gcg":   1, // #description repetido
	"scorable_ct54545.gcg":   1, // QINAAES sin la segunda E que quedó de GRUESEN
}

// comprobarModos comprueba que el modo estricto rechace lo que el
// indulgente avisó: si p (leída en el indulgente con o) no tiene avisos, el
// estricto la lee igual; si tiene, falla en la línea y la regla de uno de
// ellos, con su mismo motivo.
func comprobarModos(t require.TestingT, datos []byte, p *gcg.Partida, o gcg.Opciones) {
	o.Estricto = true
	q, err := gcg.Leer(bytes.NewReader(datos), o)
	if len(p.Avisos) == 0 {
		require.NoError(t, err)
		require.Empty(t, q.Avisos)
		return
	}
	var e *gcg.ErrorLinea
	require.ErrorAs(t, err, &e)
	require.NotEqual(t, gcg.ReglaNinguna, e.Regla, err.Error())
	hallado := false
	for _, a := range p.Avisos {
		hallado = hallado || a.Linea == e.Linea && a.Regla == e.Regla && strings.HasSuffix(err.Error(), a.Texto)
	}
	require.True(t, hallado, "%v no es ninguno de %v", err, p.Avisos)
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
		if n, ok := avisosReales[nombre]; ok || filepath.Base(dir) == "reales" {
			require.Len(t, p.Avisos, n, "%s: %v", nombre, p.Avisos)
		}
		comprobarModos(t, datos, p, o)
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
		require.Equal(t, pp.SinPuntos, pq.SinPuntos, "turno %d", n)
	}
	// La posición final de la historia es la del juego.
	final, err := p.Posicion(a.Tiempo())
	require.NoError(t, err)
	require.Equal(t, a.Posicion().SinPuntos, final.SinPuntos)
	require.Equal(t, a.Posicion().Tablero, final.Tablero)
}
