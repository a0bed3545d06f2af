package trie_test

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// FuzzDecodificarGADDAG: ninguna codificación hace entrar en pánico a
// DecodificarGADDAG (tal cual y con la suma de control corregida, para
// llegar a la estructura); sus errores son ErrFormato u ErrOtroLexico, y lo
// que acepta se recorre sin salir de sus arcos.
func FuzzDecodificarGADDAG(f *testing.F) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}, {1, 2, 0}, {2}, {0, 1, 2, 3}})
	require.NoError(f, err)
	g, err := trie.NuevoGADDAG(d)
	require.NoError(f, err)
	b, _ := g.MarshalBinary()
	f.Add(b)
	f.Add(b[:len(b)-4])
	f.Fuzz(func(t *testing.T, b []byte) {
		con := b
		if len(b) >= 4 {
			cuerpo := b[:len(b)-4]
			con = binary.LittleEndian.AppendUint32(append([]byte(nil), cuerpo...), crc32.Checksum(cuerpo, crc32.MakeTable(crc32.Castagnoli)))
		}
		for _, datos := range [][]byte{b, con} {
			h, err := trie.DecodificarGADDAG(datos, d)
			if err != nil {
				if !errors.Is(err, trie.ErrOtroLexico) {
					require.ErrorIs(t, err, trie.ErrFormato)
				}
				require.Less(t, len(err.Error()), 1000)
				continue
			}
			// Recorrer todo lo que se alcanza desde la raíz no sale de los
			// arcos (ni entra en pánico) y termina: el autómata es finito.
			visto := map[trie.Nodo]bool{}
			var visitar func(n trie.Nodo, prof int)
			visitar = func(n trie.Nodo, prof int) {
				if visto[n] || prof > 64 {
					return
				}
				visto[n] = true
				h.EsFinal(n)
				for l := range h.Salidas(n).Todas() {
					if m, ok := h.Hijo(n, l); ok {
						visitar(m, prof+1)
					}
				}
				if m, ok := h.Giro(n); ok {
					visitar(m, prof+1)
				}
			}
			visitar(h.Raiz(), 0)
		}
	})
}
