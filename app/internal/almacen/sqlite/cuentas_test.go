package sqlite_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// Las cuentas: el jugador y su cuenta se crean juntos; la clave es única
// aunque los nombres difieran; un invitado no tiene contraseña.
func TestCuentas(t *testing.T) {
	ctx := context.Background()
	a, _, _ := abrir(t)
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
	require.Equal(t, "$argon2id$x", leida.Resumen)
	_, err = a.CuentaPorClave(ctx, "nadie")
	require.ErrorIs(t, err, almacen.ErrJugadorInexistente)
}

// Las sesiones se buscan por el resumen de su ficha, vencen, y borrarlas
// las revoca.
func TestSesiones(t *testing.T) {
	ctx := context.Background()
	a, _, _ := abrir(t)
	ana, _, err := a.CrearCuenta(ctx, "Ana", "es", almacen.Cuenta{Clave: "ana", Resumen: "r"})
	require.NoError(t, err)
	ahora := time.Now()
	resumen := func(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }
	require.NoError(t, a.CrearSesion(ctx, almacen.Sesion{Resumen: resumen("uno"), Jugador: ana.ID, Creada: ahora, Vence: ahora.Add(time.Hour)}))
	require.NoError(t, a.CrearSesion(ctx, almacen.Sesion{Resumen: resumen("dos"), Jugador: ana.ID, Creada: ahora, Vence: ahora.Add(time.Minute)}))
	require.ErrorIs(t, a.CrearSesion(ctx, almacen.Sesion{Resumen: resumen("tres"), Jugador: 999, Creada: ahora, Vence: ahora.Add(time.Hour)}),
		almacen.ErrJugadorInexistente)
	s, err := a.Sesion(ctx, resumen("uno"), ahora)
	require.NoError(t, err)
	require.Equal(t, ana.ID, s.Jugador)
	_, err = a.Sesion(ctx, resumen("otra"), ahora)
	require.ErrorIs(t, err, almacen.ErrSesionInexistente)
	_, err = a.Sesion(ctx, resumen("dos"), ahora.Add(2*time.Minute))
	require.ErrorIs(t, err, almacen.ErrSesionInexistente, "vencida")
	n, err := a.BorrarVencidas(ctx, ahora.Add(2*time.Minute))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.NoError(t, a.BorrarSesion(ctx, resumen("uno")))
	_, err = a.Sesion(ctx, resumen("uno"), ahora)
	require.ErrorIs(t, err, almacen.ErrSesionInexistente, "revocada")
	require.NoError(t, a.BorrarSesion(ctx, resumen("uno")), "borrar dos veces no es un error")
}

