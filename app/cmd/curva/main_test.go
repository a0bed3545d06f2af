package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

func TestCurva(t *testing.T) {
	if testing.Short() {
		t.Skip("juega una partida entera")
	}
	destino := filepath.Join(t.TempDir(), "curva.svg")
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-repeticiones", "1", "-salida", destino}, &salida))
	svg, err := os.ReadFile(destino)
	require.NoError(t, err)
	require.Contains(t, string(svg), "<svg")
	require.Greater(t, strings.Count(salida.String(), "\n"), 10, "una línea por turno")
}

func TestCurvaUso(t *testing.T) {
	for _, args := range [][]string{{"-repeticiones", "0"}, {"suelto"}, {"-nada"}} {
		require.ErrorAs(t, ejecutar(args, &bytes.Buffer{}), new(programa.ErrorDeUso), "%v", args)
	}
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-h"}, &salida))
	require.Contains(t, salida.String(), "Uso: curva")
}
