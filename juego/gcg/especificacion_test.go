package gcg_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// jugarEspecificacion juega turnos al azar con las reglas de la
// especificación: colocaciones válidas (entre ellas fichas solas, si la
// variante tiene palabras de una letra), pases y ajustes.
func jugarEspecificacion(t *rapid.T, j *juego.Juego, pasos int) {
	for range pasos {
		var validas []ocurrencia.Ocurrencia
		for _, o := range pruebas.Candidatas(j) {
			if j.JugadaValida(o) {
				validas = append(validas, o)
			}
		}
		switch accion := rapid.IntRange(0, 5).Draw(t, "acción"); {
		case accion <= 3 && len(validas) > 0:
			_, err := j.Ubicar(validas[rapid.IntRange(0, len(validas)-1).Draw(t, "jugada")])
			require.NoError(t, err)
		case accion == 4:
			require.NoError(t, j.Ajustar(rapid.IntRange(0, j.Jugadores()-1).Draw(t, "quién"), rapid.IntRange(-9, 9).Draw(t, "ajuste")))
		default:
			require.NoError(t, j.Pasar())
		}
	}
}

// TestIdaYVueltaEspecificacion juega partidas al azar con las reglas de la
// especificación (variantes sin bolsa de pruebas.NuevaPartida), las escribe
// en GCG, las vuelve a leer y comprueba que son la misma partida: los mismos
// sucesos (manos de antes de cada turno incluidas), tablero, tiempo, turno y
// puntajes; y que escribirla otra vez da el mismo texto. Lo que cada
// jugador sacó en su último turno no está en el registro: las manos finales
// y el repositorio pueden ser otros.
func TestIdaYVueltaEspecificacion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 6, MaxK: 3, MaxF: 4, MaxPalabras: 10})
		require.False(t, p.Variante.Bolsa())
		j, err := juego.Nuevo(p.K, p.Variante, p.Repositorio)
		require.NoError(t, err)
		jugarEspecificacion(t, j, 20)

		var texto bytes.Buffer
		require.NoError(t, gcg.Escribir(&texto, &gcg.Partida{Juego: j}))
		leida, err := gcg.Leer(bytes.NewReader(texto.Bytes()), gcg.Opciones{Variante: p.Variante})
		require.NoError(t, err, texto.String())
		require.NoError(t, leida.Juego.Verificar())

		require.Equal(t, j.Sucesos(), leida.Juego.Sucesos(), texto.String())
		require.Equal(t, j.Tablero(), leida.Juego.Tablero())
		require.Equal(t, j.Tiempo(), leida.Juego.Tiempo())
		require.Equal(t, j.Turno(), leida.Juego.Turno())
		for i := range p.K {
			pa, _ := j.Puntaje(i)
			pb, _ := leida.Juego.Puntaje(i)
			require.Equal(t, pa, pb, "puntaje del jugador %d", i)
		}
		var otra bytes.Buffer
		require.NoError(t, gcg.Escribir(&otra, leida))
		require.Equal(t, texto.String(), otra.String())
	})
}

// especificacion es una partida con las reglas de la especificación: SUN,
// un pase y una A sola, que va escrita como horizontal.
const especificacion = `#player1 ana
#player2 beto
>ana: AEINOSU 8F SUN +3 3
>beto: BCDEFGH - +0 0
>ana: AAAAEIO 1A A +1 4
`

// inglesEspecificacion es una variante sin opciones (las reglas de la
// especificación) con el alfabeto inglés y las palabras dadas.
func inglesEspecificacion(t testing.TB, palabras string) *variante.Variante {
	t.Helper()
	alf := letra.Ingles()
	var ps [][]letra.Letra
	for _, w := range strings.Fields(palabras) {
		p, err := alf.Parsear(w)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	lex, err := trieDe(ps)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, 15, 7, puntajesIngles(), lex, variante.Opciones{})
	require.NoError(t, err)
	return v
}

func TestLeerEspecificacion(t *testing.T) {
	v := inglesEspecificacion(t, "sun a")
	p, err := gcg.Leer(strings.NewReader(especificacion), gcg.Opciones{Variante: v})
	require.NoError(t, err)
	require.True(t, p.Juego.Tablero().Ocupada(0, 0), "la A sola en 1A")
	mano, _ := p.Juego.Fichas(1)
	require.Equal(t, "BCDEFGH", escribir(v, mano))
	var texto bytes.Buffer
	require.NoError(t, gcg.Escribir(&texto, p))
	require.Equal(t, especificacion, strings.TrimPrefix(texto.String(), "#character-encoding UTF-8\n"))

	// "A1 A", vertical, pone la misma ficha.
	vertical, err := gcg.Leer(strings.NewReader(strings.Replace(especificacion, "1A A", "A1 A", 1)), gcg.Opciones{Variante: v})
	require.NoError(t, err)
	require.Equal(t, p.Juego.Sucesos(), vertical.Juego.Sucesos())

	// Sin bolsa la mano registrada no se asigna: tiene que coincidir.
	for _, mala := range []string{"AAAAEIZ", "AAAEIO"} {
		_, err = gcg.Leer(strings.NewReader(strings.Replace(especificacion, "AAAAEIO", mala, 1)), gcg.Opciones{Variante: v})
		require.ErrorIs(t, err, gcg.ErrInconsistente, mala)
		var e *gcg.ErrorLinea
		require.ErrorAs(t, err, &e)
		require.Equal(t, 5, e.Linea, mala)
	}

	// Una mano sin registrar es lo que sigue en la cola.
	_, err = gcg.Leer(strings.NewReader(strings.Replace(especificacion, ">beto: BCDEFGH", ">beto:", 1)), gcg.Opciones{Variante: v})
	require.NoError(t, err)
}

