package generador_test

import (
	"runtime"
	"testing"

	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// medirCPU corre f b.N veces, como el cuerpo de un benchmark, y además del
// tiempo de reloj informa ns-cpu/op: el tiempo de CPU del hilo (en Linux),
// que en una máquina compartida y cargada varía mucho menos que el de
// reloj.
func medirCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	c := pruebas.CPUHilo()
	for range b.N {
		f()
	}
	c = pruebas.CPUHilo() - c
	b.StopTimer()
	if c > 0 {
		b.ReportMetric(float64(c)/float64(b.N), "ns-cpu/op")
	}
}
