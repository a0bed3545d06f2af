package cruces_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador/internal/cruces"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// Un tablero de 3×3 con la O en el centro y el léxico {DO, OS, SOL}: en la
// celda de arriba de la O (jugadas horizontales, la palabra perpendicular
// es vertical) solo cabe la D de DO; a su derecha (jugadas verticales, la
// palabra perpendicular es horizontal) solo la S de OS. La suma es el
// valor de la O.
func Example() {
	es := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"DO", "OS", "SOL"} {
		w, _ := es.Parsear(p)
		palabras = append(palabras, w)
	}
	d, _ := trie.NuevoDAWG(palabras)
	g, _ := trie.NuevoGADDAG(d)
	r := &cruces.Reglas{Lexico: d, Letras: 1<<es.Tamano() - 1, Arcos: g.Arcos(), RaizArcos: uint32(g.Raiz()) >> 1, ConArcos: true}
	o, _ := es.Parsear("O")
	r.Valor[o[0]] = 1

	var t cruces.Tablero
	t.Iniciar(3)
	letras := make([]letra.Letra, 9)
	letras[4] = o[0] + 1 // fila 1, columna 1
	t.Cargar(r, letras)

	arriba := 0*3 + 1  // fila 0, columna 1, en la dirección 0
	derecha := 2*3 + 1 // fila 1, columna 2, en la dirección 1 (columna·N + fila)
	fmt.Println(letrasDe(es, t.Cruce[0][arriba]), t.Cruzada[0][arriba])
	fmt.Println(letrasDe(es, t.Cruce[1][derecha]), t.Cruzada[1][derecha])
	// Output:
	// [D] 1
	// [S] 1
}

// letrasDe escribe las letras del conjunto s.
func letrasDe(a *letra.Alfabeto, s uint64) []string {
	var r []string
	for x := range a.Tamano() {
		if s&(1<<x) != 0 {
			r = append(r, a.Formatear([]letra.Letra{letra.Letra(x)}))
		}
	}
	return r
}
