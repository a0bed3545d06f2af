// Command duelo (el paquete app/internal/experimento/duelo) juega partidas pareadas entre dos bots, sin almacén: cada
// par de partidas usa la misma bolsa con los lados cambiados (en la primera
// empieza A, en la segunda B), en paralelo en todas las gorutinas. Informa
// las partidas, el porcentaje de victorias de A (un empate vale media) con
// su intervalo de confianza del 95 %, la diferencia media A − B por partida
// con el suyo (los dos calculados por pares, que comparten la bolsa), y los
// bingos y los cambios por partida de cada uno.
//
// Uso:
//
//	go run ./app/cmd/duelo [-idioma es] [-partidas 4000] [-a experto] [-b lineal] [-semilla S] [-gorutinas G] [-sowpods ruta]
//
// Los jugadores son niveles de bot (principiante, intermedio, avanzado,
// experto) o:
//
//	lineal        el experto con el modelo lineal de hojas (bot.OpcionesExperto.Lineal): el de antes
//	tabla=ruta    el experto con la tabla de hojas del archivo (analisis/hojas)
//
// En español, experto usa la tabla embebida (analisis/hojas/espanol); en
// inglés, que no la trae, la del archivo de -tabla-en (por omisión
// hojas-en.bin en el directorio actual; la de los torneos del README es
// app/testdata/hojas-en.bin). La semilla por omisión, 2⁴⁰, deja las bolsas
// fuera de las que usa app/cmd/hojas para aprender. Por ejemplo,
//
//	go run ./app/cmd/duelo -idioma es -partidas 10000 -a experto -b lineal
//	go run ./app/cmd/duelo -idioma en -partidas 10000 -a experto -b lineal -tabla-en app/testdata/hojas-en.bin
package main

import (
	"flag"
	"io"
	"os"
	"runtime"

	"github.com/juegodepalabras/palabras/app/internal/experimento/duelo"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
)

func main() { programa.Salir("duelo", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

var encabezado = []string{
	"Uso: duelo [opciones]",
	"Juega partidas pareadas (la misma bolsa, los lados cambiados) entre los bots -a y -b.",
}

func ejecutar(args []string, salida, errores io.Writer) error {
	var op duelo.Opciones
	fs := flag.NewFlagSet("duelo", flag.ContinueOnError)
	fs.StringVar(&op.Idioma, "idioma", "es", "`es` (FISE) o en (SOWPODS)")
	fs.IntVar(&op.Partidas, "partidas", 4000, "partidas (pares de partidas × 2)")
	fs.StringVar(&op.A, "a", "experto", "el jugador A")
	fs.StringVar(&op.B, "b", "lineal", "el jugador B")
	fs.Uint64Var(&op.Semilla, "semilla", 1<<40, "semilla de la bolsa del primer par")
	fs.IntVar(&op.Gorutinas, "gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	fs.StringVar(&op.Sowpods, "sowpods", "", "la lista inglesa (por omisión se busca "+lexicos.Sowpods+")")
	fs.StringVar(&op.TablaEn, "tabla-en", "hojas-en.bin", "la tabla inglesa del experto")
	if ayuda, err := programa.Leer(fs, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 || op.Partidas < 2 || op.Partidas%2 != 0 || op.Gorutinas < 1 {
		return programa.DeUso("-partidas debe ser par y positivo, -gorutinas positivo, sin argumentos de más")
	}
	return duelo.Correr(op, salida, errores)
}
