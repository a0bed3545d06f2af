package generador

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// lexicoChico devuelve un léxico con las palabras del español de
// variante/espanol de a lo sumo largo letras.
func lexicoChico(tb testing.TB, largo int) *trie.DAWG {
	var ps [][]letra.Letra
	for w := range espanol.Clasica().Lexico().Palabras() {
		if len(w) <= largo {
			ps = append(ps, slices.Clone(w))
		}
	}
	d, err := trie.NuevoDAWG(ps)
	require.NoError(tb, err)
	return d
}

// varianteChica devuelve una variante de tablero de 9×9 y 7 fichas con el
// léxico d: cada una tiene su GADDAG (y su mapa de palabras).
func varianteChica(tb testing.TB, d *trie.DAWG) *variante.Variante {
	v, err := variante.Nueva(espanol.Clasica().Alfabeto(), 9, 7, nil, d, variante.Opciones{Conexion: true, Bolsa: true, Cambios: true})
	require.NoError(tb, err)
	return v
}

// codificarMapa devuelve la codificación del mapa del generador de v.
func codificarMapa(tb testing.TB, v *variante.Variante) (*GADDAG, []byte) {
	g, err := Nuevo(v, Opciones{})
	require.NoError(tb, err)
	var b bytes.Buffer
	n, err := g.EscribirMapa(&b)
	require.NoError(tb, err)
	require.Equal(tb, int64(b.Len()), n)
	return g, b.Bytes()
}

// igualesMapas compara dos mapas campo por campo (las tablas de
// dispersión, por sus grupos en orden).
func igualesMapas(tb testing.TB, m1, m2 *mapaPalabras, p1, p2 *palabrasMapa) {
	p1.conMenosUna()
	p2.conMenosUna()
	require.Equal(tb, m1.palabras, m2.palabras)
	require.Equal(tb, m1.menosUna, m2.menosUna)
	require.Equal(tb, p1.letras, p2.letras)
	require.Equal(tb, []int{p1.palabras, p1.maxLargo}, []int{p2.palabras, p2.maxLargo})
	for _, x := range [][2]*indiceMapa{{&p1.exacto, &p2.exacto}, {&p1.menosUna, &p2.menosUna}} {
		require.Equal(tb, x[0].enOrden(), x[1].enOrden())
		require.Equal(tb, x[0].ids, x[1].ids)
		for _, r := range x[0].enOrden() {
			q := x[1].buscar(r.clave)
			require.NotNil(tb, q)
			for k := range r.cuantas() {
				// require.Equal solo si difieren: llamarlo por cada palabra
				// era la mitad del tiempo de la prueba.
				if w1, w2 := p1.palabra(x[0], &r, k), p2.palabra(x[1], q, k); !slices.Equal(w1, w2) {
					require.Equal(tb, w1, w2)
				}
			}
		}
	}
}

// TestMapaCodificado: el mapa leído de su codificación es el mismo que se
// armó; otro generador del mismo léxico lo usa y da las mismas elecciones
// que recorrer todas las jugadas; y la codificación de otro léxico, una
// truncada, una corrupta, con bytes de más o más larga que el límite son
// errores que no cambian nada.
func TestMapaCodificado(t *testing.T) {
	d := lexicoChico(t, 6)
	v1, v2 := varianteChica(t, d), varianteChica(t, d)
	g1, b := codificarMapa(t, v1)
	m1 := mapaDe(g1.b.arcos, g1.b.raiz, d.Tamano(), g1.b.clave)
	p1 := palabrasDe(g1.b.arcos, g1.b.raiz, g1.b.N, g1.b.clave)

	m, p, err := leerMapa(bytes.NewReader(b), g1.b.clave, MaxBytesMapa)
	require.NoError(t, err)
	igualesMapas(t, m1, m, p1, p)

	// Otro generador (otro GADDAG del mismo léxico) lo lee y lo usa.
	g2, err := Nuevo(v2, Opciones{})
	require.NoError(t, err)
	require.NoError(t, g2.LeerMapa(bytes.NewReader(b)))
	m2 := mapaDe(g2.b.arcos, g2.b.raiz, d.Tamano(), g2.b.clave)
	p2 := palabrasDe(g2.b.arcos, g2.b.raiz, g2.b.N, g2.b.clave)
	require.NotSame(t, p1, p2)
	igualesMapas(t, m1, m2, p1, p2)
	partidas := 6
	if testing.Short() {
		partidas = 2
	}
	for s := range partidas {
		r, err := v2.Repositorio(2, uint64(s))
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v2, r)
		require.NoError(t, err)
		for range 6 {
			mano, err := j.Fichas(j.Turno())
			require.NoError(t, err)
			for _, c := range []int{0, 1, 2} {
				var m letra.Multiconjunto
				m.AgregarN(letra.Comodin, c)
				for l := range letra.MaxLetras - 1 {
					for range mano.Cantidad(letra.Letra(l)) {
						if m.Tamano() < 7 {
							m.Agregar(letra.Letra(l))
						}
					}
				}
				h := hojasPrueba{}
				require.Equal(t, RecorrerPorEquidad(g2, j, m, h, 3, nil), g2.MejoresPorEquidadDe(j, m, h, 3, nil))
			}
			jg, ok := Mejor(g2, j)
			if !ok {
				break
			}
			_, err = j.Ubicar(jg.Ocurrencia())
			require.NoError(t, err)
		}
	}

	// Los errores.
	_, otro := codificarMapa(t, varianteChica(t, lexicoChico(t, 4)))
	require.ErrorIs(t, g1.LeerMapa(bytes.NewReader(otro)), trie.ErrOtroLexico)
	for _, n := range []int{0, 3, 7, 8, 30, 60, len(b) / 2, len(b) - 5, len(b) - 1} {
		_, _, err := leerMapa(bytes.NewReader(b[:n]), g1.b.clave, MaxBytesMapa)
		require.ErrorIs(t, err, ErrMapa, "truncada en %d", n)
	}
	for _, i := range []int{70, len(b) / 3, len(b) - 100, len(b) - 2} {
		c := slices.Clone(b)
		c[i] ^= 0x10
		_, _, err := leerMapa(bytes.NewReader(c), g1.b.clave, MaxBytesMapa)
		require.ErrorIs(t, err, ErrMapa, "corrupta en %d", i)
	}
	c := slices.Clone(b)
	c[4] = 2
	_, _, err = leerMapa(bytes.NewReader(c), g1.b.clave, MaxBytesMapa)
	require.ErrorIs(t, err, ErrMapa)
	_, _, err = leerMapa(bytes.NewReader(append(slices.Clone(b), 0)), g1.b.clave, MaxBytesMapa)
	require.ErrorIs(t, err, ErrMapa)
	_, _, err = leerMapa(bytes.NewReader(b), g1.b.clave, int64(len(b)-1))
	require.ErrorIs(t, err, limite.Err)
	_, _, err = leerMapa(bytes.NewReader(b), g1.b.clave, int64(len(b)))
	require.NoError(t, err)
	_, _, err = leerMapa(io.MultiReader(bytes.NewReader(b[:10]), lectorQueFalla{}), g1.b.clave, MaxBytesMapa)
	require.ErrorIs(t, err, errLectura)
}

