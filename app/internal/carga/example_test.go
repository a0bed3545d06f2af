package carga_test

import (
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/carga"
)

// Las cifras de una corrida, como tablas.
func ExampleInforme_Escribir() {
	inf := carga.Informe{Nivel: "principiante",
		Filas: []carga.Fila{
			{Webs: 1, Modo: "pensando", Pausa: 2 * time.Second, Clientes: 500, Movimientos: 10000, Duracion: 100 * time.Second,
				P50: 3 * time.Millisecond, P99: 20 * time.Millisecond, Max: 80 * time.Millisecond},
			{Webs: 1, Modo: "saturada", Clientes: 500, Movimientos: 10000, Duracion: 25 * time.Second,
				P50: 150 * time.Millisecond, P99: 400 * time.Millisecond, Max: 900 * time.Millisecond},
		},
		Bots: []carga.FilaBots{{Trabajadores: 1, Partidas: 40, Jugadas: 1000, Duracion: 20 * time.Second},
			{Trabajadores: 2, Partidas: 40, Jugadas: 1000, Duracion: 11 * time.Second}},
	}
	inf.Escribir(os.Stdout)
	// Output:
	// webs  modo         clientes  movimientos  mov/s  p50    p99    objetivo p99  máx
	// 1     pensando 2s  500       10000        100    3ms    20ms   50ms          80ms
	// 1     saturada     500       10000        400    150ms  400ms  100ms         900ms
	//
	// trabajadores  bots          partidas  jugadas  jugadas/s  veces 1 (objetivo con 2: 1.8)
	// 1             principiante  40        1000     50.0       1.00
	// 2             principiante  40        1000     90.9       1.82
}
