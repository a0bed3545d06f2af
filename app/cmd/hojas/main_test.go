package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/variante"
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

// Una tabla de hojas para una variante descrita con su lista: el programa
// juega y escribe una tabla que se lee con esa variante.
func TestVarianteDescrita(t *testing.T) {
	dir := t.TempDir()
	lista := filepath.Join(dir, "catala.txt")
	palabras := "ca cas casa cases sa es en el la les mes nyap any anys quatre plaça si no ni te re ara pa per que tot tres nit set sol ona cada cel·la"
	require.NoError(t, os.WriteFile(lista, []byte(strings.ReplaceAll(palabras, " ", "\n")), 0o600))
	salida := filepath.Join(dir, "hojas-ca.bin")
	var registro bytes.Buffer
	require.NoError(t, ejecutar([]string{"-idioma", "catalan", "-lista", lista, "-partidas", "4", "-gorutinas", "1", "-bloque", "2", "-salida", salida}, &registro, io.Discard))
	require.Contains(t, registro.String(), "catalan: 1 generaciones, 4 partidas")
	d, ok := variante.PorNombre("catalan")
	require.True(t, ok)
	f, err := os.Open(lista)
	require.NoError(t, err)
	defer f.Close()
	v, err := d.LeerVariante(f, variante.OpcionesLexico{})
	require.NoError(t, err)
	g, err := os.Open(salida)
	require.NoError(t, err)
	defer g.Close()
	tabla, err := hojas.Leer(g, v, hojas.Opciones{})
	require.NoError(t, err)
	require.Positive(t, tabla.Tamano())

	err = ejecutar([]string{"-idioma", "catalan", "-partidas", "1"}, io.Discard, io.Discard)
	require.True(t, errors.As(err, new(programa.ErrorDeUso)), "sin lista: %v", err)
}
