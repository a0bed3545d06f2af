package variante_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
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

func palabrasDe(_ *testing.T, d *trie.DAWG, alf *letra.Alfabeto) []string {
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
			d, err := variante.LeerLexico(bytes.NewReader(datos), es, variante.OpcionesLexico{})
			require.NoError(t, err)
			require.Equal(t, quiere, palabrasDe(t, d, es))
		})
	}
	d, err := variante.LeerLexico(strings.NewReader(""), es, variante.OpcionesLexico{})
	require.NoError(t, err)
	require.Equal(t, 0, d.Tamano())

	dig := letra.EspanolConDigrafos()
	d, err = variante.LeerLexico(strings.NewReader("chorro\ncoche\n"), dig, variante.OpcionesLexico{})
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
		{"línea demasiado larga", []byte("a\n" + strings.Repeat("b", 1<<17) + "\n"), 2, "", limite.Err},
		{"palabra demasiado larga", []byte("a\n" + strings.Repeat("b", 65) + "\n"), 2, strings.Repeat("b", 32) + "…", limite.Err},
		{"carácter desconocido en una línea larga", []byte(strings.Repeat("b", 500) + "$\n"), 1, strings.Repeat("b", 32) + "…", letra.ErrCaracterDesconocido},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d, err := variante.LeerLexico(bytes.NewReader(c.datos), es, variante.OpcionesLexico{})
			require.Nil(t, d)
			require.ErrorIs(t, err, variante.ErrLexicoInvalido)
			var el *variante.ErrorLexico
			require.True(t, errors.As(err, &el), "%v", err)
			require.Equal(t, c.linea, el.Linea)
			require.Equal(t, c.palabra, el.Palabra)
			require.ErrorIs(t, err, c.causa)
			if c.causa == letra.ErrCaracterDesconocido {
				var lect *letra.ErrorCaracter
				require.True(t, errors.As(err, &lect))
			}
			require.Less(t, len(err.Error()), 300, "el error cita un trozo corto de la línea")
		})
	}
	corrupto := gz(t, "casa\nperro\n")
	corrupto[len(corrupto)-6] ^= 0xff // el CRC del final
	_, err := variante.LeerLexico(bytes.NewReader(corrupto), es, variante.OpcionesLexico{})
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
	_, err = variante.LeerLexico(bytes.NewReader([]byte{0x1f, 0x8b, 0}), es, variante.OpcionesLexico{})
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
	_, err = variante.LeerLexico(strings.NewReader("casa"), nil, variante.OpcionesLexico{})
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
			d, err := variante.LeerLexico(bytes.NewReader(datos), c.alf, variante.OpcionesLexico{})
			require.NoError(t, err)
			require.Equal(t, c.palabras, d.Tamano())
			require.Equal(t, c.nodosTrie-1, d.Prefijos())
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

// leerMidiendo lee datos con LeerLexico y devuelve también cuánta memoria
// reservó en total la lectura.
func leerMidiendo(t *testing.T, datos []byte, op variante.OpcionesLexico) (*trie.DAWG, uint64, error) {
	t.Helper()
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	d, err := variante.LeerLexico(bytes.NewReader(datos), letra.Ingles(), op)
	runtime.ReadMemStats(&despues)
	return d, despues.TotalAlloc - antes.TotalAlloc, err
}

// Issue 26: un gzip de 97 KB con 5·10⁷ líneas repetidas tardaba 27 s y
// ocupaba 1,65 GB. Ahora se corta en MaxBytes (32 MiB después de
// descomprimir) reservando poca memoria: las palabras repetidas en orden no
// se guardan.
// Sin las pruebas largas, la misma bomba con la décima parte de las líneas
// y un límite de 4 MiB.
func TestLexicoBombaGzip(t *testing.T) {
	lineas, op, cual := 5_000_000, variante.OpcionesLexico{MaxBytes: 4 << 20}, "MaxBytes = 4194304"
	if pruebas.Largas() {
		lineas, op, cual = 50_000_000, variante.OpcionesLexico{}, "MaxBytes = 33554432"
	}
	datos := gz(t, strings.Repeat("a\n", lineas))
	require.Less(t, len(datos), 100<<10)
	_, reservado, err := leerMidiendo(t, datos, op)
	require.ErrorIs(t, err, variante.ErrLexicoInvalido)
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "variante.OpcionesLexico."+cual)
	require.Less(t, reservado, uint64(8<<20), "la lectura reserva poco: %d bytes", reservado)

	// Con un límite mayor que la lista, se lee entera: una palabra.
	d, reservado, err := leerMidiendo(t, datos, variante.OpcionesLexico{MaxBytes: 2 * int64(lineas)})
	require.NoError(t, err)
	require.Equal(t, 1, d.Tamano())
	require.Less(t, reservado, uint64(8<<20), "%d bytes", reservado)
}

