package generador

import (
	"math/bits"
	"sync"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
)

// mapaPalabras es el conjunto de los multiconjuntos de letras de las
// palabras de un léxico: dice si un multiconjunto es el de alguna palabra
// (si tiene algún anagrama), también con uno o dos comodines. La búsqueda
// por equidad lo usa para acotar: si ningún subconjunto de t fichas de la
// mano, junto con las letras del tablero que cruza un tramo, forma una
// palabra, ninguna jugada de t fichas cabe en el tramo.
//
// Cada multiconjunto M se resume en h(M) = Σₓ nₓ·z[x] (mod 2⁶⁴), con z[x]
// fijos al azar: h(A ∪ B) = h(A) + h(B), así que los resúmenes de los
// subconjuntos de la mano y de las letras de un tramo se suman. Hay dos
// filtros de Bloom de bloques de 64 bits (tres bits por clave en un mismo
// bloque: una lectura de memoria por consulta): el de los resúmenes de las
// palabras y el de las palabras menos una letra (un comodín: M con un
// comodín forma una palabra si M está en el segundo). Un filtro puede
// decir que sí de más (lo que afloja una cota, nunca la rompe), nunca que
// no de más.
//
// Ocupa 1,5 bytes por palabra en el primero y 8 en el segundo: unos 2,4 MB
// con SOWPODS y 5,8 MB con el léxico español (BenchmarkMapaPalabras). Se construye la primera vez
// que se busca por equidad (un recorrido del DAWG) y lo comparten los
// generadores del mismo GADDAG.
type mapaPalabras struct {
	palabras, menosUna filtro
}

// filtro es un filtro de Bloom de bloques de 64 bits.
type filtro []uint64

func nuevoFiltro(claves, bitsPorClave int) filtro {
	return make(filtro, max(1, (claves*bitsPorClave+63)/64))
}

// bitsBloom devuelve el bloque y los bits de la clave mezclada x.
func (f filtro) bitsBloom(x uint64) (int, uint64) {
	i := int((x >> 32) * uint64(len(f)) >> 32)
	return i, 1<<(x&63) | 1<<(x>>6&63) | 1<<(x>>12&63)
}

func (f filtro) poner(h uint64) {
	i, b := f.bitsBloom(mezclar64(h))
	f[i] |= b
}

func (f filtro) tiene(h uint64) bool {
	i, b := f.bitsBloom(mezclar64(h))
	return f[i]&b == b
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

// tieneCon informa si el multiconjunto de resumen h con c comodines (que
// valen cualquier letra de letras) es quizá el de una palabra. Con más de
// dos comodines dice que sí.
func (m *mapaPalabras) tieneCon(h uint64, c int, letras uint64) bool {
	switch c {
	case 0:
		return m.palabras.tiene(h)
	case 1:
		return m.menosUna.tiene(h)
	case 2:
		for s := letras; s != 0; s &= s - 1 {
			if m.menosUna.tiene(h + zMapa[bits.TrailingZeros64(s)]) {
				return true
			}
		}
		return false
	}
	return true
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
// cada una y los de cada una menos una de sus letras.
func nuevoMapa(a arcos.Arcos, raiz uint32, palabras int) *mapaPalabras {
	m := &mapaPalabras{palabras: nuevoFiltro(palabras, 12), menosUna: nuevoFiltro(palabras, 64)}
	var cuenta [letra.MaxLetras]int8
	var hay uint64 // letras con cuenta > 0
	guardar := func(h uint64) {
		m.palabras.poner(h)
		for s := hay; s != 0; s &= s - 1 {
			m.menosUna.poner(h - zMapa[bits.TrailingZeros64(s)])
		}
	}
	var recorrer func(nodo uint32, h uint64)
	recorrer = func(nodo uint32, h uint64) {
		s := a.Salidas(nodo)
		for i := range uint32(bits.OnesCount64(s)) {
			e := a.En(nodo + 1 + i)
			x := uint32(e) & arcos.MascaraLetra
			cuenta[x]++
			hay |= 1 << x
			hh := h + zMapa[x]
			if uint32(e)&arcos.BitAcepta != 0 {
				guardar(hh)
			}
			if hijo := uint32(e) >> arcos.DesplHijo; hijo != 0 {
				recorrer(hijo, hh)
			}
			if cuenta[x]--; cuenta[x] == 0 {
				hay &^= 1 << x
			}
		}
	}
	s := a.Salidas(raiz)
	primero := raiz + 1 + uint32(s>>63)
	for i := range uint32(bits.OnesCount64(s &^ (1 << 63))) {
		e := a.En(primero + i)
		x := uint32(e) & arcos.MascaraLetra
		cuenta[x], hay = 1, 1<<x
		h := zMapa[x]
		if uint32(e)&arcos.BitAcepta != 0 {
			guardar(h) // palabra de una letra
		}
		t := uint32(e) >> arcos.DesplHijo
		if t == 0 || a.Salidas(t)>>63 == 0 {
			continue
		}
		if u := uint32(a.En(t+1)) >> arcos.DesplHijo; u != 0 {
			recorrer(u, h)
		}
		cuenta[x], hay = 0, 0
	}
	return m
}
