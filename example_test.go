package palabras_test

import (
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego/cgp"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una partida de dos jugadores con la variante española: el repositorio sale
// de una semilla, y aquí sus primeras letras se fijan para conocer las manos.
func Example() {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, _ := v.Repositorio(2, 2024)
	manos, _ := es.Parsear("QUESOAB" + "PANTERA")
	copy(r, manos)

	j, err := juego.Nuevo(2, v, r)
	if err != nil {
		panic(err)
	}
	queso, _ := ocurrencia.Parsear("(7,5,Q) (7,6,U) (7,7,E) (7,8,S) (7,9,O)", es)
	fmt.Println(j.Ubicar(queso)) // los puntos y el error

	// El jugador 1 intenta una palabra que no existe.
	mal, _ := ocurrencia.Parsear("(8,5,P) (8,6,A)", es)
	fmt.Println(j.Ubicar(mal))

	p0, _ := j.Puntaje(0)
	fmt.Println("puntos del jugador 0:", p0, "- turno del jugador", j.Turno())
	// Output:
	// 9 <nil>
	// 0 juego: jugada inválida: se forma una palabra que no es legítima: PA, horizontal desde (8,5)
	// puntos del jugador 0: 9 - turno del jugador 1
}

// Una posición escrita en CGP: la partida sigue desde ahí, con el
// generador de jugadas y de vuelta a CGP.
func Example_posicion() {
	v := espanol.Clasica()
	p, err := cgp.Parsear("15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 EIMNORS/ 40/12 0 lex FILE2017;", cgp.Opciones{Variante: v})
	if err != nil {
		panic(err)
	}
	j, err := p.Juego()
	if err != nil {
		panic(err)
	}
	g, _ := generador.Nuevo(v, generador.Opciones{})
	mejor, _ := g.Mejor(j)
	fmt.Println(mejor.Ocurrencia().Formatear(v.Alfabeto()), mejor.Puntos)
	if _, err := j.Ubicar(mejor.Ocurrencia()); err != nil {
		panic(err)
	}
	texto, _ := cgp.Formatear(&cgp.Posicion{Posicion: j.Posicion()})
	fmt.Println(texto[strings.LastIndex(texto, "/15 ")+4:]) // las manos (la del que juega primero), los puntajes, los turnos sin puntos
	// Output:
	// {(3,10,E), (4,10,N), (5,10,R), (6,10,I), (8,10,M), (9,10,O), (10,10,S)} 90
	// ADDEINR/ABGIOOS 12/130 0
}
