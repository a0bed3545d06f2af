package letra_test

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
)

// leer lee s con a o falla la prueba.
func leer(t require.TestingT, a *letra.Alfabeto, s string) []letra.Letra {
	p, err := a.Parsear(s)
	require.NoError(t, err)
	return p
}

func TestPredefinidos(t *testing.T) {
	es, dig, en := letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles()
	require.Equal(t, 27, es.Tamano())
	require.Equal(t, 28, dig.Tamano(), "R13: A–Z sin K ni W, más Ñ, CH, LL y RR")
	require.Equal(t, 26, en.Tamano())
	require.Equal(t, "A B C D E F G H I J K L M N Ñ O P Q R S T U V W X Y Z", es.String())
	require.Equal(t, "A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z", dig.String())
	require.Equal(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", strings.Join(en.Simbolos(), ""))
	require.Same(t, es, letra.Espanol(), "los predefinidos se comparten")
}

func TestEspanolConDigrafosSinKNiW(t *testing.T) {
	dig := letra.EspanolConDigrafos()
	for _, s := range []string{"K", "W", "kiwi", "walkman"} {
		_, err := dig.Parsear(s)
		require.ErrorIs(t, err, letra.ErrCaracterDesconocido, "R13: la FISE no tiene K ni W: %q", s)
	}
	for _, s := range []string{"Ñ", "CH", "LL", "RR"} {
		_, ok := dig.Indice(s)
		require.True(t, ok, s)
	}
}

func TestLeer(t *testing.T) {
	es, dig, en := letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles()
	casos := []struct {
		nombre string
		alf    *letra.Alfabeto
		texto  string
		quiere string // las letras, escritas con Escribir y separadas por "-"
	}{
		{"minúsculas", es, "casa", "C-A-S-A"},
		{"mayúsculas y minúsculas", es, "CaSa", "C-A-S-A"},
		{"ñ precompuesta", es, "ñandu", "Ñ-A-N-D-U"},
		{"Ñ precompuesta", es, "ÑANDU", "Ñ-A-N-D-U"},
		{"ñ descompuesta", es, "n\u0303andu", "Ñ-A-N-D-U"},
		{"Ñ descompuesta", es, "N\u0303ANDU", "Ñ-A-N-D-U"},
		{"tildes equivalentes", es, "ñandú", "Ñ-A-N-D-U"},
		{"tilde descompuesta", es, "camio\u0301n", "C-A-M-I-O-N"},
		{"diéresis", es, "pingüino", "P-I-N-G-U-I-N-O"},
		{"sin dígrafos, CH son dos", es, "chico", "C-H-I-C-O"},
		{"dígrafo CH", dig, "chico", "CH-I-C-O"},
		{"dígrafo LL", dig, "calle", "C-A-LL-E"},
		{"dígrafo RR", dig, "carro", "C-A-RR-O"},
		{"dígrafos en mayúsculas mezcladas", dig, "cHiLlaRrA", "CH-I-LL-A-RR-A"},
		{"el más largo primero", dig, "lll", "LL-L"},
		{"inglés", en, "Quiz", "Q-U-I-Z"},
		{"vacía", es, "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			p := leer(t, c.alf, c.texto)
			simbolos := make([]string, len(p))
			for i, l := range p {
				simbolos[i] = c.alf.Simbolo(l)
			}
			require.Equal(t, c.quiere, strings.Join(simbolos, "-"))
		})
	}
}

func TestLeerErrores(t *testing.T) {
	casos := []struct {
		nombre   string
		alf      *letra.Alfabeto
		texto    string
		posicion int
		caracter rune
	}{
		{"dígito", letra.Espanol(), "casa1", 4, '1'},
		{"espacio", letra.Espanol(), "dos palabras", 3, ' '},
		{"ñ en inglés", letra.Ingles(), "niño", 2, 'ñ'},
		{"ñ descompuesta en inglés", letra.Ingles(), "nin\u0303o", 2, 'ñ'},
		{"tilde en inglés", letra.Ingles(), "café", 3, 'é'},
		{"marca suelta", letra.Espanol(), "x\u0303", 1, '\u0303'},
		{"marca al comienzo", letra.Espanol(), "\u0303a", 0, '\u0303'},
		{"posición en runas", letra.Espanol(), "ñañ?", 3, '?'},
		{"UTF-8 inválido", letra.Espanol(), "a\xffb", 1, '\uFFFD'},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			dst := []letra.Letra{7}
			p, err := c.alf.ParsearEn(dst, c.texto)
			require.ErrorIs(t, err, letra.ErrCaracterDesconocido)
			var el *letra.ErrorCaracter
			require.True(t, errors.As(err, &el))
			require.Equal(t, c.texto, el.Palabra)
			require.Equal(t, c.posicion, el.Posicion)
			require.Equal(t, c.caracter, el.Caracter)
			require.Contains(t, err.Error(), string(c.caracter))
			require.Equal(t, []letra.Letra{7}, p, "ParsearEn devuelve dst sin cambios si hay error")
		})
	}
}

