package tad

import (
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Operaciones sobre colas. Una cola es un slice; su próximo es el
// primer elemento.

// ProximosN: próximosN(q, n) ≡ if n = 0 then ∅ else Ag(próximo(q),
// próximosN(desencolar(q), n − 1)) fi. Precondición n ≤ tamaño(q).
func ProximosN(q []letra.Letra, n int) map[letra.Letra]int {
	if n == 0 {
		return map[letra.Letra]int{}
	}
	m := ProximosN(q[1:], n-1)
	m[q[0]]++
	return m
}

// DesencolarN: desencolarN(q, n) ≡ if n = 0 then q else
// desencolarN(desencolar(q), n − 1) fi.
func DesencolarN(q []letra.Letra, n int) []letra.Letra {
	if n == 0 {
		return q
	}
	return DesencolarN(q[1:], n-1)
}

// Operaciones sobre conjuntos. Un conjunto es un slice sin
// repetidos; dameUno es el primero y sinUno el resto.

// Partes: partes(c) ≡ if vacío?(c) then {∅} else partes(sinUno(c)) ∪
// agregarATodos(dameUno(c), partes(sinUno(c))) fi. Las dos mitades son
// disjuntas (unas contienen a dameUno(c) y otras no), así que la unión es
// concatenar.
func Partes[T any](c []T) [][]T {
	if len(c) == 0 {
		return [][]T{{}}
	}
	resto := Partes(c[1:])
	return append(slices.Clone(resto), AgregarATodos(c[0], resto)...)
}

// AgregarATodos: agregarATodos(x, c) ≡ if vacío?(c) then ∅ else
// Ag(Ag(x, dameUno(c)), agregarATodos(x, sinUno(c))) fi.
func AgregarATodos[T any](x T, c [][]T) [][]T {
	if len(c) == 0 {
		return nil
	}
	return append([][]T{append([]T{x}, c[0]...)}, AgregarATodos(x, c[1:])...)
}

// Permutaciones: permutaciones(c) ≡ if vacío?(c) then {⟨⟩} else
// insertarEnTodas(dameUno(c), permutaciones(sinUno(c))) fi.
func Permutaciones[T any](c []T) [][]T {
	if len(c) == 0 {
		return [][]T{{}}
	}
	return InsertarEnTodas(c[0], Permutaciones(c[1:]))
}

// InsertarEnTodas: insertarEnTodas(x, c) ≡ if vacío?(c) then ∅ else
// insertar(⟨⟩, x, dameUno(c)) ∪ insertarEnTodas(x, sinUno(c)) fi.
//
// La recursión de cola, como un ciclo que sigue con sinUno(c): el mismo
// resultado en el mismo orden. Recursiva, cada nivel copiaba lo que
// devolvía el siguiente, y las 8! permutaciones de PONIENTE costaban ≈ 2 s.
func InsertarEnTodas[T any](x T, c [][]T) [][]T {
	var res [][]T
	for ; len(c) > 0; c = c[1:] { // hasta vacío?(c); dameUno(c) es c[0]
		res = append(res, Insertar(nil, x, c[0])...)
	}
	return res
}

// Insertar: insertar(prefijo, x, sufijo) ≡ {prefijo & (x • sufijo)} ∪ if
// vacía?(sufijo) then ∅ else insertar(prefijo ∘ prim(sufijo), x,
// fin(sufijo)) fi.
func Insertar[T any](prefijo []T, x T, sufijo []T) [][]T {
	s := append(append(slices.Clone(prefijo), x), sufijo...)
	res := [][]T{s}
	if len(sufijo) == 0 {
		return res
	}
	return append(res, Insertar(append(slices.Clone(prefijo), sufijo[0]), x, sufijo[1:])...)
}
