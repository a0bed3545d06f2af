package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante"
)

// mismaPartida comprueba que b es la misma partida que a: los mismos
// sucesos, tablero, manos, bolsa, puntajes y fin.
func mismaPartida(t require.TestingT, a, b *juego.Juego) {
	require.Equal(t, a.Sucesos(), b.Sucesos())
	require.Equal(t, a.String(), b.String())
	require.Equal(t, a.Tiempo(), b.Tiempo())
	for f := range a.TamanoTablero() {
		for c := range a.TamanoTablero() {
			require.Equal(t, a.EsComodin(f, c), b.EsComodin(f, c))
		}
	}
	for i := range a.Jugadores() {
		ma, _ := a.Fichas(i)
		mb, _ := b.Fichas(i)
		require.Equal(t, ma, mb, "mano del jugador %d", i)
		pa, _ := a.Puntaje(i)
		pb, _ := b.Puntaje(i)
		require.Equal(t, pa, pb, "puntaje del jugador %d", i)
	}
	require.Equal(t, letra.NuevoMulticonjunto(a.Repositorio()...), letra.NuevoMulticonjunto(b.Repositorio()...))
	fa, ta := a.Terminada()
	fb, tb := b.Terminada()
	require.Equal(t, ta, tb)
	require.Equal(t, fa, fb)
}

// jugarAlAzar juega turnos al azar (colocaciones válidas, pases, cambios y
// ajustes) hasta que la partida termina o se cumplen los pasos.
func jugarAlAzar(t *rapid.T, j *juego.Juego, pasos int) {
	v := j.Variante()
	for range pasos {
		if _, terminada := j.Terminada(); terminada {
			return
		}
		var validas []int
		candidatas := pruebas.Candidatas(j)
		for x, o := range candidatas {
			if j.JugadaValida(o) {
				validas = append(validas, x)
			}
		}
		mano, _ := j.Fichas(j.Turno())
		switch accion := rapid.IntRange(0, 6).Draw(t, "acción"); {
		case accion <= 3 && len(validas) > 0:
			o := candidatas[validas[rapid.IntRange(0, len(validas)-1).Draw(t, "jugada")]]
			_, err := j.Ubicar(o)
			require.NoError(t, err)
		case accion == 4 && j.LetrasEnRepositorio() >= v.Fichas() && !mano.Vacio():
			letras := mano.Letras()
			require.NoError(t, j.Cambiar(letra.NuevoMulticonjunto(letras[:rapid.IntRange(1, len(letras)).Draw(t, "cuántas")]...)))
		case accion == 5:
			require.NoError(t, j.Ajustar(rapid.IntRange(0, j.Jugadores()-1).Draw(t, "quién"), rapid.IntRange(-9, 9).Draw(t, "ajuste")))
		default:
			require.NoError(t, j.Pasar())
		}
	}
}

// TestIdaYVuelta juega partidas clásicas al azar, las escribe en GCG, las
// vuelve a leer y comprueba que son la misma partida, y que escribirla otra
// vez da el mismo texto.
func TestIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := pruebas.JuegoClasico(t)
		v, k := j.Variante(), j.Jugadores()
		jugarAlAzar(t, j, 25)

		p := &gcg.Partida{Jugadores: []gcg.Jugador{{Apodo: "ana", Nombre: "Ana Pérez"}}, Pragmas: []string{"#title Prueba"}, Juego: j}
		var texto bytes.Buffer
		require.NoError(t, gcg.Escribir(&texto, p))
		leida, err := gcg.Leer(bytes.NewReader(texto.Bytes()), gcg.Opciones{Variante: v})
		require.NoError(t, err, texto.String())
		require.Equal(t, p.Pragmas, leida.Pragmas)
		require.Equal(t, "Ana Pérez", leida.Jugadores[0].Nombre)

		if _, terminada := j.Terminada(); terminada {
			mismaPartida(t, j, leida.Juego)
		} else {
			// Sin terminar, GCG no dice qué sacó cada jugador en su último
			// turno: todo lo demás coincide.
			require.Equal(t, j.String(), leida.Juego.String())
			for i := range k {
				pa, _ := j.Puntaje(i)
				pb, _ := leida.Juego.Puntaje(i)
				require.Equal(t, pa, pb)
			}
			sa, sb := j.Sucesos(), leida.Juego.Sucesos()
			require.Equal(t, len(sa), len(sb))
			for x := range sa {
				require.Equal(t, sa[x].Tipo, sb[x].Tipo)
				require.Equal(t, sa[x].Jugada, sb[x].Jugada)
				require.Equal(t, sa[x].Puntos, sb[x].Puntos)
			}
		}
		var otra bytes.Buffer
		require.NoError(t, gcg.Escribir(&otra, leida))
		require.Equal(t, texto.String(), otra.String())
	})
}

