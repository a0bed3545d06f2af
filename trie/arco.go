package trie

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"

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
// ([GADDAG.Arcos]), la que recorre la generación de jugadas. Es un arreglo
// de palabras de 64 bits. Un estado es un índice s: en s, la máscara de sus
// salidas (bit l: la letra l; bit 63: el giro); desde s+1, sus arcos, uno
// por salida, el giro primero y las letras en orden. Cada arco lleva en sus
// 32 bits bajos el [Arco] y en los 32 altos el [Resumen] de las salidas de
// su destino.
//
// Así seguir una letra es O(1) (el bit de la máscara y los bits menores que
// él ubican el arco), recorrer las letras de un conjunto es recorrer los
// bits de su intersección con la máscara, y saber si vale la pena entrar en
// el destino de un arco (si sale con alguna de las letras que la celda
// siguiente admite) no obliga a leer el destino. El estado 0 no tiene
// salidas. El valor cero no tiene estados.
type Arcos struct{ d []uint64 }

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

// hijoEn devuelve el arco de la letra l (o el giro) desde el estado s de
// d, o false si no hay o s no es un estado válido.
func hijoEn(d []uint64, s uint32, l letra.Letra) (Arco, bool) {
	if uint64(s) >= uint64(len(d)) || l >= letra.MaxLetras {
		return 0, false
	}
	m := d[s]
	bit := uint64(1) << l
	if m&bit == 0 {
		return 0, false
	}
	i := uint64(s) + 1
	if l != Separador {
		i += m>>63 + uint64(bits.OnesCount64(m&(bit-1)))
	}
	if i >= uint64(len(d)) {
		return 0, false
	}
	return Arco(d[i]), true
}

// paraPartir es la cantidad de arcos desde la que expandir llena la vista
// en dos mitades a la vez.
const paraPartir = 1 << 16

// rango es un conjunto de índices con sus cuentas parciales: antes(i) es
// cuántos hay menores que i, en O(1).
type rango struct {
	bits    []uint64
	previos []uint32 // previos[w]: cuántos hay en bits[:w]
}

func nuevoRango(n int) rango { return rango{bits: make([]uint64, (n+64)/64)} }

func (r *rango) poner(i uint32)      { r.bits[i/64] |= 1 << (i % 64) }
func (r *rango) tiene(i uint32) bool { return int(i/64) < len(r.bits) && r.bits[i/64]>>(i%64)&1 == 1 }

// contar prepara antes: se llama una vez, después de poner todos.
func (r *rango) contar() {
	r.previos = make([]uint32, len(r.bits))
	n := uint32(0)
	for w, b := range r.bits {
		r.previos[w] = n
		n += uint32(bits.OnesCount64(b))
	}
}

func (r *rango) antes(i uint32) uint32 {
	return r.previos[i/64] + uint32(bits.OnesCount64(r.bits[i/64]&(1<<(i%64)-1)))
}

// expandir arma la vista de [Arcos] a partir de los arcos de la
// codificación, en datos (little endian; estados como listas de arcos
// contiguos, el arco 0 el centinela). En la codificación el destino de cada
// arco, y raiz y limite, son índices de una vista de palabras de 32 bits
// con dos de máscara por estado (ver codificacion_gaddag.go); expandir los
// traduce a índices de la vista de 64 bits, agrega delante de cada estado
// la máscara de sus salidas y en cada arco el resumen de las de su
// destino. Verifica lo que la vista necesita: cada destino es un estado, la
// raíz también, el límite está en la vista, el giro va primero, las letras
// en orden creciente, y el último arco cierra su estado.
func expandir(datos []byte, raiz, limite uint32) (vista []uint64, nuevaRaiz, nuevoLimite uint32, err error) {
	n := len(datos) / 4
	arco := func(i int) uint32 { return binary.LittleEndian.Uint32(datos[4*i:]) }
	if n == 0 || arco(0) != centinela || arco(n-1)&arcoUltimo == 0 {
		return nil, 0, 0, fmt.Errorf("%w: el GADDAG no empieza con el centinela o no cierra su último estado", ErrFormato)
	}
	// Primera pasada: dónde empieza cada estado en la vista de la
	// codificación (dos palabras por máscara), y el resumen de las salidas
	// de cada estado, por su número de orden (el estado sin salidas es el
	// 0): 4 bytes por estado, para que la segunda pasada, que los lee en
	// desorden, los encuentre en la caché.
	viejos := nuevoRango(3*n + 2)
	viejos.poner(0)
	resumenes := make([]uint32, 1, n/2+1)
	s := 2
	var m uint64
	corte, sCorte := n, uint32(0) // el primer estado de la segunda mitad
	for i := 1; i < n; i++ {
		a := arco(i)
		if m == 0 {
			if i >= n/2 && corte == n && n >= paraPartir {
				corte, sCorte = i, uint32(s)
			}
			viejos.poner(uint32(s))
			s += 2
		}
		s++
		m |= 1 << (a & ArcoLetra)
		if a&arcoUltimo != 0 {
			resumenes = append(resumenes, Resumen(m))
			m = 0
		}
	}
	viejos.contar()
	totalViejo := uint32(s)
	if total := uint64(totalViejo) - uint64(viejos.antes(totalViejo)); total > MaxArcos {
		return nil, 0, 0, fmt.Errorf("%w: %d palabras (el máximo es %d)", ErrDemasiadoGrande, total, MaxArcos)
	}
	if raiz >= totalViejo || !viejos.tiene(raiz) || limite > totalViejo {
		return nil, 0, 0, fmt.Errorf("%w: la raíz no es un estado o el límite no está en la vista", ErrFormato)
	}
	nuevo := func(i uint32) uint32 { return i - viejos.antes(i) }
	// Segunda pasada: las máscaras y los arcos, cada uno con el resumen de
	// las salidas de su destino. Con muchos arcos, en dos mitades a la vez,
	// cortadas al comienzo de un estado: cada una escribe su parte de la
	// vista.
	vista = make([]uint64, nuevo(totalViejo))
	llenar := func(i, fin int, s uint32) error {
		for i < fin {
			k := s + 1
			var m uint64
			previa := -1
			for {
				a := arco(i)
				l, h := int(a&ArcoLetra), a>>desplHijo
				if h >= totalViejo || !viejos.tiene(h) {
					return fmt.Errorf("%w: el arco %d no lleva a un estado", ErrFormato, i)
				}
				if l == int(Separador) && m != 0 || l != int(Separador) && l <= previa {
					return fmt.Errorf("%w: el estado del arco %d no tiene el giro primero y las letras en orden", ErrFormato, i)
				}
				if l != int(Separador) {
					previa = l
				}
				m |= 1 << l
				antes := viejos.antes(h) // el número de orden del destino
				vista[k] = uint64(resumenes[antes])<<32 | uint64(a&(1<<desplHijo-1)|(h-antes)<<desplHijo)
				k++
				i++
				if a&arcoUltimo != 0 {
					break
				}
			}
			vista[s] = m
			s = k
		}
		return nil
	}
	var errMitad error
	var wg sync.WaitGroup
	if corte < n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errMitad = llenar(corte, n, nuevo(sCorte))
		}()
	}
	err = llenar(1, corte, 1)
	wg.Wait()
	if err = cmp.Or(err, errMitad); err != nil {
		return nil, 0, 0, err
	}
	return vista, nuevo(raiz), nuevo(limite), nil
}
