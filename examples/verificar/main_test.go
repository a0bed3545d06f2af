package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEjecutar(t *testing.T) {
	var salida strings.Builder
	err := ejecutar([]string{"casa", "Ñandú", "xyzzy", "ca$a"}, strings.NewReader(""), &salida)
	require.NoError(t, err)
	lineas := strings.Split(strings.TrimSpace(salida.String()), "\n")
	require.Len(t, lineas, 5)
	require.Contains(t, lineas[0], "636598 palabras")
	require.Regexp(t, `^CASA\s+legítima\s+6 puntos$`, lineas[1])
	require.Regexp(t, `^ÑANDU\s+legítima\s+13 puntos$`, lineas[2])
	require.Regexp(t, `^XYZZY\s+no legítima$`, lineas[3])
	require.Contains(t, lineas[4], "'$' (posición 2)")
}

func TestEjecutarEntradaYOtroLexico(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "lexico.txt")
	require.NoError(t, os.WriteFile(ruta, []byte("chorro\nhello\n"), 0o644))
	var salida strings.Builder
	err := ejecutar([]string{"-lexico", ruta, "-alfabeto", "es-digrafos"}, strings.NewReader("chorro\n\ncasa\n"), &salida)
	require.NoError(t, err)
	require.Contains(t, salida.String(), "2 palabras")
	require.Regexp(t, `CHORRO\s+legítima\s+4 puntos`, salida.String(), "4 fichas: CH, O, RR, O")
	require.Regexp(t, `CASA\s+no legítima`, salida.String())

	err = ejecutar([]string{"-lexico", ruta, "-alfabeto", "klingon"}, nil, &salida)
	require.ErrorContains(t, err, "klingon")
	err = ejecutar([]string{"-lexico", filepath.Join(t.TempDir(), "no-existe")}, nil, &salida)
	require.Error(t, err)
}
