// Package arcos es la disposición en memoria de un trie.GADDAG, la que
// recorre la generación de jugadas: cada estado es la máscara de 64 bits de
// sus salidas seguida de sus arcos, y cada arco lleva su letra, si la
// cadena leída es aceptada, el índice de su destino y el resumen de las
// salidas del destino.
//
// Es un detalle del motor: el paquete trie arma la vista y la guarda en
// cada trie.GADDAG; generador la obtiene con trie.GADDAG.Arcos, cuyo
// resultado es de este paquete interno. No importa nada del módulo (ni
// letra: la letra de un arco es su número), así está debajo de letra y de
// trie, que lo importan.
package arcos

// Arco es una transición de un GADDAG, en una palabra de 32 bits: en los 6
// bits bajos la letra (o el separador del GADDAG); el bit 6 marca el último
// arco de su estado; el bit 7 es el de aceptación; los 24 bits altos son el
// índice del estado destino en la vista [Arcos] (0 si el destino no tiene
// salidas).
//
// El bit de aceptación dice si la cadena leída hasta el arco es aceptada:
// en el giro y en la copia del DAWG, si el destino es final. En la parte
// invertida, cuyos estados nunca son finales, dice si lo sería tras el
// giro: si la cadena leída, dada vuelta, es una palabra. Así la generación
// de jugadas sabe si una palabra termina sin entrar en el destino.
//
// Los bits son parte del contrato (la generación de jugadas los lee
// directamente, sin llamadas): [MascaraLetra], [BitUltimo], [BitAcepta] y
// [DesplHijo] los nombran. Es también el formato de cada arco de la
// codificación de trie.GADDAG.MarshalBinary.
type Arco uint32

// Campos de un [Arco].
const (
	MascaraLetra = 1<<6 - 1 // máscara de la letra
	BitUltimo    = 1 << 6   // último arco de su estado
	BitAcepta    = 1 << 7   // la cadena leída hasta el arco es aceptada
	DesplHijo    = 8        // desplazamiento del índice del destino
)

// Letra devuelve el número de la letra del arco (un letra.Letra; el
// separador del GADDAG en el giro).
func (a Arco) Letra() uint8 { return uint8(a & MascaraLetra) }

// Ultimo informa si a es la última salida de su estado.
func (a Arco) Ultimo() bool { return a&BitUltimo != 0 }

// Acepta informa si la cadena leída hasta a es aceptada (ver [Arco]): en
// la parte invertida, seguida del giro.
func (a Arco) Acepta() bool { return a&BitAcepta != 0 }

// Hijos devuelve el índice en la vista [Arcos] del estado destino de a, 0
// si el destino no tiene salidas.
func (a Arco) Hijos() uint32 { return uint32(a) >> DesplHijo }

// Arcos es una vista de solo lectura de los estados de un GADDAG. Es un
// arreglo de palabras de 64 bits. Un estado es un índice s: en s, la
// máscara de sus salidas (bit l: la letra l; bit 63: el giro); desde s+1,
// sus arcos, uno por salida, el giro primero y las letras en orden. Cada
// arco lleva en sus 32 bits bajos el [Arco] y en los 32 altos el [Resumen]
// de las salidas de su destino.
//
// Así seguir una letra es O(1) (el bit de la máscara y los bits menores que
// él ubican el arco), recorrer las letras de un conjunto es recorrer los
// bits de su intersección con la máscara, y saber si vale la pena entrar en
// el destino de un arco (si sale con alguna de las letras que la celda
// siguiente admite) no obliga a leer el destino. El estado 0 no tiene
// salidas. El valor cero no tiene estados.
type Arcos struct{ d []uint64 }

// Vista devuelve la vista de los estados d, que retiene y no deben cambiar
// (la arma el paquete trie).
func Vista(d []uint64) Arcos { return Arcos{d} }

// Salidas devuelve la máscara de las salidas del estado s (bit l: la letra
// l; bit 63: el giro). Entra en pánico si s no es un índice de la vista.
func (a Arcos) Salidas(s uint32) uint64 { return a.d[s] }

// En devuelve la palabra i de la vista: para la salida l del estado s con
// máscara m, i es s+1+(m>>63)+bits.OnesCount64(m&(1<<l−1)); para el giro,
// s+1. Sus 32 bits bajos son el [Arco] y los altos el [Resumen] de las
// salidas de su destino.
func (a Arcos) En(i uint32) uint64 { return a.d[i] }

// Cantidad devuelve la cantidad de palabras de la vista.
func (a Arcos) Cantidad() int { return len(a.d) }

// Resumen devuelve el resumen de 32 bits de un conjunto de salidas m (bit
// l: la letra l; bit 63: el giro): los bits 0 a 30 son las letras 0 a 30, y
// el bit 31 está si m tiene alguna letra mayor o el giro. Si los resúmenes
// de dos conjuntos no tienen bits en común, los conjuntos tampoco; con
// alfabetos de hasta 31 letras, el resumen de un conjunto de letras es el
// conjunto mismo.
func Resumen(m uint64) uint32 {
	r := uint32(m) &^ (1 << 31)
	if m>>31 != 0 {
		r |= 1 << 31
	}
	return r
}
