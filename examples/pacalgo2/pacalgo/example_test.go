package pacalgo_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

func Example() {
	m, err := pacalgo.ParsearMapa(`
#########
#I.o...F#
#.#####.#
#......L#
#########
`[1:])
	if err != nil {
		panic(err)
	}
	j, _ := pacalgo.Nuevo(m)
	mover := func(ds ...pacalgo.Direccion) {
		for _, d := range ds {
			if err := j.Mover(d); err != nil {
				panic(err)
			}
		}
	}
	d, a := pacalgo.Derecha, pacalgo.Abajo
	mover(d, d, d, d) // come el chocolate en (3, 3)
	fmt.Print(j)
	fmt.Println("en", j.PosicionActual(), "con nivel de chocolate", j.NivelDeChocolate())
	mover(d, d, a, a) // pasa por el fantasma y llega
	puntaje, gano := j.Puntaje()
	fmt.Println("ganó:", gano, "puntaje:", puntaje, "perdió:", j.Perdio())
	// Output:
	// #########
	// #I...@.F#
	// #.#####.#
	// #......L#
	// #########
	// en (5, 3) con nivel de chocolate 8
	// ganó: true puntaje: 9 perdió: false
}

func ExampleResolver() {
	m, _ := pacalgo.ParsearMapa("" +
		"#########\n" +
		"#.......#\n" +
		"#.#####.#\n" +
		"#Io..F.L#\n" +
		"#########\n")
	s, _ := pacalgo.Resolver(m)
	fmt.Println("puntaje", s.Puntaje, "por", s.Camino)

	// Sin el chocolate, hay que dar la vuelta.
	m, _ = pacalgo.ParsearMapa("" +
		"#########\n" +
		"#.......#\n" +
		"#.#####.#\n" +
		"#I...F.L#\n" +
		"#########\n")
	s, _ = pacalgo.Resolver(m)
	fmt.Println("puntaje", s.Puntaje)
	// Output:
	// puntaje 7 por [derecha derecha derecha derecha derecha derecha]
	// puntaje 0
}

func ExampleNuevoMapa() {
	c := func(x, y int) pacalgo.Casillero { return pacalgo.Casillero{X: x, Y: y} }
	_, err := pacalgo.NuevoMapa(pacalgo.Dimension{Ancho: 5, Alto: 5}, c(0, 0), c(0, 0), c(4, 4),
		[]pacalgo.Casillero{c(1, 1), c(4, 0)}, []pacalgo.Casillero{c(4, 0)}, []pacalgo.Casillero{c(9, 9)})
	fmt.Println(errors.Is(err, pacalgo.ErrMapaInvalido), errors.Is(err, pacalgo.ErrFantasmaCerca))
	fmt.Println(err)
	// Output:
	// true true
	// pacalgo: mapa inválido: fuera del mapa: chocolates fuera del mapa de 5×5 con vértice (0, 0): (9, 9)
	// pacalgo: mapa inválido: un fantasma en una pared: fantasmas en paredes: (4, 0)
	// pacalgo: mapa inválido: un fantasma al alcance del inicio: fantasmas a distancia 3 o menos del inicio (0, 0), que no tiene chocolate: (1, 1)
}

func ExampleParsearMapa() {
	m, err := pacalgo.ParsearMapa("vertice 10 -3\n" +
		"[Io]..F.\n" +
		"..#.[#o]\n" +
		"...#L\n")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Dimensiones(), "desde", m.Vertice(), "inicio", m.Inicio(), "llegada", m.Llegada())
	fmt.Println("chocolates:", slices.Collect(m.Chocolates()))

	_, err = pacalgo.ParsearMapa("I...\n..x.\n...L")
	var e *pacalgo.ErrorTexto
	if errors.As(err, &e) {
		fmt.Println(e.Linea, e.Columna, errors.Is(err, pacalgo.ErrFormato))
	}
	fmt.Println(err)
	// Output:
	// 5×3 desde (10, -3) inicio (10, -1) llegada (14, -3)
	// chocolates: [(14, -2) (10, -1)]
	// 2 3 true
	// pacalgo: el texto no es un mapa: símbolo desconocido 'x' (línea 2, columna 3: "x.")
}

func ExampleJuego_Mover() {
	m, _ := pacalgo.ParsearMapa("I#.\n...\n..L")
	j, _ := pacalgo.Nuevo(m)
	fmt.Println(j.Mover(pacalgo.Derecha))
	fmt.Println(j.Mover(pacalgo.Arriba))
	fmt.Println(j.Mover(pacalgo.Ninguna))
	for d, c := range j.DireccionesPosibles() {
		fmt.Println("se puede ir", d, "a", c)
	}
	// Output:
	// pacalgo: hay una pared
	// pacalgo: ahí termina el mapa
	// pacalgo: dirección inválida
	// se puede ir abajo a (0, 1)
}
