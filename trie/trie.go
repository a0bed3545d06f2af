package trie

import (
	"iter"

	"github.com/juegodepalabras/palabras/letra"
)

// Trie es un árbol de prefijos mutable: el triePalabra del diseño, un
// conjunto de palabras al que se agregan palabras de a una, en cualquier
// orden.
//
// El diseño guarda en cada nodo un arreglo de |Σ| punteros; con un léxico
// real eso es demasiada memoria (docs/reglas.md, regla R11). Aquí
// cada nodo ocupa 12 bytes: su letra, si termina una palabra, su primer hijo
// y su siguiente hermano (índices en un único slice). Los hermanos están
// ordenados por letra, de modo que buscar un hijo es O(|Σ|) y
// [Trie.Contiene] es O(|Σ|·L) para una palabra de largo L.
//
// Para consultar un léxico que ya no cambia conviene minimizarlo
// ([Trie.Minimizar]): el [DAWG] resultante es mucho más chico y más rápido.
//
// El valor cero es el conjunto vacío, listo para usar. Un Trie no es seguro
// para usar desde varias gorutinas si alguna lo modifica.
type Trie struct {
	nodos    []nodoTrie // nodos[0] es la raíz, si ya existe
	palabras int
}

type nodoTrie struct {
	hijo    uint32 // primer hijo (el de menor letra); 0 si no tiene
	hermano uint32 // siguiente hermano (de mayor letra); 0 si no tiene
	letra   letra.Letra
	fin     bool
}

// La raíz es el nodo 0 y nunca es hijo ni hermano de otro, así que 0 sirve
// como "ninguno" en hijo y hermano.

// Definir agrega p al conjunto (DEFINIR en el diseño). Si p ya estaba no hace
// nada. Cuesta O(|Σ|·len(p)). Si alguna letra de p no es menor que
// letra.MaxLetras devuelve un error que envuelve a [ErrLetraInvalida] y no
// cambia el trie.
func (t *Trie) Definir(p []letra.Letra) error {
	if err := validar(p); err != nil {
		return err
	}
	if len(t.nodos) == 0 {
		t.nodos = append(t.nodos, nodoTrie{})
	}
	n := uint32(0)
	for _, l := range p {
		anterior, h := uint32(0), t.nodos[n].hijo
		for h != 0 && t.nodos[h].letra < l {
			anterior, h = h, t.nodos[h].hermano
		}
		if h == 0 || t.nodos[h].letra != l {
			nuevo := uint32(len(t.nodos))
			t.nodos = append(t.nodos, nodoTrie{letra: l, hermano: h})
			if anterior == 0 {
				t.nodos[n].hijo = nuevo
			} else {
				t.nodos[anterior].hermano = nuevo
			}
			h = nuevo
		}
		n = h
	}
	if !t.nodos[n].fin {
		t.nodos[n].fin = true
		t.palabras++
	}
	return nil
}

// Contiene informa si p pertenece al conjunto (DEFINIDA? en el diseño).
func (t *Trie) Contiene(p []letra.Letra) bool {
	n := t.Raiz()
	for _, l := range p {
		h, ok := t.Hijo(n, l)
		if !ok {
			return false
		}
		n = h
	}
	return t.EsFinal(n)
}

// Tamano devuelve la cantidad de palabras del conjunto.
func (t *Trie) Tamano() int { return t.palabras }

// Nodos devuelve la cantidad de nodos del trie, contando la raíz.
func (t *Trie) Nodos() int { return max(1, len(t.nodos)) }

// Palabras recorre las palabras en orden lexicográfico de letras. Cada
// palabra es un slice nuevo. El trie no debe modificarse durante el
// recorrido.
func (t *Trie) Palabras() iter.Seq[[]letra.Letra] { return palabras(t) }

// Raiz devuelve el nodo de la palabra vacía.
func (t *Trie) Raiz() Nodo { return 0 }

// Hijo devuelve el nodo al que se llega desde n con la letra l, o false si
// ninguna palabra del conjunto sigue por ahí.
func (t *Trie) Hijo(n Nodo, l letra.Letra) (Nodo, bool) {
	if int(n) >= len(t.nodos) {
		return 0, false
	}
	for h := t.nodos[n].hijo; h != 0; h = t.nodos[h].hermano {
		switch hl := t.nodos[h].letra; {
		case hl == l:
			return Nodo(h), true
		case hl > l:
			return 0, false
		}
	}
	return 0, false
}

// EsFinal informa si la palabra que lleva a n pertenece al conjunto.
func (t *Trie) EsFinal(n Nodo) bool { return int(n) < len(t.nodos) && t.nodos[n].fin }

// Hijos recorre las letras con que se sale de n, en orden creciente, con el
// nodo al que lleva cada una.
func (t *Trie) Hijos(n Nodo) iter.Seq2[letra.Letra, Nodo] {
	return func(yield func(letra.Letra, Nodo) bool) {
		if int(n) >= len(t.nodos) {
			return
		}
		for h := t.nodos[n].hijo; h != 0; h = t.nodos[h].hermano {
			if !yield(t.nodos[h].letra, Nodo(h)) {
				return
			}
		}
	}
}

// Minimizar devuelve el [DAWG] mínimo que acepta las mismas palabras que t.
// t no cambia. Cuesta O(cantidad de letras de todas las palabras).
func (t *Trie) Minimizar() *DAWG {
	var c Constructor
	for p := range t.Palabras() {
		// Las palabras salen ordenadas y con letras válidas: no hay error.
		if err := c.Agregar(p); err != nil {
			panic("trie: Minimizar: " + err.Error())
		}
	}
	return c.DAWG()
}
