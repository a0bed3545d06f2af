//go:build linux

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// modoCrudo pone la terminal f en modo crudo: cada tecla llega sin esperar
// Enter, sin eco, y Ctrl-C llega como byte en lugar de matar el programa
// (así la terminal siempre se restaura). La salida sigue pasando "\n" a
// "\r\n". Devuelve la función que deja la terminal como estaba, o un error
// si f no es una terminal.
func modoCrudo(f *os.File) (restaurar func(), err error) {
	fd := f.Fd()
	var antes syscall.Termios
	if err := ioctlTermios(fd, syscall.TCGETS, &antes); err != nil {
		return nil, err
	}
	crudo := antes
	crudo.Lflag &^= syscall.ICANON | syscall.ECHO | syscall.ISIG | syscall.IEXTEN
	crudo.Iflag &^= syscall.IXON | syscall.ICRNL
	crudo.Cc[syscall.VMIN] = 1
	crudo.Cc[syscall.VTIME] = 0
	if err := ioctlTermios(fd, syscall.TCSETS, &crudo); err != nil {
		return nil, err
	}
	return func() { _ = ioctlTermios(fd, syscall.TCSETS, &antes) }, nil
}

// ioctlTermios lee (TCGETS) o fija (TCSETS) la configuración de la
// terminal fd.
func ioctlTermios(fd, pedido uintptr, t *syscall.Termios) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, pedido, uintptr(unsafe.Pointer(t))); e != 0 {
		return e
	}
	return nil
}
