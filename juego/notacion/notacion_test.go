package notacion_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// tableroDe arma un tablero de n×n con alf y las fichas del texto
// (ocurrencia.Parsear).
func tableroDe(tb testing.TB, n int, alf *letra.Alfabeto, fichas string) tablero.Tablero {
	tb.Helper()
	t, err := tablero.Nuevo(n, alf)
	require.NoError(tb, err)
	o, err := ocurrencia.Parsear(fichas, alf)
	require.NoError(tb, err)
	t, err = t.Poner(o.Slice()...)
	require.NoError(tb, err)
	return t
}

// casa es un tablero FISE de 15×15 con CASA en la fila 8 (índice 7) desde
// la H, la A final un comodín, y CH en (8,7), debajo de la C.
func casa(tb testing.TB) tablero.Tablero {
	return tableroDe(tb, 15, letra.EspanolConDigrafos(), "(7,7,C) (7,8,A) (7,9,S) (7,10,?A) (8,7,CH)")
}

func TestParsear(t *testing.T) {
	tab := casa(t)
	alf := tab.Alfabeto()
	casos := []struct {
		texto, fichas string // fichas: las de la jugada, como ocurrencia; "" si no pone
		tipo          notacion.Tipo
		cambio        string // las fichas del cambio
		formateada    string // lo que escribe Formatear
	}{
		{"8L S", "(7,11,S)", notacion.Colocacion, "", "8H ....S"},
		{"  8l s\t", "(7,11,?S)", notacion.Colocacion, "", "8H ....s"},
		{"8G O", "(7,6,O)", notacion.Colocacion, "", "8G O...."},
		{"8G O.... ", "(7,6,O)", notacion.Colocacion, "", "8G O...."},
		{"8G OCASA", "(7,6,O)", notacion.Colocacion, "", "8G O...."}, // las que ya estaban, con su letra
		{"8G OcasA", "(7,6,O)", notacion.Colocacion, "", "8G O...."}, // en minúsculas o no
		{"H6 RE..[LL]O", "(5,7,R) (6,7,E) (9,7,LL) (10,7,O)", notacion.Colocacion, "", "H6 RE..[LL]O"},
		{"h6 re.[CH][ll]o", "(5,7,?R) (6,7,?E) (9,7,?LL) (10,7,?O)", notacion.Colocacion, "", "H6 re..[ll]o"},
		{"H10 [rR]", "(9,7,?RR)", notacion.Colocacion, "", "H8 ..[rr]"}, // la primera letra decide el comodín
		{"A1 Ñ", "(0,0,Ñ)", notacion.Colocacion, "", "1A Ñ"},            // sola y sin vecinos: horizontal
		{"1A N\u0303", "(0,0,Ñ)", notacion.Colocacion, "", "1A Ñ"},      // tilde descompuesta
		{"15O [ñ]", "(14,14,?Ñ)", notacion.Colocacion, "", "15O ñ"},
		{"9G X", "(8,6,X)", notacion.Colocacion, "", "9G X."}, // forma XCH en horizontal
		{"M1 Z", "(0,12,Z)", notacion.Colocacion, "", "1M Z"}, // sola y vertical, sin vecinos: horizontal
		{"-", "", notacion.Pase, "", "-"},
		{" - ", "", notacion.Pase, "", "-"},
		{"-ab?[ch]Ñ", "", notacion.Cambio, "A B CH Ñ ?", "-AB[CH]Ñ?"},
	}
	for _, c := range casos {
		t.Run(c.texto, func(t *testing.T) {
			j, err := notacion.Parsear(c.texto, tab)
			require.NoError(t, err)
			require.Equal(t, c.tipo, j.Tipo())
			if c.fichas != "" {
				quiere, err := ocurrencia.Parsear(c.fichas, alf)
				require.NoError(t, err)
				require.Equal(t, quiere, j.Fichas, "%v", j.Fichas)
				require.Same(t, alf, j.Fichas.Alfabeto())
			} else {
				require.True(t, j.Fichas.Vacia())
			}
			var cambio letra.Multiconjunto
			for _, s := range strings.Fields(c.cambio) {
				l, ok := alf.Indice(s)
				if s == "?" {
					l, ok = letra.Comodin, true
				}
				require.True(t, ok, s)
				cambio.Agregar(l)
			}
			require.Equal(t, cambio, j.Cambio)
			texto, err := notacion.Formatear(j, tab)
			require.NoError(t, err)
			require.Equal(t, c.formateada, texto)
			otra, err := notacion.Parsear(texto, tab)
			require.NoError(t, err)
			require.Equal(t, j, otra)
		})
	}
}

