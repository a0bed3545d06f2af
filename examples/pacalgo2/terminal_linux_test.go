//go:build linux

package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// abrirPTY abre una seudoterminal y devuelve sus dos lados: el maestro
// (donde escribe el "teclado") y el esclavo (la terminal del programa).
// Salta la prueba si el sistema no tiene /dev/ptmx.
func abrirPTY(t *testing.T) (maestro, esclavo *os.File) {
	t.Helper()
	maestro, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("sin seudoterminales:", err)
	}
	t.Cleanup(func() { maestro.Close() })
	var desbloquear int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, maestro.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&desbloquear))); e != 0 {
		t.Skip("no se puede desbloquear la seudoterminal:", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, maestro.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip("no se sabe qué seudoterminal es:", e)
	}
	esclavo, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no se puede abrir la seudoterminal:", err)
	}
	t.Cleanup(func() { esclavo.Close() })
	return maestro, esclavo
}

// lflag lee los modos locales de la terminal f.
func lflag(t *testing.T, f *os.File) uint32 {
	var tio syscall.Termios
	require.NoError(t, ioctlTermios(f.Fd(), syscall.TCGETS, &tio))
	return tio.Lflag
}

func TestModoCrudo(t *testing.T) {
	_, esclavo := abrirPTY(t)
	antes := lflag(t, esclavo)
	require.NotZero(t, antes&syscall.ICANON, "una terminal nueva espera Enter")
	restaurar, err := modoCrudo(esclavo)
	require.NoError(t, err)
	require.Zero(t, lflag(t, esclavo)&(syscall.ICANON|syscall.ECHO|syscall.ISIG))
	restaurar()
	require.Equal(t, antes, lflag(t, esclavo))
}

// TestJugarEnTerminal juega en una seudoterminal: las teclas llegan de a una,
// sin Enter, la pantalla se borra antes de cada tablero, y al terminar la
// terminal queda como estaba.
func TestJugarEnTerminal(t *testing.T) {
	maestro, esclavo := abrirPTY(t)
	antes := lflag(t, esclavo)
	var salida, errores strings.Builder
	fin := make(chan int)
	go func() { fin <- ejecutar(nil, esclavo, &salida, &errores) }()
	for lflag(t, esclavo)&syscall.ICANON != 0 { // hasta que el programa la pone en modo crudo
		time.Sleep(time.Millisecond)
	}
	_, err := maestro.WriteString("\x1b[C\x1b[Cq") // sin Enter: en modo canónico no llegarían
	require.NoError(t, err)
	select {
	case codigo := <-fin:
		require.Equal(t, 0, codigo)
	case <-time.After(10 * time.Second):
		t.Fatal("el programa no leyó las teclas")
	}
	require.Empty(t, errores.String())
	require.Equal(t, 3, strings.Count(salida.String(), "\x1b[H\x1b[2J"), "se borra la pantalla antes de cada tablero")
	require.True(t, strings.HasSuffix(salida.String(), "Movimientos: 2\nHasta luego.\n"), salida.String())
	require.Equal(t, antes, lflag(t, esclavo), "la terminal queda como estaba")
}
