package azar

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMezclar(t *testing.T) {
	s := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	a, b := slices.Clone(s), slices.Clone(s)
	Mezclar(a, 1, 2)
	Mezclar(b, 1, 2)
	require.Equal(t, a, b, "la misma semilla, la misma permutación")
	require.ElementsMatch(t, s, a)
	c := slices.Clone(s)
	Mezclar(c, 3, 2)
	require.NotEqual(t, a, c)
	// Uniformidad gruesa: cada valor cae en la posición 0 alguna vez.
	vistos := map[int]bool{}
	for semilla := range uint64(500) {
		d := slices.Clone(s)
		Mezclar(d, semilla, 0)
		vistos[d[0]] = true
	}
	require.Len(t, vistos, len(s))
}