// escribir escribe una mano con las letras de v, en orden.
func escribir(v *variante.Variante, m letra.Multiconjunto) string {
	var b strings.Builder
	for l := range m.Todas() {
		b.WriteString(v.Alfabeto().Simbolo(l))
	}
	return b.String()
}

// TestCoordenadasEnMensajes comprueba que los mensajes nombran las celdas
// desde 0, (fila,columna) como la API, con la posición GCG al lado.
func TestCoordenadasEnMensajes(t *testing.T) {
	v := inglesChico(t, "retains ab")
	casos := map[string]string{
		"#player1 ana\n>ana: AEINRST 8D .ETAINS +66 66\n":                            `"." en la casilla vacía (7,3) 8D`,
		"#player1 ana\n>ana: AEINRST 8D RETAINS +66 66\n>ana: ABCDEFG 8D AB +4 70\n": "la casilla (7,3) 8D ya tiene la ficha R",
		"#player1 ana\n>ana: AEINRST 8M RETAINS +66 66\n":                            "la palabra sale del tablero en (7,15)",
	}
	for texto, mensaje := range casos {
		_, err := gcg.Leer(strings.NewReader(texto), gcg.Opciones{Variante: v})
		require.ErrorIs(t, err, gcg.ErrInconsistente, texto)
		require.Contains(t, err.Error(), mensaje, texto)
	}
}

// Una partida con las reglas de la especificación (una variante sin
// opciones, sin bolsa): el repositorio es una cola fija, y una ficha sola
// sin vecinos, que vale si es una palabra de una letra, se escribe como
// horizontal.
func ExampleLeer_especificacion() {
	alf := letra.Ingles()
	sun, _ := alf.Parsear("sun")
	a, _ := alf.Parsear("a")
	lex, _ := trie.NuevoDAWG([][]letra.Letra{sun, a})
	v, _ := variante.Nueva(alf, 15, 7, nil, lex, variante.Opciones{})
	largo, _ := v.LargoRepositorio(2)
	repo, _ := alf.ParsearFichas("aeinosu" + "bcdefgh" + strings.Repeat("a", largo-14))
	j, _ := juego.Nuevo(2, v, repo)
	var fichas []ocurrencia.Ficha
	for i, l := range sun {
		fichas = append(fichas, ocurrencia.Ficha{Fila: 7, Columna: 5 + i, Letra: l})
	}
	_, _ = j.Ubicar(ocurrencia.Nueva(fichas...))
	_ = j.Pasar()
	if _, err := j.Ubicar(ocurrencia.Nueva(ocurrencia.Ficha{Fila: 0, Columna: 0, Letra: a[0]})); err != nil {
		panic(err)
	}

	var texto bytes.Buffer
	if err := gcg.Escribir(&texto, &gcg.Partida{Juego: j}); err != nil {
		panic(err)
	}
	fmt.Print(texto.String())
	leida, err := gcg.Leer(&texto, gcg.Opciones{Variante: v})
	if err != nil {
		panic(err)
	}
	fmt.Println(leida.Juego.Tablero().Ocupada(0, 0))
	// Output:
	// #character-encoding UTF-8
	// #player1 j1
	// #player2 j2
	// >j1: AEINOSU 8F SUN +3 3
	// >j2: BCDEFGH - +0 0
	// >j1: AAAAEIO 1A A +1 4
	// true
}

// TestTableroAncho: en un tablero de más de 26 columnas las jugadas se
// escriben con las columnas de la notación después de la Z (AA, AB…), y el
// registro se vuelve a leer igual.
func TestTableroAncho(t *testing.T) {
	alf := letra.Ingles()
	var ps [][]letra.Letra
	for _, w := range []string{"a", "ab", "b", "ba"} {
		p, err := alf.Parsear(w)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	lex, err := trie.NuevoDAWG(ps)
	require.NoError(t, err)
	v, err := variante.Nueva(alf, 30, 2, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	largo, err := v.LargoRepositorio(1)
	require.NoError(t, err)
	repo, err := alf.ParsearFichas("ab" + strings.Repeat("ab", largo/2))
	require.NoError(t, err)
	j, err := juego.Nuevo(1, v, repo)
	require.NoError(t, err)
	for _, texto := range []string{"(0,26,A) (0,27,B)", "(1,27,A)", "(29,29,B)"} {
		o, err := ocurrencia.Parsear(texto, alf)
		require.NoError(t, err)
		_, err = j.Ubicar(o)
		require.NoError(t, err, texto)
	}
	var b bytes.Buffer
	require.NoError(t, gcg.Escribir(&b, &gcg.Partida{Juego: j}))
	require.Contains(t, b.String(), " 1AA AB ")
	require.Contains(t, b.String(), " AB1 .A ")
	require.Contains(t, b.String(), " 30AD B ")
	leida, err := gcg.Leer(bytes.NewReader(b.Bytes()), gcg.Opciones{Variante: v})
	require.NoError(t, err, b.String())
	require.Equal(t, j.Sucesos(), leida.Juego.Sucesos())
	require.Equal(t, j.Tablero(), leida.Juego.Tablero())
}
