package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/app/internal/carga"
	"github.com/juegodepalabras/palabras/internal/programa"
)

// TestMain hace de proceso web o de trabajador si la carga ejecutó este
// binario como uno.
func TestMain(m *testing.M) {
	if codigo, ok := carga.Hijo(); ok {
		os.Exit(codigo)
	}
	os.Exit(m.Run())
}

// Las opciones: -h escribe el uso; sin -db postgres://, con listas o
// cantidades malas, o con un nivel que no existe, es un error de uso.
func TestOpciones(t *testing.T) {
	t.Setenv("PALABRAS_DB", "")
	var salida bytes.Buffer
	require.NoError(t, ejecutar(context.Background(), []string{"-h"}, &salida, io.Discard))
	require.Contains(t, salida.String(), "Uso: carga")
	require.Contains(t, salida.String(), "-trabajadores")
	pg := "postgres://127.0.0.1:1/x"
	for _, args := range [][]string{{}, {"-db", "x.db"}, {"-x"}, {"-db", pg, "sobra"}, {"-db", pg, "-webs", "0"}, {"-db", pg, "-webs", "a"},
		{"-db", pg, "-partidas", "0"}, {"-db", pg, "-nivel", "dios"}, {"-db", pg, "-pausa", "0s"}} {
		err := ejecutar(context.Background(), args, io.Discard, io.Discard)
		require.ErrorAs(t, err, new(programa.ErrorDeUso), "%q", args)
	}
}

// Una corrida chica de verdad: un proceso web saturado con 2 partidas y un
// trabajador con una partida entre bots; la tabla sale entera.
func TestCorrida(t *testing.T) {
	db := pruebapg.URL(t)
	var salida bytes.Buffer
	require.NoError(t, ejecutar(context.Background(), []string{"-db", db, "-webs", "1", "-sin-pensando", "-partidas", "2",
		"-trabajadores", "1", "-partidas-bot", "1"}, &salida, io.Discard))
	lineas := strings.Split(strings.TrimSpace(salida.String()), "\n")
	require.Len(t, lineas, 5, salida.String())
	require.True(t, strings.HasPrefix(lineas[1], "1     saturada"), lineas[1])
	require.True(t, strings.HasPrefix(lineas[4], "1             principiante  1"), lineas[4])
}
