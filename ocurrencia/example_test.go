package ocurrencia_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

func Example() {
	es := letra.Espanol()
	// HOLA escrita verticalmente desde (2,5), en cualquier orden.
	o, err := ocurrencia.Parsear("(4,5,L) (2,5,H) (5,5,A) (3,5,O)", es)
	if err != nil {
		panic(err)
	}
	p, ok := o.Palabra()
	fmt.Println(o.Formatear(es))
	fmt.Println(o.EsVertical(), ok, es.Formatear(p), o.Letras().Formatear(es))
	// Output:
	// {(2,5,H), (3,5,O), (4,5,L), (5,5,A)}
	// true true HOLA {A, H, L, O}
}

// Una ocurrencia leída de un texto lleva su alfabeto y se imprime con sus
// letras; una armada con Nueva, con los ordinales, hasta que se le da uno.
func ExampleOcurrencia_String() {
	es := letra.Espanol()
	o, _ := ocurrencia.Parsear("(7,8,A) (7,7,?C)", es)
	fmt.Println(o)
	a, _ := es.Indice("A")
	n := ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 8, Letra: a})
	fmt.Println(n, n.ConAlfabeto(es), n.Ficha(0), n.Ficha(0).Formatear(es))
	// Output:
	// {(7,7,?C), (7,8,A)}
	// {(7,8,0)} {(7,8,A)} (7,8,0) (7,8,A)
}

func ExampleNueva() {
	a := ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: 0}
	b := ocurrencia.Ficha{Fila: 7, Columna: 9, Letra: 1}
	o := ocurrencia.Nueva(b, a, a) // un conjunto: la repetida cuenta una vez
	fmt.Println(o, o.Tamano(), o.EsHorizontal(), o.FormaPalabra())
	// Output:
	// {(7,7,0), (7,9,1)} 2 true false
}

func ExampleParsear() {
	_, err := ocurrencia.Parsear("(7,7,A) (7,8,", letra.Espanol())
	fmt.Println(err)
	// Output:
	// ocurrencia: "(7,7,A) (7,8,", posición 13: se esperaba una letra
}
