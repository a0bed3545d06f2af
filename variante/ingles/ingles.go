// Package ingles ofrece la variante inglesa del juego clásico: el tablero de
// 15×15 con sus premios, los valores y la bolsa de 100 fichas (2 comodines)
// del juego en inglés y las reglas de variante.Clasicas, con la
// lista de palabras que elija quien la usa (SOWPODS, TWL, CSW, …): el
// paquete no trae ninguna, porque las listas inglesas de torneo no son de
// uso libre. La bolsa no tiene fichas de las letras que ninguna palabra de
// la lista usa (variante.Opciones.Distribucion): con las listas de torneo, que
// usan las 26, tiene las 100. La lista se lee de un io.Reader (ver Example):
//
//	lista := strings.NewReader("cat\ncats\nqi\n") // o un archivo: os.Open("sowpods.txt")
//	v, err := ingles.Leer(lista, variante.OpcionesLexico{})
//	if err != nil {
//		panic(err)
//	}
package ingles

import (
	"fmt"
	"io"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Tamaño del tablero, fichas por jugador y comodines de la variante.
const (
	Tamano    = 15
	Fichas    = 7
	Comodines = 2
)

// descripcion es la descripción "ingles" del paquete variante.
func descripcion() *variante.Descripcion {
	d, ok := variante.PorNombre("ingles")
	if !ok {
		panic("ingles: falta la descripción") // se verifica en las pruebas
	}
	return d
}

// Puntajes devuelve el valor de cada letra, en el alfabeto letra.Ingles. Salen
// de la descripción "ingles" (variante.PorNombre). El mapa es una copia.
func Puntajes() map[letra.Letra]int { return descripcion().Puntajes() }

// Distribucion devuelve cuántas fichas de cada letra tiene la bolsa (98; con
// los comodines, 100). El mapa es una copia.
func Distribucion() map[letra.Letra]int { return descripcion().Opciones(letra.Ingles()).Distribucion }

// Variante devuelve la variante inglesa clásica con las palabras de lexico,
// que debe estar escrito en el alfabeto letra.Ingles. Devuelve el error de
// variante.Nueva si no lo está.
func Variante(lexico *trie.DAWG) (*variante.Variante, error) {
	return descripcion().Variante(lexico)
}

// Leer lee una lista de palabras, una por línea y sin comprimir o en gzip,
// con los límites de op (variante.LeerLexico), y devuelve la variante
// inglesa clásica con ellas.
func Leer(r io.Reader, op variante.OpcionesLexico) (*variante.Variante, error) {
	lexico, err := variante.LeerLexico(r, letra.Ingles(), op)
	if err != nil {
		return nil, fmt.Errorf("ingles: %w", err)
	}
	return Variante(lexico)
}
