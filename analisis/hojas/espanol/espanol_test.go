package espanol_test

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func fichas(t *testing.T, s string) letra.Multiconjunto {
	var m letra.Multiconjunto
	for _, r := range s {
		if r == '?' {
			m.Agregar(letra.Comodin)
		}
	}
	sin := []rune{}
	for _, r := range s {
		if r != '?' {
			sin = append(sin, r)
		}
	}
	ls, err := letra.EspanolConDigrafos().ParsearFichas(string(sin))
	require.NoError(t, err)
	for _, l := range ls {
		m.Agregar(l)
	}
	return m
}

// La tabla embebida se decodifica, es de la variante clásica y dice lo que
// sabe cualquier jugador: un comodín vale mucho, una Q sola poco, las
// letras repetidas menos que distintas, y la ventaja ayuda a ganar.
func TestTablaEmbebida(t *testing.T) {
	tb := hojases.Tabla()
	require.True(t, tb.EsDe(espanol.Clasica()))
	require.False(t, tb.EsDe(espanol.Variante()))
	require.Equal(t, 1170590, tb.Tamano())
	require.Equal(t, 6, tb.MaxHoja())
	require.Greater(t, tb.Valor(fichas(t, "?")), 10.0)
	require.Greater(t, tb.Valor(fichas(t, "??")), tb.Valor(fichas(t, "?")))
	require.Less(t, tb.Valor(fichas(t, "Q")), 0.0)
	require.Greater(t, tb.Valor(fichas(t, "S")), tb.Valor(fichas(t, "V")))
	require.Greater(t, tb.Valor(fichas(t, "AER")), tb.Valor(fichas(t, "AAA")))
	require.Greater(t, tb.Valor(fichas(t, "EIO")), tb.Valor(fichas(t, "UUU")))
	require.Zero(t, tb.Valor(fichas(t, "AEIOSRN")), "la mano entera no tiene valor")
	for _, u := range []int{10, 50, 86} {
		require.Greater(t, tb.ProbabilidadDeGanar(40, u), 0.5)
		require.Less(t, tb.ProbabilidadDeGanar(-40, u), 0.5)
		require.Greater(t, tb.ProbabilidadDeGanar(40, u), tb.ProbabilidadDeGanar(20, u))
	}
	require.Greater(t, tb.ProbabilidadDeGanar(40, 10), tb.ProbabilidadDeGanar(40, 80), "la misma ventaja vale más cerca del final")
	require.Same(t, tb, hojases.Tabla())
}

// La tabla la enlaza quien usa el bot y nadie más: un programa que juega
// con el generador sin el bot (examples/partida) no la lleva.
func TestSoloConElBot(t *testing.T) {
	if testing.Short() {
		t.Skip("usa go list")
	}
	const modulo = "github.com/juegodepalabras/palabras"
	deps := func(paquete string) string {
		out, err := exec.Command("go", "list", "-deps", modulo+"/"+paquete).Output()
		require.NoError(t, err)
		return string(out)
	}
	require.Contains(t, deps("bot"), modulo+"/analisis/hojas/espanol\n")
	require.NotContains(t, deps("examples/partida"), modulo+"/analisis/hojas")
	require.NotContains(t, deps("generador"), modulo+"/analisis/hojas")
}
