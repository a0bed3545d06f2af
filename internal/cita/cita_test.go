package cita_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/cita"
)

func TestDesde(t *testing.T) {
	require.Equal(t, "", cita.Texto(""))
	require.Equal(t, "hola", cita.Texto("hola"))
	largo := strings.Repeat("ñ", 10_000_000)
	c := cita.Texto(largo)
	require.Equal(t, strings.Repeat("ñ", cita.Max)+"…", c)
	require.Equal(t, "ñ", cita.Desde("aññ", 2), "desde el medio de una runa, la siguiente")
	require.Equal(t, "ñ", cita.Desde("añ", 1))
	require.Equal(t, "", cita.Desde("abc", 10))
	require.Equal(t, "bc", cita.Desde("abc", 1))
	require.Equal(t, "abc", cita.Desde("abc", -3))
	inv := cita.Texto("a\xffb")
	require.True(t, utf8.ValidString(inv))
	require.Equal(t, "a\uFFFDb", inv)
}

func ExampleDesde() {
	texto := "8D RESIANT" + strings.Repeat("S", 1000)
	fmt.Println(cita.Desde(texto, 3))
	// Output:
	// RESIANTSSSSSSSSSSSSSSSSSSSSSSSSS…
}

func TestAlrededor(t *testing.T) {
	require.Equal(t, "a\xffb", cita.Alrededor("a\xffb", 1), "uno corto, tal cual")
	largo := strings.Repeat("a", 1000) + "$" + strings.Repeat("b", 1000)
	c := cita.Alrededor(largo, 1000)
	require.Equal(t, "…"+strings.Repeat("a", cita.Max/4)+"$"+strings.Repeat("b", cita.Max-cita.Max/4-1)+"…", c)
	require.Equal(t, cita.Desde(largo, 0), cita.Alrededor(largo, 0))
}
