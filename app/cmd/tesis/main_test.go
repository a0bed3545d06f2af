package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
)

// TestDosPartidas corre el experimento con dos partidas en inglés y
// verifica el resumen y las cuatro figuras.
func TestDosPartidas(t *testing.T) {
	if testing.Short() {
		t.Skip("construye las tablas de un léxico real")
	}
	lexicos.Leer(t, lexicos.Sowpods)
	dir := t.TempDir()
	var salida, errores bytes.Buffer
	require.NoError(t, ejecutar([]string{"-partidas", "2", "-idiomas", "en", "-salida", dir}, &salida, &errores))
	require.Contains(t, salida.String(), "en: 2 partidas")
	for _, f := range []string{"6.1", "6.2", "6.3", "6.4"} {
		st, err := os.Stat(filepath.Join(dir, "en-"+f+".png"))
		require.NoError(t, err)
		require.Positive(t, st.Size())
	}
}

func TestOpcionesIncorrectas(t *testing.T) {
	var salida, errores bytes.Buffer
	for _, args := range [][]string{{"-partidas", "0"}, {"-idiomas", "fr"}, {"-nada"}, {"sobra"}} {
		err := ejecutar(args, &salida, &errores)
		require.ErrorAs(t, err, new(programa.ErrorDeUso), "%v", args)
	}
	salida.Reset()
	require.NoError(t, ejecutar([]string{"-h"}, &salida, &errores))
	require.Contains(t, salida.String(), "Uso: tesis")
}
