package tad_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/internal/tad"
)

func ExampleADistanciaMenosDeN() {
	for n := range 4 {
		fmt.Print(len(tad.ADistanciaMenosDeN(tad.Casillero{}, n)), " ")
	}
	fmt.Println()
	// Output: 1 5 13 25
}

func ExamplePacalgo2() {
	c := func(x, y int) tad.Casillero { return tad.Casillero{X: x, Y: y} }
	m := tad.NuevoMapa(tad.Tupla{X: 5, Y: 1}, c(0, 0), c(0, 0), c(4, 0), nil, nil, tad.NuevoConj(c(1, 0)))
	p := tad.InicializarJuego(m).Aplicar(tad.Derecha).Aplicar(tad.Derecha)
	fmt.Println(p.Trayectoria(), p.NivelDeChocolate(), p.ChocolatesRestantes(), p.Gano())
	p = p.Aplicar(tad.Derecha).Aplicar(tad.Derecha)
	fmt.Println(p.Gano(), p.Puntaje(), p.Precondicion(tad.Izquierda))
	// Output:
	// [{2 0} {1 0} {0 0}] 9 [] false
	// true 5 false
}
