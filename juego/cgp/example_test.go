package cgp_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/ocurrencia"
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

// La posición de un juego en CGP, después de la primera jugada: el tablero,
// las manos y los puntajes empezando por el jugador que tiene el turno, y
// los turnos sin puntos.
func ExampleFormatear() {
	v := espanol.Clasica()
	bolsa, _ := v.Repositorio(2, 42)
	manos, _ := v.Alfabeto().Parsear("SOLAREN" + "PANTERA") // las primeras letras de la bolsa: las manos
	copy(bolsa, manos)
	j, _ := juego.Nuevo(2, v, bolsa)
	sol, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", v.Alfabeto())
	if _, err := j.Ubicar(sol); err != nil {
		panic(err)
	}

	texto, err := cgp.Formatear(&cgp.Posicion{Posicion: j.Posicion()})
	fmt.Println(texto, err)
	// Output:
	// 15/15/15/15/15/15/15/7SOL5/15/15/15/15/15/15/15 AAENPRT/AAEENRR 0/6 0 <nil>
}

// Un CGP que nombra su distribución con ld se lee con el alfabeto de esa
// descripción: aquí, la catalana, con la ficha L·L entre corchetes.
func ExampleDescripcionDe() {
	texto := "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A[L·L]O[NY]EST/ 0/0 0 ld catalan;"
	d, ok := cgp.DescripcionDe(texto)
	if !ok {
		panic("sin descripción")
	}
	alf, err := d.Alfabeto()
	if err != nil {
		panic(err)
	}
	p, err := cgp.Parsear(texto, cgp.Opciones{Alfabeto: alf})
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Nombre, p.Manos[0].Tamano(), p.Manos[0].Formatear(alf))
	// Output:
	// catalan 7 {A, E, L·L, NY, O, S, T}
}
