package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func TestDuelo(t *testing.T) {
	// La tabla embebida escrita en un archivo, para tabla=ruta.
	ruta := filepath.Join(t.TempDir(), "es.bin")
	datos, _ := hojases.Tabla().MarshalBinary()
	require.NoError(t, os.WriteFile(ruta, datos, 0o644))
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-partidas", "4", "-a", "tabla=" + ruta, "-b", "avanzado"}, &salida, io.Discard))
	require.Regexp(t, `4 partidas \(2 pares\)`, salida.String())
	require.Regexp(t, `es\s+tabla=\S+\s+avanzado\s+4\s`, salida.String())
}

func TestDueloUso(t *testing.T) {
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-h"}, &salida, io.Discard))
	require.Contains(t, salida.String(), "Uso: duelo")
	for _, args := range [][]string{{"-nada"}, {"suelto"}, {"-partidas", "3"}, {"-idioma", "fr"}, {"-a", "granmaestro"}} {
		err := ejecutar(args, io.Discard, io.Discard)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
	err := ejecutar([]string{"-a", "tabla=/no/existe"}, io.Discard, io.Discard)
	require.Error(t, err)
	require.False(t, errors.As(err, new(programa.ErrorDeUso)))
}
