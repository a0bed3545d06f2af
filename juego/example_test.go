package juego_test

import (
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func Example() {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, _ := v.Repositorio(2, 42)
	manos, _ := es.Parsear("SOLTARE" + "CAMINSX") // las primeras 14 letras: las manos
	copy(r, manos)

	j, err := juego.Nuevo(2, v, r)
	if err != nil {
		panic(err)
	}
	sol, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", es)
	if _, err := j.Ubicar(sol); err != nil {
		panic(err)
	}
	// El jugador 1 cruza SOL por la O con CAMINOS, vertical.
	caminos, _ := ocurrencia.Parsear("(2,8,C) (3,8,A) (4,8,M) (5,8,I) (6,8,N) (8,8,S)", es)
	puntos, err := j.Ubicar(caminos)
	if err != nil {
		panic(err)
	}
	fmt.Println("CAMINOS vale", puntos)
	for i := range j.Jugadores() {
		p, _ := j.Puntaje(i)
		fmt.Printf("jugador %d: %d puntos\n", i, p)
	}
	fmt.Println("turno del jugador", j.Turno())
	// Output:
	// CAMINOS vale 11
	// jugador 0: 3 puntos
	// jugador 1: 11 puntos
	// turno del jugador 0
}

// Una jugada escrita como los jugadores, leída sobre el tablero del juego y
// ubicada: el fragmento de la documentación del paquete.
func ExampleJuego_Ubicar() {
	v := espanol.Variante()
	r, _ := v.Repositorio(2, 7)
	manos, _ := v.Alfabeto().Parsear("CASAMOS" + "PANTERA") // las primeras 14 letras: las manos
	copy(r, manos)

	j, _ := juego.Nuevo(2, v, r)
	jugada, _ := notacion.Parsear("8D CASA", j.Tablero())
	puntos, err := j.Ubicar(jugada.Fichas)
	fmt.Println(puntos, err)
	fmt.Println(jugada.Fichas.Formatear(v.Alfabeto())) // 8D: fila 8, columna D, horizontal; desde 0, (7,3)
	fmt.Println("turno del jugador", j.Turno())
	// Output:
	// 6 <nil>
	// {(7,3,C), (7,4,A), (7,5,S), (7,6,A)}
	// turno del jugador 1
}

func ExampleJuego_Validar() {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, _ := v.Repositorio(1, 1)
	mano, _ := es.Parsear("PERROSA")
	copy(r, mano)
	j, _ := juego.Nuevo(1, v, r)

	for _, texto := range []string{
		"(0,0,P) (0,1,E) (0,2,R) (0,3,R) (0,4,O)", // PERRO
		"(5,5,O) (6,5,S) (7,5,A)",                 // OSA, vertical
		"(0,0,R) (0,1,O) (0,2,S) (0,4,A)",         // un hueco
		"(0,0,S) (1,1,O)",                         // en diagonal
		"(0,0,Z)",                                 // no tiene la Z
		"(0,0,R) (0,1,O) (0,2,S) (0,3,P) (0,4,A)", // ROSPA
		"(15,0,A)",                                // fuera del tablero
	} {
		o, _ := ocurrencia.Parsear(texto, es)
		if err := j.Validar(o); err != nil {
			fmt.Println(err)
		} else {
			fmt.Println("válida")
		}
	}
	// Output:
	// válida
	// válida
	// juego: jugada inválida: hay celdas vacías entre las fichas
	// juego: jugada inválida: las fichas no están en una misma fila o columna
	// juego: jugada inválida: el jugador no tiene esas letras (0,0)
	// juego: jugada inválida: se forma una palabra que no es legítima: ROSPA, horizontal desde (0,0)
	// juego: jugada inválida: ficha fuera del tablero (15,0)
}

func ExampleJuego_String() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\nsal\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 4, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLALAAAAAAAAAAAAAA") // 4·4 + 3 letras
	j, _ := juego.Nuevo(1, v, r)

	sol, _ := ocurrencia.Parsear("(1,0,S) (1,1,O) (1,2,L)", es)
	sal, _ := ocurrencia.Parsear("(2,0,A) (3,0,L)", es)
	fmt.Println(j.Ubicar(sol))
	fmt.Println(j.Ubicar(sal))
	fmt.Print(j)
	// Output:
	// 3 <nil>
	// 3 <nil>
	//   0 1 2 3
	// 0 · · · ·
	// 1 S O L ·
	// 2 A · · ·
	// 3 L · · ·
}

// Un turno de cambio con las reglas clásicas: el jugador devuelve fichas a la
// bolsa, saca otras tantas y pasa el turno.
func ExampleJuego_Cambiar() {
	v := espanol.Clasica()
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	mano, _ := j.Fichas(0)
	devueltas := letra.NuevoMulticonjunto(mano.Letras()[:3]...)
	if err := j.Cambiar(devueltas); err != nil {
		panic(err)
	}
	despues, _ := j.Fichas(0)
	fmt.Println(despues.Tamano(), j.LetrasEnRepositorio(), j.Turno())
	s := j.Sucesos()[0]
	fmt.Println(s.Tipo, s.Cambiadas.Tamano(), s.Puntos)
	// Output:
	// 7 86 1
	// cambio 3 0
}
