package final_test

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Un final en español: la bolsa vacía, tres fichas contra tres. El valor
// es cuánto cambia la diferencia de puntos del jugador en turno hasta el
// fin, y la línea, la mejor partida de los dos.
func ExampleResolver() {
	const texto = "1G8C3L/1I7MOLDEE/1S8S3Ñ/1T5C2T3O/1EGIdA1EX1O4/3DEJARIAS4/N1FABO1[CH]E6/IZO1R2OS6/4U10/1APACIgUES5/3HER2TUCUN2/HARON4MANE2/O4OLIVAREN2/[LL]APES4D5/E6ATAUD3 BL[RR]/DQY 439/280 1"
	p, err := cgp.Parsear(texto, cgp.Opciones{Variante: espanol.Clasica()})
	if err != nil {
		panic(err)
	}
	j, err := p.Juego()
	if err != nil {
		panic(err)
	}
	res, err := final.Resolver(context.Background(), j, final.Opciones{Hilos: 1, MBTabla: 1, Alternativas: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println("valor:", res.Valor, "probado:", res.Probado)
	for _, paso := range res.Linea {
		fmt.Println(paso.Jugador, paso)
	}
	fmt.Println("alternativas:")
	for _, a := range res.Alternativas {
		fmt.Println(a.Paso, "vale", a.Valor)
	}
	// Output:
	// valor: 31 probado: true
	// 0 D10 ...[RR]. +15
	// 1 8G Y.. +6
	// 0 F4 B... +13
	// 1 H12 D. +5
	// 0 15A .L +4
	// alternativas:
	// D10 ...[RR]. +15 vale 31
	// B10 .[RR]. +10 vale 21
	// F4 B... +13 vale 21
}
