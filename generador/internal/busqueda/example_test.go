package busqueda_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
)

// Las K mejores jugadas por equidad compiten con los cambios por los K
// lugares; el umbral es la equidad de la K-ésima: lo que una jugada debe
// alcanzar para entrar, y lo que la búsqueda usa para podar.
// Con un solo lugar ocupado, el umbral es −∞.
func ExampleEquidad() {
	var q busqueda.Equidad
	q.Empezar(2, []float64{5}) // dos lugares; un cambio de equidad 5
	fmt.Println(q.Umbral)
	for _, e := range []float64{3, 10, 7, 4} {
		q.Guardar(&busqueda.Candidata{Equidad: e, Puntos: int(e)})
		fmt.Println(e, q.Umbral)
	}
	for _, c := range q.Mejores {
		fmt.Println(c.Equidad)
	}
	// Output:
	// -Inf
	// 3 3
	// 10 5
	// 7 7
	// 4 7
	// 10
	// 7
}
