package generador_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// formatearMano escribe la mano m como la operación mano de CGP: las letras
// en orden (entre corchetes las de símbolo de varias letras) y los
// comodines al final como "?".
func formatearMano(alf *letra.Alfabeto, m letra.Multiconjunto) string {
	var b strings.Builder
	for l := range m.Todas() {
		if l == letra.Comodin {
			continue
		}
		s := alf.Simbolo(l)
		if utf8.RuneCountInString(s) > 1 {
			s = "[" + s + "]"
		}
		b.WriteString(s)
	}
	b.WriteString(strings.Repeat("?", m.Cantidad(letra.Comodin)))
	return b.String()
}

// actualizar pide a TestPosiciones que vuelva a jugar las partidas y
// reescriba testdata/posiciones.
var actualizar = flag.Bool("actualizar", false, "reescribe testdata/posiciones jugando las partidas de nuevo")

// posicion es una posición de testdata/posiciones: un archivo .cgp por
// posición, con una línea CGP (ver leerPosicion).
type posicion struct {
	nombre   string // ingles-… o espanol-clasica-…: dice la variante
	variante string
	cgp      string // la posición, en CGP, con las operaciones mano y jugadas
	mano     string // la mano con que se generan las jugadas (operación mano)
	jugadas  int    // cuántas jugadas hay (operación jugadas)
}

const dirPosiciones = "testdata/posiciones"

// alfabetos de las variantes de las posiciones, para leer el CGP sin
// cargar los léxicos.
var alfabetosPosiciones = map[string]*letra.Alfabeto{"ingles": letra.Ingles(), "espanol-clasica": letra.EspanolConDigrafos()}

// leerPosicion lee una posición de testdata/posiciones: una línea CGP
// (juego/cgp) con las manos reales y, además de lex y gid, dos operaciones
// propias: mano, la mano del benchmark (puede tener más comodines que la
// bolsa: la generación la recibe aparte, con ContarDe), y jugadas, cuántas
// jugadas da el generador con ella.
func leerPosicion(nombre, texto string) (posicion, error) {
	p := posicion{nombre: nombre, cgp: strings.TrimSpace(texto)}
	for v := range alfabetosPosiciones {
		if strings.HasPrefix(nombre, v+"-") {
			p.variante = v
		}
	}
	alf, ok := alfabetosPosiciones[p.variante]
	if !ok {
		return p, fmt.Errorf("%s: el nombre no dice la variante", nombre)
	}
	c, err := cgp.Parsear(p.cgp, cgp.Opciones{Alfabeto: alf})
	if err != nil {
		return p, fmt.Errorf("%s: %w", nombre, err)
	}
	p.mano, ok = c.Operacion("mano")
	jugadas, hay := c.Operacion("jugadas")
	if !ok || !hay {
		return p, fmt.Errorf("%s: faltan las operaciones mano o jugadas", nombre)
	}
	if p.jugadas, err = strconv.Atoi(jugadas); err != nil {
		return p, fmt.Errorf("%s: jugadas %q: %w", nombre, jugadas, err)
	}
	return p, nil
}

// varianteDe devuelve la variante de nombre.
func varianteDe(tb testing.TB, nombre string) *variante.Variante {
	switch nombre {
	case "ingles":
		return varianteInglesa(tb)
	case "espanol-clasica":
		return espanol.Clasica()
	}
	tb.Fatalf("variante desconocida %q", nombre)
	return nil
}

// juegoDePosicion arma el juego de la posición (cgp.Posicion.Juego) y la mano con
// que se generan las jugadas.
func juegoDePosicion(tb testing.TB, p posicion) (*juego.Juego, letra.Multiconjunto) {
	tb.Helper()
	v := varianteDe(tb, p.variante)
	c, err := cgp.Parsear(p.cgp, cgp.Opciones{Variante: v})
	require.NoError(tb, err, p.nombre)
	j, err := c.Juego()
	require.NoError(tb, err, p.nombre)
	m, err := v.Alfabeto().ParsearFichas(strings.NewReplacer("[", "", "]", "").Replace(p.mano))
	require.NoError(tb, err, p.nombre)
	return j, letra.NuevoMulticonjunto(m...)
}

// posiciones lee todas las posiciones de testdata/posiciones, en orden de
// nombre.
func posiciones(tb testing.TB) []posicion {
	tb.Helper()
	archivos, err := filepath.Glob(filepath.Join(dirPosiciones, "*.cgp"))
	require.NoError(tb, err)
	slices.Sort(archivos)
	var res []posicion
	for _, a := range archivos {
		b, err := os.ReadFile(a)
		require.NoError(tb, err)
		p, err := leerPosicion(strings.TrimSuffix(filepath.Base(a), ".cgp"), string(b))
		require.NoError(tb, err)
		res = append(res, p)
	}
	return res
}

