package trie

import "github.com/juegodepalabras/palabras/letra"

// Arco es una transición de un [GADDAG], en una palabra de 32 bits: en los
// 6 bits bajos la letra (o [Separador]); el bit 6 marca el último arco de
// su estado; el bit 7 es el de aceptación; los 24 bits altos son el índice
// del primer arco del destino, 0 si el destino no tiene salidas.
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
	ArcoAcepta    = 1 << 7   // el destino es final
	ArcoDesplHijo = 8        // desplazamiento del índice del primer arco del destino
)

const (
	arcoUltimo = ArcoUltimo
	arcoAcepta = ArcoAcepta
	desplHijo  = ArcoDesplHijo
	// centinela es el arco 0: el estado sin salidas. Tiene la letra
	// Separador y destino 0, así que la búsqueda de cualquier letra del
	// alfabeto termina en él sin encontrarla.
	centinela = uint32(Separador) | arcoUltimo
)

// Letra devuelve la letra del arco ([Separador] en el giro).
func (a Arco) Letra() letra.Letra { return letra.Letra(a & ArcoLetra) }

// Ultimo informa si a es la última salida de su estado.
func (a Arco) Ultimo() bool { return a&ArcoUltimo != 0 }

// Acepta informa si la cadena leída hasta a es aceptada (ver [Arco]): en
// la parte invertida, seguida del giro.
func (a Arco) Acepta() bool { return a&ArcoAcepta != 0 }

// Hijos devuelve el índice del primer arco del destino de a, 0 si el
// destino no tiene salidas.
func (a Arco) Hijos() uint32 { return uint32(a) >> ArcoDesplHijo }

// Destino devuelve el estado al que lleva a, como [Nodo] del [GADDAG],
// final si a acepta. Para un arco de la parte invertida que no es el giro
// el Nodo correcto no es final: [GADDAG.Hijo] lo tiene en cuenta.
func (a Arco) Destino() Nodo { return Nodo(a.Hijos()<<1 | uint32(a>>7&1)) }

// Arcos es una vista de solo lectura de los arcos de un [GADDAG]
// ([GADDAG.Arcos]). El valor cero no tiene arcos.
type Arcos struct{ a []uint32 }

// En devuelve el arco i. Entra en pánico si i no es menor que
// [Arcos.Cantidad].
func (a Arcos) En(i uint32) Arco { return Arco(a.a[i]) }

// Cantidad devuelve la cantidad de arcos, el centinela incluido.
func (a Arcos) Cantidad() int { return len(a.a) }
