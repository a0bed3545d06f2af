package espanol_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/variante/espanol"
)

// La variante lista para usar: si una palabra está en el léxico embebido;
// y de varias, cómo se escriben, si son legítimas y cuántos puntos suman.
func ExampleVariante() {
	v := espanol.Variante()
	p, _ := v.Alfabeto().Parsear("ñandú")
	fmt.Println(v.PalabraLegitima(p)) // true

	es := v.Alfabeto()
	for _, w := range []string{"ñandú", "Camión", "cantábamos", "xyzzy"} {
		p, _ := es.Parsear(w)
		puntos := 0
		for _, l := range p {
			puntos += v.PuntajeLetra(l)
		}
		fmt.Println(es.Formatear(p), v.PalabraLegitima(p), puntos)
	}
	fmt.Println(v.TamanoTablero(), v.Fichas(), v.LongPalabraMasLarga(), v.Lexico().Tamano())
	// Output:
	// true
	// ÑANDU true 13
	// CAMION true 10
	// CANTABAMOS true 16
	// XYZZY false 36
	// 15 7 18 636598
}
