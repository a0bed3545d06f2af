package letra

import (
	"iter"
	"math/bits"
)

// Conjunto es un conjunto de letras representado como máscara de bits: la
// letra l está si el bit l está encendido. Es un valor comparable con ==; el
// valor cero es el conjunto vacío.
type Conjunto uint64

// ConjuntoDe devuelve el conjunto de las letras dadas. Las letras que no son
// menores que [MaxLetras] se ignoran.
func ConjuntoDe(letras ...Letra) Conjunto {
	var c Conjunto
	for _, l := range letras {
		c = c.Con(l)
	}
	return c
}

// Con devuelve c ∪ {l}. Si l no es menor que [MaxLetras] devuelve c.
func (c Conjunto) Con(l Letra) Conjunto {
	if int(l) >= MaxLetras {
		return c
	}
	return c | 1<<l
}

// Contiene informa si l ∈ c.
func (c Conjunto) Contiene(l Letra) bool { return int(l) < MaxLetras && c&(1<<l) != 0 }

// Tamano devuelve la cantidad de letras de c.
func (c Conjunto) Tamano() int { return bits.OnesCount64(uint64(c)) }

// Todas recorre las letras de c en orden creciente.
func (c Conjunto) Todas() iter.Seq[Letra] {
	return func(yield func(Letra) bool) {
		for m := uint64(c); m != 0; m &= m - 1 {
			if !yield(Letra(bits.TrailingZeros64(m))) {
				return
			}
		}
	}
}
