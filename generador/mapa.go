package generador

import (
	"math/bits"
	"sync"

	"github.com/juegodepalabras/palabras/internal/motor/arcos"
	"github.com/juegodepalabras/palabras/letra"
)

// mapaPalabras es el conjunto de los multiconjuntos de letras de las
// palabras de un léxico: dice si un multiconjunto es el de alguna palabra
// (si tiene algún anagrama). La búsqueda por equidad lo usa para acotar:
// si ningún subconjunto de t fichas de la mano, junto con las letras del
// tablero que cruza un tramo, forma una palabra, ninguna jugada de t
// fichas cabe en el tramo.
//
// Cada multiconjunto M se resume en h(M) = Σₓ nₓ·z[x] (mod 2⁶⁴), con z[x]
// fijos al azar: h(A ∪ B) = h(A) + h(B), así que los resúmenes de los
// subconjuntos de la mano y de las letras de un tramo se suman. La tabla
// guarda, por dispersión abierta, 32 bits de cada resumen. Dos
// multiconjuntos pueden confundirse, pero solo en un sentido: el mapa
// puede decir que un multiconjunto tiene anagramas sin tenerlos (lo que
// afloja una cota, nunca la rompe), nunca lo contrario.
//
// Ocupa 4 bytes por casilla, con al menos el doble de casillas que
// palabras (potencia de 2): unos 2 MB con SOWPODS y 4 MB con el léxico
// español. Se construye la primera vez que se busca por equidad (un
// recorrido del DAWG) y lo comparten los generadores del mismo GADDAG.
type mapaPalabras struct {
	tabla []uint32
	desp  uint // 64 − log₂(casillas)
}

// zMapa son los sumandos de h: uno por letra, impar y fijo.
var zMapa = func() (z [letra.MaxLetras]uint64) {
	for l := range z {
		z[l] = mezclar64(uint64(l)+0x9e3779b97f4a7c15) | 1
	}
	return z
}()

// mezclar64 es el final de splitmix64: una mezcla biyectiva de 64 bits.
func mezclar64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// casilla devuelve la casilla inicial y la huella (nunca 0) del resumen h.
func (m *mapaPalabras) casilla(h uint64) (uint64, uint32) {
	x := mezclar64(h)
	return x >> m.desp, uint32(x) | 1
}

// tiene informa si el multiconjunto de resumen h es (quizá) el de una
// palabra.
func (m *mapaPalabras) tiene(h uint64) bool {
	i, f := m.casilla(h)
	mascara := uint64(len(m.tabla) - 1)
	for {
		switch m.tabla[i] {
		case f:
			return true
		case 0:
			return false
		}
		i = (i + 1) & mascara
	}
}

// tieneCon informa si el multiconjunto de resumen h con c comodines (que
// valen cualquier letra de letras) es quizá el de una palabra: c ≤ 2.
func (m *mapaPalabras) tieneCon(h uint64, c int, letras uint64) bool {
	switch c {
	case 0:
		return m.tiene(h)
	case 1:
		for s := letras; s != 0; s &= s - 1 {
			if m.tiene(h + zMapa[bits.TrailingZeros64(s)]) {
				return true
			}
		}
		return false
	}
	for s := letras; s != 0; s &= s - 1 {
		x := bits.TrailingZeros64(s)
		for r := s; r != 0; r &= r - 1 { // y ≥ x
			if m.tiene(h + zMapa[x] + zMapa[bits.TrailingZeros64(r)]) {
				return true
			}
		}
	}
	return false
}

// poner agrega el resumen h.
func (m *mapaPalabras) poner(h uint64) {
	i, f := m.casilla(h)
	mascara := uint64(len(m.tabla) - 1)
	for m.tabla[i] != 0 {
		if m.tabla[i] == f {
			return
		}
		i = (i + 1) & mascara
	}
	m.tabla[i] = f
}

// mapas guarda el mapa de cada GADDAG (su vista de arcos), hecho una vez.
var mapas sync.Map // *mapaUnaVez por el primer estado de la vista

type mapaUnaVez struct {
	una  sync.Once
	mapa *mapaPalabras
}

// mapaDe devuelve el mapa de las palabras del GADDAG a (de raíz raiz), con
// palabras cantidad de palabras: lo construye la primera vez.
func mapaDe(a arcos.Arcos, raiz uint32, palabras int, clave any) *mapaPalabras {
	v, _ := mapas.LoadOrStore(clave, &mapaUnaVez{})
	u := v.(*mapaUnaVez)
	u.una.Do(func() { u.mapa = nuevoMapa(a, raiz, palabras) })
	return u.mapa
}

// nuevoMapa recorre las palabras del DAWG que el GADDAG lleva tras el giro
// (desde la raíz: primera letra, giro, el resto) y guarda el resumen de
// cada una.
func nuevoMapa(a arcos.Arcos, raiz uint32, palabras int) *mapaPalabras {
	n := 1 << bits.Len(uint(2*max(palabras, 1)))
	m := &mapaPalabras{tabla: make([]uint32, n), desp: uint(64 - bits.TrailingZeros(uint(n)))}
	var recorrer func(nodo uint32, h uint64)
	recorrer = func(nodo uint32, h uint64) {
		s := a.Salidas(nodo)
		for i := range uint32(bits.OnesCount64(s)) {
			e := a.En(nodo + 1 + i)
			x := uint32(e) & arcos.MascaraLetra
			hh := h + zMapa[x]
			if uint32(e)&arcos.BitAcepta != 0 {
				m.poner(hh)
			}
			if hijo := uint32(e) >> arcos.DesplHijo; hijo != 0 {
				recorrer(hijo, hh)
			}
		}
	}
	s := a.Salidas(raiz)
	primero := raiz + 1 + uint32(s>>63)
	for i := range uint32(bits.OnesCount64(s &^ (1 << 63))) {
		e := a.En(primero + i)
		x := uint32(e) & arcos.MascaraLetra
		h := zMapa[x]
		if uint32(e)&arcos.BitAcepta != 0 {
			m.poner(h) // palabra de una letra
		}
		t := uint32(e) >> arcos.DesplHijo
		if t == 0 || a.Salidas(t)>>63 == 0 {
			continue
		}
		if u := uint32(a.En(t+1)) >> arcos.DesplHijo; u != 0 {
			recorrer(u, h)
		}
	}
	return m
}
