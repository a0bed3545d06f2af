//go:build linux

package simulacion_test

import (
	"syscall"
	"unsafe"
)

// cpuProceso devuelve el tiempo de CPU del proceso, en nanosegundos
// (clock_gettime con CLOCK_PROCESS_CPUTIME_ID): en una máquina cargada, el
// tiempo que los trabajadores esperaron su turno no cuenta.
func cpuProceso() int64 {
	var ts syscall.Timespec
	const relojDelProceso = 2 // CLOCK_PROCESS_CPUTIME_ID
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, relojDelProceso, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
