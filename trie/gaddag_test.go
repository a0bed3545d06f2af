package trie_test

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// cadenasGADDAG devuelve, por fuerza bruta, las cadenas que el GADDAG de
// palabras debe aceptar: inv(u)◇v por cada palabra uv con u no vacía.
func cadenasGADDAG(palabras [][]letra.Letra) map[string]bool {
	res := map[string]bool{}
	for _, p := range palabras {
		for i := 1; i <= len(p); i++ {
			s := slices.Clone(p[:i])
			slices.Reverse(s)
			s = append(s, trie.Separador)
			s = append(s, p[i:]...)
			res[string(s)] = true
		}
	}
	return res
}

func TestGADDAGAceptaLoQueDebe(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, 3).Draw(t, "l")) })
		palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 0, 5), 0, 12).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		g, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		require.Same(t, g.DAWG(), g.DAWG())
		for _, p := range palabras {
			require.True(t, g.DAWG().Contiene(p))
		}
		esperadas := cadenasGADDAG(palabras)
		// Toda cadena sobre {0..3, ◇} de hasta 6 símbolos con a lo sumo un
		// separador: aceptada si y solo si es una de las esperadas.
		alfabeto := []letra.Letra{0, 1, 2, 3, trie.Separador}
		var s []letra.Letra
		var probar func()
		probar = func() {
			if separadores(s) <= 1 {
				require.Equal(t, esperadas[string(s)], g.Acepta(s), "cadena %v", s)
			}
			if len(s) == 6 {
				return
			}
			for _, l := range alfabeto {
				s = append(s, l)
				probar()
				s = s[:len(s)-1]
			}
		}
		probar()
		// Y las largas, una por una.
		for c := range esperadas {
			require.True(t, g.Acepta([]letra.Letra(c)))
		}
		// Giro y Salidas son coherentes con Hijo.
		n := g.Raiz()
		for l := range g.Salidas(n).Todas() {
			h, ok := g.Hijo(n, l)
			require.True(t, ok)
			dn, ok := g.Giro(h)
			// l sola, hacia atrás, es el prefijo "l": hay giro si alguna palabra empieza con l.
			empieza := slices.ContainsFunc(palabras, func(p []letra.Letra) bool { return len(p) > 0 && p[0] == l })
			require.Equal(t, empieza, ok)
			if ok {
				require.Equal(t, d.Contiene([]letra.Letra{l}), g.EsFinal(dn))
			}
		}
	})
}

func TestGADDAGRechazaElSeparador(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{1, trie.Separador}})
	require.NoError(t, err)
	_, err = trie.NuevoGADDAG(d)
	require.ErrorIs(t, err, trie.ErrLetraInvalida)
}

func BenchmarkNuevoGADDAG(b *testing.B) {
	d := espanol.Variante().Lexico()
	b.ReportAllocs()
	var g *trie.GADDAG
	for range b.N {
		g, _ = trie.NuevoGADDAG(d)
	}
	b.ReportMetric(float64(g.Estados()), "estados")
	b.ReportMetric(float64(g.Aristas()), "aristas")
}

func separadores(s []letra.Letra) int {
	n := 0
	for _, l := range s {
		if l == trie.Separador {
			n++
		}
	}
	return n
}

// TestGADDAGCodificacion: la codificación se lee igual (copiando o no), y
// los arcos cumplen lo que documenta arcos.Arco: hermanos contiguos con el giro
// primero y las letras en orden, y el bit de aceptación de la parte
// invertida dice si lo leído, dado vuelta, es una palabra.
func TestGADDAGCodificacion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gl := rapid.Custom(func(t *rapid.T) letra.Letra { return letra.Letra(rapid.IntRange(0, 3).Draw(t, "l")) })
		palabras := rapid.SliceOfN(rapid.SliceOfN(gl, 0, 5), 0, 12).Draw(t, "palabras")
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		g, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		b, err := g.MarshalBinary()
		require.NoError(t, err)
		for _, decodificar := range []func([]byte, *trie.DAWG) (*trie.GADDAG, error){trie.DecodificarGADDAG} {
			h, err := decodificar(slices.Clone(b), d)
			require.NoError(t, err)
			c, _ := h.MarshalBinary()
			require.Equal(t, b, c)
			require.Equal(t, g.Estados(), h.Estados())
			require.Equal(t, g.Aristas(), h.Aristas())
		}
		// La vista: cada estado con su máscara y un arco por salida, el
		// giro primero y las letras en orden; el bit de aceptación de la
		// parte invertida dice si lo leído, dado vuelta, es una palabra.
		av := g.Arcos()
		var recorrer func(s uint32, leido []letra.Letra, invertida bool)
		recorrer = func(s uint32, leido []letra.Letra, invertida bool) {
			m := av.Salidas(s)
			var orden []letra.Letra // el giro primero, las letras en orden
			if m>>trie.Separador&1 == 1 {
				orden = append(orden, trie.Separador)
			}
			for l := range trie.Separador {
				if m>>l&1 == 1 {
					orden = append(orden, l)
				}
			}
			i := s + 1
			for _, l := range orden {
				e := av.En(i)
				a := arcos.Arco(e)
				i++
				require.Equal(t, arcos.Resumen(av.Salidas(a.Hijos())), uint32(e>>32), "el resumen del destino")
				require.Equal(t, l, letra.Letra(a.Letra()))
				s2 := append(slices.Clone(leido), l)
				if invertida && l != trie.Separador {
					require.Equal(t, g.Acepta(append(slices.Clone(s2), trie.Separador)), a.Acepta(), "%v", s2)
				} else {
					require.Equal(t, g.Acepta(s2), a.Acepta(), "%v", s2)
				}
				if len(s2) < 7 {
					recorrer(a.Hijos(), s2, invertida && l != trie.Separador)
				}
			}
			if i > s+1 {
				require.True(t, arcos.Arco(av.En(i-1)).Ultimo())
			}
		}
		recorrer(uint32(g.Raiz())>>1, nil, true)
	})
}

