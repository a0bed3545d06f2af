package trie

import (
	"iter"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
)

// DAWG es el autómata finito determinista mínimo que acepta un conjunto de
// palabras (directed acyclic word graph): un trie en el que los sufijos
// iguales se comparten. Tiene la misma interfaz de consulta y navegación que
// [Trie] ([Lexico]) pero es de solo lectura, mucho más chico y más rápido.
//
// Se construye con un [Constructor] a partir de palabras ordenadas (el
// algoritmo incremental de Daciuk et al., 2000), con
// [NuevoDAWG] a partir de palabras en cualquier orden, o con
// [Trie.Minimizar]. Se guarda y se recupera con [DAWG.MarshalBinary] y
// [Decodificar], que acota lo que lee ([Opciones]).
//
// Representación: todos los estados viven en un único []uint32. Un estado
// ocupa dos palabras con la máscara de 64 bits de las letras con que se sale
// de él, seguidas de una palabra por transición, en orden de letra. Una
// transición guarda el desplazamiento del estado destino multiplicado por 2,
// más 1 si el destino es final; ese mismo valor es el [Nodo] del destino.
// Seguir la letra l desde un estado es O(1): se mira el bit l de la máscara y
// se cuentan los bits menores para ubicar la transición. Los estados están en
// postorden: cada uno después de todos sus sucesores.
//
// Un DAWG no cambia después de construido y puede consultarse desde varias
// gorutinas a la vez. El valor cero es el conjunto vacío.
type DAWG struct {
	datos    []uint32
	raiz     Nodo
	palabras int
	prefijos int
	estados  int
	maxLong  int
	letras   letra.Conjunto
}

// Contiene informa si p pertenece al conjunto, en O(len(p)).
func (d *DAWG) Contiene(p []letra.Letra) bool {
	n := d.raiz
	for _, l := range p {
		var ok bool
		if n, ok = hijo(d.datos, n, l); !ok {
			return false
		}
	}
	return n&1 == 1
}

// Tamano devuelve la cantidad de palabras del conjunto.
func (d *DAWG) Tamano() int { return d.palabras }

// Prefijos devuelve la cantidad de prefijos no vacíos distintos de las
// palabras: los nodos de su trie, sin la raíz. Es lo que cuesta recorrer
// todas las palabras, y lo que acota [NuevoGADDAG].
func (d *DAWG) Prefijos() int { return d.prefijos }

// Estados devuelve la cantidad de estados del autómata, contando el inicial
// y el estado final sin salidas (si hay palabras).
func (d *DAWG) Estados() int { return d.estados }

// Aristas devuelve la cantidad de transiciones (aristas rotuladas con una
// letra) del autómata.
func (d *DAWG) Aristas() int { return len(d.datos) - 2*d.estados }

// LongitudMaxima devuelve el largo de la palabra más larga del conjunto, o 0
// si está vacío.
func (d *DAWG) LongitudMaxima() int { return d.maxLong }

// Letras devuelve el conjunto de letras que aparecen en alguna palabra.
func (d *DAWG) Letras() letra.Conjunto { return d.letras }

// Palabras recorre las palabras en orden lexicográfico de letras. Cada
// palabra es un slice nuevo.
func (d *DAWG) Palabras() iter.Seq[[]letra.Letra] { return palabras(d) }

// Raiz devuelve el estado inicial, el de la palabra vacía.
func (d *DAWG) Raiz() Nodo { return d.raiz }

// Hijo devuelve el estado al que se llega desde n con la letra l, o false si
// ninguna palabra del conjunto sigue por ahí. Es O(1).
func (d *DAWG) Hijo(n Nodo, l letra.Letra) (Nodo, bool) { return hijo(d.datos, n, l) }

// EsFinal informa si la palabra que lleva a n pertenece al conjunto. Es O(1)
// y no lee el autómata: la finalidad viaja en el propio Nodo.
func (d *DAWG) EsFinal(n Nodo) bool { return n&1 == 1 }

// Salidas devuelve el conjunto de letras con que se sale de n.
func (d *DAWG) Salidas(n Nodo) letra.Conjunto {
	o := uint32(n) >> 1
	if uint64(o)+1 >= uint64(len(d.datos)) {
		return 0
	}
	return letra.Conjunto(mascaraEn(d.datos, o))
}

// Hijos recorre las letras con que se sale de n, en orden creciente, con el
// estado al que lleva cada una.
func (d *DAWG) Hijos(n Nodo) iter.Seq2[letra.Letra, Nodo] {
	return func(yield func(letra.Letra, Nodo) bool) {
		i := uint32(n)>>1 + 2
		for l := range d.Salidas(n).Todas() {
			if !yield(l, Nodo(d.datos[i])) {
				return
			}
			i++
		}
	}
}

// mascaraEn decodifica la máscara de 64 bits de las salidas del estado que
// empieza en el desplazamiento o de datos (arreglo con el formato del DAWG):
// la palabra baja en datos[o] y la alta en datos[o+1].
func mascaraEn(datos []uint32, o uint32) uint64 {
	return uint64(datos[o]) | uint64(datos[o+1])<<32
}

// hijo sigue la letra l desde n en un arreglo con el formato del DAWG: la
// única implementación de la transición, que usan [DAWG.Hijo],
// [DAWG.Contiene] y la construcción del [GADDAG]. Si l no es menor que 64
// el bit es 0 y no hay transición.
func hijo(datos []uint32, n Nodo, l letra.Letra) (Nodo, bool) {
	o := uint32(n) >> 1
	if uint64(o)+1 >= uint64(len(datos)) {
		return 0, false
	}
	mascara := mascaraEn(datos, o)
	bit := uint64(1) << l
	if mascara&bit == 0 {
		return 0, false
	}
	return Nodo(datos[o+2+uint32(bits.OnesCount64(mascara&(bit-1)))]), true
}
