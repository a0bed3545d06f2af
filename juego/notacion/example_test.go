package notacion_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una jugada escrita como la escriben los jugadores, leída sobre el tablero
// de una partida: K4 es la columna K desde la fila 4, hacia abajo, y el "."
// es la A de CASA, que ya estaba. La partida dice cuánto vale y la juega.
func Example() {
	p, _ := cgp.Parsear("15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 EIMNORS/ 40/12 0", cgp.Opciones{Variante: espanol.Clasica()})
	j, _ := p.Juego()
	jugada, err := notacion.Parsear("K4 ENRI.MOS", j.Tablero())
	if err != nil {
		fmt.Println(err)
		return
	}
	puntos, err := j.PuntajeObtenido(jugada.Fichas)
	fmt.Println(jugada.Tipo(), jugada.Fichas, puntos, err)
	texto, _ := notacion.Formatear(jugada, j.Tablero())
	fmt.Println(texto)
	_, err = notacion.Parsear("8H COSA", j.Tablero())
	fmt.Println(err)
	// Output:
	// colocación {(3,10,E), (4,10,N), (5,10,R), (6,10,I), (8,10,M), (9,10,O), (10,10,S)} 90 <nil>
	// K4 ENRI.MOS
	// notacion: "OSA", byte 4: la casilla (7,8) 8I ya tiene la ficha A
}

// La primera jugada de una partida, escrita como en las planillas: 8D es la
// fila 8 desde la columna D, hacia la derecha.
func ExampleParsear() {
	v := espanol.Clasica()
	vacio := "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
	p, _ := cgp.Parsear(vacio+" AEINRST/ 0/0 0", cgp.Opciones{Variante: v})
	j, _ := p.Juego()
	jugada, err := notacion.Parsear("8D RETINAS", j.Tablero())
	if err != nil {
		fmt.Println(err)
		return
	}
	puntos, err := j.Ubicar(jugada.Fichas)
	fmt.Println(jugada.Fichas, puntos, err)
	// Output:
	// {(7,3,R), (7,4,E), (7,5,T), (7,6,I), (7,7,N), (7,8,A), (7,9,S)} 66 <nil>
}

// Las fichas de varias letras van entre corchetes y los comodines en
// minúsculas; un pase es "-" y un cambio, "-" y sus fichas.
func ExampleFormatear() {
	alf := letra.EspanolConDigrafos()
	t, _ := tablero.Nuevo(15, alf)
	o, _ := ocurrencia.Parsear("(7,5,CH) (7,6,O) (7,7,?RR) (7,8,O) (7,9,S)", alf)
	for _, j := range []notacion.Jugada{{Fichas: o}, {}, {Cambio: letra.NuevoMulticonjunto(0, 3, letra.Comodin)}} {
		texto, _ := notacion.Formatear(j, t)
		fmt.Printf("%s: %s\n", j.Tipo(), texto)
	}
	// Output:
	// colocación: 8F [CH]O[rr]OS
	// pase: -
	// cambio: -A[CH]?
}

// Con la fila primero la palabra va hacia la derecha; con la columna
// primero, hacia abajo. Después de la Z siguen AA, AB…
func ExampleParsearCoordenada() {
	for _, s := range []string{"8D", "D8", "27AB"} {
		c, _ := notacion.ParsearCoordenada(s)
		fmt.Printf("%s: fila %d, columna %d, horizontal %v\n", s, c.Fila, c.Columna, c.Horizontal)
	}
	fmt.Println(notacion.Coordenada{Fila: 0, Columna: 26, Horizontal: true})
	// Output:
	// 8D: fila 7, columna 3, horizontal true
	// D8: fila 7, columna 3, horizontal false
	// 27AB: fila 26, columna 27, horizontal true
	// 1AA
}
