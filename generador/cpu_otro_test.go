//go:build !linux

package generador_test

// cpuHilo no se mide fuera de Linux.
func cpuHilo() int64 { return 0 }
