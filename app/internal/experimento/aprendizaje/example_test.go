package aprendizaje_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/experimento/aprendizaje"
)

// Un aprendizaje mínimo en español: una generación de una partida entre
// expertos, en una gorutina. La tabla queda en el archivo de Salida y el
// punto, borrado; el registro de la generación va a salida. (Sin salida
// esperada: armar la tabla de todas las hojas cuesta unos 2 s de CPU, que
// la suite corta no paga; TestEntrenarYSeguir lo prueba con una variante
// chica.)
func ExampleCorrer() {
	dir, _ := os.MkdirTemp("", "hojas")
	defer os.RemoveAll(dir)
	salida := filepath.Join(dir, "hojas-es.bin")
	err := aprendizaje.Correr(aprendizaje.Opciones{
		Idioma: "es", Partidas: []int{1}, Semilla: 1, Salida: salida, Gorutinas: 1, Bloque: 1,
	}, io.Discard, io.Discard)
	fmt.Println(err)
	info, err := os.Stat(salida)
	fmt.Println(err == nil && info.Size() > 0)
	_, err = os.Stat(salida + ".punto")
	fmt.Println(os.IsNotExist(err))
}
