package paridad_test

import (
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Las tablas de un léxico de tres palabras, y una suma, una inclusión y
// una resta en tiempo constante.
func Example() {
	alf, _ := letra.NuevoAlfabeto("A", "C", "S")
	var palabras [][]letra.Letra
	for _, p := range []string{"CASA", "CASAS", "SACA"} {
		ls, _ := alf.Parsear(p)
		palabras = append(palabras, ls)
	}
	d, _ := trie.NuevoDAWG(palabras)
	tb, _ := paridad.Nuevas(d)
	mc := func(s string) paridad.Multiconjunto {
		ls, _ := alf.Parsear(s)
		m, _ := tb.Codificar(letra.NuevoMulticonjunto(ls...))
		return m
	}
	ac, as := mc("AC"), mc("AS")
	suma, ok := tb.Sumar(ac, as)
	fmt.Println(tb.Decodificar(suma).Formatear(alf), ok, suma == mc("AACS"))
	fmt.Println(tb.Incluye(mc("AACSS"), mc("ASS")), tb.Incluye(mc("AACS"), mc("ASS")))
	resta, _ := tb.Restar(mc("AACSS"), mc("ASS"))
	fmt.Println(tb.Decodificar(resta).Formatear(alf))
	fmt.Println(tb.Excedencias(), "excedencias")
	// Output:
	// {A, A, C, S} true true
	// true false
	// {A, C}
	// 4 excedencias
}

// Una mano codificada en la RPE y una letra sumada en tiempo constante, con
// las tablas del léxico de una variante de juguete: el fragmento de la
// documentación del paquete.
func ExampleTablas_Sumar() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\nsolo\nlos\nosos\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 15, 7, nil, lexico, variante.Opciones{})
	ls, _ := es.Parsear("SOL")
	mano := letra.NuevoMulticonjunto(ls...)
	l, _ := es.Indice("O")

	t, err := paridad.Nuevas(v.Lexico())
	a, ok := t.Codificar(mano)
	s, ok := t.Sumar(a, paridad.Letra(l))
	fmt.Println(t.Decodificar(s).Formatear(es), ok, err)
	// Output:
	// {L, O, O, S} true <nil>
}
