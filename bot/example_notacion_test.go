package bot_test

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Un programa que juega entre dos bots e imprime cada jugada como en las
// planillas ("8D CASA"): Decision.Notacion con el juego antes de aplicarla.
// String, sin el juego, escribe las fichas puestas desde la primera.
func ExampleDecision_Notacion() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	experto, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	for turno := 1; turno <= 4; turno++ {
		d, err := experto.Elegir(context.Background(), j)
		if err != nil {
			panic(err)
		}
		escrita, err := d.Notacion(j) // antes de aplicarla
		if err != nil {
			panic(err)
		}
		puntos, err := d.Aplicar(j)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d. %-14s %3d   (%v)\n", turno, escrita, puntos, d)
	}
	// Output:
	// 1. H2 MOHADAs      82   (H2 MOHADAs +82)
	// 2. -DQ              0   (cambia {D, Q})
	// 3. I6 OX           37   (I6 OX +37)
	// 4. 3C CERI[LL].    46   (3C CERI[LL] +46)
}
