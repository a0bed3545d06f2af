package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// jugadaDePrueba es el movimiento número n de las pruebas de las idas y
// vueltas: colocaciones con la mano (todos los campos que se guardan) y
// algún pase.
func jugadaDePrueba(n int) almacen.Movimiento {
	if n%5 == 4 {
		return almacen.Movimiento{Tipo: juego.SucesoPase, Jugador: n % 2, Duracion: 1500}
	}
	var mano letra.Multiconjunto
	for _, l := range []letra.Letra{0, 3, 5, 5, 9, 12, 20} {
		mano.Agregar(l)
	}
	return almacen.Movimiento{Tipo: juego.SucesoColocacion, Jugador: n % 2, Puntos: 10 + n, Mano: mano, ConMano: true, Duracion: time.Duration(2000 + 7*n),
		Jugada: ocurrencia.Nueva(ocurrencia.Ficha{Fila: n % 15, Columna: 7, Letra: 0}, ocurrencia.Ficha{Fila: n % 15, Columna: 8, Letra: 3, Comodin: true})}
}

// Las idas y vueltas al servidor por jugada guardada: una sola sentencia
// (sin BEGIN, SELECT … FOR NO KEY UPDATE ni COMMIT aparte) si el almacén
// sabe cómo quedó la partida: la guardó él, o le contaron (Conocidos) lo
// que guardó otro proceso; dos (la fila, sin candado, y la sentencia) si
// no. Una jugada rechazada (conflicto) no cambia nada, y un Conocidos
// equivocado no cambia ningún resultado: la jugada siguiente usa la
// transacción.
func TestIdasYVueltas(t *testing.T) {
	ctx := context.Background()
	url := contrato.URLPostgres(t)
	a, ca, err := postgres.AbrirContando(ctx, url)
	require.NoError(t, err)
	defer a.Close()
	b, cb, err := postgres.AbrirContando(ctx, url)
	require.NoError(t, err)
	defer b.Close()
	x, _ := a.CrearJugador(ctx, "x", "es")
	y, _ := a.CrearJugador(ctx, "y", "es")
	_, err = a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "fise", Base: "es-clasica"})
	require.NoError(t, err)
	nueva := func() int64 {
		p, err := a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Semilla: 5, Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID}}})
		require.NoError(t, err)
		return p.ID
	}
	// Calienta las sentencias preparadas de las dos conexiones.
	p0 := nueva()
	for n := range 4 {
		al := a
		if n%2 == 1 {
			al = b
		}
		require.NoError(t, al.AgregarMovimiento(ctx, p0, n, jugadaDePrueba(n), nil))
	}
	_, err = b.Partida(ctx, p0)
	require.NoError(t, err)

	idas := func(c *postgres.Contador, f func()) int64 {
		antes := c.Idas()
		f()
		return c.Idas() - antes
	}
	const jugadas = 12

	// Un proceso que guarda todas las jugadas: una ida y vuelta cada una.
	p1 := nueva()
	total := idas(ca, func() {
		for n := range jugadas {
			require.NoError(t, a.AgregarMovimiento(ctx, p1, n, jugadaDePrueba(n), nil))
		}
	})
	require.EqualValues(t, jugadas, total, "un proceso: idas y vueltas por %d jugadas", jugadas)

	// Una rechazada (otro número) no cambia nada.
	require.ErrorIs(t, a.AgregarMovimiento(ctx, p1, jugadas-1, jugadaDePrueba(0), nil), almacen.ErrConflicto)
	require.ErrorIs(t, a.AgregarMovimiento(ctx, p1, jugadas+1, jugadaDePrueba(0), nil), almacen.ErrConflicto)
	leida, err := b.Partida(ctx, p1)
	require.NoError(t, err)
	require.Len(t, leida.Movimientos, jugadas)
	require.Equal(t, jugadaDePrueba(jugadas-1).Puntos, leida.Movimientos[jugadas-1].Puntos)

	// Dos procesos que se turnan, como los dos jugadores de una partida en
	// procesos web distintos: cada uno sabe la jugada del otro por su
	// anuncio (codificada como viaja entre procesos), una ida y vuelta.
	p2 := nueva()
	al := [2]*postgres.Almacen{a, b}
	cs := [2]*postgres.Contador{ca, cb}
	// Cada uno lee la partida al tomarla (Reanudar).
	_, err = b.Partida(ctx, p2)
	require.NoError(t, err)
	total = 0
	for n := range jugadas {
		q := n % 2
		total += idas(cs[q], func() { require.NoError(t, al[q].AgregarMovimiento(ctx, p2, n, jugadaDePrueba(n), nil)) })
		movs, err := almacen.DecodificarMovimientos(almacen.CodificarMovimientos([]almacen.Movimiento{jugadaDePrueba(n)}))
		require.NoError(t, err)
		al[1-q].Conocidos(p2, n, movs)
	}
	require.EqualValues(t, jugadas, total, "dos procesos con anuncios: idas y vueltas por %d jugadas", jugadas)

	// Sin anuncios: la fila (sin candado) y la sentencia.
	p3 := nueva()
	total = 0
	for n := range jugadas {
		q := n % 2
		total += idas(cs[q], func() { require.NoError(t, al[q].AgregarMovimiento(ctx, p3, n, jugadaDePrueba(n), nil)) })
	}
	require.EqualValues(t, 2*jugadas-1, total, "dos procesos sin anuncios (la primera la sabe quien la creó)")

	// Un anuncio que no es lo guardado: la jugada siguiente se guarda igual
	// (por la transacción) y la partida queda sana.
	otra := jugadaDePrueba(jugadas)
	otra.Puntos++
	b.Conocidos(p3, jugadas, []almacen.Movimiento{otra})
	require.NoError(t, a.AgregarMovimiento(ctx, p3, jugadas, jugadaDePrueba(jugadas), nil))
	require.NoError(t, b.AgregarMovimiento(ctx, p3, jugadas+1, jugadaDePrueba(jugadas+1), nil))
	for _, x := range al {
		leida, err := x.Partida(ctx, p3)
		require.NoError(t, err)
		require.Len(t, leida.Movimientos, jugadas+2)
	}

	// La jugada que termina la partida va por la transacción (estadísticas
	// y ratings) y después nada más entra.
	require.NoError(t, a.AgregarMovimiento(ctx, p1, jugadas, jugadaDePrueba(jugadas), &almacen.Resultado{Puntajes: []int{5, 3}}))
	require.ErrorIs(t, a.AgregarMovimiento(ctx, p1, jugadas+1, jugadaDePrueba(0), nil), almacen.ErrPartidaTerminada)
	leida, err = b.Partida(ctx, p1)
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, leida.Estado)
	require.Len(t, leida.Movimientos, jugadas+1)
	require.Empty(t, a.Danadas())
}
