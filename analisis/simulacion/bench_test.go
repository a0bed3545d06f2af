package simulacion_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkSimular: una operación es una iteración (una muestra de cada una
// de las 20 candidatas, con 2 plies de respuesta) en la posición fija de
// mitad de partida (la partida española de expertos de semilla 1 tras 10
// turnos), en GOMAXPROCS trabajadores (-cpu 1,2), sin poda. El primer lote
// (la preparación y el calentamiento) no se mide.
func BenchmarkSimular(b *testing.B) {
	medirSimulacion(b, mitadDePartida(b, 1, 10), hojasES)
}

// BenchmarkSimularPosiciones es BenchmarkSimular en las seis posiciones de
// mitad de partida de generador/testdata/posiciones (tres españolas y tres
// inglesas, de partidas entre expertos), con las hojas del experto de cada
// variante.
func BenchmarkSimularPosiciones(b *testing.B) {
	archivos, err := filepath.Glob("../../generador/testdata/posiciones/*-medio-*.cgp")
	if err != nil || len(archivos) == 0 {
		b.Fatal("sin posiciones", err)
	}
	for _, a := range archivos {
		nombre := strings.TrimSuffix(filepath.Base(a), ".cgp")
		b.Run(nombre, func(b *testing.B) {
			var v *variante.Variante
			if strings.HasPrefix(nombre, "ingles") {
				v = pruebas.Ingles(b)
			} else {
				v = espanol.Clasica()
			}
			texto, err := os.ReadFile(a)
			if err != nil {
				b.Fatal(err)
			}
			c, err := cgp.Parsear(strings.TrimSpace(string(texto)), cgp.Opciones{Variante: v})
			if err != nil {
				b.Fatal(err)
			}
			j, err := c.Juego()
			if err != nil {
				b.Fatal(err)
			}
			hs, _ := bot.ValoracionPara(v)
			medirSimulacion(b, j, hs)
		})
	}
}

// medirSimulacion es el cuerpo de los benchmarks de la simulación: b.N
// iteraciones de 20 candidatas con 2 plies en j, sin poda, después de un
// lote que no se mide. Informa además iter/s, rollouts/s (20 por
// iteración) y ns-cpu/op: el tiempo de CPU del proceso por iteración (de
// todos los trabajadores), que en una máquina compartida varía mucho menos
// que el de reloj.
func medirSimulacion(b *testing.B, j *juego.Juego, hs generador.Hojas) {
	const lote = 32
	op := simulacion.Opciones{Candidatas: 20, Plies: 2, Iteraciones: b.N + lote, Lote: lote, Hojas: hs, SinPoda: true, Semilla: 1}
	b.ReportAllocs()
	primero := true
	var cpu int64
	candidatas := 0
	for r, err := range simulacion.Progreso(context.Background(), j, op) {
		if err != nil {
			b.Fatal(err)
		}
		if primero {
			primero = false
			candidatas = len(r.Candidatas)
			b.ResetTimer()
			cpu = pruebas.CPUProceso()
		}
	}
	b.StopTimer()
	cpu = pruebas.CPUProceso() - cpu
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iter/s")
	b.ReportMetric(float64(b.N*candidatas)/b.Elapsed().Seconds(), "rollouts/s")
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "ns-cpu/op")
	}
}
