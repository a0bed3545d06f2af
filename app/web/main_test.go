package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

// TestMain ejecuta este mismo binario como el servidor de la prueba de
// caídas o como el atacante de la prueba de la avalancha, si lo piden sus
// variables de entorno; si no, corre las pruebas.
func TestMain(m *testing.M) {
	if dir := os.Getenv(varHijo); dir != "" {
		os.Exit(hijo(dir, os.Getenv(varAddr)))
	}
	if a := os.Getenv(varAtacante); a != "" {
		os.Exit(atacante(a))
	}
	os.Exit(m.Run())
}

// Las opciones de la línea de órdenes: -h escribe el uso (sin error), una
// opción desconocida, argumentos de más o -cert sin -clave son errores de
// uso (salida 2), y el programa sirve hasta que se cancela.
func TestEjecutar(t *testing.T) {
	var salida, errores bytes.Buffer
	require.NoError(t, ejecutar(context.Background(), []string{"-h"}, &salida, &errores))
	require.Contains(t, salida.String(), "Uso: web [opciones]")
	require.Contains(t, salida.String(), "-por-direccion int")
	for _, args := range [][]string{{"-x"}, {"extra"}, {"-cert", "c.pem"}, {"-conexiones", "muchas"}} {
		err := ejecutar(context.Background(), args, &salida, &errores)
		require.ErrorAs(t, err, new(programa.ErrorDeUso), "%q", args)
	}
	ctx, cancelar := context.WithCancel(context.Background())
	defer cancelar()
	lector, escritor := io.Pipe()
	hecho := make(chan error, 1)
	go func() {
		hecho <- ejecutar(ctx, []string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "web.db")}, escritor, io.Discard)
	}()
	sc := bufio.NewScanner(lector)
	var url string
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "Abra "); ok {
			url = strings.TrimSuffix(u, " en el navegador")
			break
		}
	}
	go io.Copy(io.Discard, lector)
	require.NotEmpty(t, url)
	require.Contains(t, traer(t, url+"/"), "<title>Palabras</title>")
	cancelar()
	select {
	case err := <-hecho:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("no terminó al cancelar")
	}
}
