package simulacion_test

import (
	"context"
	"testing"

	"github.com/juegodepalabras/palabras/analisis/simulacion"
)

// BenchmarkSimular: una operación es una iteración (una muestra de cada una
// de las 20 candidatas, con 2 plies de respuesta) en la posición fija de
// mitad de partida (la partida española de expertos de semilla 1 tras 10
// turnos), en GOMAXPROCS trabajadores (-cpu 1,2), sin poda. El primer lote
// (la preparación y el calentamiento) no se mide.
func BenchmarkSimular(b *testing.B) {
	j := mitadDePartida(b, 1, 10)
	const lote = 32
	op := simulacion.Opciones{Candidatas: 20, Plies: 2, Iteraciones: b.N + lote, Lote: lote, Hojas: hojasES, SinPoda: true, Semilla: 1}
	b.ReportAllocs()
	primero := true
	for r, err := range simulacion.Progreso(context.Background(), j, op) {
		if err != nil {
			b.Fatal(err)
		}
		if primero {
			primero = false
			b.ResetTimer()
		}
		_ = r
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iter/s")
}