// TestDecodificarGADDAGNuncaEntraEnPanico: una codificación truncada o
// alterada da un error de formato (o, si sigue siendo válida, un GADDAG
// que se puede recorrer), nunca un pánico; y la de otro léxico,
// ErrOtroLexico.
func TestDecodificarGADDAGNuncaEntraEnPanico(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}, {1, 2, 0}, {2}})
	require.NoError(t, err)
	g, err := trie.NuevoGADDAG(d)
	require.NoError(t, err)
	b, _ := g.MarshalBinary()
	otro, _ := trie.NuevoDAWG([][]letra.Letra{{0, 1}})
	_, err = trie.DecodificarGADDAG(b, otro)
	require.ErrorIs(t, err, trie.ErrOtroLexico)
	rapid.Check(t, func(t *rapid.T) {
		c := slices.Clone(b)
		switch rapid.IntRange(0, 2).Draw(t, "cómo") {
		case 0:
			c = c[:rapid.IntRange(0, len(c)-1).Draw(t, "largo")]
		case 1:
			i := rapid.IntRange(0, len(c)-1).Draw(t, "byte")
			c[i] ^= byte(rapid.IntRange(1, 255).Draw(t, "xor"))
		case 2: // alterado con la suma de control corregida
			i := rapid.IntRange(8, len(c)-5).Draw(t, "byte")
			c[i] ^= byte(rapid.IntRange(1, 255).Draw(t, "xor"))
			c = binary.LittleEndian.AppendUint32(c[:len(c)-4], crc32.Checksum(c[:len(c)-4], crc32.MakeTable(crc32.Castagnoli)))
		}
		h, err := trie.DecodificarGADDAG(c, d)
		if err != nil {
			if !errors.Is(err, trie.ErrOtroLexico) {
				require.ErrorIs(t, err, trie.ErrFormato)
			}
			return
		}
		h.Acepta([]letra.Letra{2, 1, trie.Separador, 0})
		for l := range letra.Letra(4) {
			h.Hijo(h.Raiz(), l)
		}
	})
}

// TestDecodificarGADDAGGrande: con muchos arcos la vista se llena en dos
// mitades a la vez; un arco roto en cualquiera de las dos es un error, y
// sin romper nada la vista es la misma que la del GADDAG construido.
func TestDecodificarGADDAGGrande(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var palabras [][]letra.Letra
	for range 20000 {
		p := make([]letra.Letra, 3+r.IntN(8))
		for i := range p {
			p[i] = letra.Letra(r.IntN(20))
		}
		palabras = append(palabras, p)
	}
	d, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	g, err := trie.NuevoGADDAG(d)
	require.NoError(t, err)
	require.Greater(t, g.Aristas(), 1<<17, "no alcanza para partir la vista")
	b, _ := g.MarshalBinary()
	h, err := trie.DecodificarGADDAG(b, d)
	require.NoError(t, err)
	require.Equal(t, g.Arcos(), h.Arcos())
	const cabecera = 40
	for _, arco := range []int{g.Aristas() / 4, 3 * g.Aristas() / 4} {
		c := slices.Clone(b)
		i := cabecera + 4*arco
		binary.LittleEndian.PutUint32(c[i:], binary.LittleEndian.Uint32(c[i:])|0xFFFFFF<<arcos.DesplHijo)
		c = binary.LittleEndian.AppendUint32(c[:len(c)-4], crc32.Checksum(c[:len(c)-4], crc32.MakeTable(crc32.Castagnoli)))
		_, err := trie.DecodificarGADDAG(c, d)
		require.ErrorIs(t, err, trie.ErrFormato, "arco %d", arco)
	}
}
