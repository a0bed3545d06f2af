package ocurrencia_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// genFicha genera fichas en un tablero chico con pocas letras, para que
// haya muchas coincidencias de fila, columna y celda.
func genFicha(filas, letras int) *rapid.Generator[ocurrencia.Ficha] {
	return rapid.Custom(func(t *rapid.T) ocurrencia.Ficha {
		return ocurrencia.Ficha{
			Fila:    rapid.IntRange(0, filas).Draw(t, "fila"),
			Columna: rapid.IntRange(0, filas).Draw(t, "columna"),
			Letra:   letra.Letra(rapid.IntRange(0, letras).Draw(t, "letra")),
		}
	})
}

// genAlineadas genera, además de fichas sueltas, tramos de una fila o una
// columna (con algún hueco o repetición), que son los que forman palabra.
func genFichas(t *rapid.T) []ocurrencia.Ficha {
	if rapid.Bool().Draw(t, "sueltas") {
		return rapid.SliceOfN(genFicha(3, 2), 0, 6).Draw(t, "fichas")
	}
	fila := rapid.IntRange(0, 3).Draw(t, "fila")
	col := rapid.IntRange(0, 3).Draw(t, "columna")
	horizontal := rapid.Bool().Draw(t, "horizontal")
	n := rapid.IntRange(0, 6).Draw(t, "largo")
	var fs []ocurrencia.Ficha
	for i := range n {
		f := ocurrencia.Ficha{Fila: fila, Columna: col + i, Letra: letra.Letra(rapid.IntRange(0, 2).Draw(t, "l"))}
		if !horizontal {
			f.Fila, f.Columna = fila+i, col
		}
		fs = append(fs, f)
	}
	if n > 0 && rapid.Bool().Draw(t, "estropear") {
		fs = append(fs, genFicha(6, 2).Draw(t, "extra"))
	}
	return fs
}

// TestPropiedadTAD compara las operaciones con la transcripción literal de
// los axiomas (permutaciones, secuenciaFormaPalabra?, …).
func TestPropiedadTAD(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		fichas := genFichas(t)
		o := ocurrencia.Nueva(rapid.Permutation(fichas).Draw(t, "orden")...)
		modelo := tad.Conjunto(fichas...)

		require.Equal(t, len(modelo), o.Tamano())
		require.Equal(t, len(modelo) == 0, o.Vacia())
		forma := tad.OcurrenciaFormaPalabra(modelo)
		require.Equal(t, forma, o.FormaPalabra(), "ocurrenciaFormaPalabra?")
		p, ok := o.Palabra()
		require.Equal(t, forma, ok)
		if forma {
			require.True(t, slices.Equal(tad.PalabraQueFormaLaOcurrencia(modelo), p),
				"palabraQueFormaLaOcurrencia: %v vs %v", tad.PalabraQueFormaLaOcurrencia(modelo), p)
		}
		letras := tad.LetrasDeLaOcurrencia(modelo)
		for l := range 4 {
			require.Equal(t, letras[letra.Letra(l)], o.Letras().Cantidad(letra.Letra(l)), "letrasDeLaOcurrencia")
		}

		// Las poscondiciones del diseño, con la fila como π₁.
		horizontal, vertical, superpuestas := true, true, false
		for _, a := range modelo {
			for _, b := range modelo {
				horizontal = horizontal && a.Fila == b.Fila
				vertical = vertical && a.Columna == b.Columna
				superpuestas = superpuestas || (a.Fila == b.Fila && a.Columna == b.Columna && a.Letra != b.Letra)
			}
		}
		require.Equal(t, horizontal, o.EsHorizontal())
		require.Equal(t, vertical, o.EsVertical())
		require.Equal(t, superpuestas, o.HaySuperpuestas())

		for _, f := range modelo {
			require.True(t, o.Pertenece(f))
		}
		otra := genFicha(3, 2).Draw(t, "otra")
		require.Equal(t, slices.Contains(modelo, otra), o.Pertenece(otra))

		sub := rapid.SliceOfN(rapid.SampledFrom(append(slices.Clone(fichas), otra)), 0, 4).Draw(t, "subconjunto")
		incluida := true
		for _, f := range sub {
			incluida = incluida && slices.Contains(modelo, f)
		}
		require.Equal(t, incluida, ocurrencia.Nueva(sub...).Incluida(o))

		// El orden: fila, columna, letra; y reflect.DeepEqual sirve.
		require.True(t, slices.IsSortedFunc(o.Slice(), func(a, b ocurrencia.Ficha) int {
			if a.Fila != b.Fila {
				return a.Fila - b.Fila
			}
			if a.Columna != b.Columna {
				return a.Columna - b.Columna
			}
			return int(a.Letra) - int(b.Letra)
		}))
		require.Equal(t, o, ocurrencia.Nueva(fichas...))
		require.True(t, o.Igual(ocurrencia.Nueva(o.Slice()...)))
		var recorridas []ocurrencia.Ficha
		for f := range o.Fichas() {
			recorridas = append(recorridas, f)
		}
		for i := range o.Tamano() {
			require.Equal(t, recorridas[i], o.Ficha(i))
		}
	})
}

