package trie

import (
	"fmt"
	"iter"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Nodo identifica un nodo de un [Trie] o un estado de un [DAWG]. Solo tiene
// sentido en la estructura que lo devolvió.
type Nodo uint32

// Lexico es lo que comparten [Trie] y [DAWG]: un conjunto de palabras
// (conj(secu(letra))) que se consulta y se recorre letra a letra. La
// generación de jugadas navega un Lexico desde [Lexico.Raiz] siguiendo
// [Lexico.Hijo].
type Lexico interface {
	// Contiene informa si p es una palabra del conjunto, en O(len(p)).
	Contiene(p []letra.Letra) bool
	// Tamano devuelve la cantidad de palabras.
	Tamano() int
	// Palabras recorre las palabras en orden lexicográfico de letras. Cada
	// palabra es un slice nuevo.
	Palabras() iter.Seq[[]letra.Letra]
	// Raiz devuelve el nodo de la palabra vacía.
	Raiz() Nodo
	// Hijo devuelve el nodo al que se llega desde n con la letra l, o false
	// si ninguna palabra sigue por ahí.
	Hijo(n Nodo, l letra.Letra) (Nodo, bool)
	// EsFinal informa si la palabra que lleva a n pertenece al conjunto.
	EsFinal(n Nodo) bool
	// Hijos recorre las letras con que se sale de n, en orden creciente,
	// con el nodo al que lleva cada una.
	Hijos(n Nodo) iter.Seq2[letra.Letra, Nodo]
}

var (
	_ Lexico = (*Trie)(nil)
	_ Lexico = (*DAWG)(nil)
)

// palabras recorre en profundidad las palabras de lx, en orden.
func palabras(lx Lexico) iter.Seq[[]letra.Letra] {
	return func(yield func([]letra.Letra) bool) {
		var prefijo []letra.Letra
		var visitar func(n Nodo) bool
		visitar = func(n Nodo) bool {
			if lx.EsFinal(n) && !yield(slices.Clone(prefijo)) {
				return false
			}
			for l, h := range lx.Hijos(n) {
				prefijo = append(prefijo, l)
				if !visitar(h) {
					return false
				}
				prefijo = prefijo[:len(prefijo)-1]
			}
			return true
		}
		visitar(lx.Raiz())
	}
}

// validar comprueba que todas las letras de p sean representables.
func validar(p []letra.Letra) error {
	for i, l := range p {
		if int(l) >= letra.MaxLetras {
			return fmt.Errorf("%w: la letra %d en la posición %d de una palabra", ErrLetraInvalida, l, i)
		}
	}
	return nil
}
