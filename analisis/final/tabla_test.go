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
		claves := rapid.SliceOfN(rapid.Uint64Min(1), 1000, 3000).Draw(rt, "claves")
		for i := range claves {
			// Repartidas por toda la tabla (rapid da sobre todo claves
			// chicas): multiplicar por un impar no junta dos claves.
			claves[i] *= 0x9e3779b97f4a7c15
		}
		for i, k := range claves {
			t0.escribir(k, uint64(i+1), conTrabajo(empacar(i%100, cotaExacta, i%7, i%50), int64(i%300)))
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

// En una cubeta, una clave nueva reemplaza la entrada de menos trabajo: la
// de un árbol grande sobrevive a muchas claves de árboles chicos de la
// misma cubeta, y una clave ya guardada se actualiza en su lugar.
func TestTablaCubetas(t *testing.T) {
	t0 := nuevaTabla(1)
	cubeta := func(k uint64) uint64 { return k & t0.mascara &^ 1 }
	grande := uint64(0x1234_0000_0000_0040)
	t0.escribir(grande, 7, conTrabajo(empacar(55, cotaExacta, profCompleta, 3), 1<<20))
	for i := uint64(1); i <= 50; i++ {
		k := grande + i<<32 // la misma cubeta, otra clave
		require.Equal(t, cubeta(grande), cubeta(k))
		t0.escribir(k, 9, conTrabajo(empacar(int(i), cotaSuperior, profCompleta, 1), int64(i)))
		j, d, ok := t0.leer(k)
		require.True(t, ok, "la última escrita está")
		require.Equal(t, uint64(9), j)
		v, _, _, _ := desempacar(d)
		require.Equal(t, int(i), v)
	}
	j, d, ok := t0.leer(grande)
	require.True(t, ok, "la de más trabajo sigue")
	require.Equal(t, uint64(7), j)
	require.Equal(t, 21, trabajoDe(d))
	// Actualizarla la deja en su lugar, con la jugada que tenía si la nueva
	// no trae ninguna.
	t0.escribir(grande, 0, conTrabajo(empacar(56, cotaInferior, profCompleta, 3), 2))
	j, d, ok = t0.leer(grande)
	require.True(t, ok)
	require.Equal(t, uint64(7), j)
	v, cota, _, _ := desempacar(d)
	require.Equal(t, [2]int{56, cotaInferior}, [2]int{v, cota})
	_, _, ok = t0.leer(grande + 50<<32)
	require.True(t, ok, "la otra entrada de la cubeta sigue")
}