func TestPermutacionesTAD(t *testing.T) {
	// La transcripción misma: permutaciones de n elementos son n!.
	for n, quiere := range []int{1, 1, 2, 6, 24, 120} {
		c := make([]int, n)
		for i := range c {
			c[i] = i
		}
		ps := tad.Permutaciones(c)
		require.Len(t, ps, quiere)
		vistas := map[string]bool{}
		for _, p := range ps {
			vistas[string(rune(len(p)))+fmtInts(p)] = true
		}
		require.Len(t, vistas, quiere, "sin repetidas")
		require.Len(t, tad.Partes(c), 1<<n)
	}
}

func fmtInts(s []int) string {
	b := make([]byte, len(s))
	for i, x := range s {
		b[i] = byte('0' + x)
	}
	return string(b)
}

func TestEjemplos(t *testing.T) {
	es := letra.Espanol()
	hola, err := ocurrencia.Parsear("{(2,5,H), (3,5,O), (4,5,L), (5,5,A)}", es)
	require.NoError(t, err)
	require.True(t, hola.EsVertical())
	require.False(t, hola.EsHorizontal())
	p, ok := hola.Palabra()
	require.True(t, ok)
	require.Equal(t, "HOLA", es.Formatear(p), "el ejemplo del TAD OCURRENCIA")

	// La jugada M, S, T, E de ASOMASTE: no forma palabra por sí sola (hay
	// huecos), aunque sea horizontal.
	mste, err := ocurrencia.Parsear("(1,2,M) (1,5,S) (1,6,T) (1,7,E)", es)
	require.NoError(t, err)
	require.True(t, mste.EsHorizontal())
	require.False(t, mste.FormaPalabra())

	sup := ocurrencia.Nueva(ocurrencia.Ficha{Fila: 1, Columna: 1, Letra: 0}, ocurrencia.Ficha{Fila: 1, Columna: 1, Letra: 1})
	require.True(t, sup.HaySuperpuestas())
	require.False(t, sup.FormaPalabra())
	require.Equal(t, 2, sup.Tamano())

	rara := ocurrencia.Nueva(ocurrencia.Ficha{Letra: 200}, ocurrencia.Ficha{Letra: 1})
	require.NotPanics(t, func() { rara.Letras() }, "una letra imposible no entra en pánico")
	require.Equal(t, 1, rara.Letras().Tamano())

	var vacia ocurrencia.Ocurrencia
	require.True(t, vacia.Vacia() && vacia.EsHorizontal() && vacia.EsVertical() && vacia.FormaPalabra())
	require.Equal(t, vacia, ocurrencia.Nueva())
	require.Equal(t, "{}", vacia.String())
}

func TestTextoIdaYVuelta(t *testing.T) {
	alfs := []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles()}
	rapid.Check(t, func(t *rapid.T) {
		alf := rapid.SampledFrom(alfs).Draw(t, "alfabeto")
		fichas := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) ocurrencia.Ficha {
			return ocurrencia.Ficha{
				Fila:    rapid.IntRange(0, 40).Draw(t, "fila"),
				Columna: rapid.IntRange(0, 40).Draw(t, "columna"),
				Letra:   letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "letra")),
			}
		}), 0, 8).Draw(t, "fichas")
		o := ocurrencia.Nueva(fichas...)
		conAlf := o.ConAlfabeto(alf)
		require.True(t, o.Igual(conAlf))
		require.Equal(t, o.Formatear(alf), conAlf.String(), "String escribe con el alfabeto que lleva")
		for _, texto := range []string{o.String(), o.Formatear(alf)} {
			leida, err := ocurrencia.Parsear(texto, alf)
			require.NoError(t, err, texto)
			require.Equal(t, conAlf, leida, texto)
			require.Same(t, alf, leida.Alfabeto())
		}
		leida, err := ocurrencia.Parsear(o.String(), nil)
		require.NoError(t, err, "los ordinales se leen sin alfabeto")
		require.Equal(t, o, leida)
	})
}

