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

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// actualizar pide a TestPosiciones que vuelva a jugar las partidas y
// reescriba testdata/posiciones.
var actualizar = flag.Bool("actualizar", false, "reescribe testdata/posiciones jugando las partidas de nuevo")

// Formato de un archivo de testdata/posiciones (uno por posición), pensado
// para pasar a CGP (juego/cgp) cuando ese paquete esté en la rama: líneas
// "clave: valor" y, al final, el tablero en su forma de texto
// (tablero.Tablero.String).
//
//	# comentario
//	variante: ingles | espanol-clasica
//	partida: semilla de la partida de bots codiciosos
//	jugada: cuántos turnos se jugaron antes de la posición
//	turno: el jugador en turno (0 o 1)
//	puntajes: los de los dos jugadores
//	manos: las de los dos jugadores, separadas por "/", con sus símbolos
//	       separados por espacios ("?" es un comodín)
//	mano: la mano con que se generan las jugadas, con el mismo formato
//	jugadas: cuántas jugadas válidas tiene esa mano
//	tablero:
//	(la forma de texto del tablero, hasta el final del archivo)
type posicion struct {
	nombre   string
	variante string
	partida  uint64
	jugada   int
	turno    int
	puntajes []int
	manos    []string
	mano     string
	jugadas  int
	tablero  string
}

const dirPosiciones = "testdata/posiciones"

// leerPosicion lee una posición del formato de testdata/posiciones. Es el
// único lugar que conoce el formato: cambiarlo a CGP es cambiar esta
// función y escribirPosicion.
func leerPosicion(nombre, texto string) (posicion, error) {
	p := posicion{nombre: nombre}
	cabecera, tab, ok := strings.Cut(texto, "tablero:\n")
	if !ok {
		return p, fmt.Errorf("%s: falta el tablero", nombre)
	}
	p.tablero = tab
	for _, linea := range strings.Split(cabecera, "\n") {
		if linea == "" || strings.HasPrefix(linea, "#") {
			continue
		}
		clave, valor, ok := strings.Cut(linea, ":")
		if !ok {
			return p, fmt.Errorf("%s: línea sin clave: %q", nombre, linea)
		}
		valor = strings.TrimSpace(valor)
		var err error
		switch clave {
		case "variante":
			p.variante = valor
		case "partida":
			p.partida, err = strconv.ParseUint(valor, 10, 64)
		case "jugada":
			p.jugada, err = strconv.Atoi(valor)
		case "turno":
			p.turno, err = strconv.Atoi(valor)
		case "puntajes":
			for _, c := range strings.Fields(valor) {
				x, e := strconv.Atoi(c)
				err = cmpOr(err, e)
				p.puntajes = append(p.puntajes, x)
			}
		case "manos":
			for _, m := range strings.Split(valor, "/") {
				p.manos = append(p.manos, strings.TrimSpace(m))
			}
		case "mano":
			p.mano = valor
		case "jugadas":
			p.jugadas, err = strconv.Atoi(valor)
		default:
			err = fmt.Errorf("clave desconocida %q", clave)
		}
		if err != nil {
			return p, fmt.Errorf("%s: %s: %w", nombre, clave, err)
		}
	}
	return p, nil
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// escribirPosicion es la inversa de leerPosicion.
func escribirPosicion(p posicion) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: posición de una partida de dos bots codiciosos (generador/posiciones_test.go)\n", p.nombre)
	fmt.Fprintf(&b, "variante: %s\npartida: %d\njugada: %d\nturno: %d\n", p.variante, p.partida, p.jugada, p.turno)
	fmt.Fprintf(&b, "puntajes: %d %d\n", p.puntajes[0], p.puntajes[1])
	fmt.Fprintf(&b, "manos: %s\nmano: %s\njugadas: %d\ntablero:\n%s", strings.Join(p.manos, " / "), p.mano, p.jugadas, p.tablero)
	return b.String()
}

