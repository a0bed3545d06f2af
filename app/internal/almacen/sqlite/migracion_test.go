package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
)

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
