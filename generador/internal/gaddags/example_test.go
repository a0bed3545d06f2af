package gaddags_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador/internal/gaddags"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// El GADDAG del léxico español embebido se lee de su codificación, una
// vez: las variantes que comparten el léxico reciben el mismo. Acepta
// cada palabra partida en cualquier letra: «casa» como inv(«ca»)◇«sa».
func ExampleBuscar() {
	g, err := gaddags.Buscar(espanol.Clasica())
	if err != nil {
		fmt.Println(err)
		return
	}
	otra, _ := gaddags.Buscar(espanol.Clasica())
	fmt.Println(g == otra)

	a := letra.Espanol()
	ac, _ := a.Parsear("ac")
	sa, _ := a.Parsear("sa")
	cadena := append(append(ac, trie.Separador), sa...)
	fmt.Println(g.Acepta(cadena))
	xz, _ := a.Parsear("xz")
	fmt.Println(g.Acepta(append(xz, trie.Separador)))
	// Output:
	// true
	// true
	// false
}
