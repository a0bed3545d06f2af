package clasificacion_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

func Example() {
	ana, beto := clasificacion.Nuevo(), clasificacion.Nuevo()
	// Ana gana 420 a 380.
	d := clasificacion.Partida([]clasificacion.Rating{ana, beto}, []int{420, 380})
	fmt.Printf("ana %.0f (RD %.0f), beto %.0f (RD %.0f)\n", d[0].Valor, d[0].Desviacion, d[1].Valor, d[1].Desviacion)

	filas := []clasificacion.Fila{
		{Jugador: 1, Nombre: "ana", Maximo: 420, Total: 420, Partidas: 1, Media: 420, Victorias: 1, Rating: d[0]},
		{Jugador: 2, Nombre: "beto", Maximo: 510, Total: 890, Partidas: 2, Media: 445, Rating: d[1]},
	}
	for _, c := range []clasificacion.Criterio{clasificacion.PorRating, clasificacion.PorMaximo} {
		clasificacion.Ordenar(filas, c)
		fmt.Println(c, filas[0].Nombre, filas[1].Nombre)
	}
	// Output:
	// ana 1662 (RD 290), beto 1338 (RD 290)
	// rating ana beto
	// maximo beto ana
}
