package trie

import (
	"math/bits"
	"slices"
)

// Cotas de [NuevoGADDAG]: la cantidad de prefijos no vacíos distintos de
// las palabras del léxico (las claves de la parte invertida) y la suma de
// sus largos (las letras de esas claves). Construir el GADDAG cuesta
// O(P·log P) en tiempo y unos 12 bytes por prefijo más uno por letra en
// memoria (con las dos cotas, menos de 500 MB); el léxico español tiene
// 1.089.746 prefijos y 10.224.436 letras.
const (
	MaxPrefijosGADDAG = 1 << 24
	MaxLetrasGADDAG   = 1 << 28
)

// medirPrefijos devuelve la cantidad de prefijos no vacíos distintos de las
// palabras de d y la suma de sus largos, contando caminos desde la raíz
// (los estados están en postorden: recorridos de atrás hacia adelante, cada
// origen va antes que sus destinos). Satura en tope+1: informa false si
// alguno de los dos pasa de su tope. Cuesta O(estados + aristas·log
// estados) y no depende de cuántas palabras haya.
func medirPrefijos(d *DAWG, topePrefijos, topeLetras uint64) (prefijos, letras uint64, ok bool) {
	var offs []uint32
	for o := uint32(0); int(o) < len(d.datos); o += 2 + uint32(bits.OnesCount64(mascaraEn(d.datos, o))) {
		offs = append(offs, o)
	}
	if len(offs) == 0 {
		return 0, 0, true
	}
	caminos := make([]uint64, len(offs))
	largos := make([]uint64, len(offs)) // suma de los largos de los caminos
	raiz, _ := slices.BinarySearch(offs, uint32(d.raiz)>>1)
	if raiz == len(offs) {
		return 0, 0, true
	}
	satura := func(x, tope uint64) uint64 { return min(x, tope+1) }
	caminos[raiz] = 1
	for i := raiz; i >= 0; i-- {
		c, l := caminos[i], largos[i]
		if c == 0 {
			continue
		}
		o := offs[i]
		k := uint32(bits.OnesCount64(mascaraEn(d.datos, o)))
		for _, h := range d.datos[o+2 : o+2+k] {
			j, _ := slices.BinarySearch(offs, h>>1)
			caminos[j] = satura(caminos[j]+c, topePrefijos)
			largos[j] = satura(largos[j]+l+c, topeLetras)
			prefijos = satura(prefijos+c, topePrefijos)
			letras = satura(letras+l+c, topeLetras)
		}
	}
	return prefijos, letras, prefijos <= topePrefijos && letras <= topeLetras
}
