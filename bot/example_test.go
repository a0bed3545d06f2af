package bot_test

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func Example() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	experto, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	d, _ := experto.Elegir(context.Background(), j)
	fmt.Println(d.Tipo, d.Puntos > 0)

	// El valor de las hojas con que juega el experto: un comodín vale más
	// que una Q.
	hs, _ := bot.ValoracionPara(v)
	alf := letra.EspanolConDigrafos()
	q, _ := alf.Indice("Q")
	fmt.Println(hs.Valor(letra.NuevoMulticonjunto(letra.Comodin)) > hs.Valor(letra.NuevoMulticonjunto(q)))
	fmt.Println(bot.Niveles())
	// Output:
	// colocación true
	// true
	// [principiante intermedio avanzado experto maestro]
}
