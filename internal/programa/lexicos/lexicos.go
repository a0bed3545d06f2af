// Package lexicos ubica los léxicos de prueba del proyecto (es.txt.gz y
// sowpods.txt.gz), que viven fuera del módulo, en ../shared/lexicon respecto
// de la raíz del repositorio. Solo lo usan las pruebas, los benchmarks, el
// generador del léxico embebido y, como respaldo cuando se pide el inglés
// sin -sowpods, los programas de cifras: ningún programa depende de esos
// archivos con sus valores por omisión (TestProgramasDesdeUnDirectorioVacio,
// en app/, lo comprueba). Usa solo la biblioteca
// estándar (la variante inglesa de prueba es pruebas.Ingles), así que está
// debajo de todo el motor.
package lexicos

import (
	"os"
	"path/filepath"
)

// Variable de entorno que, si está definida, indica el directorio de los
// léxicos.
const Variable = "PALABRAS_LEXICOS"

// Espanol y Sowpods son los nombres de los léxicos de prueba.
const (
	Espanol = "es.txt.gz"
	Sowpods = "sowpods.txt.gz"
)

// Ruta devuelve la ruta del léxico nombre: en el directorio de [Variable] si
// está definida, o en shared/lexicon de algún directorio que contenga al
// directorio actual. Informa false si no lo encuentra.
func Ruta(nombre string) (string, bool) {
	if dir := os.Getenv(Variable); dir != "" {
		ruta := filepath.Join(dir, nombre)
		_, err := os.Stat(ruta)
		return ruta, err == nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		ruta := filepath.Join(dir, "shared", "lexicon", nombre)
		if _, err := os.Stat(ruta); err == nil {
			return ruta, true
		}
		padre := filepath.Dir(dir)
		if padre == dir {
			return "", false
		}
		dir = padre
	}
}

// Prueba es lo que [Leer] usa de una prueba o un benchmark: testing.TB y
// *rapid.T lo cumplen. Así este paquete no importa testing fuera de un
// archivo de prueba.
type Prueba interface {
	Helper()
	Skipf(formato string, args ...any)
	Fatalf(formato string, args ...any)
}

// Leer devuelve el contenido (comprimido) del léxico nombre, o saltea la
// prueba con un mensaje claro si no está, como ocurre en un clon del
// repositorio fuera del entorno de desarrollo. Si el archivo está pero no se
// puede leer, la prueba falla.
func Leer(tb Prueba, nombre string) []byte {
	tb.Helper()
	ruta, ok := Ruta(nombre)
	if !ok {
		tb.Skipf("no se encontró el léxico de prueba %s (se busca en shared/lexicon de algún directorio superior, o en $%s): esta prueba solo corre en el entorno de desarrollo",
			nombre, Variable)
	}
	b, err := os.ReadFile(ruta)
	if err != nil {
		tb.Fatalf("leyendo %s: %v", ruta, err)
	}
	return b
}