func TestParsearErrores(t *testing.T) {
	tab := casa(t)
	largo := "8A " + strings.Repeat("A", notacion.MaxTexto)
	casos := []struct {
		texto    string
		err      error
		posicion int
		motivo   string // parte del mensaje
	}{
		{"", notacion.ErrNotacion, 0, "texto vacío"},
		{"   ", notacion.ErrNotacion, 3, "texto vacío"},
		{"8D", notacion.ErrNotacion, 0, "falta la palabra"},
		{"CASA", notacion.ErrNotacion, 0, "falta la palabra"},
		{"8 CASA", notacion.ErrNotacion, 0, "coordenada"},
		{"D CASA", notacion.ErrNotacion, 0, "coordenada"},
		{"0D CASA", notacion.ErrNotacion, 0, "desde 1"},
		{"8D8 CASA", notacion.ErrNotacion, 0, "coordenada"},
		{"D8D CASA", notacion.ErrNotacion, 0, "coordenada"},
		{"8Ñ CASA", notacion.ErrNotacion, 0, "coordenada"},
		{"12345D A", notacion.ErrNotacion, 0, "cifras"},
		{"8ABCD A", notacion.ErrNotacion, 0, "letras"},
		{" 8D A B", notacion.ErrNotacion, 5, "sobra"},
		{"8D [CH", notacion.ErrNotacion, 3, "corchete"},
		{"8D []", notacion.ErrNotacion, 3, "corchete"},
		{"8D A?", notacion.ErrNotacion, 4, "ficha"},
		{"8D AK", letra.ErrCaracterDesconocido, 4, "ficha"}, // el alfabeto FISE no tiene K
		{"-A-", letra.ErrCaracterDesconocido, 2, "ficha"},
		{"--", notacion.ErrNotacion, 1, "ficha"},
		{"-4", notacion.ErrNotacion, 1, "ficha"},
		{"16A A", tablero.ErrFueraDelTablero, 0, "fuera del tablero"},
		{"A16 A", tablero.ErrFueraDelTablero, 0, "fuera del tablero"},
		{"8P A", tablero.ErrFueraDelTablero, 0, "fuera del tablero"},
		{"8AA A", tablero.ErrFueraDelTablero, 0, "fuera del tablero"},
		{"8M ABCD", tablero.ErrFueraDelTablero, 6, "la palabra sale del tablero en (7,15) 8P"},
		{"8D .", notacion.ErrCeldaLibre, 3, `"." en la casilla vacía (7,3) 8D`},
		{"8G O.....", notacion.ErrCeldaLibre, 8, `"." en la casilla vacía (7,11) 8L`},
		{"8H COSA", tablero.ErrCeldaOcupada, 4, "la casilla (7,8) 8I ya tiene la ficha A"},
		{"H8 [LL]", tablero.ErrCeldaOcupada, 3, "la casilla (7,7) 8H ya tiene la ficha C"},
		{"8H CASA", notacion.ErrSinFichas, 3, "no pone ninguna ficha"},
		{"8H ....", notacion.ErrSinFichas, 3, "no pone ninguna ficha"},
		{largo, notacion.ErrNotacion, 0, "bytes"},
	}
	for _, c := range casos {
		t.Run(c.texto[:min(len(c.texto), 20)], func(t *testing.T) {
			j, err := notacion.Parsear(c.texto, tab)
			require.ErrorIs(t, err, c.err)
			var e *notacion.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, c.posicion, e.Posicion, "%v", err)
			require.Contains(t, err.Error(), c.motivo)
			require.LessOrEqual(t, utf8.RuneCountInString(e.Fragmento), 25, "cita a lo sumo un trozo")
			require.True(t, strings.HasPrefix(c.texto[e.Posicion:], strings.TrimSuffix(e.Fragmento, "…")))
			require.Equal(t, notacion.Jugada{}, j)
		})
	}
	_, err := notacion.Parsear("8D A", tablero.Tablero{})
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
	_, err = notacion.ParsearCoordenada("Ñ8")
	require.ErrorIs(t, err, notacion.ErrNotacion)
}

