// Package azar mezcla con un generador PCG y un algoritmo propios, para que
// la misma semilla dé el mismo resultado en cualquier máquina y versión de
// Go (math/rand/v2 no promete que sus métodos sobre un generador den siempre
// la misma secuencia).
package azar

import (
	"math/bits"
	"math/rand/v2"
)

// Mezclar permuta s al azar (Fisher–Yates) con un PCG sembrado con (s1, s2).
func Mezclar[T any](s []T, s1, s2 uint64) {
	var g rand.PCG // un valor, no rand.NewPCG: así no se reserva memoria
	g.Seed(s1, s2)
	for i := len(s) - 1; i > 0; i-- {
		j := acotado(&g, uint64(i)+1)
		s[i], s[j] = s[j], s[i]
	}
}

// acotado devuelve un entero uniforme en [0, n), sin sesgo (método de Lemire).
func acotado(g *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(g.Uint64(), n)
	if lo < n {
		umbral := -n % n
		for lo < umbral {
			hi, lo = bits.Mul64(g.Uint64(), n)
		}
	}
	return hi
}
