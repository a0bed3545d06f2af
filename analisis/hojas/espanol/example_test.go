package espanol_test

import (
	"fmt"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/letra"
)

func Example() {
	tb := hojases.Tabla()
	alf := letra.EspanolConDigrafos()
	hoja := func(s string) letra.Multiconjunto {
		ls, _ := alf.ParsearFichas(s)
		return letra.NuevoMulticonjunto(ls...)
	}
	fmt.Println(tb.Tamano(), "hojas de hasta", tb.MaxHoja(), "fichas")
	fmt.Println(tb.Valor(hoja("ES")) > tb.Valor(hoja("QÑ")))
	fmt.Println(tb.ProbabilidadDeGanar(50, 20) > 0.8)
	// Output:
	// 1170590 hojas de hasta 6 fichas
	// true
	// true
}