// etapas son los momentos de una partida en que se toman posiciones: tras
// la primera jugada (apertura), a media partida con el tablero abierto y
// ya lleno, y con la bolsa vacía (final; -1: la primera jugada sin bolsa).
var etapas = []struct {
	nombre string
	jugada int
}{{"apertura", 1}, {"medio", 6}, {"lleno", 14}, {"final", -1}}

// lexicoDe es el nombre del léxico de cada variante, para la operación lex.
var lexicoDe = map[string]string{"ingles": "SOWPODS", "espanol-clasica": "FILE2017"}

// partidasDePosiciones: variante y semilla de cada partida.
var partidasDePosiciones = []struct {
	variante string
	semilla  uint64
}{{"ingles", 1}, {"espanol-clasica", 1}}

// manoConComodines es la mano del benchmark con k comodines: las primeras
// letras (sin comodines) de la mano del jugador, en orden, hasta completar
// F−k, y k comodines.
func manoConComodines(m letra.Multiconjunto, f, k int) letra.Multiconjunto {
	var r letra.Multiconjunto
	for l := range m.Todas() {
		if l != letra.Comodin && r.Tamano() < f-k {
			r.Agregar(l)
		}
	}
	r.AgregarN(letra.Comodin, k)
	return r
}

// jugarPosiciones juega las partidas de bots codiciosos y devuelve las
// posiciones de cada etapa, con 0, 1 y 2 comodines en la mano.
func jugarPosiciones(t *testing.T) []posicion {
	var res []posicion
	for _, pp := range partidasDePosiciones {
		v := varianteDe(t, pp.variante)
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		r, err := v.Repositorio(2, pp.semilla)
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		tomadas := map[string]bool{}
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			for _, e := range etapas {
				if tomadas[e.nombre] || !(e.jugada == j.Tiempo() || e.jugada < 0 && j.LetrasEnRepositorio() == 0) {
					continue
				}
				tomadas[e.nombre] = true
				pos := j.Posicion()
				for k := range 3 {
					m := manoConComodines(pos.Manos[pos.Turno], v.Fichas(), k)
					nombre := fmt.Sprintf("%s-%s-%dcomodines", pp.variante, e.nombre, k)
					texto, err := cgp.Formatear(&cgp.Posicion{Posicion: pos, Operaciones: []cgp.Operacion{
						{Codigo: "lex", Valor: lexicoDe[pp.variante]},
						{Codigo: "gid", Valor: fmt.Sprintf("%s-s%d-j%d", pp.variante, pp.semilla, j.Tiempo())},
						{Codigo: "mano", Valor: formatearMano(v.Alfabeto(), m)},
						{Codigo: "jugadas", Valor: strconv.Itoa(generador.ContarDe(g, j, m))}}})
					require.NoError(t, err)
					p, err := leerPosicion(nombre, texto)
					require.NoError(t, err)
					res = append(res, p)
				}
			}
			if m, ok := generador.Mejor(g, j); ok {
				_, err = j.Ubicar(m.Ocurrencia())
			} else {
				err = j.Pasar()
			}
			require.NoError(t, err)
		}
		require.Len(t, tomadas, len(etapas), "la partida %s %d no pasó por todas las etapas", pp.variante, pp.semilla)
	}
	return res
}

// TestPosiciones comprueba que las posiciones de testdata/posiciones se
// lean, que juego.DesdePosicion las acepte y que el generador dé la
// cantidad de jugadas anotada. Con -actualizar vuelve a jugar las partidas
// y reescribe los archivos.
func TestPosiciones(t *testing.T) {
	if *actualizar {
		require.NoError(t, os.MkdirAll(dirPosiciones, 0o755))
		for _, p := range jugarPosiciones(t) {
			require.NoError(t, os.WriteFile(filepath.Join(dirPosiciones, p.nombre+".cgp"), []byte(p.cgp+"\n"), 0o644))
		}
	}
	ps := posiciones(t)
	require.GreaterOrEqual(t, len(ps), 20)
	for _, p := range ps {
		t.Run(p.nombre, func(t *testing.T) {
			j, m := juegoDePosicion(t, p)
			g := generadorDe(t, j.Variante())
			require.Equal(t, p.jugadas, generador.ContarDe(g, j, m))
			require.Empty(t, j.PalabrasIlegitimas(), "las partidas de bots no tienen palabras falsas")
		})
	}
}

// BenchmarkPosiciones cuenta las jugadas de cada posición de
// testdata/posiciones, sin guardarlas.
func BenchmarkPosiciones(b *testing.B) {
	for _, p := range posiciones(b) {
		b.Run(p.nombre, func(b *testing.B) {
			j, m := juegoDePosicion(b, p)
			g := generadorDe(b, j.Variante())
			n := generador.ContarDe(g, j, m) // los cruces quedan calculados
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				n = generador.ContarDe(g, j, m)
			}
			b.StopTimer()
			require.Equal(b, p.jugadas, n)
			b.ReportMetric(float64(n), "jugadas")
		})
	}
}
