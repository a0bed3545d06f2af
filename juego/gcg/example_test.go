package gcg_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una partida clásica en español: se escribe como GCG y se vuelve a leer.
// CHORROS vale (5+1+8+1+1)·2: la RR cae en el centro, palabra doble.
func Example() {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	bolsa, _ := alf.ParsearFichas("chorros?aeiuabcdefg")
	j, _ := juego.Nuevo(2, v, bolsa)
	var fichas []ocurrencia.Ficha
	chorros, _ := alf.Parsear("chorros")
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

	leida, err := gcg.Leer(&texto, gcg.Opciones{Variante: v})
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

// Un registro de Woogles en español con manos parciales (solo las fichas
// que se juegan) y una palabra que el léxico no tiene: se repite igual, se
// informa la palabra y se obtiene la posición antes del segundo turno, con
// las fichas que se ven de cada mano; en CGP, las manos que no se conocen
// enteras van vacías y el jugador del turno va primero.
func ExampleLeer_lexicos() {
	registro := `#lexicon FISE2
#player1 ana Ana
#player2 beto Beto
>ana: [CH]O[RR]OS 8F [CH]O[RR]OS +32 32
>beto: ?U G6 [ch]U. +3 3
`
	p, err := gcg.Leer(strings.NewReader(registro), gcg.Opciones{
		Lexicos: map[string]*variante.Variante{"FISE": espanol.Clasica()},
	})
	if err != nil {
		panic(err)
	}
	for _, w := range p.Ilegitimas {
		fmt.Printf("línea %d: %s\n", w.Linea, w.Palabra)
	}
	pos, _ := p.Posicion(1)
	fmt.Println("puntajes antes del turno 1:", pos.Puntajes)
	fmt.Println("fichas que se ven de la mano de beto:", pos.Manos[1].Formatear(espanol.Clasica().Alfabeto()))
	c, _ := p.CGP(1)
	texto, _ := cgp.Formatear(c)
	fmt.Println(texto)
	// Output:
	// línea 5: CHUO
	// puntajes antes del turno 1: [32 0]
	// fichas que se ven de la mano de beto: {U, ?}
	// 15/15/15/15/15/15/15/5[CH]O[RR]OS5/15/15/15/15/15/15/15 / 0/32 0 lex FISE2;
}

// Un registro con dos faltas al formato: beto muestra dos comodines cuando
// ana se quedó con uno (el español tiene dos) y tiene dos penalizaciones
// por tiempo. Por
// omisión se lee igual y cada falta es un aviso; en el modo estricto, la
// primera es un error que nombra la línea y la regla.
func ExampleLeer_avisos() {
	registro := `#player1 ana Ana
#player2 beto Beto
>ana: [CH]O[RR]OS? 8F [CH]O[RR]OS +32 32
>beto: AEIOU?? - +0 0
>beto: (time) -5 -5
>beto: (time) -5 -10
`
	v := espanol.Clasica()
	p, err := gcg.Leer(strings.NewReader(registro), gcg.Opciones{Variante: v})
	if err != nil {
		panic(err)
	}
	for _, a := range p.Avisos {
		fmt.Println(a)
	}
	_, err = gcg.Leer(strings.NewReader(registro), gcg.Opciones{Variante: v, Estricto: true})
	var e *gcg.ErrorLinea
	if errors.As(err, &e) {
		fmt.Println("estricto: línea", e.Linea, "regla", e.Regla)
	}
	// Output:
	// línea 4: mano siguiente: la mano tiene ?, que el registro mostraba en la mano del jugador 1
	// línea 6: tiempo: segunda penalización por tiempo del jugador 2 (la primera en la línea 5)
	// estricto: línea 4 regla mano siguiente
}

// El registro nombra su distribución (o su léxico): la descripción da el
// alfabeto y el tablero, y con la lista de palabras, la variante con que
// leerlo.
func ExampleDescripcionDe() {
	datos := []byte("#character-encoding UTF-8\n#tile-distribution english_super\n#lexicon CSW21\n#player1 ana Ana\n#player2 bea Bea\n")
	d, ok := gcg.DescripcionDe(datos)
	fmt.Println(ok, d.Nombre, d.Tablero, d.Comodines)
	// Output:
	// true ingles-21 21 4
}
