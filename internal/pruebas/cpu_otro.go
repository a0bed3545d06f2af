//go:build !linux

package pruebas

// CPUHilo no se mide fuera de Linux: 0.
func CPUHilo() int64 { return 0 }

// CPUProceso no se mide fuera de Linux: 0.
func CPUProceso() int64 { return 0 }
