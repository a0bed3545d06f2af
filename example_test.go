package palabras_test

import (
	"fmt"

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
	manos, _ := es.Leer("QUESOAB" + "PANTERA")
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
