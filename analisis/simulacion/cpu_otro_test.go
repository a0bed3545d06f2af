//go:build !linux

package simulacion_test

// cpuProceso no sabe el tiempo de CPU fuera de Linux: 0 (no se informa).
func cpuProceso() int64 { return 0 }
