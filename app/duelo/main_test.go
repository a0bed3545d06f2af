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
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
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

// apertura=K juega y cuenta las vocales junto a las casillas de letra
// doble: en la fila del centro, las columnas vecinas al centro las tienen
// arriba y abajo.
func TestApertura(t *testing.T) {
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-partidas", "4", "-a", "apertura=2", "-b", "experto"}, &salida, io.Discard))
	require.Regexp(t, `es\s+apertura=2\s+experto\s+4\s`, salida.String())

	v := espanol.Clasica()
	a, err := nuevoConApertura(nil, v, nil, 1)
	require.Error(t, err, "sin generador")
	require.Nil(t, a)
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	a, err = nuevoConApertura(g, v, nil, 1)
	require.NoError(t, err)
	ficha := func(f, c int, s string) ocurrencia.Ficha {
		l, ok := v.Alfabeto().Indice(s)
		require.True(t, ok)
		return ocurrencia.Ficha{Fila: f, Columna: c, Letra: l}
	}
	// CASA en la fila 7, de la columna 5 a la 8: las A en 6 y 8.
	casa := []ocurrencia.Ficha{ficha(7, 5, "C"), ficha(7, 6, "A"), ficha(7, 7, "S"), ficha(7, 8, "A")}
	require.Equal(t, 2, a.expuestas(v, casa))
	// ACAS: las A en 5 y 7, sin letra doble arriba ni abajo.
	acas := []ocurrencia.Ficha{ficha(7, 5, "A"), ficha(7, 6, "C"), ficha(7, 7, "A"), ficha(7, 8, "S")}
	require.Equal(t, 0, a.expuestas(v, acas))
	// En vertical se miran las columnas vecinas; un comodín no cuenta.
	vertical := []ocurrencia.Ficha{ficha(5, 7, "C"), ficha(6, 7, "A"), ficha(7, 7, "S"), ficha(8, 7, "A")}
	require.Equal(t, 2, a.expuestas(v, vertical))
	vertical[1].Comodin = true
	require.Equal(t, 1, a.expuestas(v, vertical))
}

func TestDueloUso(t *testing.T) {
	var salida bytes.Buffer
	require.NoError(t, ejecutar([]string{"-h"}, &salida, io.Discard))
	require.Contains(t, salida.String(), "Uso: duelo")
	for _, args := range [][]string{{"-nada"}, {"suelto"}, {"-partidas", "3"}, {"-idioma", "fr"}, {"-a", "maestro"}, {"-a", "apertura=x"}, {"-b", "apertura=-1"}} {
		err := ejecutar(args, io.Discard, io.Discard)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
	err := ejecutar([]string{"-a", "tabla=/no/existe"}, io.Discard, io.Discard)
	require.Error(t, err)
	require.False(t, errors.As(err, new(programa.ErrorDeUso)))
}
