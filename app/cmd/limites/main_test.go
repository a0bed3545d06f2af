package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/limites"
	"github.com/juegodepalabras/palabras/internal/programa"
)

// TestMain corre como hijo (-caso) cuando el padre de TestTabla llama al
// binario de la prueba, que es este.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-caso" {
		programa.Salir("limites", ejecutar(os.Args[1:], os.Stdout))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestOpciones(t *testing.T) {
	var salida strings.Builder
	require.NoError(t, ejecutar([]string{"-h"}, &salida))
	require.Contains(t, salida.String(), "Uso: limites")
	for _, args := range [][]string{{"-nada"}, {"-casos", "["}, {"-caso", "no-existe"}, {"-plazo", "0s"}, {"-casos", "^no-existe$"}, {"sobra"}} {
		err := ejecutar(args, &salida)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
	salida.Reset()
	require.NoError(t, ejecutar([]string{"-lista"}, &salida))
	require.NotEmpty(t, limites.Nombres())
	for _, n := range limites.Nombres() {
		require.Contains(t, salida.String(), n)
	}
}

// La tabla de unos casos chicos, cada uno en un proceso hijo: el tamaño,
// el tiempo, la memoria y el resultado de cada uno.
func TestTabla(t *testing.T) {
	var salida strings.Builder
	require.NoError(t, ejecutar([]string{"-casos", "^(vacio|premios-1MB|dawg-bomba-64|cgp-64-manos)$", "-dir", t.TempDir()}, &salida))
	lineas := strings.Split(strings.TrimSpace(salida.String()), "\n")
	require.Len(t, lineas, 2+4, salida.String())
	require.Regexp(t, `^\| vacio \| \(ninguno\) \| 0 B \| .* \| [0-9.]+ MB \| – \| acepta \|$`, lineas[2])
	require.Regexp(t, `^\| dawg-bomba-64 \| trie.Decodificar \| 2\d\d B \|.*\| rechaza: .*MaxPalabras`, lineas[3])
	require.Regexp(t, `^\| cgp-64-manos \| cgp.Parsear \|.*\| acepta \(64 manos, tablero de 15\) \|$`, lineas[4])
	require.Regexp(t, `^\| premios-1MB \| variante.ParsearPremios \| 1023 KB \|.*\| acepta \(tablero de 1023\) \|$`, lineas[5])
}