func TestParsear(t *testing.T) {
	es, dig := letra.Espanol(), letra.EspanolConDigrafos()
	casos := []struct {
		texto  string
		alf    *letra.Alfabeto
		quiere string // Formatear del resultado
	}{
		{"", es, "{}"},
		{"  {  }  ", es, "{}"},
		{"(7,7,c)", es, "{(7,7,C)}"},
		{"(7,8,A) (7,7,C)", es, "{(7,7,C), (7,8,A)}"},
		{"{ ( 7 , 7 , ñ ) ,(7,8,a)}", es, "{(7,7,Ñ), (7,8,A)}"},
		{"(7,7,n\u0303)", es, "{(7,7,Ñ)}"},
		{"(0,0,ch),(0,1,0)", dig, "{(0,0,CH), (0,1,A)}"},
		{"(1,1,A),(1,1,A)", es, "{(1,1,A)}"},
		{"(1,2,3)", es, "{(1,2,D)}"},
	}
	for _, c := range casos {
		t.Run(c.texto, func(t *testing.T) {
			o, err := ocurrencia.Parsear(c.texto, c.alf)
			require.NoError(t, err)
			require.Equal(t, c.quiere, o.Formatear(c.alf))
		})
	}
}

func TestParsearErrores(t *testing.T) {
	es := letra.Espanol()
	casos := []struct {
		texto    string
		alf      *letra.Alfabeto
		posicion int
		causa    error
	}{
		{"{", es, 1, nil},
		{"(-1,2,A)", es, 1, nil},
		{"(1,+2,A)", es, 3, nil},
		{"(1,2,A", es, 6, nil},
		{"(1,2)", es, 4, nil},
		{"(a,2,B)", es, 1, nil},
		{"(1,,B)", es, 3, nil},
		{"(1,2,A),", es, 8, nil},
		{"(1,2,A)}", es, 7, nil},
		{"{(1,2,A)", es, 8, nil},
		{"(1,2,A) x", es, 8, nil},
		{"(1,2,CH)", es, 5, letra.ErrCaracterDesconocido},
		{"(1,2,W)", mustAlf(t, "A", "B"), 5, letra.ErrCaracterDesconocido},
		{"(1,2,27)", es, 5, letra.ErrFueraDeRango},
		{"(1,2,A)", nil, 5, nil},
		{"(1,2,$)", es, 5, nil},
		{"(99999999999999999999,2,A)", es, 1, nil},
	}
	for _, c := range casos {
		t.Run(c.texto, func(t *testing.T) {
			o, err := ocurrencia.Parsear(c.texto, c.alf)
			require.ErrorIs(t, err, ocurrencia.ErrSintaxis)
			var es *ocurrencia.ErrorSintaxis
			require.True(t, errors.As(err, &es))
			require.Equal(t, c.posicion, es.Posicion, "%v", err)
			require.Equal(t, c.texto, es.Texto)
			if c.causa != nil {
				require.ErrorIs(t, err, c.causa)
			}
			require.True(t, o.Vacia())
		})
	}
}

func mustAlf(t *testing.T, simbolos ...string) *letra.Alfabeto {
	a, err := letra.NuevoAlfabeto(simbolos...)
	require.NoError(t, err)
	return a
}

func FuzzParsear(f *testing.F) {
	for _, s := range []string{"", "{}", "{(2,5,H), (3,5,O)}", "(7,7,ñ) (7,8,A)", "(1,2,CH)", "((", "(1,2,-3)", "(7,7,?a) (7,8,A)", "(1,1,?)"} {
		f.Add(s)
	}
	alf := letra.EspanolConDigrafos()
	f.Fuzz(func(t *testing.T, texto string) {
		o, err := ocurrencia.Parsear(texto, alf)
		if err != nil {
			require.ErrorIs(t, err, ocurrencia.ErrSintaxis)
			require.Less(t, len(err.Error()), 1000, "cita un trozo corto")
			return
		}
		// Lo que se lee se vuelve a escribir y leer igual.
		otra, err := ocurrencia.Parsear(o.Formatear(alf), alf)
		require.NoError(t, err)
		require.Equal(t, o, otra)
	})
}

