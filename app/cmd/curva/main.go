// Command curva (el paquete app/internal/experimento/curva) juega una partida de dos bots codiciosos y dibuja cuánto
// tarda el generador de jugadas en cada turno: el tiempo de contar todas
// las jugadas de la mano (con los conjuntos cruzados ya calculados) y el
// de elegir la mejor en una copia del juego, que el generador no vio
// (incluye calcular los cruces de todo el tablero); de cada uno, el
// mínimo de varias veces. Con
// la variante clásica española, y además con la inglesa si se da su léxico
// (-sowpods, el sowpods.txt.gz del entorno de desarrollo).
//
// Uso:
//
//	go run ./app/cmd/curva [-semilla 1] [-repeticiones 5] [-sowpods ruta] [-salida archivo]
//
// Escribe una tabla con las cifras de cada turno en la salida estándar y,
// con -salida, la figura (SVG o PNG según la extensión; la del README se
// hizo con -salida docs/curva.svg). Sale con 0 si terminó (o con -h), 1 si
// falló y 2 si las opciones son incorrectas. Los tiempos dependen de la
// máquina: las cifras de referencia están en el README.
package main

import (
	"flag"
	"io"
	"os"

	"github.com/juegodepalabras/palabras/app/internal/experimento/curva"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() { programa.Salir("curva", ejecutar(os.Args[1:], os.Stdout)) }

func ejecutar(args []string, salida io.Writer) error {
	var op curva.Opciones
	fs := flag.NewFlagSet("curva", flag.ContinueOnError)
	fs.Uint64Var(&op.Semilla, "semilla", 1, "semilla de la partida")
	fs.IntVar(&op.Repeticiones, "repeticiones", 5, "veces que se cuenta cada turno (se toma el mínimo)")
	fs.StringVar(&op.Sowpods, "sowpods", "", "léxico inglés (sowpods.txt.gz) para agregar la partida inglesa")
	fs.StringVar(&op.Salida, "salida", "", "archivo de la figura, .svg o .png (por omisión, ninguna)")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: curva [-semilla N] [-repeticiones N] [-sowpods ruta] [-salida archivo]",
		"Mide el tiempo del generador de jugadas en cada turno de una partida de bots codiciosos."); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 || op.Repeticiones < 1 {
		return programa.DeUso("argumentos de más o repeticiones < 1")
	}
	return curva.Correr(op, salida)
}