func TestNuevoAlfabetoErrores(t *testing.T) {
	muchos := make([]string, letra.MaxLetras) // uno más que el máximo: el último valor es el comodín
	for i := range muchos {
		muchos[i] = string(rune('a'+i%26)) + strings.Repeat("x", i/26)
	}
	casos := map[string][]string{
		"sin símbolos":     nil,
		"demasiados":       muchos,
		"símbolo vacío":    {"A", ""},
		"dígito":           {"A", "1"},
		"espacio":          {"A B"},
		"repetido":         {"A", "B", "A"},
		"repetido en caso": {"a", "A"},
		"comodín":          {"A", "?"},
	}
	for nombre, simbolos := range casos {
		t.Run(nombre, func(t *testing.T) {
			_, err := letra.NuevoAlfabeto(simbolos...)
			require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
		})
	}
	_, err := letra.Espanol().ConEquivalencias(map[string]string{"Ç": "X1"})
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
	_, err = letra.Espanol().ConEquivalencias(map[string]string{"Ç": "Ñ", "A": "B"})
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido, "una equivalencia no puede pisar un símbolo")
}

func TestConEquivalencias(t *testing.T) {
	base, err := letra.NuevoAlfabeto("A", "C", "SS")
	require.NoError(t, err)
	alf, err := base.ConEquivalencias(map[string]string{"Ç": "C", "ß": "SS"})
	require.NoError(t, err)
	require.Equal(t, leer(t, alf, "acssa"), leer(t, alf, "AÇßA"))
	_, err = base.Parsear("ç")
	require.ErrorIs(t, err, letra.ErrCaracterDesconocido, "el alfabeto original no cambia")
	l, ok := alf.Indice("ç")
	require.True(t, ok)
	require.Equal(t, "C", alf.Simbolo(l))
}

func TestOrdinales(t *testing.T) {
	es := letra.Espanol()
	for n := range es.Tamano() {
		l, err := es.Letra(n)
		require.NoError(t, err)
		require.Equal(t, n, l.Ord(), "ord(ord⁻¹(n)) = n")
		ord, err := es.Ord(l)
		require.NoError(t, err)
		require.Equal(t, n, ord)
		require.True(t, es.Contiene(l))
		otra, ok := es.Indice(es.Simbolo(l))
		require.True(t, ok)
		require.Equal(t, l, otra, "ord⁻¹(ord(l)) = l")
	}
	for _, n := range []int{-1, es.Tamano(), 255, 1000} {
		_, err := es.Letra(n)
		require.ErrorIs(t, err, letra.ErrFueraDeRango)
	}
	_, err := es.Ord(27)
	require.ErrorIs(t, err, letra.ErrFueraDeRango)
	require.Equal(t, "#40", es.Simbolo(40))
	require.Equal(t, "CA#40", es.Formatear([]letra.Letra{2, 0, 40}))
	_, ok := es.Indice("CH")
	require.False(t, ok, "CH no es una letra del alfabeto sin dígrafos")
	_, ok = es.Indice("")
	require.False(t, ok)
}

// alfabetos de prueba: los predefinidos y uno con símbolos de largos variados
// que se solapan.
func alfabetos(t *testing.T) []*letra.Alfabeto {
	raro, err := letra.NuevoAlfabeto("A", "AB", "ABC", "B", "Ç", "ÑN", "Ω")
	require.NoError(t, err)
	return []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles(), raro}
}

