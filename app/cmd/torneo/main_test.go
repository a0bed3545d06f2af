package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

func TestUso(t *testing.T) {
	var salida, errores bytes.Buffer
	require.NoError(t, ejecutar([]string{"-h"}, &salida, &errores))
	require.Contains(t, salida.String(), "Uso: torneo")
	for _, args := range [][]string{{"-partidas", "0"}, {"-idiomas", "fr"}, {"-nada"}, {"sobra"}} {
		require.ErrorAs(t, ejecutar(args, &salida, &errores), new(programa.ErrorDeUso), "%v", args)
	}
}

// TestDosPartidas juega un par de partidas en español (la misma bolsa, los
// lados cambiados) y las guarda en un almacén propio.
func TestDosPartidas(t *testing.T) {
	var salida, errores bytes.Buffer
	db := filepath.Join(t.TempDir(), "t.db")
	require.NoError(t, ejecutar([]string{"-db", db, "-partidas", "2", "-idiomas", "es", "-pares", "avanzado:intermedio"}, &salida, &errores))
	require.Contains(t, salida.String(), "avanzado")
	require.FileExists(t, db)
}
