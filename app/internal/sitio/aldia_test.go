package sitio

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// TestEntrarAlDia: quien entra a una partida que su proceso ya tenía en
// memoria ve todo lo guardado, aunque nadie lo haya anunciado (el proceso
// que lo guardó murió antes de publicarlo). La sala B tiene la partida en
// memoria; un pase se guarda en el almacén compartido sin pasar por NATS;
// la foto de un jugador que entra enseguida por B ya lo trae (sin la
// puesta al día al entrar, la traía la vigilancia de fondo recién después
// de un segundo quieta, y la foto salía con un movimiento menos).
func TestEntrarAlDia(t *testing.T) {
	sA, baseA, sB, baseB := dosSalas(t)
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()
	id, cs := partidaEntreSalas(t, baseA, baseB, relojJSON{})

	_, err := sB.cargar(ctx, id) // B la tiene en memoria, al día
	require.NoError(t, err)
	m, err := almacen.Reanudar(ctx, sA.almacen, sA.cat, id)
	require.NoError(t, err)
	require.Equal(t, 0, m.Movimientos())
	require.NoError(t, m.Pasar(ctx)) // guardado, no anunciado

	ws, foto := entrarWS(t, ctx, baseB, cs[m.Turno()], id)
	defer ws.CloseNow()
	require.NotNil(t, foto.Estado)
	require.Equal(t, 1, foto.Estado.Movimientos, "la foto al entrar trae el pase guardado por otro proceso")
}