// Las revisiones: una por partida terminada, con versión; SinRevision
// lista las que faltan.
func TestRevisiones(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
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

// El reloj: cada movimiento guarda lo que tardó; al terminar, quien se
// pasó de tiempo pierde 10 puntos por minuto o fracción, en la misma
// transacción que el fin y antes de las estadísticas; Reanudar recupera
// lo usado; PerderPorTiempo termina la partida.
func TestReloj(t *testing.T) {
	ctx := context.Background()
	a, c, _ := abrir(t)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	reloj := almacen.Reloj{Inicial: time.Minute, Penalizacion: 10, Exceso: 10 * time.Minute}
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 5, Reloj: reloj,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.Equal(t, reloj, m.Partida().Reloj)
	// Seis pases terminan la partida (regla C7): ana tarda 61 s en total
	// (un minuto de exceso empezado) y beto 3 min 30 s (tres).
	duraciones := []time.Duration{30 * time.Second, time.Minute, 30 * time.Second, time.Minute, time.Second, 90 * time.Second}
	for i, d := range duraciones {
		_, err := m.Jugar(ctx, almacen.Movimiento{Tipo: juego.SucesoPase, Duracion: d})
		require.NoError(t, err)
		if i == 2 {
			r, err := almacen.Reanudar(ctx, a, c, m.ID())
			require.NoError(t, err)
			require.Equal(t, []time.Duration{time.Minute, time.Minute}, r.Usados())
		}
	}
	_, fin := m.Terminada()
	require.True(t, fin)
	require.Equal(t, []time.Duration{61 * time.Second, 210 * time.Second}, m.Usados())
	p, err := a.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.Equal(t, reloj, p.Reloj)
	require.Len(t, p.Movimientos, 8, "seis pases y dos penalizaciones")
	pen := p.Movimientos[6:]
	require.Equal(t, almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: 0, Puntos: -10, Motivo: almacen.AjusteTiempo}, pen[0])
	require.Equal(t, almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: 1, Puntos: -30, Motivo: almacen.AjusteTiempo}, pen[1])
	require.Equal(t, 90*time.Second, p.Movimientos[5].Duracion)
	j := m.Juego()
	for i, pt := range p.Puntajes {
		got, _ := j.Puntaje(i)
		require.Equal(t, got, pt)
	}
	e, err := a.Estadisticas(ctx, beto.ID)
	require.NoError(t, err)
	require.Equal(t, []int{p.Puntajes[1]}, e.Puntajes, "las estadísticas cuentan la penalización")
	var b bytes.Buffer
	require.NoError(t, almacen.ExportarGCG(&b, p, j.Variante(), []string{"Ana María", "beto"}))
	require.Contains(t, b.String(), "(time) -30")
	require.Contains(t, b.String(), "#player1 Ana_María Ana María\n")
	require.NotContains(t, b.String(), "#note")

	// Perder por tiempo: un ajuste AjusteBandera que deja a quien estaba en
	// turno por debajo, con lo que tardó; GCG lo dice con una nota.
	m2, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Nombre: "Final del torneo", Diccionario: "fise", Semilla: 6, Reloj: reloj,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	bs := bots(t, m2, bot.Avanzado)
	require.True(t, jugarBot(t, ctx, m2, bs[0]))
	puntajes, err := m2.PerderPorTiempo(ctx, 11*time.Minute)
	require.NoError(t, err)
	require.Less(t, puntajes[1], puntajes[0])
	require.Equal(t, []time.Duration{0, 11 * time.Minute}, m2.Usados())
	p2, err := a.Partida(ctx, m2.ID())
	require.NoError(t, err)
	require.Equal(t, almacen.Terminada, p2.Estado)
	ult := p2.Movimientos[len(p2.Movimientos)-1]
	require.Equal(t, almacen.AjusteBandera, ult.Motivo)
	require.Equal(t, 11*time.Minute, ult.Duracion)
	b.Reset()
	require.NoError(t, almacen.ExportarGCG(&b, p2, j.Variante(), []string{"ana", "beto"}))
	require.Contains(t, b.String(), "\n#title Final del torneo\n")
	require.Contains(t, b.String(), "\n#note beto lost on time\n")
	require.NotContains(t, b.String(), "(time)")
	_, err = m2.PerderPorTiempo(ctx, 0)
	require.ErrorIs(t, err, almacen.ErrPartidaTerminada)
	_, err = m2.Jugar(ctx, almacen.Movimiento{Tipo: juego.SucesoAjuste})
	require.Error(t, err, "un ajuste no es un turno")
}

// Un archivo de la versión 2 del esquema se lleva a la actual sin perder
// sus partidas, que quedan sin reloj y selladas.
func TestMigracionReloj(t *testing.T) {
	ctx := context.Background()
	ruta := filepath.Join(t.TempDir(), "v2.db")
	a, c, _ := abrirRuta(t, ruta)
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: 1,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	require.NoError(t, err)
	require.NoError(t, m.Pasar(ctx))
	require.NoError(t, a.Close())
	// Deshacer las migraciones 4 y 3 a mano: la base queda como la dejaba
	// la versión 2 (al abrirla, las partidas se sellan: verificar.go).
	db, err := sql.Open("sqlite", "file:"+ruta)
	require.NoError(t, err)
	for _, q := range []string{"DROP TRIGGER sello_partida", "DROP TRIGGER sello_asiento", "DROP TRIGGER sello_movimiento",
		"DROP TRIGGER sello_fin", "ALTER TABLE partidas DROP COLUMN sello", "DELETE FROM meta WHERE clave = 'sellos'",
		"DROP TABLE revisiones", "DROP TABLE sesiones", "DROP TABLE cuentas", "DROP INDEX partidas_estado",
		"ALTER TABLE movimientos DROP COLUMN motivo", "ALTER TABLE movimientos DROP COLUMN duracion",
		"ALTER TABLE partidas DROP COLUMN reloj_exceso", "ALTER TABLE partidas DROP COLUMN reloj_penalizacion",
		"ALTER TABLE partidas DROP COLUMN reloj_inicial", "PRAGMA user_version=2"} {
		_, err := db.Exec(q)
		require.NoError(t, err, q)
	}
	require.NoError(t, db.Close())
	b, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	defer b.Close()
	require.Empty(t, b.Danadas())
	v, err := b.VersionArchivo(ctx)
	require.NoError(t, err)
	require.Equal(t, sqlite.VersionEsquema(), v)
	p, err := b.Partida(ctx, m.ID())
	require.NoError(t, err)
	require.False(t, p.Reloj.Activo())
	require.Len(t, p.Movimientos, 1)
	require.Zero(t, p.Movimientos[0].Duracion)
	_, _, err = b.CrearCuenta(ctx, "carla", "es", almacen.Cuenta{Clave: fmt.Sprint("carla")})
	require.NoError(t, err)
}
