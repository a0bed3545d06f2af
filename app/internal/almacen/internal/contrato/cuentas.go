package contrato

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

var pruebasCuentas = []prueba{
	{"Cuentas", cuentasCrear},
	{"Sesiones", cuentasSesiones},
}

var pruebasRevisiones = []prueba{
	{"Revisiones", revisiones},
}

// Las cuentas: el jugador y su cuenta se crean juntos; la clave es única
// aunque los nombres difieran; un invitado no tiene contraseña.
func cuentasCrear(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	ana, c, err := a.CrearCuenta(ctx, "Ana", "es", almacen.Cuenta{Clave: "ana", Resumen: "$argon2id$x"})
	require.NoError(t, err)
	require.Equal(t, ana.ID, c.Jugador)
	require.False(t, c.Invitado)
	_, _, err = a.CrearCuenta(ctx, "Аna", "es", almacen.Cuenta{Clave: "ana", Resumen: "$argon2id$y"})
	require.ErrorIs(t, err, almacen.ErrNombreRepetido, "la misma clave con otro nombre")
	_, _, err = a.CrearCuenta(ctx, "ANA", "es", almacen.Cuenta{Clave: "otra"})
	require.ErrorIs(t, err, almacen.ErrNombreRepetido, "el mismo nombre")
	_, _, err = a.CrearCuenta(ctx, "x\x00", "es", almacen.Cuenta{Clave: "x"})
	require.ErrorIs(t, err, almacen.ErrNombreInvalido)
	_, _, err = a.CrearCuenta(ctx, "sin clave", "es", almacen.Cuenta{})
	require.ErrorIs(t, err, almacen.ErrNombreInvalido)
	todos, err := a.Jugadores(ctx)
	require.NoError(t, err)
	require.Len(t, todos, 1, "una cuenta rechazada no deja su jugador")

	g, gc, err := a.CrearCuenta(ctx, "Invitado 1", "es", almacen.Cuenta{Clave: "invitado 1"})
	require.NoError(t, err)
	require.True(t, gc.Invitado)
	leida, err := a.CuentaPorClave(ctx, "invitado 1")
	require.NoError(t, err)
	require.Equal(t, g.ID, leida.Jugador)
	require.True(t, leida.Invitado)
	leida, err = a.CuentaPorClave(ctx, "ana")
	require.NoError(t, err)
	require.Equal(t, c, leida)
	_, err = a.CuentaPorClave(ctx, "nadie")
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
}

// Las sesiones se buscan por el resumen de su ficha, vencen, y borrarlas
// las revoca.
func cuentasSesiones(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	ana, _, err := a.CrearCuenta(ctx, "Ana", "es", almacen.Cuenta{Clave: "ana", Resumen: "r"})
	require.NoError(t, err)
	ahora := time.Now().UTC().Round(0)
	resumen := func(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }
	uno := almacen.Sesion{Resumen: resumen("uno"), Jugador: ana.ID, Creada: ahora, Vence: ahora.Add(time.Hour)}
	require.NoError(t, a.CrearSesion(ctx, uno))
	require.NoError(t, a.CrearSesion(ctx, almacen.Sesion{Resumen: resumen("dos"), Jugador: ana.ID, Creada: ahora, Vence: ahora.Add(time.Minute)}))
	require.ErrorIs(t, a.CrearSesion(ctx, almacen.Sesion{Resumen: resumen("tres"), Jugador: 999, Creada: ahora, Vence: ahora.Add(time.Hour)}),
		almacen.ErrJugadorInexistente)
	require.ErrorIs(t, a.CrearSesion(ctx, almacen.Sesion{Jugador: ana.ID}), almacen.ErrSesionInexistente, "sin resumen")
	s, err := a.Sesion(ctx, resumen("uno"), ahora)
	require.NoError(t, err)
	require.Equal(t, uno, s)
	_, err = a.Sesion(ctx, resumen("otra"), ahora)
	require.ErrorIs(t, err, almacen.ErrSesionInexistente)
	_, err = a.Sesion(ctx, resumen("dos"), ahora.Add(2*time.Minute))
	require.ErrorIs(t, err, almacen.ErrSesionInexistente, "vencida")
	n, err := a.BorrarVencidas(ctx, ahora.Add(2*time.Minute))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	_, err = a.Sesion(ctx, resumen("dos"), ahora)
	require.ErrorIs(t, err, almacen.ErrSesionInexistente, "borrada")
	require.NoError(t, a.BorrarSesion(ctx, resumen("uno")))
	_, err = a.Sesion(ctx, resumen("uno"), ahora)
	require.ErrorIs(t, err, almacen.ErrSesionInexistente, "revocada")
	require.NoError(t, a.BorrarSesion(ctx, resumen("uno")), "borrar dos veces no es un error")
}

// Las revisiones: una por partida terminada, con versión; SinRevision
// lista las que faltan.
func revisiones(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	var ids []int64
	for i := range 3 {
		m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(i),
			Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
		require.NoError(t, err)
		if i < 2 {
			_, err = m.Abandonar(ctx, 0)
			require.NoError(t, err)
		}
		ids = append(ids, m.ID())
	}
	faltan, err := a.SinRevision(ctx, 1, 0)
	require.NoError(t, err)
	require.Equal(t, ids[:2], faltan, "solo las terminadas")
	faltan, err = a.SinRevision(ctx, 1, 1)
	require.NoError(t, err)
	require.Equal(t, ids[:1], faltan, "las más viejas primero, hasta el límite")
	_, _, err = a.Revision(ctx, ids[0])
	require.ErrorIs(t, err, almacen.ErrRevisionInexistente)
	require.NoError(t, a.GuardarRevision(ctx, ids[0], 1, []byte(`{"a":1}`)))
	require.ErrorIs(t, a.GuardarRevision(ctx, 999, 1, nil), almacen.ErrPartidaInexistente)
	datos, v, err := a.Revision(ctx, ids[0])
	require.NoError(t, err)
	require.Equal(t, 1, v)
	require.Equal(t, `{"a":1}`, string(datos))
	faltan, err = a.SinRevision(ctx, 1, 10)
	require.NoError(t, err)
	require.Equal(t, ids[1:2], faltan)
	faltan, err = a.SinRevision(ctx, 2, 10)
	require.NoError(t, err)
	require.Equal(t, ids[:2], faltan, "una revisión de otra versión se rehace")
	require.NoError(t, a.GuardarRevision(ctx, ids[0], 2, []byte(`{"a":2}`)))
	datos, v, _ = a.Revision(ctx, ids[0])
	require.Equal(t, 2, v)
	require.Equal(t, `{"a":2}`, string(datos))
	require.NoError(t, a.BorrarPartida(ctx, ids[0]))
	_, _, err = a.Revision(ctx, ids[0])
	require.ErrorIs(t, err, almacen.ErrRevisionInexistente, "se borra con su partida")
}
