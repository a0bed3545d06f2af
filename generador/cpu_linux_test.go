//go:build linux

package generador_test

import (
	"syscall"
	"unsafe"
)

// cpuHilo devuelve el tiempo de CPU del hilo en curso, en nanosegundos
// (clock_gettime con CLOCK_THREAD_CPUTIME_ID): en una máquina cargada, el
// tiempo que el benchmark esperó su turno no cuenta (ver medirCPU).
func cpuHilo() int64 {
	var ts syscall.Timespec
	const relojDelHilo = 3 // CLOCK_THREAD_CPUTIME_ID
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, relojDelHilo, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
