package espanol_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/variante/espanol"
)

func ExampleVariante() {
	v := espanol.Variante()
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
	// ÑANDU true 13
	// CAMION true 10
	// CANTABAMOS true 16
	// XYZZY false 36
	// 15 7 18 636598
}
