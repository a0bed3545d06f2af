package gcg_test

import (
	"bytes"
	"fmt"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una partida clásica en español: se escribe como GCG y se vuelve a leer.
// CHORROS vale (5+1+8+1+1)·2: la RR cae en el centro, palabra doble.
func Example() {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	bolsa, _ := alf.LeerFichas("chorros?aeiuabcdefg")
	j, _ := juego.Nuevo(2, v, bolsa)
	var fichas []ocurrencia.Ficha
	chorros, _ := alf.Leer("chorros")
	for i, l := range chorros {
		fichas = append(fichas, ocurrencia.Ficha{Fila: 7, Columna: 5 + i, Letra: l})
	}
	if _, err := j.Ubicar(ocurrencia.Nueva(fichas...)); err != nil {
		panic(err)
	}
	_ = j.Pasar()

	var texto bytes.Buffer
	p := &gcg.Partida{Jugadores: []gcg.Jugador{{Apodo: "ana"}, {Apodo: "beto"}}, Juego: j}
	if err := gcg.Escribir(&texto, p); err != nil {
		panic(err)
	}
	fmt.Print(texto.String())

	leida, err := gcg.Leer(&texto, v)
	if err != nil {
		panic(err)
	}
	puntos, _ := leida.Juego.Puntaje(0)
	fmt.Println("ana:", puntos)
	// Output:
	// #character-encoding UTF-8
	// #player1 ana
	// #player2 beto
	// >ana: A[CH]OO[RR]S? 8F [CH]O[RR]OS +32 32
	// >beto: ABCDEIU - +0 0
	// ana: 32
}
