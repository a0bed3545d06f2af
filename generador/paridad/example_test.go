package paridad_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
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
