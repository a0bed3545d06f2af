package bot

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// leerHojas lee a lo sumo MaxBytes bytes, y sus errores citan un trozo
// corto de la línea.
func TestLeerHojasLimites(t *testing.T) {
	texto := strings.Repeat("copia A 1 0.500\n", 1000)
	_, err := leerHojas(strings.NewReader(texto), letra.Ingles(), opcionesHojas{MaxBytes: int64(len(texto))})
	require.NoError(t, err, "justo en el límite")
	_, err = leerHojas(strings.NewReader(texto), letra.Ingles(), opcionesHojas{MaxBytes: int64(len(texto)) - 1})
	require.ErrorIs(t, err, errHojasInvalidas)
	require.ErrorIs(t, err, limite.Err)
	_, err = leerHojas(strings.NewReader(strings.Repeat(texto, 100)), letra.Ingles(), opcionesHojas{})
	require.ErrorIs(t, err, limite.Err, "por omisión, 1 MiB")
	require.ErrorContains(t, err, "opcionesHojas.MaxBytes = 1048576")

	_, err = leerHojas(strings.NewReader("copia "+strings.Repeat("Q", 60_000)+" 1 2\n"), letra.Ingles(), opcionesHojas{})
	require.ErrorIs(t, err, errHojasInvalidas)
	require.Less(t, len(err.Error()), 300)
	_, err = leerHojas(strings.NewReader(strings.Repeat("x", 100_000)), letra.Ingles(), opcionesHojas{})
	require.ErrorIs(t, err, errHojasInvalidas, "una línea de más de 64 KiB")
	require.Less(t, len(err.Error()), 300)
}

// FuzzLeerHojas: ningún texto hace entrar en pánico a leerHojas, con un
// presupuesto de 4 KiB; sus errores citan un trozo corto, y lo que se lee
// se escribe y se vuelve a leer igual.
func FuzzLeerHojas(f *testing.F) {
	var b bytes.Buffer
	hs, _ := lineales(letra.Ingles())
	_, _ = hs.WriteTo(&b)
	f.Add(b.String())
	f.Add("copia ? 2 1.5\nequilibrio 0 7 -3\n# x\n")
	f.Add("copia Ñ 1 3\n")
	f.Fuzz(func(t *testing.T, texto string) {
		const presupuesto = 4 << 10
		leidas, err := leerHojas(strings.NewReader(texto), letra.Ingles(), opcionesHojas{MaxBytes: presupuesto})
		if err != nil {
			require.ErrorIs(t, err, errHojasInvalidas)
			require.Less(t, len(err.Error()), 1000, "cita un trozo corto")
			return
		}
		require.LessOrEqual(t, len(texto), presupuesto)
		var w bytes.Buffer
		_, err = leidas.WriteTo(&w)
		require.NoError(t, err)
		otra, err := leerHojas(&w, letra.Ingles(), opcionesHojas{})
		require.NoError(t, err)
		// WriteTo redondea a tres decimales: se compara lo escrito.
		var w2 bytes.Buffer
		_, _ = otra.WriteTo(&w2)
		var w1 bytes.Buffer
		_, _ = leidas.WriteTo(&w1)
		require.Equal(t, w1.String(), w2.String())
	})
}

func TestHojasEmbebidas(t *testing.T) {
	for _, alf := range []*letra.Alfabeto{letra.Ingles(), letra.EspanolConDigrafos()} {
		hs, ok := lineales(alf)
		require.True(t, ok)
		var b bytes.Buffer
		_, err := hs.WriteTo(&b)
		require.NoError(t, err)
		otra, err := leerHojas(&b, alf, opcionesHojas{})
		require.NoError(t, err)
		require.Equal(t, hs, otra)
		require.Zero(t, hs.Valor(letra.Multiconjunto{}))
	}
	_, err := leerHojas(strings.NewReader("copia Ñ 1 3\n"), letra.Ingles(), opcionesHojas{})
	require.ErrorIs(t, err, errHojasInvalidas)
	_, err = leerHojas(strings.NewReader("equilibrio 9 0 1\n"), letra.Ingles(), opcionesHojas{})
	require.ErrorIs(t, err, errHojasInvalidas)
}