func TestFormatearErrores(t *testing.T) {
	tab := casa(t)
	alf := tab.Alfabeto()
	a, _ := alf.Indice("A")
	casos := []struct {
		nombre string
		j      notacion.Jugada
		causa  error
	}{
		{"fuera", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Fila: 15, Columna: 0, Letra: a})}, tablero.ErrFueraDelTablero},
		{"ocupada", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: a})}, tablero.ErrCeldaOcupada},
		{"superpuestas", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: a}, ocurrencia.Ficha{Letra: a + 1})}, tablero.ErrCeldaOcupada},
		{"letra ajena", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: 40})}, letra.ErrFueraDeRango},
		{"con hueco", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: a}, ocurrencia.Ficha{Columna: 2, Letra: a})}, nil},
		{"en dos líneas", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: a}, ocurrencia.Ficha{Fila: 1, Columna: 1, Letra: a})}, nil},
		{"pone y cambia", notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: a}), Cambio: letra.NuevoMulticonjunto(a)}, nil},
		{"cambio ajeno", notacion.Jugada{Cambio: letra.NuevoMulticonjunto(40)}, letra.ErrFueraDeRango},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := notacion.Formatear(c.j, tab)
			require.ErrorIs(t, err, notacion.ErrNoRepresentable)
			if c.causa != nil {
				require.ErrorIs(t, err, c.causa)
			}
		})
	}
	_, err := notacion.Formatear(notacion.Jugada{}, tablero.Tablero{})
	require.ErrorIs(t, err, notacion.ErrNoRepresentable)
	// Un comodín de una escritura sin mayúsculas no se distingue de su letra.
	hebreo, err := letra.NuevoAlfabeto("א", "ב")
	require.NoError(t, err)
	h := tableroDe(t, 3, hebreo, "")
	_, err = notacion.Formatear(notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: 1, Comodin: true})}, h)
	require.ErrorIs(t, err, notacion.ErrNoRepresentable)
	texto, err := notacion.Formatear(notacion.Jugada{Fichas: ocurrencia.Nueva(ocurrencia.Ficha{Letra: 1})}, h)
	require.NoError(t, err)
	require.Equal(t, "1A ב", texto)
}

// TestCoordenadas: cada casilla de un tablero del tamaño máximo se escribe y
// se vuelve a leer igual, en las dos direcciones; los nombres de las
// columnas siguen a la Z con AA.
func TestCoordenadas(t *testing.T) {
	for _, c := range []struct {
		c     notacion.Coordenada
		texto string
	}{
		{notacion.Coordenada{Fila: 7, Columna: 3, Horizontal: true}, "8D"},
		{notacion.Coordenada{Fila: 7, Columna: 3}, "D8"},
		{notacion.Coordenada{Columna: 25}, "Z1"},
		{notacion.Coordenada{Columna: 26}, "AA1"},
		{notacion.Coordenada{Columna: 27, Horizontal: true}, "1AB"},
		{notacion.Coordenada{Columna: 701}, "ZZ1"},
		{notacion.Coordenada{Columna: 702}, "AAA1"},
		{notacion.Coordenada{Fila: -1, Columna: 2}, "(-1,2)"},
	} {
		require.Equal(t, c.texto, c.c.String())
	}
	leida, err := notacion.ParsearCoordenada("aa27")
	require.NoError(t, err)
	require.Equal(t, notacion.Coordenada{Fila: 26, Columna: 26}, leida)
	for i := range tablero.MaxTamano {
		for _, x := range []notacion.Coordenada{{Fila: i % 50, Columna: i, Horizontal: true}, {Fila: i, Columna: i % 30}} {
			leida, err := notacion.ParsearCoordenada(x.String())
			require.NoError(t, err, x)
			require.Equal(t, x, leida)
		}
	}
	x := notacion.Coordenada{Fila: tablero.MaxTamano - 1, Columna: tablero.MaxTamano - 1}
	leida, err = notacion.ParsearCoordenada(x.String())
	require.NoError(t, err, "el tablero más grande tiene nombres: %v", x)
	require.Equal(t, x, leida)
}

