package trie

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
)

// Estado son las transiciones de un estado de un [DAWG], leídas una sola
// vez: para recorrer las salidas de un estado sin volver a
// buscarlo en cada letra, como hace la generación de jugadas. Es una vista
// de solo lectura de la memoria del autómata; el valor cero no tiene
// salidas.
type Estado struct {
	mascara uint64
	hijos   []uint32
}

func estado(datos []uint32, n Nodo) Estado {
	o := uint32(n) >> 1
	if uint64(o)+1 >= uint64(len(datos)) {
		return Estado{}
	}
	m := mascaraEn(datos, o)
	return Estado{mascara: m, hijos: datos[o+2 : o+2+uint32(bits.OnesCount64(m))]}
}

// Estado devuelve las transiciones de n.
func (d *DAWG) Estado(n Nodo) Estado { return estado(d.datos, n) }

// Salidas devuelve las letras con que se sale del estado, sin el
// [Separador].
func (e Estado) Salidas() letra.Conjunto { return letra.Conjunto(e.mascara &^ (1 << Separador)) }

// Hijo devuelve el estado al que se llega con la letra l, o false si no hay
// transición. Es O(1).
func (e Estado) Hijo(l letra.Letra) (Nodo, bool) {
	bit := uint64(1) << l
	if e.mascara&bit == 0 {
		return 0, false
	}
	return Nodo(e.hijos[bits.OnesCount64(e.mascara&(bit-1))]), true
}
