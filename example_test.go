package palabras_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
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
	mejor, _ := generador.Mejor(g, j)
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

// El servidor reparte una partida entre clientes: cada uno lee su cola de
// notificaciones. Ana, que empieza, juega SOL con fichas de su mano; Beto
// espera y recibe la jugada, los puntos y el turno.
func Example_servidor() {
	v := espanol.Variante()
	r, _ := v.Repositorio(2, 42)
	manos, _ := v.Alfabeto().Parsear("SOLAREN" + "PANTERA") // las primeras letras de la cola: las manos
	copy(r, manos)

	s, _ := servidor.Nuevo(2, v, r)
	ana, _ := s.Conectar()  // cada cliente, típicamente en su gorutina
	beto, _ := s.Conectar() // con el último empieza el juego

	sol, _ := ocurrencia.Parsear("(7,7,S) (7,8,O) (7,9,L)", v.Alfabeto())
	if err := s.Recibir(ana, sol); err != nil { // una jugada inválida llega a ana como Mal, con el motivo
		panic(err)
	}
	ns, _ := s.Esperar(context.Background(), beto) // espera si no hay novedades
	for _, n := range ns {
		fmt.Println(n)
	}
	// Output:
	// IDCliente(1)
	// Empezar(15)
	// TurnoDe(0)
	// Ubicar(0, {(7,7,S), (7,8,O), (7,9,L)})
	// SumaPuntos(0, 3)
	// TurnoDe(1)
}

// Una partida entera con las reglas clásicas españolas (FISE: CH, LL y RR,
// comodines, premios, bolsa, fin de partida): cada jugador hace la jugada de
// más puntos que encuentra el generador, o pasa, hasta que la partida
// termina; al final, en GCG.
func Example_clasica() {
	v := espanol.Clasica()
	bolsa, _ := v.Repositorio(2, 42)
	j, _ := juego.Nuevo(2, v, bolsa)
	g, _ := generador.Nuevo(v, generador.Opciones{})
	for {
		if _, terminada := j.Terminada(); terminada {
			break
		}
		var err error
		if mejor, ok := generador.Mejor(g, j); ok {
			_, err = j.Ubicar(mejor.Ocurrencia())
		} else {
			err = j.Pasar()
		}
		if err != nil {
			panic(err) // no pasa: el generador da jugadas válidas
		}
	}
	fin, _ := j.Terminada()
	p0, _ := j.Puntaje(0)
	p1, _ := j.Puntaje(1)
	fmt.Println(fin.Motivo, p0, p1)
	var gcgTexto strings.Builder
	if err := gcg.Escribir(&gcgTexto, &gcg.Partida{Juego: j}); err != nil {
		panic(err)
	}
	fmt.Println(strings.Count(gcgTexto.String(), "\n>"), "líneas de jugadas")
	// Output:
	// un jugador se quedó sin fichas 382 456
	// 29 líneas de jugadas
}
