package limite_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// Un lector que recibe más de lo que su límite permite devuelve un error
// que envuelve a limite.Err; el *limite.Error dice cuál y cuánto.
func Example() {
	_, err := tablero.Parsear(strings.Repeat("A", tablero.MaxTexto+1), letra.Espanol())
	fmt.Println(errors.Is(err, limite.Err))
	var e *limite.Error
	if errors.As(err, &e) {
		fmt.Println(e.Limite, e.Valor == tablero.MaxTexto)
	}
	// Output:
	// true
	// tablero.MaxTexto true
}
