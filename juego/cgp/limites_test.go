package cgp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// manos arma un CGP del tablero vacío de 15×15 con k manos de una ficha.
func manos(k int) string {
	return strings.Repeat("15/", 14) + "15 " + strings.TrimSuffix(strings.Repeat("A/", k), "/") + " " +
		strings.TrimSuffix(strings.Repeat("0/", k), "/") + " 0"
}

// Issue 26: un CGP de 3 MB con 10⁶ manos tardaba 13 s y ocupaba 1 GB.
// Ahora pasa de MaxBytes (1 MiB); con más bytes, de MaxManos (64), y se
// rechaza al llegar a la mano 65 sin leer el resto.
func TestLimitesCGP(t *testing.T) {
	v := espanol.Clasica()
	texto := manos(1_000_000)
	require.Greater(t, len(texto), 3<<20)
	_, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
	require.ErrorIs(t, err, cgp.ErrFormato)
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "cgp.Opciones.MaxBytes = 1048576")
	require.Less(t, len(err.Error()), 300)

	_, err = cgp.Parsear(texto, cgp.Opciones{Variante: v, MaxBytes: 8 << 20})
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "cgp.Opciones.MaxManos = 64")
	require.Less(t, len(err.Error()), 300)

	p, err := cgp.Parsear(manos(64), cgp.Opciones{Variante: v})
	require.NoError(t, err, "justo en el límite")
	require.Len(t, p.Manos, 64)
	_, err = cgp.Parsear(manos(3), cgp.Opciones{Variante: v, MaxManos: 2})
	require.ErrorIs(t, err, limite.Err)
	_, err = cgp.Parsear(manos(2)+strings.Repeat("/0", 100), cgp.Opciones{Variante: v})
	require.ErrorIs(t, err, cgp.ErrFormato, "más puntajes que manos")
}

// Los errores citan un trozo corto del texto, también los de un campo o
// una ficha enormes.
func TestErroresCortos(t *testing.T) {
	v := espanol.Clasica()
	largo := strings.Repeat("A", 500_000)
	for _, texto := range []string{
		largo + " A 0 0",
		strings.Repeat("15/", 14) + "15 [" + largo + " 0 0",
		strings.Repeat("15/", 14) + "15 " + largo + "$ 0 0",
		strings.Repeat("15/", 14) + "15 A " + largo + " 0",
		strings.Repeat("15/", 14) + "15 A 0 0 bb " + largo + ";",
	} {
		_, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
		require.Error(t, err)
		require.Less(t, len(err.Error()), 300, cita.Texto(err.Error()))
	}
}