// pangrama son palabras que usan las 26 letras: con ellas en el léxico, la
// bolsa de inglesChico es la inglesa completa (R14 descarta las fichas de
// letras que ninguna palabra usa).
const pangrama = "the quick brown fox jumps over lazy dog"

// inglesChico es la variante inglesa clásica con unas pocas palabras, más
// las de [pangrama].
func inglesChico(t testing.TB, palabras string) *variante.Variante {
	t.Helper()
	alf := letra.Ingles()
	var ps [][]letra.Letra
	for _, w := range strings.Fields(palabras + " " + pangrama) {
		p, err := alf.Parsear(w)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	lex, err := trieDe(ps)
	require.NoError(t, err)
	op := variante.Clasicas()
	op.Distribucion, op.Comodines = distribucionIngles(), 2
	v, err := variante.Nueva(alf, 15, 7, puntajesIngles(), lex, op)
	require.NoError(t, err)
	return v
}

const registro = `#character-encoding UTF-8
#player1 ana Ana
#player2 beto Beto Gómez
#title Una partida de prueba
>ana: AEINRST 8D RETAINS +66 66
#note una nota
>beto: EIOU?RS D8 .OUSIEr +12 12
>ana: ABCDEFG - +0 66
>beto: EIOKRSU -KU +0 12
>ana: ABCDEFG H8 .AB +20 86
>ana: ABCDEFG -- -20 66
>beto: EIORSTU (challenge) +5 17
`

func TestLeerRegistro(t *testing.T) {
	v := inglesChico(t, "retains rousier rousies bab ab")
	p, err := gcg.Leer(strings.NewReader(registro), gcg.Opciones{Variante: v})
	require.NoError(t, err)
	require.Equal(t, []gcg.Jugador{{"ana", "Ana"}, {"beto", "Beto Gómez"}}, p.Jugadores)
	require.Equal(t, []string{"#title Una partida de prueba", "#note una nota"}, p.Pragmas)
	j := p.Juego
	pa, _ := j.Puntaje(0)
	pb, _ := j.Puntaje(1)
	require.Equal(t, [2]int{66, 17}, [2]int{pa, pb})
	require.True(t, j.EsComodin(13, 3), "la r minúscula es un comodín")
	tipos := []juego.TipoSuceso{}
	for _, s := range j.Sucesos() {
		tipos = append(tipos, s.Tipo)
	}
	require.Equal(t, []juego.TipoSuceso{juego.SucesoColocacion, juego.SucesoColocacion, juego.SucesoPase,
		juego.SucesoCambio, juego.SucesoPase, juego.SucesoAjuste}, tipos, "la colocación retirada es un turno perdido")
}

func TestErroresConLinea(t *testing.T) {
	v := inglesChico(t, "retains rousier ab")
	casos := map[string]struct {
		linea int
		err   error
	}{
		"#player1 ana\n>ana: AEINRST 8D RETAINS +60 60\n":                     {2, gcg.ErrInconsistente}, // vale 66
		"#player1 ana\n>ana: AEINRST 8D RETAINS +66 70\n":                     {2, gcg.ErrInconsistente}, // acumulado
		"#player1 ana\n>ana: AEINRST 8M RETAINS +66 66\n":                     {2, gcg.ErrInconsistente}, // sale del tablero
		"#player1 ana\n>ana: AEINRST 1A RETAINS +66 66\n":                     {2, gcg.ErrInconsistente}, // no cubre el centro
		"#player1 ana\n>ana: AEINRST 8D RETAIN$ +66 66\n":                     {2, gcg.ErrFormato},
		"#player1 ana\n>beto: AEINRST 8D RETAINS +66 66\n":                    {2, gcg.ErrFormato},
		"#player1 ana\n>ana AEINRST 8D RETAINS +66 66\n":                      {2, gcg.ErrFormato},
		"#player1 ana\n>ana: AEINRST 8D RETAINS\n":                            {2, gcg.ErrFormato},
		"#player1 ana\n>ana: ZZZZZZZ - +0 0\n":                                {2, gcg.ErrInconsistente}, // una Z en la bolsa
		"#player1 ana\n#player2 beto\n>beto: AEINRST - +0 0\n":                {3, gcg.ErrInconsistente}, // fuera de turno
		"#player1 ana\n>ana: AEINRST -- -66 0\n":                              {2, gcg.ErrInconsistente},
		"#player1 ana\n>ana: (AB) +4 4\n":                                     {2, gcg.ErrInconsistente}, // sin terminar
		"hola\n":                                                              {1, gcg.ErrFormato},
		"#player2 beto\n>beto: A - +0 0\n":                                    {2, gcg.ErrFormato}, // falta #player1
		"#character-encoding ISO8859-6\n":                                     {1, gcg.ErrFormato},
		"#player1 ana\n>ana: AEINRST 8D RE[TA]INS +66 66\n":                   {2, gcg.ErrFormato},
		"#player1 ana\n>ana: AEINRST 8D RETAINS +66 66 extra\n":               {0, nil},
		"#player1 ana\n>ana: AEINRST 99999D RETAINS +66 66\n":                 {2, gcg.ErrFormato},
		"#player1 ana\n>ana: AEINRST 8D .ETAINS +66 66\n":                     {2, gcg.ErrInconsistente},
		"#player1 ana\n>ana: AEINRST -Q +0 0\n":                               {2, gcg.ErrInconsistente},
		"#player1 ana\n>ana: AEINRST 8D RETAINS +66 66\n>ana: (time) -5 61\n": {0, nil}, // sin mano
		"#player1 ana\n>ana: AEINRST 8D RETAINS +66 66\n>ana: (time) -5 66\n": {3, gcg.ErrInconsistente},
	}
	for texto, caso := range casos {
		_, err := gcg.Leer(strings.NewReader(texto), gcg.Opciones{Variante: v})
		if caso.err == nil {
			require.NoError(t, err, texto)
			continue
		}
		require.ErrorIs(t, err, caso.err, texto)
		var e *gcg.ErrorLinea
		require.ErrorAs(t, err, &e)
		require.Equal(t, caso.linea, e.Linea, texto)
	}
	_, err := gcg.Leer(strings.NewReader(registro), gcg.Opciones{})
	require.ErrorIs(t, err, gcg.ErrLexicoFaltante, "sin variante")
}

// FuzzLeer lee textos al azar con una variante clásica y con una de la
// especificación, con un presupuesto de 8 KiB y 64 sucesos: Leer nunca
// entra en pánico, sus errores son *ErrorLinea que citan un trozo corto,
// lo que pasa el presupuesto se rechaza con limite.Err, y lo que lee
// se escribe, se vuelve a leer y es la misma partida (idaYVuelta). Las
// semillas son los registros de testdata.
func FuzzLeer(f *testing.F) {
	f.Add(registro)
	f.Add(especificacion)
	f.Add("#player1 a\n#player2 b\n>a: AB?CDEF 8H AB +8 8\n>b: (ABC) +7 7\n")
	f.Add("#player1 a\n>a: [CH]A - +0 0\n")
	semillas, _ := filepath.Glob("testdata/*/*.gcg")
	for _, a := range semillas {
		datos, err := os.ReadFile(a)
		require.NoError(f, err)
		f.Add(string(datos))
	}
	variantes := []*variante.Variante{
		inglesChico(f, "retains rousier rousies bab ab ba"),
		inglesEspecificacion(f, "retains sun ab ba a"),
	}
	f.Fuzz(func(t *testing.T, texto string) {
		const presupuesto, sucesos = 8 << 10, 64
		for _, v := range variantes {
			o := gcg.Opciones{Variante: v, MaxBytes: presupuesto, MaxSucesos: sucesos}
			p, err := gcg.Leer(strings.NewReader(texto), o)
			if len(texto) > presupuesto {
				require.ErrorIs(t, err, limite.Err)
			}
			if err != nil {
				var e *gcg.ErrorLinea
				require.ErrorAs(t, err, &e)
				require.Less(t, len(err.Error()), 1500, "cita trozos cortos")
				o.Estricto = true
				_, err = gcg.Leer(strings.NewReader(texto), o)
				require.Error(t, err, "lo que el indulgente rechaza, el estricto también")
				continue
			}
			comprobarModos(t, []byte(texto), p, o)
			idaYVuelta(t, p, gcg.Opciones{Variante: v})
		}
	})
}

func TestDescripcionDe(t *testing.T) {
	for texto, esperado := range map[string]string{
		"#character-encoding UTF-8\n#lexicon CSW21\n#player1 a A\n": "ingles",
		"#lexicon CSW21\n#tile-distribution english_super\n":        "ingles-21",
		"#tile-distribution\tcatalan\r\n#lexicon DISC2\n":           "catalan",
		"#lexicon OSPS49\n": "polaco",
		"#tile-distribution klingon\n#lexicon FISE2\n>j1: ABC 8D ABC +7 7\n": "espanol-fise",
	} {
		d, ok := gcg.DescripcionDe([]byte(texto))
		require.True(t, ok, texto)
		require.Equal(t, esperado, d.Nombre, texto)
	}
	for _, texto := range []string{"", "#lexicon\n", "#lexiconCSW21\n", "#lexicon klingon\n", "#title CSW21\n"} {
		_, ok := gcg.DescripcionDe([]byte(texto))
		require.False(t, ok, texto)
	}
}
