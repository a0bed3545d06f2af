package letra_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
)

func ExampleAlfabeto_Parsear() {
	es := letra.Espanol()
	p, err := es.Parsear("Ñandú")
	if err != nil {
		panic(err)
	}
	fmt.Println(p, es.Formatear(p))

	_, err = es.Parsear("casa3")
	var e *letra.ErrorCaracter
	if errors.As(err, &e) {
		fmt.Printf("%q en la posición %d\n", e.Caracter, e.Posicion)
	}
	// Output:
	// [14 0 13 3 21] ÑANDU
	// '3' en la posición 4
}

func ExampleEspanolConDigrafos() {
	for _, alf := range []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos()} {
		p, _ := alf.Parsear("chorro")
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
	p, _ := alf.Parsear("abssa")
	fmt.Println(alf.Tamano(), p)

	_, err = letra.NuevoAlfabeto("A", "a")
	fmt.Println(errors.Is(err, letra.ErrAlfabetoInvalido))
	// Output:
	// 3 [0 1 2 0]
	// true
}

func ExampleMulticonjunto() {
	es := letra.Espanol()
	mano, _ := es.Parsear("casaca")
	jugada, _ := es.Parsear("cas")
	m := letra.NuevoMulticonjunto(mano...)
	j := letra.NuevoMulticonjunto(jugada...)
	fmt.Println(m.Formatear(es), m.Tamano(), m.Cantidad(0))
	fmt.Println(m.Incluye(j), m.Diferencia(j).Formatear(es))
	// Output:
	// {A, A, A, C, C, S} 6 3
	// true {A, A, C}
}
