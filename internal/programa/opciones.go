// Package programa junta lo que comparten los programas de examples al leer
// sus opciones: el texto de uso, los errores de uso y los códigos de
// salida (0 si todo salió bien o se pidió -h, 1 si algo falló, 2 si las
// opciones son incorrectas).
package programa

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// ErrorDeUso es un error en las opciones: [Salir] sale con 2.
type ErrorDeUso struct{ Err error }

func (e ErrorDeUso) Error() string { return e.Err.Error() }

// Unwrap devuelve el error de las opciones.
func (e ErrorDeUso) Unwrap() error { return e.Err }

// DeUso arma un [ErrorDeUso] con fmt.Errorf.
func DeUso(formato string, a ...any) error { return ErrorDeUso{fmt.Errorf(formato, a...)} }

// Uso escribe en salida las líneas de encabezado (la primera, "Uso: …") y
// luego cada opción de flags con su descripción y su valor por omisión.
func Uso(flags *flag.FlagSet, salida io.Writer, encabezado ...string) {
	for i, l := range encabezado {
		if i == 1 {
			fmt.Fprintln(salida)
		}
		fmt.Fprintln(salida, l)
	}
	fmt.Fprintln(salida, "\nOpciones:")
	flags.VisitAll(func(f *flag.Flag) {
		nombre, texto := flag.UnquoteUsage(f)
		fmt.Fprintf(salida, "  -%s", f.Name)
		if nombre != "" {
			fmt.Fprintf(salida, " %s", nombre)
		}
		fmt.Fprintf(salida, "\n    \t%s", texto)
		if f.DefValue != "" && f.DefValue != "false" {
			fmt.Fprintf(salida, " (por omisión %s)", f.DefValue)
		}
		fmt.Fprintln(salida)
	})
}

// Leer lee args con flags, que no escribe nada por su cuenta. Con -h o
// -help escribe el uso en salida e informa ayuda; un error de las opciones
// es un [ErrorDeUso].
func Leer(flags *flag.FlagSet, args []string, salida io.Writer, encabezado ...string) (ayuda bool, err error) {
	flags.SetOutput(io.Discard)
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			Uso(flags, salida, encabezado...)
			return true, nil
		}
		return false, ErrorDeUso{err}
	}
	return false, nil
}

// Salir termina el programa según err: nada si es nil; si no, lo escribe
// en la salida de errores precedido de programa y sale con 2 si es un
// [ErrorDeUso] o con 1 si es otro.
func Salir(programa string, err error) {
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, programa+":", err)
	if errors.As(err, new(ErrorDeUso)) {
		fmt.Fprintln(os.Stderr, "(con -h, el uso)")
		os.Exit(2)
	}
	os.Exit(1)
}

// EsTerminal dice si x (la entrada o una salida de un programa) es una
// terminal, un archivo de caracteres como la consola: ahí un programa puede
// mostrar un indicador o redibujar una línea; en un archivo o una tubería,
// no.
func EsTerminal(x any) bool {
	f, ok := x.(*os.File)
	if !ok || f == nil {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