// Palabras desordenadas y repetidas: la memoria queda en proporción a las
// distintas, no a las líneas.
func TestLexicoDesordenadoRepetido(t *testing.T) {
	d, reservado, err := leerMidiendo(t, []byte(strings.Repeat("b\na\nc\n", 1_000_000)), variante.OpcionesLexico{})
	require.NoError(t, err)
	require.Equal(t, 3, d.Tamano())
	require.Less(t, reservado, uint64(8<<20), "%d bytes", reservado)
}

func TestLexicoLimites(t *testing.T) {
	texto := []byte("d\nc\nb\na\nb\nc\n")
	d, _, err := leerMidiendo(t, texto, variante.OpcionesLexico{MaxPalabras: 4})
	require.NoError(t, err)
	require.Equal(t, 4, d.Tamano(), "las repetidas no cuentan")
	_, _, err = leerMidiendo(t, texto, variante.OpcionesLexico{MaxPalabras: 3})
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "MaxPalabras = 3")
	_, _, err = leerMidiendo(t, []byte("a\nb\nc\nd\n"), variante.OpcionesLexico{MaxPalabras: 3})
	require.ErrorIs(t, err, limite.Err, "también en orden")
	_, _, err = leerMidiendo(t, texto, variante.OpcionesLexico{MaxBytes: int64(len(texto))})
	require.NoError(t, err, "justo en el límite")
	_, _, err = leerMidiendo(t, texto, variante.OpcionesLexico{MaxBytes: int64(len(texto)) - 1})
	require.ErrorIs(t, err, limite.Err)
	_, _, err = leerMidiendo(t, []byte("abc\n"), variante.OpcionesLexico{MaxLargo: 2})
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "MaxLargo = 2")
}

// Con cualquier orden, repeticiones y límite de palabras, LeerLexico da
// las palabras distintas, o limite.Err si son más que el límite.
func TestPropiedadLexicoDesordenado(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		palabras := rapid.SliceOf(rapid.StringMatching(`[a-e]{1,4}`)).Draw(t, "palabras")
		maximo := rapid.IntRange(1, 40).Draw(t, "máximo")
		distintas := map[string]bool{}
		for _, p := range palabras {
			distintas[strings.ToUpper(p)] = true
		}
		d, err := variante.LeerLexico(strings.NewReader(strings.Join(palabras, "\n")), letra.Ingles(), variante.OpcionesLexico{MaxPalabras: maximo})
		if len(distintas) > maximo {
			require.ErrorIs(t, err, limite.Err)
			return
		}
		require.NoError(t, err)
		var quiere []string
		for p := range distintas {
			quiere = append(quiere, p)
		}
		slices.Sort(quiere)
		require.Equal(t, quiere, append([]string(nil), palabrasDe(nil, d, letra.Ingles())...))
	})
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
		// Con un presupuesto de bytes: lo que pasa de 4 KiB descomprimido se
		// rechaza, sin leer más.
		d, err := variante.LeerLexico(bytes.NewReader(datos), es, variante.OpcionesLexico{MaxBytes: 4 << 10, MaxPalabras: 256, MaxLargo: 16})
		if err != nil {
			require.ErrorIs(t, err, variante.ErrLexicoInvalido)
			require.Nil(t, d)
			require.Less(t, len(err.Error()), 1000, "el error cita un trozo corto")
			return
		}
		require.LessOrEqual(t, d.Tamano(), 256)
		require.LessOrEqual(t, d.LongitudMaxima(), 16)
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
		if _, err := variante.LeerLexico(bytes.NewReader(datos), letra.Espanol(), variante.OpcionesLexico{}); err != nil {
			b.Fatal(err)
		}
	}
}
