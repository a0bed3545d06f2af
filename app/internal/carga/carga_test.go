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
// saturada, 3 partidas, y el barrido saturado con 1 y 2; 1 trabajador con
// 2 partidas entre bots, dos veces) con procesos de verdad, PostgreSQL y
// NATS: cada ronda confirma todos los movimientos del guion, las partidas
// entre bots terminan y se mide la CPU de los procesos.
func TestCorrer(t *testing.T) {
	db := pruebapg.URL(t)
	pasos, err := guion()
	require.NoError(t, err)
	var progreso bytes.Buffer
	ctx, cancelar := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancelar()
	inf, err := Correr(ctx, Opciones{DB: db, Webs: []int{1, 2}, Partidas: 3, Saturadas: []int{1, 2}, Pausa: 20 * time.Millisecond,
		Trabajadores: []int{1}, Repeticiones: 2, PartidasBot: 2, Progreso: &progreso})
	require.NoError(t, err, progreso.String())
	require.Len(t, inf.Filas, 8)
	var cpuWeb time.Duration
	for i, f := range inf.Filas {
		partidas := []int{3, 3, 1, 2}[i%4]
		require.Equal(t, partidas*len(pasos), f.Movimientos, "%+v", f)
		require.Equal(t, 2*partidas, f.Clientes)
		require.Equal(t, i%4 >= 2, f.Barrido)
		require.Equal(t, 1+i/4, f.Webs)
		require.Positive(t, f.PorSegundo())
		require.LessOrEqual(t, f.P50, f.P99)
		require.LessOrEqual(t, f.P99, f.Max)
		cpuWeb += f.CPUWeb
	}
	// Una ronda chica puede usar menos de un tic de CPU (10 ms): todas
	// juntas, no.
	require.Positive(t, cpuWeb)
	require.Equal(t, "pensando", inf.Filas[0].Modo)
	require.Equal(t, "saturada", inf.Filas[1].Modo)
	require.Equal(t, "saturada", inf.Filas[2].Modo)
	techos := inf.Techos()
	require.Len(t, techos, 2)
	for _, tc := range techos {
		require.True(t, tc.Hasta.Clientes > 0 || tc.Pasa.Clientes > 0, "%+v", tc)
		if tc.Hasta.Clientes > 0 {
			require.LessOrEqual(t, tc.Hasta.P99, tc.Hasta.Objetivo())
		}
		if tc.Pasa.Clientes > 0 {
			require.Greater(t, tc.Pasa.P99, tc.Pasa.Objetivo())
		}
	}
	require.Len(t, inf.Bots, 2)
	for _, f := range inf.Bots {
		require.Equal(t, 1, f.Trabajadores)
		require.Greater(t, f.Jugadas, 10) // dos partidas enteras entre bots
		require.Positive(t, f.PorSegundo())
		require.Positive(t, f.PorSegundoCPU())
	}
	rs := Resumir(inf.Bots)
	require.Len(t, rs, 1)
	require.Len(t, rs[0].Rondas, 2)
	var tabla bytes.Buffer
	require.NoError(t, inf.Escribir(&tabla))
	require.Equal(t, 1+8+2+1+1+1, strings.Count(tabla.String(), "\n"), tabla.String())
	t.Logf("\n%s", tabla.String())
}

// Techos: hasta la ronda saturada con más partidas en vuelo cuyo p99
// queda en el objetivo, como todas las de menos; la primera que pasa; las
// webs sin barrido no tienen techo.
func TestTechos(t *testing.T) {
	ms := time.Millisecond
	sat := func(webs, partidas int, p99 time.Duration) Fila {
		return Fila{Webs: webs, Modo: "saturada", Clientes: 2 * partidas, Movimientos: 100, Duracion: time.Second, P99: p99}
	}
	inf := Informe{Filas: []Fila{
		{Webs: 1, Modo: "pensando", Clientes: 500, P99: 10 * ms},
		sat(1, 250, 400*ms), sat(1, 25, 20*ms), sat(1, 100, 120*ms), sat(1, 50, 90*ms),
		sat(2, 250, 300*ms),
		sat(3, 250, 300*ms), sat(3, 25, 101*ms), sat(3, 50, 50*ms),
		sat(4, 25, 20*ms), sat(4, 50, 30*ms),
	}}
	techos := inf.Techos()
	require.Len(t, techos, 3)
	require.Equal(t, 1, techos[0].Webs)
	require.Equal(t, 100, techos[0].Hasta.Clientes)
	require.Equal(t, 200, techos[0].Pasa.Clientes)
	require.Equal(t, 3, techos[1].Webs)
	require.Zero(t, techos[1].Hasta.Clientes, "la de 25 ya pasa: la de 50 no cuenta")
	require.Equal(t, 50, techos[1].Pasa.Clientes)
	require.Equal(t, 4, techos[2].Webs)
	require.Equal(t, 100, techos[2].Hasta.Clientes)
	require.Zero(t, techos[2].Pasa.Clientes)
	var b bytes.Buffer
	require.NoError(t, inf.Escribir(&b))
	require.Contains(t, b.String(), "1 webs: hasta 50 partidas en vuelo el p99 queda ≤ 100ms (90ms) a 100 mov/s; con 100, 120ms a 100 mov/s")
	require.Contains(t, b.String(), "3 webs: el p99 pasa de 100ms ya con 25 partidas en vuelo (101ms)")
}

// Las rondas de bots se alternan y el resumen da la mediana de cada
// cantidad de trabajadores.
func TestResumirBots(t *testing.T) {
	require.Equal(t, []int{1, 2, 2, 1, 1, 2}, ordenBots([]int{1, 2}, 3))
	ronda := func(trabs, jugadas int, seg, cpu float64) FilaBots {
		return FilaBots{Trabajadores: trabs, Jugadas: jugadas, Duracion: time.Duration(seg * float64(time.Second)),
			CPU: time.Duration(cpu * float64(time.Second))}
	}
	rs := Resumir([]FilaBots{ronda(1, 100, 1, 1), ronda(2, 100, 0.5, 1), ronda(2, 100, 0.25, 1), ronda(1, 100, 2, 1),
		ronda(1, 100, 0.5, 0.5), ronda(2, 100, 1, 1)})
	require.Len(t, rs, 2)
	require.Equal(t, 1, rs[0].Trabajadores)
	require.InDelta(t, 100, rs[0].PorSegundo, 1e-9) // 50, 100, 200
	require.InDelta(t, 200, rs[1].PorSegundo, 1e-9) // 100, 200, 400
	require.InDelta(t, 100, rs[0].PorSegundoCPU, 1e-9)
	require.InDelta(t, 1, rs[0].Nucleos, 1e-9) // 1, 0.5, 1
	require.InDelta(t, 2, rs[1].Nucleos, 1e-9) // 2, 4, 1
	require.InDelta(t, 2.5, mediana([]float64{4, 1, 2, 3}), 1e-9)
}

// cpuDe lee el tiempo de CPU de un proceso: el de este crece al trabajar.
func TestCPUDe(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("sin /proc")
	}
	antes := cpuDe(os.Getpid())
	x := 0
	for inicio := time.Now(); time.Since(inicio) < 100*time.Millisecond; {
		x++
	}
	require.Positive(t, x)
	require.Greater(t, cpuDe(os.Getpid()), antes)
	require.Zero(t, cpuDe(-1))
}

// Sin una URL postgres:// no corre nada.
func TestSinBase(t *testing.T) {
	_, err := Correr(context.Background(), Opciones{DB: "x.db"})
	require.ErrorIs(t, err, ErrSinBase)
}
