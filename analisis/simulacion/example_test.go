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
		experto.Elegir(j).Aplicar(j)
	}
	hojas, ctx := bot.HojasEspanol(), context.Background()
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
	// 10G ELIJADO    equidad  84.0  simulada  77.2 ± 3.5  gana 100%
	// 1K OJEAD       equidad  75.8  simulada  74.7 ± 3.8  gana 100%
	// 1K OJALE       equidad  74.2  simulada  69.4 ± 3.0  gana 100%
	// 10E .JE        equidad  53.6  simulada  62.7 ± 4.0  gana 100%
	// 1J DOLAJE      equidad  59.5  simulada  50.1 ± 2.9  gana 100%
}
