package contrato

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// porPartida es cuántos movimientos agrega BenchAgregarMovimiento a cada
// partida antes de empezar otra (una partida real tiene unos 25).
const porPartida = 32

// BenchAgregarMovimiento mide AgregarMovimiento en un almacén de nueva:
// una colocación de cuatro fichas con la mano, en una partida en curso (una
// partida nueva cada porPartida movimientos, fuera de la medida). Cada
// llamada es una transacción confirmada.
func BenchAgregarMovimiento(b *testing.B, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(b, nueva)
	var mano letra.Multiconjunto
	for _, l := range []letra.Letra{0, 3, 5, 5, 9, 12, 20} {
		mano.Agregar(l)
	}
	m := almacen.Movimiento{Tipo: juego.SucesoColocacion, Puntos: 18, Mano: mano, ConMano: true,
		Jugada: ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: 0}, ocurrencia.Ficha{Fila: 7, Columna: 8, Letra: 3},
			ocurrencia.Ficha{Fila: 7, Columna: 9, Letra: 5}, ocurrencia.Ficha{Fila: 7, Columna: 10, Letra: 9, Comodin: true})}
	p := partidaDePases(b, a, "bench")
	k := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%porPartida == 0 && i > 0 {
			b.StopTimer()
			var err error
			p, err = a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Semilla: 1, Asientos: p.Asientos})
			require.NoError(b, err)
			b.StartTimer()
		}
		m.Jugador = i % 2
		if err := a.AgregarMovimiento(ctx, p.ID, i%porPartida, m, nil); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.StopTimer()
	leida, err := a.Partida(ctx, p.ID)
	require.NoError(b, err)
	require.Len(b, leida.Movimientos, (k-1)%porPartida+1)
}
