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
	"github.com/juegodepalabras/palabras/variante/internal/tablas"
)

// Tamaño del tablero, fichas por jugador y comodines de la variante.
const (
	Tamano    = 15
	Fichas    = 7
	Comodines = 2
)

var puntajes = map[string]int{
	"A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1,
	"J": 8, "K": 5, "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1,
	"S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
}

var distribucion = map[string]int{
	"A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9,
	"J": 1, "K": 1, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6,
	"S": 4, "T": 6, "U": 4, "V": 2, "W": 2, "X": 1, "Y": 2, "Z": 1,
}

// Puntajes devuelve el valor de cada letra, en el alfabeto letra.Ingles. El
// mapa es una copia.
func Puntajes() map[letra.Letra]int { return tablas.PorLetra(letra.Ingles(), puntajes) }

// Distribucion devuelve cuántas fichas de cada letra tiene la bolsa (98; con
// los comodines, 100). El mapa es una copia.
func Distribucion() map[letra.Letra]int { return tablas.PorLetra(letra.Ingles(), distribucion) }

// Variante devuelve la variante inglesa clásica con las palabras de lexico,
// que debe estar escrito en el alfabeto letra.Ingles. Devuelve el error de
// variante.Nueva si no lo está.
func Variante(lexico *trie.DAWG) (*variante.Variante, error) {
	op := variante.Clasicas()
	op.Distribucion, op.Comodines = Distribucion(), Comodines
	return variante.Nueva(letra.Ingles(), Tamano, Fichas, Puntajes(), lexico, op)
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
