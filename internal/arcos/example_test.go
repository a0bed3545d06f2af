package arcos_test

import (
	"fmt"
	"math/bits"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// Seguir una palabra en la vista de un GADDAG: desde la raíz, la letra
// final (la parte invertida), el giro y luego las letras restantes en
// orden. Con las palabras 01 y 120 (letras por número), se lee 0, giro,
// 1: el arco de la última letra dice si la palabra es aceptada.
func ExampleArcos() {
	d, _ := trie.NuevoDAWG([][]letra.Letra{{0, 1}, {1, 2, 0}})
	g, _ := trie.NuevoGADDAG(d)
	v := g.Arcos()
	// arco devuelve el arco de la salida l del estado s, o false.
	arco := func(s uint32, l uint) (arcos.Arco, bool) {
		m := v.Salidas(s)
		if m&(1<<l) == 0 {
			return 0, false
		}
		i := s + 1 + uint32(m>>63) + uint32(bits.OnesCount64(m&(1<<l-1)))
		if l == 63 {
			i = s + 1
		}
		return arcos.Arco(v.En(i)), true
	}
	s := uint32(g.Raiz()) >> 1
	for _, l := range []uint{0, 63, 1} {
		a, ok := arco(s, l)
		if !ok {
			fmt.Println("sin salida", l)
			return
		}
		fmt.Printf("letra %d, acepta %v\n", a.Letra(), a.Acepta())
		s = a.Hijos()
	}
	// Output:
	// letra 0, acepta false
	// letra 63, acepta false
	// letra 1, acepta true
}

// Dos conjuntos de salidas cuyos resúmenes no se cortan no tienen letras
// en común: basta mirar el resumen de 32 bits que lleva cada arco.
func ExampleResumen() {
	vocales := uint64(1<<0 | 1<<4 | 1<<8)
	consonantes := uint64(1<<1 | 1<<2 | 1<<40)
	fmt.Printf("%032b\n", arcos.Resumen(consonantes))
	fmt.Println(arcos.Resumen(vocales)&arcos.Resumen(consonantes) == 0)
	// Output:
	// 10000000000000000000000000000110
	// true
}
