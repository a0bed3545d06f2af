package final

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Una tabla agrandada tiene las mismas entradas que la original: cada
// clave que se leía se lee igual, y ninguna se pierde ni aparece.
func TestTablaAgrandada(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		t0 := &tabla{e: make([]entrada, 1<<10), mascara: 1<<10 - 1}
		claves := rapid.SliceOfN(rapid.Uint64Min(1), 1, 3000).Draw(rt, "claves")
		for i, k := range claves {
			t0.escribir(k, uint64(i+1), empacar(i%100, cotaExacta, i%7, i%50))
		}
		antes := map[uint64][2]uint64{}
		for _, k := range claves {
			if j, d, ok := t0.leer(k); ok {
				antes[k] = [2]uint64{j, d}
			}
		}
		require.NotEmpty(rt, antes)
		n := uint64(1) << rapid.IntRange(11, 14).Draw(rt, "bits")
		t1 := t0.agrandada(n)
		require.Len(rt, t1.e, int(n))
		for _, k := range claves {
			j, d, ok := t1.leer(k)
			a, estaba := antes[k]
			require.Equal(rt, estaba, ok, "clave %x", k)
			if ok {
				require.Equal(rt, a, [2]uint64{j, d}, "clave %x", k)
			}
		}
		ocupadas := 0
		for i := range t1.e {
			if t1.e[i].verif.Load() != 0 || t1.e[i].jugada.Load() != 0 || t1.e[i].datos.Load() != 0 {
				ocupadas++
			}
		}
		require.Equal(rt, len(antes), ocupadas)
	})
}
