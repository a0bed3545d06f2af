package tablero_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Un tablero leído de su forma de texto ("." o "·" es una celda libre, una
// minúscula un comodín), sus palabras según la regla R1 y su forma de
// texto, que String escribe y Parsear vuelve a leer.
func Example() {
	t, err := tablero.Parsear(`
		. . . .
		. S O L
		. . a .
		. . . .`, letra.Espanol())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Palabras())
	fmt.Print(t)
	_, err = tablero.Parsear("A B\nC", letra.Espanol())
	fmt.Println(err)
	// Output:
	// [{(1,1,S), (1,2,O), (1,3,L)} {(1,2,O), (2,2,?A)}]
	//   0 1 2 3
	// 0 · · · ·
	// 1 · S O L
	// 2 · · a ·
	// 3 · · · ·
	// tablero: texto mal formado: línea 2: tiene 1 celdas y el tablero es de 2×2
}

// Un tablero vacío de 15×15 con SOL puesto en la fila 7: el fragmento de la
// documentación del paquete.
func ExampleNuevo() {
	t, _ := tablero.Nuevo(15, letra.Espanol())
	sol, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", letra.Espanol())
	t, _ = t.Poner(sol.Slice()...)
	fmt.Println(t.Palabras()) // [{(7,7,S), (7,8,O), (7,9,L)}]
	// Output:
	// [{(7,7,S), (7,8,O), (7,9,L)}]
}
