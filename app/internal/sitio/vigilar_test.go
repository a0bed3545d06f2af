package sitio

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// TestVigilarPartidas: la vigilancia de fondo pone al día una partida que
// otro proceso cambió sin anunciarlo (murió antes de publicarlo), y lee
// entera solo esa. La sala B tiene dos partidas en memoria; atrasadas (lo
// que la vigilancia pregunta al almacén en una sola lectura) no da
// ninguna mientras nadie guarda nada; un pase guardado por otro proceso
// sin pasar por NATS la hace dar esa partida, y la vigilancia la pone al
// día sola en unos segundos (quieta más de un segundo, revisada cada
// 3 s), sin tocar la otra. Una partida borrada también sale (leerla da
// el error, como antes).
func TestVigilarPartidas(t *testing.T) {
	sA, baseA, sB, baseB := dosSalas(t)
	ctx, cancelar := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancelar()
	id1, _ := partidaEntreSalas(t, baseA, baseB, relojJSON{})
	id2, _ := partidaEntreSalas(t, baseA, baseB, relojJSON{})
	p1, err := sB.cargar(ctx, id1)
	require.NoError(t, err)
	p2, err := sB.cargar(ctx, id2)
	require.NoError(t, err)
	ps := []*partida{p1, p2}

	atrasadas := func() []int64 {
		t.Helper()
		at, err := sB.atrasadas(ctx, ps)
		require.NoError(t, err)
		ids := []int64{}
		for _, p := range at {
			ids = append(ids, p.id)
		}
		return ids
	}
	require.Empty(t, atrasadas(), "nadie guardó nada: ninguna se lee entera")

	m, err := almacen.Reanudar(ctx, sA.almacen, sA.cat, id1)
	require.NoError(t, err)
	require.NoError(t, m.Pasar(ctx)) // guardado, no anunciado
	require.Equal(t, []int64{id1}, atrasadas())

	require.Eventually(t, func() bool { return p1.mesa.Movimientos() == 1 }, 15*time.Second, 20*time.Millisecond,
		"la vigilancia de fondo no trajo el pase guardado por otro proceso")
	p1.mu.Lock()
	planilla := len(p1.planilla)
	p1.mu.Unlock()
	require.Equal(t, 1, planilla, "el pase llegó también a la planilla")
	require.Equal(t, 0, p2.mesa.Movimientos())
	require.Empty(t, atrasadas(), "al día otra vez")

	require.NoError(t, sA.almacen.BorrarPartida(ctx, id2))
	require.Equal(t, []int64{id2}, atrasadas())
}
