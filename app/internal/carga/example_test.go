package carga_test

import (
	"fmt"
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/carga"
)

// Las cifras de una corrida, como tablas: con el barrido saturado (las
// filas con las partidas en vuelo entre paréntesis) y la línea de hasta
// dónde llega el p99, y los bots con dos repeticiones de cada cantidad de
// trabajadores.
func ExampleInforme_Escribir() {
	ms := time.Millisecond
	inf := carga.Informe{Nivel: "principiante",
		Filas: []carga.Fila{
			{Webs: 1, Modo: "pensando", Pausa: 2 * time.Second, Clientes: 500, Movimientos: 10000, Duracion: 100 * time.Second,
				P50: 3 * ms, P99: 20 * ms, Max: 80 * ms, CPUWeb: 3 * time.Second, CPUServidor: 2 * time.Second},
			{Webs: 1, Modo: "saturada", Clientes: 500, Movimientos: 10000, Duracion: 25 * time.Second,
				P50: 150 * ms, P99: 400 * ms, Max: 900 * ms, CPUWeb: 3 * time.Second, CPUServidor: 2 * time.Second},
			{Webs: 1, Modo: "saturada", Clientes: 50, Barrido: true, Movimientos: 1000, Duracion: 4 * time.Second,
				P50: 30 * ms, P99: 70 * ms, Max: 90 * ms, CPUWeb: 300 * ms, CPUServidor: 200 * ms},
			{Webs: 1, Modo: "saturada", Clientes: 100, Barrido: true, Movimientos: 2000, Duracion: 5 * time.Second,
				P50: 50 * ms, P99: 130 * ms, Max: 150 * ms, CPUWeb: 600 * ms, CPUServidor: 400 * ms},
		},
		Bots: []carga.FilaBots{
			{Trabajadores: 1, Partidas: 40, Jugadas: 1000, Duracion: 20 * time.Second, CPU: 19 * time.Second},
			{Trabajadores: 2, Partidas: 40, Jugadas: 1000, Duracion: 11 * time.Second, CPU: 21 * time.Second},
			{Trabajadores: 2, Partidas: 40, Jugadas: 1000, Duracion: 12 * time.Second, CPU: 21 * time.Second},
			{Trabajadores: 1, Partidas: 40, Jugadas: 1000, Duracion: 22 * time.Second, CPU: 19 * time.Second},
		},
	}
	inf.Escribir(os.Stdout)
	// Output:
	// webs  modo           clientes  movimientos  mov/s  p50    p99    objetivo p99  máx    cpu web/mov  cpu pg/mov
	// 1     pensando 2s    500       10000        100    3ms    20ms   50ms          80ms   300µs        200µs
	// 1     saturada       500       10000        400    150ms  400ms  100ms         900ms  300µs        200µs
	// 1     saturada (25)  50        1000         250    30ms   70ms   100ms         90ms   300µs        200µs
	// 1     saturada (50)  100       2000         400    50ms   130ms  100ms         150ms  300µs        200µs
	// 1 webs: hasta 25 partidas en vuelo el p99 queda ≤ 100ms (70ms) a 250 mov/s; con 50, 130ms a 400 mov/s
	//
	// trabajadores  bots          partidas  jugadas  jugadas/s  veces 1 (objetivo con 2: 1.8)  rondas (jugadas/s)  jugadas/s-cpu  núcleos usados
	// 1             principiante  40        1000     47.7       1.00                           50.0 45.5           52.6           0.91
	// 2             principiante  40        1000     87.1       1.83                           90.9 83.3           47.6           1.83
}

// Resumir junta las repeticiones de cada cantidad de trabajadores con sus
// medianas: la de las jugadas por segundo (que depende de cuánto de la
// máquina les dejan los demás procesos) y la de las jugadas por segundo
// de CPU (lo que rinde el núcleo que sí tienen).
func ExampleResumir() {
	rondas := []carga.FilaBots{
		{Trabajadores: 1, Jugadas: 1000, Duracion: 20 * time.Second, CPU: 10 * time.Second},
		{Trabajadores: 2, Jugadas: 1000, Duracion: 10 * time.Second, CPU: 10 * time.Second},
		{Trabajadores: 2, Jugadas: 1000, Duracion: 8 * time.Second, CPU: 10 * time.Second},
		{Trabajadores: 1, Jugadas: 1000, Duracion: 10 * time.Second, CPU: 10 * time.Second},
		{Trabajadores: 1, Jugadas: 1000, Duracion: 10 * time.Second, CPU: 10 * time.Second},
	}
	for _, r := range carga.Resumir(rondas) {
		fmt.Printf("%d trabajadores, %d rondas: %.0f jugadas/s, %.0f por s de CPU, %.2f núcleos\n", r.Trabajadores, len(r.Rondas),
			r.PorSegundo, r.PorSegundoCPU, r.Nucleos)
	}
	// Output:
	// 1 trabajadores, 3 rondas: 100 jugadas/s, 100 por s de CPU, 1.00 núcleos
	// 2 trabajadores, 2 rondas: 112 jugadas/s, 100 por s de CPU, 1.12 núcleos
}
