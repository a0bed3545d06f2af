package trie

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
)

// Arco es una transición de un [GADDAG], en una palabra de 32 bits: en los
// 6 bits bajos la letra (o [Separador]); el bit 6 marca el último arco de
// su estado; el bit 7 es el de aceptación; los 24 bits altos son el índice
// del estado destino en la vista [Arcos] (0 si el destino no tiene
// salidas).
//
// El bit de aceptación dice si la cadena leída hasta el arco es aceptada:
// en el giro y en la copia del DAWG, si el destino es final. En la parte
// invertida, cuyos estados nunca son finales, dice si lo sería tras el
// giro: si la cadena leída, dada vuelta, es una palabra. Así la generación
// de jugadas sabe si una palabra termina sin entrar en el destino.
//
// Los bits son parte del contrato (la generación de jugadas los lee
// directamente, sin llamadas): [ArcoLetra], [ArcoUltimo], [ArcoAcepta] y
// [ArcoDesplHijo] los nombran.
type Arco uint32

// Campos de un [Arco].
const (
	ArcoLetra     = 1<<6 - 1 // máscara de la letra
	ArcoUltimo    = 1 << 6   // último arco de su estado
	ArcoAcepta    = 1 << 7   // la cadena leída hasta el arco es aceptada
	ArcoDesplHijo = 8        // desplazamiento del índice del destino
)

const (
	arcoUltimo = ArcoUltimo
	arcoAcepta = ArcoAcepta
	desplHijo  = ArcoDesplHijo
	// centinela es el arco 0 de la codificación: el estado sin salidas.
	centinela = uint32(Separador) | arcoUltimo
	giro      = uint64(1) << Separador
)

// Letra devuelve la letra del arco ([Separador] en el giro).
func (a Arco) Letra() letra.Letra { return letra.Letra(a & ArcoLetra) }

// Ultimo informa si a es la última salida de su estado.
func (a Arco) Ultimo() bool { return a&ArcoUltimo != 0 }

// Acepta informa si la cadena leída hasta a es aceptada (ver [Arco]): en
// la parte invertida, seguida del giro.
func (a Arco) Acepta() bool { return a&ArcoAcepta != 0 }

// Hijos devuelve el índice en la vista [Arcos] del estado destino de a, 0
// si el destino no tiene salidas.
func (a Arco) Hijos() uint32 { return uint32(a) >> ArcoDesplHijo }

// Arcos es una vista de solo lectura de los estados de un [GADDAG]
// ([GADDAG.Arcos]), la que recorre la generación de jugadas. Un estado es
// un índice s: en s y s+1, la máscara de 64 bits de sus salidas (bit 63:
// el giro); desde s+2, sus arcos ([Arco]), uno por salida, el giro primero
// y las letras en orden. Así seguir una letra es O(1) (el bit de la
// máscara y los bits menores que él ubican el arco), recorrer las letras de
// un conjunto es recorrer los bits de su intersección con la máscara, y el
// destino de un arco no se lee hasta entrar en él. El estado 0 no tiene
// salidas. El valor cero no tiene estados.
type Arcos struct{ d []uint32 }

// Salidas devuelve la máscara de las salidas del estado s (bit l: la letra
// l; bit 63: el giro). Entra en pánico si s no es un estado de la vista.
func (a Arcos) Salidas(s uint32) uint64 { return uint64(a.d[s]) | uint64(a.d[s+1])<<32 }

// En devuelve la palabra i de la vista como arco: para la salida l del
// estado s con máscara m, i es s+2+(m>>63)+bits.OnesCount64(m&(1<<l−1)); para
// el giro, s+2.
func (a Arcos) En(i uint32) Arco { return Arco(a.d[i]) }

// Cantidad devuelve la cantidad de palabras de la vista.
func (a Arcos) Cantidad() int { return len(a.d) }

// hijoEn devuelve el arco de la letra l (o el giro) desde el estado s de
// d, o false si no hay o s no es un estado válido.
func hijoEn(d []uint32, s uint32, l letra.Letra) (Arco, bool) {
	if uint64(s)+1 >= uint64(len(d)) || l >= letra.MaxLetras {
		return 0, false
	}
	m := uint64(d[s]) | uint64(d[s+1])<<32
	bit := uint64(1) << l
	if m&bit == 0 {
		return 0, false
	}
	i := uint64(s) + 2
	if l != Separador {
		i += m>>63 + uint64(bits.OnesCount64(m&(bit-1)))
	}
	if i >= uint64(len(d)) {
		return 0, false
	}
	return Arco(d[i]), true
}

// expandir arma la vista de [Arcos] a partir de los arcos de la
// codificación, en datos (little endian; estados como listas de arcos
// contiguos, el arco 0 el centinela, y el destino de cada arco ya como
// índice de la vista): agrega delante de cada estado la máscara de sus
// salidas. Verifica lo que la vista necesita: cada destino es un estado,
// el giro va primero, las letras en orden creciente, y el último arco
// cierra su estado. Devuelve también un conjunto de bits con los índices
// de la vista que son estados (para verificar la raíz).
func expandir(datos []byte) (vista []uint32, estados []uint64, err error) {
	n := len(datos) / 4
	arco := func(i int) uint32 { return binary.LittleEndian.Uint32(datos[4*i:]) }
	if n == 0 || arco(0) != centinela || arco(n-1)&arcoUltimo == 0 {
		return nil, nil, fmt.Errorf("%w: el GADDAG no empieza con el centinela o no cierra su último estado", ErrFormato)
	}
	// Primera pasada: dónde empieza cada estado en la vista.
	estados = make([]uint64, (3*n+2+63)/64)
	estados[0] = 1
	s := 2
	for i, inicio := 1, true; i < n; i++ {
		if inicio {
			estados[s/64] |= 1 << (s % 64)
			s += 2
		}
		s++
		inicio = arco(i)&arcoUltimo != 0
	}
	total := s
	if total > MaxArcos {
		return nil, nil, fmt.Errorf("%w: %d palabras (el máximo es %d)", ErrDemasiadoGrande, total, MaxArcos)
	}
	// Segunda pasada: las máscaras y los arcos.
	vista = make([]uint32, total)
	s = 2
	for i := 1; i < n; {
		k := s + 2
		var m uint64
		previa := -1
		for {
			a := arco(i)
			l, h := int(a&ArcoLetra), a>>desplHijo
			if int(h) >= total || estados[h/64]>>(h%64)&1 == 0 {
				return nil, nil, fmt.Errorf("%w: el arco %d no lleva a un estado", ErrFormato, i)
			}
			if l == int(Separador) && m != 0 || l != int(Separador) && l <= previa {
				return nil, nil, fmt.Errorf("%w: el estado del arco %d no tiene el giro primero y las letras en orden", ErrFormato, i)
			}
			if l != int(Separador) {
				previa = l
			}
			m |= 1 << l
			vista[k] = a
			k++
			i++
			if a&arcoUltimo != 0 {
				break
			}
		}
		vista[s], vista[s+1] = uint32(m), uint32(m>>32)
		s = k
	}
	return vista, estados, nil
}
