package letra

import (
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// Multiconjunto es un multiconjunto de letras (multiconj(letra) en la
// especificación): la mano de un jugador, las letras de una ocurrencia, las
// que se reponen. Guarda cuántas veces está cada letra, de modo que consultar
// o cambiar la cantidad de una letra es O(1).
//
// Es un valor: se copia con la asignación y se compara con ==, y puede usarse
// como clave de un mapa. El valor cero es el multiconjunto vacío, listo para
// usar. Solo admite letras menores que [MaxLetras], que son las de cualquier
// [Alfabeto].
type Multiconjunto struct {
	cuenta [MaxLetras]uint32
	total  int
	hay    Conjunto // las letras con cuenta > 0
}

// NuevoMulticonjunto devuelve el multiconjunto con las letras dadas, cada una
// tantas veces como aparece. Entra en pánico si alguna no es menor que
// [MaxLetras].
func NuevoMulticonjunto(letras ...Letra) Multiconjunto {
	var m Multiconjunto
	for _, l := range letras {
		m.Agregar(l)
	}
	return m
}

// Agregar agrega una copia de l (Ag en la especificación). Entra en pánico si
// l no es menor que [MaxLetras]: ninguna letra de un alfabeto lo es.
func (m *Multiconjunto) Agregar(l Letra) { m.AgregarN(l, 1) }

// AgregarN agrega n copias de l. Entra en pánico si l no es menor que
// [MaxLetras] o si n es negativo.
func (m *Multiconjunto) AgregarN(l Letra, n int) {
	if int(l) >= MaxLetras || n < 0 {
		panic("letra: Multiconjunto.AgregarN(" + strconv.Itoa(int(l)) + ", " + strconv.Itoa(n) + "): fuera de rango")
	}
	m.cuenta[l] += uint32(n)
	m.total += n
	if n > 0 {
		m.hay |= 1 << l
	}
}

// Sacar quita una copia de l e informa si había alguna. Si no había, m no
// cambia.
func (m *Multiconjunto) Sacar(l Letra) bool {
	if int(l) >= MaxLetras || m.cuenta[l] == 0 {
		return false
	}
	m.cuenta[l]--
	m.total--
	if m.cuenta[l] == 0 {
		m.hay &^= 1 << l
	}
	return true
}

// Cantidad devuelve cuántas copias de l hay en m (#(l, m)).
func (m Multiconjunto) Cantidad(l Letra) int {
	if int(l) >= MaxLetras {
		return 0
	}
	return int(m.cuenta[l])
}

// Pertenece informa si l está en m (l ∈ m).
func (m Multiconjunto) Pertenece(l Letra) bool { return m.Cantidad(l) > 0 }

// Soporte devuelve el conjunto de las letras que están en m, sin contar
// repeticiones, en O(1): recorrerlo es recorrer las letras distintas de m
// sin mirar las que no están.
func (m Multiconjunto) Soporte() Conjunto { return m.hay }

// Tamano devuelve la cantidad de letras de m contando repeticiones (#m).
func (m Multiconjunto) Tamano() int { return m.total }

// Vacio informa si m no tiene letras.
func (m Multiconjunto) Vacio() bool { return m.total == 0 }

// Incluye informa si otro ⊆ m: si m tiene al menos tantas copias de cada letra
// como otro. Es lo que se pregunta al ver si una mano alcanza para una jugada.
func (m Multiconjunto) Incluye(otro Multiconjunto) bool {
	for l, c := range otro.cuenta {
		if c > m.cuenta[l] {
			return false
		}
	}
	return true
}

// Suma devuelve m ∪ otro como suma de multiconjuntos: cada letra está tantas
// veces como en m y en otro juntos.
func (m Multiconjunto) Suma(otro Multiconjunto) Multiconjunto {
	for l, c := range otro.cuenta {
		m.cuenta[l] += c
	}
	m.total += otro.total
	m.hay |= otro.hay
	return m
}

// Diferencia devuelve m − otro: cada letra está tantas veces como en m menos
// las de otro, o ninguna si otro tiene más.
func (m Multiconjunto) Diferencia(otro Multiconjunto) Multiconjunto {
	for l, c := range otro.cuenta {
		quita := min(c, m.cuenta[l])
		m.cuenta[l] -= quita
		m.total -= int(quita)
		if m.cuenta[l] == 0 {
			m.hay &^= 1 << l
		}
	}
	return m
}

// Todas recorre las letras de m en orden creciente, cada una tantas veces
// como está.
func (m Multiconjunto) Todas() iter.Seq[Letra] {
	return func(yield func(Letra) bool) {
		for h := m.hay; h != 0; h &= h - 1 {
			l := bits.TrailingZeros64(uint64(h))
			for range m.cuenta[l] {
				if !yield(Letra(l)) {
					return
				}
			}
		}
	}
}

// Letras devuelve las letras de m en orden creciente, cada una tantas veces
// como está.
func (m Multiconjunto) Letras() []Letra {
	res := make([]Letra, 0, m.total)
	for l := range m.Todas() {
		res = append(res, l)
	}
	return res
}

// Formatear escribe m con los símbolos de a, en orden y entre llaves, por
// ejemplo "{A, A, CH, O}".
func (m Multiconjunto) Formatear(a *Alfabeto) string { return m.escribir(a.Simbolo) }

// String escribe m con los ordinales de sus letras, por ejemplo "{0, 0, 3}".
// Para verlo con símbolos, [Multiconjunto.Formatear].
func (m Multiconjunto) String() string {
	return m.escribir(func(l Letra) string { return strconv.Itoa(int(l)) })
}

func (m Multiconjunto) escribir(simbolo func(Letra) string) string {
	var b strings.Builder
	b.WriteByte('{')
	for l := range m.Todas() {
		if b.Len() > 1 {
			b.WriteString(", ")
		}
		b.WriteString(simbolo(l))
	}
	b.WriteByte('}')
	return b.String()
}
