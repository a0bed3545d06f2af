package trie

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
)

// Los campos de un arco de la codificación y de la vista en memoria
// (internal/arcos, que documenta el formato).
const (
	arcoLetra  = arcos.MascaraLetra
	arcoUltimo = arcos.BitUltimo
	arcoAcepta = arcos.BitAcepta
	desplHijo  = arcos.DesplHijo
	// centinela es el arco 0 de la codificación: el estado sin salidas.
	centinela = uint32(Separador) | arcoUltimo
	giro      = uint64(1) << Separador
)

// Arcos devuelve la vista de los estados de g en memoria, la que recorre el
// paquete generador de este módulo al buscar jugadas (el índice del estado
// inicial es uint32(g.Raiz())>>1). Su tipo es interno del módulo: fuera de
// él no se puede nombrar, y la forma de navegar un GADDAG es la de sus
// nodos ([GADDAG.Hijo], [GADDAG.Salidas]).
func (g *GADDAG) Arcos() arcos.Arcos { return arcos.Vista(g.vista) }

// hijoEn devuelve el arco de la letra l (o el giro) desde el estado s de
// d, o false si no hay o s no es un estado válido.
func hijoEn(d []uint64, s uint32, l letra.Letra) (arcos.Arco, bool) {
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
	return arcos.Arco(d[i]), true
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

// expandir arma la vista de arcos.Arcos a partir de los arcos de la
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
		m |= 1 << (a & arcoLetra)
		if a&arcoUltimo != 0 {
			resumenes = append(resumenes, arcos.Resumen(m))
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
				l, h := int(a&arcoLetra), a>>desplHijo
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
