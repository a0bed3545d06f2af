package bot_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestAprender: unas pocas partidas dan hojas (las mismas con cualquier
// cantidad de gorutinas), con el generador por omisión o con el que dan
// las opciones; un generador que no se puede crear es un error.
func TestAprender(t *testing.T) {
	v := espanol.Clasica()
	op := bot.OpcionesAprender{Partidas: 2, Semilla: 1, Gorutinas: 1}
	hs, err := bot.Aprender(v, op)
	require.NoError(t, err)
	require.Zero(t, hs.Valor(letra.Multiconjunto{}))
	creados := 0
	op.Gorutinas = 2
	op.Generador = func() (generador.Generador, error) {
		creados++
		return generador.Nuevo(v, generador.Opciones{})
	}
	otras, err := bot.Aprender(v, op)
	require.NoError(t, err)
	require.Equal(t, 2, creados, "un generador por gorutina")
	require.Equal(t, hs, otras)

	falla := errors.New("sin generador")
	op.Generador = func() (generador.Generador, error) { return nil, falla }
	_, err = bot.Aprender(v, op)
	require.ErrorIs(t, err, falla)
	op.Generador = func() (generador.Generador, error) { return nil, nil }
	_, err = bot.Aprender(v, op)
	require.ErrorIs(t, err, bot.ErrSinGenerador)
	_, err = bot.Aprender(v, bot.OpcionesAprender{})
	require.ErrorIs(t, err, bot.ErrAprender)
}