func TestPropiedadEscrituraEstable(t *testing.T) {
	for _, alf := range alfabetos(t) {
		t.Run(alf.String(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) letra.Letra {
					return letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "l"))
				}), 0, 12).Draw(t, "p")
				escrita := alf.Formatear(p)
				leida := leer(t, alf, escrita)
				// La lectura toma el símbolo más largo: con dígrafos, C+H se
				// lee CH. Lo que se conserva siempre es la escritura.
				require.Equal(t, escrita, alf.Formatear(leida))
				require.LessOrEqual(t, len(leida), len(p))
				require.Equal(t, leida, leer(t, alf, strings.ToLower(escrita)), "sin distinguir mayúsculas")
				simple := true
				for _, s := range alf.Simbolos() {
					simple = simple && len([]rune(s)) == 1
				}
				if simple {
					require.True(t, slices.Equal(p, leida), "con símbolos de una runa, leer(escribir(p)) = p: %v, %v", p, leida)
				}
			})
		})
	}
}

func TestParsearFichas(t *testing.T) {
	alf := letra.EspanolConDigrafos()
	fichas, err := alf.ParsearFichas("?ch?añ")
	require.NoError(t, err)
	ch, _ := alf.Indice("CH")
	a, _ := alf.Indice("A")
	enie, _ := alf.Indice("Ñ")
	require.Equal(t, []letra.Letra{letra.Comodin, ch, letra.Comodin, a, enie}, fichas)
	require.Equal(t, "?", alf.Simbolo(letra.Comodin))
	require.False(t, alf.Contiene(letra.Comodin))

	_, err = alf.ParsearFichas("a?b1")
	var e *letra.ErrorCaracter
	require.ErrorAs(t, err, &e)
	require.Equal(t, 3, e.Posicion, "la posición cuenta desde el comienzo de todo el texto")
	require.Equal(t, "a?b1", e.Palabra)
	_, err = alf.Parsear("a?")
	require.ErrorIs(t, err, letra.ErrCaracterDesconocido, "Leer no acepta comodines: una palabra no los tiene")
}

// Issue 26: leer una palabra enorme no reserva más memoria que la de sus
// letras, y el error de una palabra enorme cita solo un trozo.
func TestPalabraEnorme(t *testing.T) {
	es := letra.Espanol()
	palabra := strings.Repeat("n\u0303a", 1<<20) // ñ descompuesta
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	p, err := es.Parsear(palabra)
	runtime.ReadMemStats(&despues)
	require.NoError(t, err)
	require.Len(t, p, 2<<20)
	require.Less(t, despues.TotalAlloc-antes.TotalAlloc, uint64(16<<20), "las reservas del resultado al crecer (2 MB al final) y nada por carácter leído (antes, 16 bytes por runa)")

	_, err = es.Parsear(palabra + "$" + palabra)
	var ec *letra.ErrorCaracter
	require.ErrorAs(t, err, &ec)
	require.Equal(t, '$', ec.Caracter)
	require.Equal(t, 3<<20, ec.Posicion, "la posición en runas, contando las marcas")
	require.Less(t, len(err.Error()), 200)
	require.Contains(t, ec.Palabra, "$")

	_, ok := es.Indice(strings.Repeat("A", 30<<20))
	require.False(t, ok, "un texto largo no es una letra, y se descarta sin leerlo")
	_, err = es.ParsearFichas(strings.Repeat("A?", 1<<20) + "3")
	require.ErrorAs(t, err, &ec)
	require.Equal(t, 2<<20, ec.Posicion)
	require.Less(t, len(err.Error()), 200)
}

func TestEquivalencias(t *testing.T) {
	require.Equal(t, map[string]string{"Á": "A", "É": "E", "Í": "I", "Ó": "O", "Ú": "U", "Ü": "U"}, letra.Espanol().Equivalencias())
	require.Equal(t, letra.Espanol().Equivalencias(), letra.EspanolConDigrafos().Equivalencias())
	require.Empty(t, letra.Ingles().Equivalencias())
	a, err := letra.NuevoAlfabeto("A", "L·L", "NY")
	require.NoError(t, err)
	b, err := a.ConEquivalencias(map[string]string{"ŀl": "L·L", "à": "A"})
	require.NoError(t, err)
	require.Empty(t, a.Equivalencias(), "a no cambia")
	require.Equal(t, map[string]string{"ĿL": "L·L", "À": "A"}, b.Equivalencias())
	l, ok := b.Indice("l·l")
	require.True(t, ok)
	require.Equal(t, "L·L", b.Simbolo(l))
	_, err = letra.NuevoAlfabeto("·L")
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido, "el punto volado no puede empezar un símbolo")
}
