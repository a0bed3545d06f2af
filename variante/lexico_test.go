package variante_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

func gz(t testing.TB, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, err := w.Write([]byte(s))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

func palabrasDe(t *testing.T, d *trie.DAWG, alf *letra.Alfabeto) []string {
	var res []string
	for p := range d.Palabras() {
		res = append(res, alf.Formatear(p))
	}
	return res
}

func TestLeerLexico(t *testing.T) {
	es := letra.Espanol()
	texto := "\uFEFFcasa\r\n\n   perro  \ncasa\nÁrbol\nñandú\n\n\tabeja\r\n"
	quiere := []string{"ABEJA", "ARBOL", "CASA", "ÑANDU", "PERRO"} // Ñ va entre N y O
	for nombre, datos := range map[string][]byte{"texto": []byte(texto), "gzip": gz(t, texto)} {
		t.Run(nombre, func(t *testing.T) {
			d, err := variante.LeerLexico(bytes.NewReader(datos), es)
			require.NoError(t, err)
			require.Equal(t, quiere, palabrasDe(t, d, es))
		})
	}
	d, err := variante.LeerLexico(strings.NewReader(""), es)
	require.NoError(t, err)
	require.Equal(t, 0, d.Tamano())

	dig := letra.EspanolConDigrafos()
	d, err = variante.LeerLexico(strings.NewReader("chorro\ncoche\n"), dig)
	require.NoError(t, err)
	for p := range d.Palabras() {
		require.Len(t, p, 4, "%s se lee con dígrafos", dig.Formatear(p))
	}
}

func TestLeerLexicoErrores(t *testing.T) {
	es := letra.Espanol()
	casos := []struct {
		nombre  string
		datos   []byte
		linea   int
		palabra string
		causa   error
	}{
		{"carácter desconocido", []byte("casa\n\nperro\nca$a\nsol\n"), 4, "ca$a", letra.ErrCaracterDesconocido},
		{"en gzip", gz(t, "uno\ndos\ntr3s\n"), 3, "tr3s", letra.ErrCaracterDesconocido},
		{"dos palabras en una línea", []byte("hola mundo\n"), 1, "hola mundo", letra.ErrCaracterDesconocido},
		{"línea demasiado larga", []byte("a\n" + strings.Repeat("b", 1<<17) + "\n"), 2, "", nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d, err := variante.LeerLexico(bytes.NewReader(c.datos), es)
			require.Nil(t, d)
			require.ErrorIs(t, err, variante.ErrLexicoInvalido)
			var el *variante.ErrorLexico
			require.True(t, errors.As(err, &el), "%v", err)
			require.Equal(t, c.linea, el.Linea)
			require.Equal(t, c.palabra, el.Palabra)
			if c.causa != nil {
				require.ErrorIs(t, err, c.causa)
				var lect *letra.ErrorCaracter
				require.True(t, errors.As(err, &lect))
			}
		})
	}
	corrupto := gz(t, "casa\nperro\n")
	corrupto[len(corrupto)-6] ^= 0xff // el CRC del final
	_, err := variante.LeerLexico(bytes.NewReader(corrupto), es)
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
	_, err = variante.LeerLexico(bytes.NewReader([]byte{0x1f, 0x8b, 0}), es)
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
	_, err = variante.LeerLexico(strings.NewReader("casa"), nil)
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
}

// TestLexicosReales comprueba las cifras exactas del autómata mínimo de los
// léxicos reales (el issue las da como referencia) y que el trie mutable
// acepte lo mismo.
func TestLexicosReales(t *testing.T) {
	casos := []struct {
		archivo                    string
		alf                        *letra.Alfabeto
		palabras, estados, aristas int
		nodosTrie                  int
	}{
		{lexicos.Espanol, letra.Espanol(), 636_598, 48_061, 133_433, 1_089_747},
		{lexicos.Sowpods, letra.Ingles(), 267_751, 77_808, 185_701, 589_315},
	}
	for _, c := range casos {
		t.Run(c.archivo, func(t *testing.T) {
			datos := lexicos.Leer(t, c.archivo)
			d, err := variante.LeerLexico(bytes.NewReader(datos), c.alf)
			require.NoError(t, err)
			require.Equal(t, c.palabras, d.Tamano())
			require.Equal(t, c.estados, d.Estados())
			require.Equal(t, c.aristas, d.Aristas())
			if testing.Short() {
				return
			}
			var tr trie.Trie
			for p := range d.Palabras() {
				require.NoError(t, tr.Definir(p))
			}
			require.Equal(t, c.palabras, tr.Tamano())
			require.Equal(t, c.nodosTrie, tr.Nodos())
			m := tr.Minimizar()
			require.Equal(t, c.estados, m.Estados())
			require.Equal(t, c.aristas, m.Aristas())
		})
	}
}

func FuzzLeerLexico(f *testing.F) {
	f.Add([]byte("casa\nperro\n"), false)
	f.Add([]byte("\uFEFFñandú\r\n\n  a \n"), true)
	f.Add([]byte("ca$a\n"), false)
	es := letra.Espanol()
	f.Fuzz(func(t *testing.T, datos []byte, comprimir bool) {
		if comprimir {
			datos = gz(t, string(datos))
		}
		d, err := variante.LeerLexico(bytes.NewReader(datos), es)
		if err != nil {
			require.ErrorIs(t, err, variante.ErrLexicoInvalido)
			require.Nil(t, d)
			return
		}
		// Todas las líneas no vacías están, y nada más.
		n := 0
		for p := range d.Palabras() {
			require.True(t, d.Contiene(p))
			n++
		}
		require.Equal(t, d.Tamano(), n)
	})
}

// BenchmarkLeerLexicoEspanol mide construir el léxico minimizado a partir de
// es.txt.gz (descomprimir, leer 636.598 palabras, ordenarlas y minimizar).
// Meta: ≤ 1,5 s.
func BenchmarkLeerLexicoEspanol(b *testing.B) {
	datos := lexicos.Leer(b, lexicos.Espanol)
	b.ReportAllocs()
	for range b.N {
		if _, err := variante.LeerLexico(bytes.NewReader(datos), letra.Espanol()); err != nil {
			b.Fatal(err)
		}
	}
}
