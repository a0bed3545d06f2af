package dispersion_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador/internal/dispersion"
)

// TestComoUnMapa: Poner, Ver, Agrandar y el recorrido de Claves y Valor
// dan lo mismo que un map, con claves de pocos bits (muchas colisiones y
// reemplazos) o cualesquiera, agrandando cuando la tabla pasa de la mitad
// como hacen sus usuarios.
func TestComoUnMapa(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := dispersion.Nueva(rapid.IntRange(0, 40).Draw(t, "n"))
		modelo := map[uint64]uint32{}
		bitsClave := rapid.SampledFrom([]int{4, 10, 64}).Draw(t, "bits")
		clave := rapid.Uint64().Filter(func(k uint64) bool { return k != dispersion.Vacia })
		for range rapid.IntRange(0, 300).Draw(t, "pasos") {
			k := clave.Draw(t, "k")
			if bitsClave < 64 {
				k &= 1<<bitsClave - 1
			}
			if rapid.Bool().Draw(t, "poner") {
				v := rapid.Uint32().Draw(t, "v")
				h.Poner(k, v)
				modelo[k] = v
				if 2*h.N > h.Capacidad() {
					antes := h.Capacidad()
					h = h.Agrandar()
					require.Equal(t, 2*antes, h.Capacidad())
				}
			}
			v, ok := h.Ver(k)
			w, esta := modelo[k]
			require.Equal(t, esta, ok, "clave %x", k)
			require.Equal(t, w, v, "clave %x", k)
			require.Equal(t, len(modelo), h.N)
		}
		visto := map[uint64]uint32{}
		for i, k := range h.Claves() {
			if k != dispersion.Vacia {
				visto[k] = h.Valor(i)
			}
		}
		require.Equal(t, modelo, visto)
		require.Equal(t, 12*h.Capacidad(), h.Bytes())
	})
}

// Una tabla para dos claves, que se agranda cuando pasa de la mitad.
func ExampleTabla() {
	h := dispersion.Nueva(2)
	for k := range uint64(20) {
		h.Poner(k*k, uint32(k))
		if 2*h.N > h.Capacidad() {
			h = h.Agrandar()
		}
	}
	v, ok := h.Ver(144)
	fmt.Println(h.N, h.Capacidad(), v, ok)
	_, ok = h.Ver(145)
	fmt.Println(ok)
	// Output:
	// 20 64 12 true
	// false
}