func TestComodines(t *testing.T) {
	alf := letra.Espanol()
	a, _ := alf.Indice("A")
	comodin := ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: a, Comodin: true}
	normal := ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: a}
	require.NotEqual(t, comodin, normal, "un comodín no es la letra que representa")
	require.Equal(t, letra.Comodin, comodin.DeLaMano())
	require.Equal(t, a, normal.DeLaMano())

	o := ocurrencia.Nueva(comodin, normal, comodin)
	require.Equal(t, 2, o.Tamano(), "conjunto: el comodín repetido es uno solo")
	require.True(t, o.HaySuperpuestas())
	require.Equal(t, []ocurrencia.Ficha{normal, comodin}, o.Slice(), "en la misma celda y letra, la letra antes que el comodín")
	require.Equal(t, letra.NuevoMulticonjunto(a, a), o.Letras(), "las letras que se leen")
	require.Equal(t, letra.NuevoMulticonjunto(a, letra.Comodin), o.DeLaMano(), "las fichas que salen de la mano")

	texto := o.Formatear(alf)
	require.Equal(t, "{(7,7,A), (7,7,?A)}", texto)
	leida, err := ocurrencia.Parsear(texto, alf)
	require.NoError(t, err)
	require.Equal(t, o.ConAlfabeto(alf), leida)
	leida, err = ocurrencia.Parsear(o.String(), alf)
	require.NoError(t, err)
	require.Equal(t, o.ConAlfabeto(alf), leida)
	_, err = ocurrencia.Parsear("(1,1,?)", alf)
	require.ErrorIs(t, err, ocurrencia.ErrSintaxis, "un comodín dice qué letra representa")
}

// Issue 26: una letra de 30 MB tardaba 18 s, ocupaba 1,4 GB y el error
// repetía el texto entero. Ahora un texto de más de MaxTexto bytes se
// rechaza de entrada, y uno dentro del límite se lee en tiempo lineal con
// errores que citan un trozo.
func TestTextoEnorme(t *testing.T) {
	es := letra.Espanol()
	_, err := ocurrencia.Parsear("(7,7,"+strings.Repeat("A", 30<<20)+")", es)
	require.ErrorIs(t, err, ocurrencia.ErrSintaxis)
	require.ErrorIs(t, err, limite.Err)
	require.Less(t, len(err.Error()), 300)
	for _, texto := range []string{
		"(7,7," + strings.Repeat("A", ocurrencia.MaxTexto-10) + ")",
		"(7," + strings.Repeat("9", ocurrencia.MaxTexto-10) + ",A)",
		strings.Repeat("(1,1,A) ", ocurrencia.MaxTexto/8-1) + "$",
	} {
		_, err := ocurrencia.Parsear(texto, es)
		require.ErrorIs(t, err, ocurrencia.ErrSintaxis)
		require.Less(t, len(err.Error()), 300)
	}
}

// TestNuevaEn: da lo mismo que Nueva, en la memoria de buf, una detrás de
// otra y sin reservar cuando alcanza.
func TestNuevaEn(t *testing.T) {
	a := []ocurrencia.Ficha{{Fila: 1, Columna: 2, Letra: 3}, {Fila: 0, Columna: 2, Letra: 1}, {Fila: 1, Columna: 2, Letra: 3}}
	b := []ocurrencia.Ficha{{Fila: 5, Columna: 5, Letra: 0, Comodin: true}}
	buf := make([]ocurrencia.Ficha, 0, 8)
	oa, buf := ocurrencia.NuevaEn(buf, a...)
	ob, buf := ocurrencia.NuevaEn(buf, b...)
	require.True(t, ocurrencia.Nueva(a...).Igual(oa))
	require.True(t, ocurrencia.Nueva(b...).Igual(ob))
	require.Len(t, buf, 3)
	vacia, buf2 := ocurrencia.NuevaEn(buf)
	require.True(t, vacia.Vacia())
	require.Len(t, buf2, 3)
	require.Zero(t, testing.AllocsPerRun(10, func() { ocurrencia.NuevaEn(buf[:0], a...) }))
}