// leerFichasConEspacios lee una mano con sus símbolos separados por
// espacios ("?" es un comodín): sin ambigüedad con los dígrafos.
func leerFichasConEspacios(alf *letra.Alfabeto, s string) (letra.Multiconjunto, error) {
	var m letra.Multiconjunto
	for _, f := range strings.Fields(s) {
		if f == "?" {
			m.Agregar(letra.Comodin)
			continue
		}
		l, ok := alf.Indice(f)
		if !ok {
			return m, fmt.Errorf("%q no es una letra", f)
		}
		m.Agregar(l)
	}
	return m, nil
}

func escribirFichasConEspacios(alf *letra.Alfabeto, m letra.Multiconjunto) string {
	var s []string
	for l := range m.Todas() {
		if l == letra.Comodin {
			s = append(s, "?")
		} else {
			s = append(s, alf.Simbolo(l))
		}
	}
	return strings.Join(s, " ")
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

// juegoDePosicion arma el juego de la posición con juego.DesdePosicion y la mano
// con que se generan las jugadas.
func juegoDePosicion(tb testing.TB, p posicion) (*juego.Juego, letra.Multiconjunto) {
	tb.Helper()
	v := varianteDe(tb, p.variante)
	t, err := tablero.Leer(p.tablero, v.Alfabeto())
	require.NoError(tb, err, p.nombre)
	pos := juego.Posicion{Tablero: t, Puntajes: p.puntajes, Turno: p.turno}
	for _, s := range p.manos {
		m, err := leerFichasConEspacios(v.Alfabeto(), s)
		require.NoError(tb, err, p.nombre)
		pos.Manos = append(pos.Manos, m)
	}
	j, err := juego.DesdePosicion(v, pos)
	require.NoError(tb, err, p.nombre)
	m, err := leerFichasConEspacios(v.Alfabeto(), p.mano)
	require.NoError(tb, err, p.nombre)
	return j, m
}

// posiciones lee todas las posiciones de testdata/posiciones, en orden de
// nombre.
func posiciones(tb testing.TB) []posicion {
	tb.Helper()
	archivos, err := filepath.Glob(filepath.Join(dirPosiciones, "*.txt"))
	require.NoError(tb, err)
	slices.Sort(archivos)
	var res []posicion
	for _, a := range archivos {
		b, err := os.ReadFile(a)
		require.NoError(tb, err)
		p, err := leerPosicion(strings.TrimSuffix(filepath.Base(a), ".txt"), string(b))
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
		g, err := generador.Nuevo(v)
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
				manos := []string{}
				for _, m := range pos.Manos {
					manos = append(manos, escribirFichasConEspacios(v.Alfabeto(), m))
				}
				for k := range 3 {
					m := manoConComodines(pos.Manos[pos.Turno], v.Fichas(), k)
					res = append(res, posicion{
						nombre:   fmt.Sprintf("%s-%s-%dcomodines", pp.variante, e.nombre, k),
						variante: pp.variante, partida: pp.semilla, jugada: j.Tiempo(), turno: pos.Turno,
						puntajes: pos.Puntajes, manos: manos,
						mano: escribirFichasConEspacios(v.Alfabeto(), m), jugadas: g.ContarDe(j, m),
						tablero: pos.Tablero.String(),
					})
				}
			}
			if m, ok := g.Mejor(j); ok {
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
			require.NoError(t, os.WriteFile(filepath.Join(dirPosiciones, p.nombre+".txt"), []byte(escribirPosicion(p)), 0o644))
		}
	}
	ps := posiciones(t)
	require.GreaterOrEqual(t, len(ps), 20)
	for _, p := range ps {
		t.Run(p.nombre, func(t *testing.T) {
			j, m := juegoDePosicion(t, p)
			g := generadorDe(t, j.Variante())
			require.Equal(t, p.jugadas, g.ContarDe(j, m))
			q, err := leerPosicion(p.nombre, escribirPosicion(p))
			require.NoError(t, err)
			require.Equal(t, p, q)
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
			n := g.ContarDe(j, m) // los cruces quedan calculados
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				n = g.ContarDe(j, m)
			}
			b.StopTimer()
			require.Equal(b, p.jugadas, n)
			b.ReportMetric(float64(n), "jugadas")
		})
	}
}
