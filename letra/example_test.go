package letra_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
)

func ExampleAlfabeto_Leer() {
	es := letra.Espanol()
	p, err := es.Leer("Ñandú")
	if err != nil {
		panic(err)
	}
	fmt.Println(p, es.Escribir(p))

	_, err = es.Leer("casa3")
	var e *letra.ErrorLectura
	if errors.As(err, &e) {
		fmt.Printf("%q en la posición %d\n", e.Caracter, e.Posicion)
	}
	// Output:
	// [14 0 13 3 21] ÑANDU
	// '3' en la posición 4
}

func ExampleEspanolConDigrafos() {
	for _, alf := range []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos()} {
		p, _ := alf.Leer("chorro")
		var fichas []string
		for _, l := range p {
			fichas = append(fichas, alf.Simbolo(l))
		}
		fmt.Println(len(p), strings.Join(fichas, "-"))
	}
	// Output:
	// 6 C-H-O-R-R-O
	// 4 CH-O-RR-O
}

func ExampleNuevoAlfabeto() {
	alf, err := letra.NuevoAlfabeto("A", "B", "SS")
	if err != nil {
		panic(err)
	}
	p, _ := alf.Leer("abssa")
	fmt.Println(alf.Tamano(), p)

	_, err = letra.NuevoAlfabeto("A", "a")
	fmt.Println(errors.Is(err, letra.ErrAlfabetoInvalido))
	// Output:
	// 3 [0 1 2 0]
	// true
}

func ExampleMulticonjunto() {
	es := letra.Espanol()
	mano, _ := es.Leer("casaca")
	jugada, _ := es.Leer("cas")
	m := letra.NuevoMulticonjunto(mano...)
	j := letra.NuevoMulticonjunto(jugada...)
	fmt.Println(m.Formatear(es), m.Tamano(), m.Cantidad(0))
	fmt.Println(m.Incluye(j), m.Diferencia(j).Formatear(es))
	// Output:
	// {A, A, A, C, C, S} 6 3
	// true {A, A, C}
}
