package cgp_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una posición española con dígrafos y un comodín en el tablero, leída,
// convertida en partida y escrita de nuevo en la forma canónica.
func Example() {
	v := espanol.Clasica()
	texto := "cgp 15/15/15/15/15/15/15/5[CH]Ao7/15/15/15/15/15/15/15   AEINRS?/  12/0 0 -lex FILE2017; bb 50"
	p, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Operaciones, p.Desconocidas)
	j, err := p.Juego() // la mano desconocida se completa con fichas que no se ven
	if err != nil {
		fmt.Println(err)
		return
	}
	mano, _ := j.Fichas(1)
	fmt.Println(j.Turno(), mano.Tamano(), j.LetrasEnRepositorio())
	s, _ := cgp.Formatear(p)
	fmt.Println(s)
	// Output:
	// [{lex FILE2017} {bb 50}] [false true]
	// 0 7 83
	// 15/15/15/15/15/15/15/5[CH]Ao7/15/15/15/15/15/15/15 AEINRS?/ 12/0 0 lex FILE2017; bb 50;
}

// Los errores dicen el campo, la fila y el byte del problema.
func ExampleParsear_error() {
	_, err := cgp.Parsear("15/15/15/15/15/15/15/7[CH/15/15/15/15/15/15/15 A/ 0/0 0", cgp.Opciones{Variante: espanol.Clasica()})
	fmt.Println(err)
	// Output:
	// cgp: formato inválido: corchete sin cerrar o vacío: "[CH" (tablero, fila 7, byte 22: "[CH")
}
