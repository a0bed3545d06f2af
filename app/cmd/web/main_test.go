package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

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
	resp, err := http.Get(url + "/")
	require.NoError(t, err)
	pagina, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Contains(t, string(pagina), "<title>Palabras</title>")
	cancelar()
	select {
	case err := <-hecho:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("no terminó al cancelar")
	}
}