var errLectura = errors.New("falla de lectura")

type lectorQueFalla struct{}

func (lectorQueFalla) Read([]byte) (int, error) { return 0, errLectura }

// hojasPrueba valora cada hoja por sus letras: determinista y con
// valores distintos para hojas distintas casi siempre.
type hojasPrueba struct{}

func (hojasPrueba) Valor(h letra.Multiconjunto) float64 {
	v := 0.0
	for l := range letra.MaxLetras {
		v += float64(h.Cantidad(letra.Letra(l))) * float64((int(l)*7)%11-5) / 3
	}
	return v
}

// FuzzLeerMapa: leer cualquier secuencia de bytes como mapa no entra en
// pánico, y si no da error, buscar en el resultado tampoco.
func FuzzLeerMapa(f *testing.F) {
	alf := espanol.Clasica().Alfabeto()
	var ps [][]letra.Letra
	for _, p := range []string{"AS", "ASA", "LOS", "OS", "OSA", "OSO", "SAL", "SOL", "SOLA", "SOLO"} {
		w, err := alf.Parsear(p)
		require.NoError(f, err)
		ps = append(ps, w)
	}
	d, err := trie.NuevoDAWG(ps)
	require.NoError(f, err)
	g, b := codificarMapa(f, varianteChica(f, d))
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		probarMapa(t, g, b)
		if len(b) >= 4 {
			// Con la suma de control corregida, para llegar a verificar la
			// estructura.
			c := slices.Clone(b)
			binary.LittleEndian.PutUint32(c[len(c)-4:], crc32.Checksum(c[:len(c)-4], tablaMapa))
			probarMapa(t, g, c)
		}
	})
}

// probarMapa lee b como mapa del léxico de g y, si no da error, busca en
// todos sus grupos.
func probarMapa(t *testing.T, g *GADDAG, b []byte) {
	m, p, err := leerMapa(bytes.NewReader(b), g.b.clave, 1<<20)
	if err != nil {
		return
	}
	{
		for _, x := range []*indiceMapa{&p.exacto, &p.menosUna} {
			for _, r := range x.enOrden() {
				q := x.buscar(r.clave)
				require.NotNil(t, q)
				for k := range q.cuantas() {
					require.Len(t, p.palabra(x, q, k), q.largo())
				}
			}
			x.buscar(12345)
		}
		m.tieneCon(12345, 2, 1<<20-1)
	}
}

// BenchmarkMapaLeer lee el mapa de palabras del léxico español de
// variante/espanol de su codificación e informa cuánto ocupa.
func BenchmarkMapaLeer(b *testing.B) {
	g, err := Nuevo(espanol.Clasica(), Opciones{})
	require.NoError(b, err)
	var buf bytes.Buffer
	t0 := time.Now()
	_, err = g.EscribirMapa(&buf)
	require.NoError(b, err)
	b.Logf("armar y escribir: %v, %d bytes", time.Since(t0), buf.Len())
	b.ReportAllocs()
	for range b.N {
		_, _, err := leerMapa(bytes.NewReader(buf.Bytes()), g.b.clave, MaxBytesMapa)
		require.NoError(b, err)
	}
	b.ReportMetric(float64(buf.Len())/(1<<20), "MB")
}
