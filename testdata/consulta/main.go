// Command consulta dice si cada argumento es una palabra legítima de la
// variante española embebida: el programa más chico que usa el léxico, con
// el que TestTamanoConsulta mide cuánto pesa consultar palabras sin generar
// jugadas.
package main

import (
	"fmt"
	"os"

	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	v := espanol.Variante()
	for _, p := range os.Args[1:] {
		l, err := v.Alfabeto().Parsear(p)
		fmt.Println(p, err == nil && v.PalabraLegitima(l))
	}
}
