package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

func TestEjecutar(t *testing.T) {
	var salida strings.Builder
	err := ejecutar([]string{"casa", "Ñandú", "xyzzy", "ca$a"}, strings.NewReader(""), &salida)
	require.ErrorIs(t, err, errRechazadas, "XYZZY no es legítima y ca$a no se puede leer")
	require.ErrorContains(t, err, "2 de 4")
	lineas := strings.Split(strings.TrimSpace(salida.String()), "\n")
	require.Len(t, lineas, 5, "se informan todas antes del error")
	require.Contains(t, lineas[0], "636598 palabras")
	require.Regexp(t, `^CASA\s+legítima\s+6 puntos$`, lineas[1])
	require.Regexp(t, `^ÑANDU\s+legítima\s+13 puntos$`, lineas[2])
	require.Regexp(t, `^XYZZY\s+no legítima$`, lineas[3])
	require.Contains(t, lineas[4], "'$' (posición 2)")

	salida.Reset()
	require.NoError(t, ejecutar([]string{"casa", "Ñandú"}, nil, &salida), "todas legítimas")
	salida.Reset()
	require.ErrorIs(t, ejecutar(nil, strings.NewReader("casa\nca$a\n"), &salida), errRechazadas, "una que no se puede leer")
	require.Contains(t, salida.String(), "no se puede leer")
}

// lexico escribe un léxico con las palabras dadas en un archivo temporal.
func lexico(t *testing.T, palabras ...string) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "lexico.txt")
	require.NoError(t, os.WriteFile(ruta, []byte(strings.Join(palabras, "\n")+"\n"), 0o644))
	return ruta
}

func TestEjecutarEntradaYOtroLexico(t *testing.T) {
	ruta := lexico(t, "chorro", "hello")
	var salida strings.Builder
	err := ejecutar([]string{"-lexico", ruta, "-alfabeto", "es-digrafos"}, strings.NewReader("chorro\n\ncasa\n"), &salida)
	require.ErrorIs(t, err, errRechazadas, "CASA no está en el léxico")
	require.Contains(t, salida.String(), "2 palabras")
	require.Regexp(t, `CHORRO\s+legítima\s+15 puntos`, salida.String(), "valores FISE: CH 5, O 1, RR 8, O 1")
	require.Regexp(t, `CASA\s+no legítima`, salida.String())

	err = ejecutar([]string{"-lexico", ruta, "-alfabeto", "klingon"}, nil, &salida)
	require.ErrorContains(t, err, "klingon")
	require.ErrorAs(t, err, new(programa.ErrorDeUso))
	err = ejecutar([]string{"-lexico", filepath.Join(t.TempDir(), "no-existe")}, nil, &salida)
	require.Error(t, err)
	require.False(t, errors.As(err, new(programa.ErrorDeUso)), "un léxico que no existe no es un error de uso")
}

// TestPuntajesDelAlfabeto: con -lexico, las letras valen lo que valen en el
// juego de su alfabeto, no 1 cada una.
func TestPuntajesDelAlfabeto(t *testing.T) {
	casos := []struct {
		alfabeto, palabra, puntos string
	}{
		{"en", "hello", "8"},           // H 4, E 1, L 1, L 1, O 1
		{"en", "quiz", "22"},           // Q 10, U 1, I 1, Z 10
		{"es", "queso", "9"},           // Q 5, U 1, E 1, S 1, O 1
		{"es", "chorro", "11"},         // C 3, H 4, O 1, R 1, R 1, O 1
		{"es-digrafos", "llave", "14"}, // LL 8, A 1, V 4, E 1
	}
	for _, c := range casos {
		t.Run(c.alfabeto+" "+c.palabra, func(t *testing.T) {
			var salida strings.Builder
			err := ejecutar([]string{"-lexico", lexico(t, c.palabra), "-alfabeto", c.alfabeto, c.palabra}, nil, &salida)
			require.NoError(t, err)
			require.Regexp(t, `(?m)^`+strings.ToUpper(c.palabra)+`\s+legítima\s+`+c.puntos+` puntos$`, salida.String())
		})
	}
	var salida strings.Builder
	require.NoError(t, ejecutar([]string{"-lexico", lexico(t, "queso"), "queso"}, nil, &salida))
	require.Regexp(t, `QUESO\s+legítima\s+9 puntos`, salida.String(), "sin -alfabeto, el español")
}

func TestAyuda(t *testing.T) {
	for _, opcion := range []string{"-h", "-help", "--help"} {
		var salida strings.Builder
		require.NoError(t, ejecutar([]string{opcion}, nil, &salida), opcion)
		require.Contains(t, salida.String(), "Uso: verificar")
		require.Contains(t, salida.String(), "-lexico archivo")
		require.Contains(t, salida.String(), "-alfabeto nombre")
		require.NotContains(t, salida.String(), "Léxico:", "con -h no se verifica nada")
	}
}

func TestOpcionesIncorrectas(t *testing.T) {
	casos := map[string][]string{
		"opción desconocida":       {"-no-existe", "casa"},
		"-alfabeto sin -lexico":    {"-alfabeto", "en", "casa"},
		"-alfabeto es sin -lexico": {"-alfabeto=es", "casa"},
	}
	for nombre, args := range casos {
		t.Run(nombre, func(t *testing.T) {
			var salida strings.Builder
			err := ejecutar(args, nil, &salida)
			require.ErrorAs(t, err, new(programa.ErrorDeUso))
			require.Empty(t, salida.String(), "falla antes de cargar nada")
		})
	}
}