// idaYVuelta comprueba que la jugada j sobre t se escriba y se vuelva a
// leer igual, y que la forma con las letras que la palabra atraviesa en
// lugar de "." se lea igual.
func idaYVuelta(t require.TestingT, j notacion.Jugada, tab tablero.Tablero) string {
	texto, err := notacion.Formatear(j, tab)
	require.NoError(t, err, "%v", j.Fichas)
	leida, err := notacion.Parsear(texto, tab)
	require.NoError(t, err, texto)
	require.True(t, j.Fichas.Igual(leida.Fichas), "%s: %v y %v", texto, j.Fichas, leida.Fichas)
	if j.Tipo() == notacion.Colocacion {
		require.Equal(t, j.Fichas.ConAlfabeto(tab.Alfabeto()), leida.Fichas, texto)
	} else {
		require.Equal(t, notacion.Jugada{Cambio: j.Cambio}, leida, texto)
	}
	require.Equal(t, j.Cambio, leida.Cambio, texto)
	require.Equal(t, j.Tipo(), leida.Tipo())
	if j.Tipo() == notacion.Colocacion {
		coord, palabra, _ := strings.Cut(texto, " ")
		c, err := notacion.ParsearCoordenada(coord)
		require.NoError(t, err)
		conLetras := conLetrasPasantes(tab, c, palabra)
		otra, err := notacion.Parsear(coord+" "+conLetras, tab)
		require.NoError(t, err, conLetras)
		require.Equal(t, leida, otra, conLetras)
	}
	return texto
}

// conLetrasPasantes reemplaza cada "." de la palabra que empieza en c por
// la letra que tiene el tablero, como escriben algunos programas.
func conLetrasPasantes(tab tablero.Tablero, c notacion.Coordenada, palabra string) string {
	df, dc := 0, 1
	if !c.Horizontal {
		df, dc = 1, 0
	}
	var b strings.Builder
	f, col := c.Fila, c.Columna
	for i := 0; i < len(palabra); f, col = f+df, col+dc {
		if palabra[i] == '.' {
			x, _ := tab.Ficha(f, col)
			b.WriteString("[" + strings.ToLower(tab.Alfabeto().Simbolo(x.Letra)) + "]")
			i++
			continue
		}
		n := 1
		if palabra[i] == '[' {
			n = strings.IndexByte(palabra[i:], ']') + 1
		} else {
			_, n = utf8.DecodeRuneInString(palabra[i:])
		}
		b.WriteString(palabra[i : i+n])
		i += n
	}
	return b.String()
}

// TestIdaYVueltaLegales: en partidas clásicas al azar (tableros de 2×2 a
// 5×5, comodines, cambios), cada jugada válida del jugador en turno, cada
// cambio y el pase se escriben y se vuelven a leer igual, y la jugada
// leída vale los mismos puntos; la partida sigue con la jugada leída del
// texto. Las jugadas salen de pruebas.Candidatas
// filtradas por juego.Juego.Validar, no del generador.
func TestIdaYVueltaLegales(t *testing.T) {
	veces := 1
	if pruebas.Largas() {
		veces = 50
	}
	jugadas, pasantes := 0, 0
	for range veces {
		rapid.Check(t, func(t *rapid.T) {
			j := pruebas.JuegoClasico(t)
			for range rapid.IntRange(0, 6).Draw(t, "turnos") {
				if _, fin := j.Terminada(); fin {
					break
				}
				tab := j.Tablero()
				var validas []ocurrencia.Ocurrencia
				for _, o := range pruebas.Candidatas(j) {
					if j.Validar(o) == nil {
						validas = append(validas, o)
					}
				}
				leidas, puntajes := make([]ocurrencia.Ocurrencia, len(validas)), make([]int, len(validas))
				for x, o := range validas {
					texto := idaYVuelta(t, notacion.Jugada{Fichas: o}, tab)
					if strings.Contains(texto, ".") {
						pasantes++
					}
					leida, err := notacion.Parsear(texto, tab)
					require.NoError(t, err)
					leidas[x] = leida.Fichas
					quiere, err := j.PuntajeObtenido(o)
					require.NoError(t, err)
					puntajes[x], err = j.PuntajeObtenido(leida.Fichas)
					require.NoError(t, err)
					require.Equal(t, quiere, puntajes[x])
					jugadas++
				}
				mano, _ := j.Fichas(j.Turno())
				if !mano.Vacio() {
					idaYVuelta(t, notacion.Jugada{Cambio: mano}, tab)
				}
				idaYVuelta(t, notacion.Jugada{}, tab)
				if len(validas) == 0 || rapid.IntRange(0, 4).Draw(t, "pasar") == 0 {
					require.NoError(t, j.Pasar())
					continue
				}
				// Se juega la jugada leída del texto: vale lo mismo.
				x := rapid.IntRange(0, len(validas)-1).Draw(t, "jugada")
				puntos, err := j.Ubicar(leidas[x])
				require.NoError(t, err)
				require.Equal(t, puntajes[x], puntos)
			}
		})
	}
	t.Logf("%d jugadas válidas de ida y vuelta (%d con \".\")", jugadas, pasantes)
}

