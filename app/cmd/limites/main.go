// Command limites (el paquete app/internal/limites) mide lo que cuesta leer entradas grandes u hostiles con
// cada lector de la biblioteca: los léxicos de texto (también en gzip), los
// DAWG y los GADDAG codificados, GCG, CGP, los tableros y las ocurrencias
// escritos en texto, la notación de las jugadas, los tableros de premios y
// las tablas de hojas del bot. Cada caso corre en un proceso hijo (el mismo
// programa con -caso), que mide el tiempo de la lectura; el padre toma el
// pico de memoria del hijo (la memoria residente máxima, con el runtime de
// Go y la entrada ya leída incluidos: el VmHWM de /proc/self/status) y escribe una tabla en Markdown: caso,
// lector, tamaño de la entrada, tiempo, pico de memoria, largo del mensaje
// de error y el resultado.
//
// Uso:
//
//	go run ./app/cmd/limites [-casos regexp] [-plazo 60s] [-dir directorio]
//
// Opciones:
//
//	-casos regexp  solo los casos cuyo nombre coincide (por omisión, todos)
//	-plazo d       tiempo máximo de cada caso: al pasarlo se mata al hijo y
//	               la tabla dice "> d" (por omisión 60s)
//	-memoria n     memoria residente máxima de cada caso, en bytes: al
//	               pasarla se mata al hijo (por omisión 4 GiB)
//	-dir d         dónde escribir las entradas (por omisión, un directorio
//	               temporal que se borra al terminar)
//	-lista         escribe los casos y sale
//	-caso nombre   corre solo ese caso en este proceso, sobre -entrada, y
//	               escribe el resultado en JSON (lo usa el padre)
//
// Las cifras dependen de la máquina; las de referencia están en el README.
package main

import (
	"flag"
	"io"
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/limites"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() { programa.Salir("limites", ejecutar(os.Args[1:], os.Stdout)) }

var encabezado = []string{
	"Uso: limites [-casos regexp] [-plazo 60s] [-dir directorio]",
	"Lee entradas grandes u hostiles con cada lector, cada una en un proceso hijo, y escribe",
	"una tabla con el tamaño, el tiempo y el pico de memoria de cada caso.",
}

func ejecutar(args []string, salida io.Writer) error {
	var op limites.Opciones
	flags := flag.NewFlagSet("limites", flag.ContinueOnError)
	flags.StringVar(&op.Casos, "casos", "", "`regexp` de los casos a correr (por omisión, todos)")
	flags.DurationVar(&op.Plazo, "plazo", 60*time.Second, "`tiempo` máximo de cada caso")
	flags.Int64Var(&op.Memoria, "memoria", 4<<30, "`bytes` de memoria residente con que se mata a un hijo")
	flags.StringVar(&op.Dir, "dir", "", "`directorio` donde escribir las entradas (por omisión, uno temporal)")
	flags.BoolVar(&op.Lista, "lista", false, "escribe los casos y sale")
	unCaso := flags.String("caso", "", "corre solo el caso `nombre` en este proceso, sobre -entrada")
	entrada := flags.String("entrada", "", "con -caso, el `archivo` de la entrada")
	if ayuda, err := programa.Leer(flags, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", flags.Args())
	}
	if *unCaso != "" {
		return limites.CorrerCaso(*unCaso, *entrada, salida)
	}
	return limites.Correr(op, salida)
}
