package carga

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
)

// TestMain hace de proceso web o de trabajador si Correr ejecutó este
// binario como uno.
func TestMain(m *testing.M) {
	if codigo, ok := Hijo(); ok {
		os.Exit(codigo)
	}
	os.Exit(m.Run())
}

// TestCorrer: una corrida acotada de todo (1 y 2 procesos web, pensando y
// saturada, 3 partidas; 1 trabajador con 2 partidas entre bots) con
// procesos de verdad, PostgreSQL y NATS: cada ronda confirma todos los
// movimientos del guion y las partidas entre bots terminan.
func TestCorrer(t *testing.T) {
	db := pruebapg.URL(t)
	pasos, err := guion()
	require.NoError(t, err)
	var progreso bytes.Buffer
	ctx, cancelar := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancelar()
	inf, err := Correr(ctx, Opciones{DB: db, Webs: []int{1, 2}, Partidas: 3, Pausa: 20 * time.Millisecond,
		Trabajadores: []int{1}, PartidasBot: 2, Progreso: &progreso})
	require.NoError(t, err, progreso.String())
	require.Len(t, inf.Filas, 4)
	for _, f := range inf.Filas {
		require.Equal(t, 3*len(pasos), f.Movimientos, "%+v", f)
		require.Equal(t, 6, f.Clientes)
		require.Positive(t, f.PorSegundo())
		require.LessOrEqual(t, f.P50, f.P99)
		require.LessOrEqual(t, f.P99, f.Max)
	}
	require.Equal(t, "pensando", inf.Filas[0].Modo)
	require.Equal(t, "saturada", inf.Filas[1].Modo)
	require.Equal(t, 2, inf.Filas[3].Webs)
	require.Len(t, inf.Bots, 1)
	require.Greater(t, inf.Bots[0].Jugadas, 10) // dos partidas enteras entre bots
	require.Positive(t, inf.Bots[0].PorSegundo())
	var tabla bytes.Buffer
	require.NoError(t, inf.Escribir(&tabla))
	require.Equal(t, 1+4+1+1+1, strings.Count(tabla.String(), "\n"), tabla.String())
	t.Logf("\n%s", tabla.String())
}

// Sin una URL postgres:// no corre nada.
func TestSinBase(t *testing.T) {
	_, err := Correr(context.Background(), Opciones{DB: "x.db"})
	require.ErrorIs(t, err, ErrSinBase)
}