// TestIdaYVueltaTableros: sobre tableros al azar de 1×1 a 40×40 (las
// columnas pasan de la Z) con el alfabeto de la FISE (dígrafos) y
// comodines, una palabra al azar en una fila o una columna que atraviesa
// las fichas que haya se escribe y se vuelve a leer igual; y los cambios
// al azar, también.
func TestIdaYVueltaTableros(t *testing.T) {
	alf := letra.EspanolConDigrafos()
	veces := 1
	if pruebas.Largas() {
		veces = 50
	}
	colocaciones, pasantes, anchos := 0, 0, 0
	for range veces {
		rapid.Check(t, func(t *rapid.T) {
			n := rapid.IntRange(1, 40).Draw(t, "N")
			tab, err := tablero.Nuevo(n, alf)
			require.NoError(t, err)
			ficha := func(f, c int) ocurrencia.Ficha {
				return ocurrencia.Ficha{Fila: f, Columna: c,
					Letra:   letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "letra")),
					Comodin: rapid.IntRange(0, 4).Draw(t, "comodín") == 0}
			}
			// Las fichas del tablero, con una densidad al azar: con rapid
			// celda por celda, un tablero de 40×40 tendría pocas.
			densidad := rapid.IntRange(0, 90).Draw(t, "densidad")
			azar := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "semilla"), 0))
			var previas []ocurrencia.Ficha
			for x := range n * n {
				if azar.IntN(100) < densidad {
					previas = append(previas, ocurrencia.Ficha{Fila: x / n, Columna: x % n,
						Letra: letra.Letra(azar.IntN(alf.Tamano())), Comodin: azar.IntN(5) == 0})
				}
			}
			tab, err = tab.Poner(previas...)
			require.NoError(t, err)
			horizontal := rapid.Bool().Draw(t, "horizontal")
			linea := rapid.IntRange(0, n-1).Draw(t, "línea")
			desde := rapid.IntRange(0, n-1).Draw(t, "desde")
			hasta := rapid.IntRange(desde, n-1).Draw(t, "hasta")
			var fs []ocurrencia.Ficha
			for k := desde; k <= hasta; k++ {
				f, c := linea, k
				if !horizontal {
					f, c = k, linea
				}
				if tab.Libre(f, c) {
					fs = append(fs, ficha(f, c))
				}
			}
			if len(fs) > 0 {
				texto := idaYVuelta(t, notacion.Jugada{Fichas: ocurrencia.Nueva(fs...)}, tab)
				require.NotContains(t, texto, "?")
				colocaciones++
				if strings.Contains(texto, ".") {
					pasantes++
				}
				if n > 26 {
					anchos++
				}
			}
			cambio := rapid.SliceOfN(rapid.IntRange(0, alf.Tamano()), 0, 7).Draw(t, "cambio")
			var m letra.Multiconjunto
			for _, l := range cambio {
				if l == alf.Tamano() {
					m.Agregar(letra.Comodin)
				} else {
					m.Agregar(letra.Letra(l))
				}
			}
			idaYVuelta(t, notacion.Jugada{Cambio: m}, tab)
		})
	}
	t.Logf("%d colocaciones de ida y vuelta (%d con \".\", %d en tableros de más de 26 columnas)", colocaciones, pasantes, anchos)
}

// TestErrorEnvuelve: los errores de lectura envuelven exactamente a uno de
// los motivos.
func TestErrorEnvuelve(t *testing.T) {
	tab := casa(t)
	motivos := []error{notacion.ErrNotacion, notacion.ErrCeldaLibre, notacion.ErrSinFichas, tablero.ErrFueraDelTablero, tablero.ErrCeldaOcupada}
	for _, texto := range []string{"x", "8D .", "8H CASA", "16A A", "8H COSA"} {
		_, err := notacion.Parsear(texto, tab)
		n := 0
		for _, m := range motivos {
			if errors.Is(err, m) {
				n++
			}
		}
		require.Equal(t, 1, n, "%q: %v", texto, err)
	}
}

// Un texto de más de MaxTexto bytes se rechaza de entrada con
// limite.Err, citando un trozo.
func TestTextoEnorme(t *testing.T) {
	_, err := notacion.Parsear("8D "+strings.Repeat("A", 16<<20), casa(t))
	require.ErrorIs(t, err, notacion.ErrNotacion)
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "notacion.MaxTexto = 65536 bytes")
	require.Less(t, len(err.Error()), 300)
}
