package simulacion_test

import (
	"context"
	"fmt"

	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las cinco mejores jugadas por equidad de una posición de mitad de
// partida, simuladas con dos turnos de respuesta.
func Example() {
	v := espanol.Clasica()
	g, _ := generador.Nuevo(v, generador.Opciones{})
	experto, _ := bot.Nuevo(bot.Experto, g)
	bolsa, _ := v.Repositorio(2, 1)
	j, _ := juego.Nuevo(2, v, bolsa)
	for range 10 {
		d, _ := experto.Elegir(context.Background(), j)
		d.Aplicar(j)
	}
	hojas, _ := bot.ValoracionPara(v) // las del experto
	ctx := context.Background()
	op := simulacion.Opciones{Hojas: hojas, Iteraciones: 64, Semilla: 1}
	r, err := simulacion.Simular(ctx, j, op)
	mejor, _ := r.Mejor()
	fmt.Println(err, mejor.Iteraciones)

	op.Candidatas, op.SinPoda = 5, true
	r, _ = simulacion.Simular(ctx, j, op)
	for _, c := range r.Candidatas {
		e := c.Eleccion
		jugada := notacion.Jugada{Fichas: ocurrencia.Nueva(e.Jugada.Fichas...), Cambio: e.Cambiadas}
		texto, _ := notacion.Formatear(jugada, j.Tablero())
		fmt.Printf("%-14s equidad %5.1f  simulada %5.1f ± %.1f  gana %3.0f%%\n", texto, e.Equidad, c.Media, c.Error, 100*c.Victorias)
	}
	// Output:
	// <nil> 64
	// G7 FEO         equidad  29.6  simulada  33.9 ± 4.5  gana 100%
	// G7 FE          equidad  24.3  simulada  28.4 ± 3.7  gana 100%
	// 14B ENE        equidad  22.6  simulada  27.2 ± 4.7  gana 100%
	// 14C NENE       equidad  25.2  simulada  26.5 ± 4.4  gana 100%
	// 7G F..EEN      equidad  26.0  simulada  25.8 ± 5.0  gana 100%
}
