//go:build linux

package pruebas

import (
	"syscall"
	"unsafe"
)

// Relojes de clock_gettime.
const (
	relojDelProceso = 2 // CLOCK_PROCESS_CPUTIME_ID
	relojDelHilo    = 3 // CLOCK_THREAD_CPUTIME_ID
)

// CPUHilo devuelve el tiempo de CPU del hilo en curso, en nanosegundos: en
// una máquina cargada, el tiempo que un benchmark esperó su turno no
// cuenta. Fuera de Linux, 0.
func CPUHilo() int64 { return reloj(relojDelHilo) }

// CPUProceso devuelve el tiempo de CPU del proceso (de todos sus hilos), en
// nanosegundos. Fuera de Linux, 0.
func CPUProceso() int64 { return reloj(relojDelProceso) }

func reloj(id uintptr) int64 {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
