package gcg_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// TestPartidaCompleta lee testdata/partida_clasica.gcg, una partida completa
// de dos bots con las reglas clásicas españolas escrita por la biblioteca
// (go run ./examples/partida -clasica -gcg …): la repite comprobando cada
// puntaje y cada acumulado, comprueba que terminó por la regla de fin de
// partida y que escribirla da el mismo archivo, byte a byte.
func TestPartidaCompleta(t *testing.T) {
	datos, err := os.ReadFile("testdata/partida_clasica.gcg")
	require.NoError(t, err)
	p, err := gcg.Leer(bytes.NewReader(datos), gcg.Opciones{Variante: espanol.Clasica()})
	require.NoError(t, err)
	fin, terminada := p.Juego.Terminada()
	require.True(t, terminada, "la partida está completa")
	require.NotZero(t, fin.Motivo)
	var b bytes.Buffer
	require.NoError(t, gcg.Escribir(&b, p))
	require.Equal(t, string(datos), b.String())
}
