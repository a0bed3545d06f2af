package inferencia_test

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// La primera jugada de una partida de expertos: ¿qué se quedó el rival?
func Example() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	experto, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, 3)
	j, _ := juego.Nuevo(2, v, bolsa)
	d, _ := experto.Elegir(context.Background(), j)
	texto, _ := notacion.Formatear(notacion.Jugada{Fichas: d.Jugada}, j.Tablero())
	d.Aplicar(j)
	fmt.Println("jugó", texto, d.Puntos)

	antes, turno, noVistas, _ := inferencia.UltimoTurno(j)
	hojas, _ := bot.ValoracionPara(v) // las del experto
	in, _ := inferencia.Inferir(context.Background(), antes, turno, noVistas, hojas, inferencia.Opciones{})
	fmt.Printf("quedan %d de %d hojas de %d fichas\n", in.Len(), in.Posibles, in.Tamano)
	n := 0
	for h, p := range in.Hojas() {
		fmt.Printf("%s %.3f\n", h.Formatear(v.Alfabeto()), p)
		if n++; n == 3 {
			break
		}
	}
	mano, _ := antes.Fichas(0)
	verdadera := mano.Diferencia(turno.Puestas)
	fmt.Printf("la verdadera, %s: %.3f\n", verdadera.Formatear(v.Alfabeto()), in.Probabilidad(verdadera))
	// Output:
	// jugó 8H UNGID 18
	// quedan 151 de 342 hojas de 2 fichas
	// {A, A} 0.035
	// {A, I} 0.032
	// {E, I} 0.029
	// la verdadera, {O, T}: 0.019
}
