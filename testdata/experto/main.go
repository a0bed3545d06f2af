// Command experto escribe la decisión del bot experto (con la tabla de
// hojas española embebida) para la primera mano de una partida clásica
// española: con testdata/jugada, TestTamanoBot mide cuánto pesa el bot.
package main

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	b, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	d, _ := b.Elegir(context.Background(), j)
	fmt.Println(d)
}
