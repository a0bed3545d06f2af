package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// LeerHojas lee a lo sumo MaxBytes bytes, y sus errores citan un trozo
// corto de la línea.
func TestLeerHojasLimites(t *testing.T) {
	texto := strings.Repeat("copia A 1 0.500\n", 1000)
	_, err := bot.LeerHojas(strings.NewReader(texto), letra.Ingles(), bot.OpcionesHojas{MaxBytes: int64(len(texto))})
	require.NoError(t, err, "justo en el límite")
	_, err = bot.LeerHojas(strings.NewReader(texto), letra.Ingles(), bot.OpcionesHojas{MaxBytes: int64(len(texto)) - 1})
	require.ErrorIs(t, err, bot.ErrHojasInvalidas)
	require.ErrorIs(t, err, limite.Err)
	_, err = bot.LeerHojas(strings.NewReader(strings.Repeat(texto, 100)), letra.Ingles(), bot.OpcionesHojas{})
	require.ErrorIs(t, err, limite.Err, "por omisión, 1 MiB")
	require.ErrorContains(t, err, "bot.OpcionesHojas.MaxBytes = 1048576")

	_, err = bot.LeerHojas(strings.NewReader("copia "+strings.Repeat("Q", 60_000)+" 1 2\n"), letra.Ingles(), bot.OpcionesHojas{})
	require.ErrorIs(t, err, bot.ErrHojasInvalidas)
	require.Less(t, len(err.Error()), 300)
	_, err = bot.LeerHojas(strings.NewReader(strings.Repeat("x", 100_000)), letra.Ingles(), bot.OpcionesHojas{})
	require.ErrorIs(t, err, bot.ErrHojasInvalidas, "una línea de más de 64 KiB")
	require.Less(t, len(err.Error()), 300)
}

// FuzzLeerHojas: ningún texto hace entrar en pánico a LeerHojas, con un
// presupuesto de 4 KiB; sus errores citan un trozo corto, y lo que se lee
// se escribe y se vuelve a leer igual.
func FuzzLeerHojas(f *testing.F) {
	var b bytes.Buffer
	hs, _ := bot.HojasPara(letra.Ingles())
	_, _ = hs.WriteTo(&b)
	f.Add(b.String())
	f.Add("copia ? 2 1.5\nequilibrio 0 7 -3\n# x\n")
	f.Add("copia Ñ 1 3\n")
	f.Fuzz(func(t *testing.T, texto string) {
		const presupuesto = 4 << 10
		leidas, err := bot.LeerHojas(strings.NewReader(texto), letra.Ingles(), bot.OpcionesHojas{MaxBytes: presupuesto})
		if err != nil {
			require.ErrorIs(t, err, bot.ErrHojasInvalidas)
			require.Less(t, len(err.Error()), 1000, "cita un trozo corto")
			return
		}
		require.LessOrEqual(t, len(texto), presupuesto)
		var w bytes.Buffer
		_, err = leidas.WriteTo(&w)
		require.NoError(t, err)
		otra, err := bot.LeerHojas(&w, letra.Ingles(), bot.OpcionesHojas{})
		require.NoError(t, err)
		// WriteTo redondea a tres decimales: se compara lo escrito.
		var w2 bytes.Buffer
		_, _ = otra.WriteTo(&w2)
		var w1 bytes.Buffer
		_, _ = leidas.WriteTo(&w1)
		require.Equal(t, w1.String(), w2.String())
	})
}
