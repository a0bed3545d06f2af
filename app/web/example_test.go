package main

import (
	"encoding/json"
	"fmt"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/servidor"
)

// El protocolo: una jugada tal como la envía la página (CH es una sola
// ficha; la A es un comodín), cómo se nombra su lugar en la planilla, y el
// texto y el código con que el servidor explica un rechazo.
func Example() {
	b, _ := json.Marshal(mensajeCliente{Tipo: "jugar", Fichas: []fichaJSON{{F: 7, C: 7, L: "CH"}, {F: 7, C: 8, L: "A", Comodin: true}}})
	fmt.Println(string(b))
	fmt.Println(notacion.Coordenada{Fila: 7, Columna: 7, Horizontal: true}, notacion.Coordenada{Fila: 4, Columna: 7})
	for _, err := range []error{servidor.ErrNoEsSuTurno, &juego.ErrorJugada{Motivo: juego.ErrPalabraIlegitima, Palabra: "CHAZ"}, ErrOtroAsiento} {
		fmt.Printf("%s (%s)\n", textoDe(err), codigoDe(err))
	}
	// Output:
	// {"tipo":"jugar","fichas":[{"f":7,"c":7,"l":"CH"},{"f":7,"c":8,"l":"A","comodin":true}]}
	// 8H H5
	// No es su turno. (turno)
	// Jugada inválida: se forma una palabra que no es legítima (CHAZ). (jugada)
	// Ese asiento no es el suyo. (asiento)
}
