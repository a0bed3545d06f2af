package tad

import (
	"slices"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Ocurrencia: un conjunto de tuplas ⟨fila, columna, letra⟩. Aquí un
// slice de ocurrencia.Ficha sin repetidos (la tupla de la implementación es
// un struct comparable; el modelo solo usa sus campos).

// Tupla es ⟨π₁, π₂, π₃⟩ = ⟨fila, columna, letra⟩.
type Tupla = ocurrencia.Ficha

// Ocurrencia es conj(tupla(nat, nat, letra)).
type Ocurrencia = []Tupla

// Conjunto devuelve las tuplas de o sin repetidos, en el orden dado.
func Conjunto(tuplas ...Tupla) Ocurrencia {
	var c Ocurrencia
	for _, t := range tuplas {
		if !slices.Contains(c, t) {
			c = append(c, t)
		}
	}
	return c
}

// OcurrenciaFormaPalabra: ocurrenciaFormaPalabra?(o) ≡
// algunaSecuenciaFormaPalabra?(permutaciones(o)).
func OcurrenciaFormaPalabra(o Ocurrencia) bool {
	return AlgunaSecuenciaFormaPalabra(Permutaciones(o))
}

// AlgunaSecuenciaFormaPalabra: ¬vacío?(c) ∧L (secuenciaFormaPalabra?(dameUno(c))
// ∨ algunaSecuenciaFormaPalabra?(sinUno(c))).
func AlgunaSecuenciaFormaPalabra(c [][]Tupla) bool {
	return len(c) > 0 && (SecuenciaFormaPalabra(c[0]) || AlgunaSecuenciaFormaPalabra(c[1:]))
}

// SecuenciaFormaPalabra: secuenciaFormaPalabraHorizontal?(s) ∨
// secuenciaFormaPalabraVertical?(s).
func SecuenciaFormaPalabra(s []Tupla) bool {
	return SecuenciaFormaPalabraHorizontal(s) || SecuenciaFormaPalabraVertical(s)
}

// SecuenciaFormaPalabraHorizontal: long(s) ≤ 1 ∨L (π₁(prim(s)) =
// π₁(prim(fin(s))) ∧ π₂(prim(s)) + 1 = π₂(prim(fin(s))) ∧
// secuenciaFormaPalabraHorizontal?(fin(s))).
func SecuenciaFormaPalabraHorizontal(s []Tupla) bool {
	return len(s) <= 1 ||
		(s[0].Fila == s[1].Fila && s[0].Columna+1 == s[1].Columna && SecuenciaFormaPalabraHorizontal(s[1:]))
}

// SecuenciaFormaPalabraVertical: long(s) ≤ 1 ∨L (π₁(prim(s)) + 1 =
// π₁(prim(fin(s))) ∧ π₂(prim(s)) = π₂(prim(fin(s))) ∧
// secuenciaFormaPalabraVertical?(fin(s))).
func SecuenciaFormaPalabraVertical(s []Tupla) bool {
	return len(s) <= 1 ||
		(s[0].Fila+1 == s[1].Fila && s[0].Columna == s[1].Columna && SecuenciaFormaPalabraVertical(s[1:]))
}

// PalabraQueFormaLaOcurrencia: palabraQueFormaAlgunaSecuencia(permutaciones(o)).
// Precondición: ocurrenciaFormaPalabra?(o).
func PalabraQueFormaLaOcurrencia(o Ocurrencia) []letra.Letra {
	return PalabraQueFormaAlgunaSecuencia(Permutaciones(o))
}

// PalabraQueFormaAlgunaSecuencia: if secuenciaFormaPalabra?(dameUno(c)) then
// palabraQueFormaLaSecuencia(dameUno(c)) else
// palabraQueFormaAlgunaSecuencia(sinUno(c)) fi.
func PalabraQueFormaAlgunaSecuencia(c [][]Tupla) []letra.Letra {
	if SecuenciaFormaPalabra(c[0]) {
		return PalabraQueFormaLaSecuencia(c[0])
	}
	return PalabraQueFormaAlgunaSecuencia(c[1:])
}

// PalabraQueFormaLaSecuencia: if vacía?(s) then ⟨⟩ else π₃(prim(s)) •
// palabraQueFormaLaSecuencia(fin(s)) fi.
func PalabraQueFormaLaSecuencia(s []Tupla) []letra.Letra {
	if len(s) == 0 {
		return []letra.Letra{}
	}
	return append([]letra.Letra{s[0].Letra}, PalabraQueFormaLaSecuencia(s[1:])...)
}

// LetrasDeLaOcurrencia: if vacío?(o) then ∅ else Ag(π₃(dameUno(o)),
// letrasDeLaOcurrencia(sinUno(o))) fi.
func LetrasDeLaOcurrencia(o Ocurrencia) map[letra.Letra]int {
	if len(o) == 0 {
		return map[letra.Letra]int{}
	}
	m := LetrasDeLaOcurrencia(o[1:])
	m[o[0].Letra]++
	return m
}
