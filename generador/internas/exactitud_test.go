package internas_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas/exactitud"
	"github.com/juegodepalabras/palabras/variante"
)

func nuevo(t *rapid.T, v *variante.Variante) generador.Generador {
	tb, err := tablas.NuevasInternas(v.Lexico(), 0, rapid.IntRange(0, 3).Draw(t, "umbral"))
	require.NoError(t, err)
	g, err := internas.Nuevo(v, tb)
	require.NoError(t, err)
	return g
}

// TestExactitudEspecificacion compara con el GADDAG en partidas al azar con
// las reglas de la especificación (go test -rapid.checks=3000 para la
// corrida larga).
func TestExactitudEspecificacion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { exactitud.Especificacion(t, nuevo) })
}

// TestExactitudClasica hace lo mismo con reglas clásicas al azar.
func TestExactitudClasica(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { exactitud.Clasica(t, nuevo) })
}
