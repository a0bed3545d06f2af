//go:build unix

package final_test

import (
	"syscall"
	"time"
)

// tiempoCPU devuelve el tiempo de CPU que usó el proceso.
func tiempoCPU() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
