// Command jugada escribe la jugada de más puntos de la primera mano de una
// partida clásica española, con el generador y sin el bot: con
// testdata/experto, TestTamanoBot mide cuánto pesa el bot (y la tabla de
// hojas que embebe).
package main

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	m, ok := generador.Mejor(g, j)
	fmt.Println(m.Ocurrencia(), m.Puntos, ok)
}
