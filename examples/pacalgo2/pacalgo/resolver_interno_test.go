package pacalgo

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestResolverLimite: si la búsqueda pasa del límite de estados, el error
// lo dice.
func TestResolverLimite(t *testing.T) {
	m, err := ParsearMapa("I" + strings.Repeat(".", 30) + "L")
	require.NoError(t, err)
	s, err := resolver(m, 10)
	require.ErrorIs(t, err, ErrDemasiadoGrande)
	require.ErrorContains(t, err, "10 estados")
	require.Equal(t, 10, s.Estados)
	s, err = resolver(m, 31)
	require.NoError(t, err)
	require.Equal(t, 32, s.Puntaje)
}
