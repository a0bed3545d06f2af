package azar_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/internal/azar"
)

// La misma semilla da la misma mezcla en cualquier máquina y versión de Go;
// otra semilla, otra mezcla.
func ExampleMezclar() {
	a := []string{"A", "B", "C", "D", "E"}
	b := []string{"A", "B", "C", "D", "E"}
	azar.Mezclar(a, 1, 2)
	azar.Mezclar(b, 1, 2)
	fmt.Println(a, b)
	c := []string{"A", "B", "C", "D", "E"}
	azar.Mezclar(c, 3, 4)
	fmt.Println(c)
	// Output:
	// [A B E C D] [A B E C D]
	// [A C B D E]
}
