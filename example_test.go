package palabras_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una jugada se describe como una ocurrencia; la variante dice si la palabra
// que forma es legítima y cuánto vale cada letra.
func Example() {
	v := espanol.Variante()
	es := v.Alfabeto()

	jugada, err := ocurrencia.Parsear("(7,5,Q) (7,6,U) (7,7,E) (7,8,S) (7,9,O)", es)
	if err != nil {
		panic(err)
	}
	p, _ := jugada.Palabra()
	puntos := 0
	for _, l := range p {
		puntos += v.PuntajeLetra(l)
	}
	fmt.Println(es.Escribir(p), v.PalabraLegitima(p), puntos)
	// Output:
	// QUESO true 9
}
