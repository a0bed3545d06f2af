package experimento_test

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/app/internal/experimento"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
)

// Una partida entera entre dos bots intermedios, en español, con la bolsa
// de la semilla 7: la misma semilla da la misma partida.
func ExampleJugar() {
	v, err := experimento.Variante("es", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	jg, _ := experimento.JugadorDe("intermedio", v, "es", "")
	g, _ := generador.Nuevo(v, generador.Opciones{})
	b, _ := jg.Nuevo(g)
	var puntos [2][2]int
	for k := range 2 {
		j, _ := experimento.NuevoJuego(v, 7)
		if err := experimento.Jugar(context.Background(), j, []*bot.Bot{b, b}, nil); err != nil {
			fmt.Println(err)
			return
		}
		puntos[k][0], _ = j.Puntaje(0)
		puntos[k][1], _ = j.Puntaje(1)
	}
	fmt.Println(puntos[0] == puntos[1], puntos[0][0] > 0)
	// Output:
	// true true
}

// Cien tareas en dos gorutinas, cada una con lo suyo (aquí, nada).
func ExampleEnParalelo() {
	var suma atomic.Int64
	err := experimento.EnParalelo(0, 100, 2, nil, func(k int) (func(i int) error, error) {
		return func(i int) error {
			suma.Add(int64(i))
			return nil
		}, nil
	})
	fmt.Println(suma.Load(), err)
	// Output:
	// 4950 <nil>
}
