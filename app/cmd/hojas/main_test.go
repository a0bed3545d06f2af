package main

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/stretchr/testify/require"
)

func TestUso(t *testing.T) {
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-h"}, &salida, io.Discard))
	require.Contains(t, salida.String(), "Uso: hojas")
	for _, args := range [][]string{{"-nada"}, {"suelto"}, {"-idioma", "fr"}, {"-partidas", "10,0"}, {"-gorutinas", "0"}} {
		err := ejecutar(args, io.Discard, io.Discard)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
}
