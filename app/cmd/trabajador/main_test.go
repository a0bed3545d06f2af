package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
)

// Las opciones: -h escribe el uso, sin -nats o -db (o con -n 0, o
// -revisores negativo) es un error de uso, y con un NATS y una base sirve hasta que se cancela.
func TestEjecutar(t *testing.T) {
	t.Setenv("PALABRAS_NATS", "")
	t.Setenv("PALABRAS_DB", "")
	var salida bytes.Buffer
	require.NoError(t, ejecutar(context.Background(), []string{"-h"}, &salida, io.Discard))
	require.Contains(t, salida.String(), "Uso: trabajador")
	for _, args := range [][]string{{}, {"-nats", "nats://x"}, {"-db", "x.db"}, {"-nats", "nats://x", "-db", "x.db", "-n", "0"}, {"-nats", "nats://x", "-db", "x.db", "-revisores", "-1"}, {"-x"}, {"-nats", "nats://x", "-db", "x.db", "extra"}} {
		err := ejecutar(context.Background(), args, io.Discard, io.Discard)
		require.ErrorAs(t, err, new(programa.ErrorDeUso), "%q", args)
	}

	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	require.NoError(t, err)
	go srv.Start()
	require.True(t, srv.ReadyForConnections(10*time.Second))
	defer srv.Shutdown()
	ctx, cancelar := context.WithCancel(context.Background())
	defer cancelar()
	lector, escritor := io.Pipe()
	hecho := make(chan error, 1)
	go func() {
		hecho <- ejecutar(ctx, []string{"-nats", srv.ClientURL(), "-db", filepath.Join(t.TempDir(), "t.db"), "-n", "2"}, escritor, io.Discard)
	}()
	sc := bufio.NewScanner(lector)
	require.True(t, sc.Scan())
	require.True(t, strings.HasPrefix(sc.Text(), "trabajador: 2 a la vez, 1 análisis a la vez"), sc.Text())
	go io.Copy(io.Discard, lector)
	cancelar()
	select {
	case err := <-hecho:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("no terminó al cancelarse")
	}
}
