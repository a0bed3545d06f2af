package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/postgres"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// sql corre sentencias sobre la base de url con una conexión aparte, como
// lo haría otro programa.
func sql(tb testing.TB, url string, sentencias ...string) {
	tb.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, url)
	require.NoError(tb, err)
	defer c.Close(ctx)
	for _, s := range sentencias {
		_, err := c.Exec(ctx, s)
		require.NoError(tb, err, s)
	}
}

// Varios procesos que abren a la vez una base nueva: uno migra (con el
// candado asesor del esquema) y los demás la encuentran al día.
func TestMigracionesALaVez(t *testing.T) {
	url := contrato.URLPostgres(t)
	const procesos = 6
	var wg sync.WaitGroup
	almacenes := make([]*postgres.Almacen, procesos)
	errs := make([]error, procesos)
	for i := range procesos {
		wg.Add(1)
		go func() {
			defer wg.Done()
			almacenes[i], errs[i] = postgres.Abrir(context.Background(), url, postgres.Opciones{Conexiones: 2})
		}()
	}
	wg.Wait()
	for i, a := range almacenes {
		require.NoError(t, errs[i], "proceso %d", i)
		defer a.Close()
		v, err := a.VersionBase(context.Background())
		require.NoError(t, err)
		require.Equal(t, postgres.VersionEsquema(), v)
	}
	_, err := almacenes[0].CrearJugador(context.Background(), "ana", "es")
	require.NoError(t, err)
	_, err = almacenes[procesos-1].JugadorPorNombre(context.Background(), "ana")
	require.NoError(t, err)
}

// Una base de una versión más nueva no se abre, y no se toca; un esquema
// con tablas de otra aplicación tampoco.
func TestBasesAjenas(t *testing.T) {
	ctx := context.Background()
	url := contrato.URLPostgres(t)
	a := abrirURL(t, url)
	_, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	sql(t, url, fmt.Sprintf("UPDATE palabras_version SET version = %d", postgres.VersionEsquema()+1))
	_, err = postgres.Abrir(ctx, url, postgres.Opciones{})
	require.ErrorIs(t, err, almacen.ErrVersionFutura)
	require.ErrorContains(t, err, fmt.Sprintf("el esquema es %d", postgres.VersionEsquema()+1))
	sql(t, url, fmt.Sprintf("UPDATE palabras_version SET version = %d", postgres.VersionEsquema()))
	a = abrirURL(t, url)
	_, err = a.JugadorPorNombre(ctx, "ana")
	require.NoError(t, err, "nada se perdió")

	otra := contrato.URLPostgres(t)
	sql(t, otra, "CREATE TABLE clientes (id int)")
	_, err = postgres.Abrir(ctx, otra, postgres.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)
	c, err := pgx.Connect(ctx, otra)
	require.NoError(t, err)
	defer c.Close(ctx)
	var tablas []string
	filas, _ := c.Query(ctx, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
	tablas, err = pgx.CollectRows(filas, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"clientes"}, tablas, "el esquema no cambió")
}

// Una migración nueva lleva una base guardada a la versión siguiente, en
// una transacción, sin perder nada; si falla, la base queda como estaba.
func TestMigracionNueva(t *testing.T) {
	ctx := context.Background()
	url := contrato.URLPostgres(t)
	a := abrirURL(t, url)
	_, err := a.CrearJugador(ctx, "ana", "es")
	require.NoError(t, err)
	require.NoError(t, a.Close())
	v := postgres.VersionEsquema()

	quitar := postgres.AgregarMigracion("ALTER TABLE jugadores ADD COLUMN apodo TEXT; SELECT 1/0")
	_, err = postgres.Abrir(ctx, url, postgres.Opciones{})
	require.ErrorContains(t, err, fmt.Sprintf("migración %d", v+1))
	quitar()
	a = abrirURL(t, url)
	n, err := a.VersionBase(ctx)
	require.NoError(t, err)
	require.Equal(t, v, n, "la migración que falló no dejó nada")
	require.NoError(t, a.Close())

	quitar = postgres.AgregarMigracion("ALTER TABLE jugadores ADD COLUMN apodo TEXT NOT NULL DEFAULT 'sin apodo'")
	defer quitar()
	a = abrirURL(t, url)
	n, err = a.VersionBase(ctx)
	require.NoError(t, err)
	require.Equal(t, v+1, n)
	_, err = a.JugadorPorNombre(ctx, "ANA")
	require.NoError(t, err)
}

// Una URL que no sirve, un servidor que no contesta o un esquema que no
// existe dan un error, sin pánico.
func TestConexionesMalas(t *testing.T) {
	ctx := context.Background()
	_, err := postgres.Abrir(ctx, "postgres://[::1", postgres.Opciones{})
	require.Error(t, err)
	corto, cancelar := context.WithTimeout(ctx, 2*time.Second)
	defer cancelar()
	_, err = postgres.Abrir(corto, "postgres://nadie@127.0.0.1:1/nada?sslmode=disable&connect_timeout=1", postgres.Opciones{})
	require.ErrorContains(t, err, "no se puede conectar")
	url := contrato.URLPostgres(t) + "x" // search_path a un esquema que no existe
	_, err = postgres.Abrir(ctx, url, postgres.Opciones{})
	require.ErrorContains(t, err, "search_path")
}

// Con la fila de una partida tomada por otro proceso (una transacción que
// no termina), una jugada espera hasta el plazo de su contexto y vuelve con
// su error sin cambiar nada; cuando el otro suelta la fila, se guarda.
func TestEsperaConPlazo(t *testing.T) {
	ctx := context.Background()
	url := contrato.URLPostgres(t)
	a := abrirURL(t, url)
	x, _ := a.CrearJugador(ctx, "x", "es")
	_, err := a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "fise", Base: "es-clasica"})
	require.NoError(t, err)
	p, err := a.CrearPartida(ctx, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: x.ID}}})
	require.NoError(t, err)
	otro, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer otro.Close(ctx)
	tx, err := otro.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "SELECT 1 FROM partidas WHERE id = $1 FOR UPDATE", p.ID)
	require.NoError(t, err)

	pase := almacen.Movimiento{Tipo: juego.SucesoPase}
	conPlazo, cancelar := context.WithTimeout(ctx, 300*time.Millisecond)
	inicio := time.Now()
	err = a.AgregarMovimiento(conPlazo, p.ID, 0, pase, nil)
	cancelar()
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(inicio), 2*time.Second)
	require.NoError(t, tx.Rollback(ctx))
	leida, err := a.Partida(ctx, p.ID)
	require.NoError(t, err)
	require.Empty(t, leida.Movimientos, "no cambió nada")
	require.NoError(t, a.AgregarMovimiento(ctx, p.ID, 0, pase, nil))
}

// Una partida cuyos datos cambiaron por fuera del almacén (un movimiento
// borrado o cambiado, otra semilla, otro asiento, el sello, la cuenta) se
// informa dañada al abrir (Danadas, almacen.Verificar) y leerla da
// almacen.ErrPartidaCorrupta con su número; las demás siguen como estaban.
func TestPartidasDanadas(t *testing.T) {
	ctx := context.Background()
	casos := map[string]string{
		"filas perdidas":         "DELETE FROM movimientos WHERE partida = %d AND n >= 3",
		"un movimiento cambiado": "UPDATE movimientos SET puntos = puntos + 1 WHERE partida = %d AND n = 1",
		"una ficha cambiada":     "UPDATE movimientos SET fichas = coalesce(fichas, ''::bytea) || '\\x00'::bytea WHERE partida = %d AND n = 0",
		"ficha ilegible":         "UPDATE movimientos SET mano = '\\xff'::bytea WHERE partida = %d AND n = 0",
		"otra semilla":           "UPDATE partidas SET semilla = semilla + 1 WHERE id = %d",
		"otro nivel":             "UPDATE asientos SET nivel = 'experto' WHERE partida = %d AND puesto = 1",
		"otro sello":             "UPDATE partidas SET sello = sello + 1 WHERE id = %d",
		"la cuenta cambiada":     "UPDATE partidas SET movimientos = movimientos - 1 WHERE id = %d",
		"terminada de golpe":     "UPDATE partidas SET estado = 2 WHERE id = %d",
		"un movimiento de más":   "INSERT INTO movimientos SELECT partida, n + 100, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo FROM movimientos WHERE partida = %d AND n = 0",
	}
	nombres := make([]string, 0, len(casos))
	for n := range casos {
		nombres = append(nombres, n)
	}
	slices.Sort(nombres)
	for _, nombre := range nombres {
		t.Run(nombre, func(t *testing.T) {
			url := contrato.URLPostgres(t)
			a := abrirURL(t, url)
			cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
			_, err := cat.Asegurar(ctx, "fise", "es-clasica")
			require.NoError(t, err)
			ana, _ := a.CrearJugador(ctx, "ana", "es")
			beto, _ := a.CrearJugador(ctx, "beto", "es")
			var mesas []*almacen.Mesa
			for k := range 2 {
				m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(k),
					Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID, Nivel: "avanzado"}}})
				require.NoError(t, err)
				g, err := cat.Generador(m.Juego().Variante())
				require.NoError(t, err)
				b, err := bot.Nuevo(bot.Avanzado, g)
				require.NoError(t, err)
				for range 6 {
					d, err := b.Elegir(ctx, m.Juego())
					require.NoError(t, err)
					if d.Tipo == juego.SucesoColocacion {
						_, err = m.Ubicar(ctx, d.Jugada)
					} else {
						err = m.Pasar(ctx)
					}
					require.NoError(t, err)
				}
				mesas = append(mesas, m)
			}
			danada, sana := mesas[0], mesas[1]
			require.NoError(t, a.Close())
			sql(t, url, fmt.Sprintf(casos[nombre], danada.ID()))

			b := abrirURL(t, url)
			require.Equal(t, []int64{danada.ID()}, ids(b.Danadas()))
			require.ErrorIs(t, b.Danadas()[0].Err, almacen.ErrPartidaCorrupta)
			require.ErrorContains(t, b.Danadas()[0].Err, fmt.Sprintf("partida %d", danada.ID()))
			cat = almacen.NuevoCatalogo(b, almacen.BaseEspanol())
			_, err = almacen.Reanudar(ctx, b, cat, danada.ID())
			require.ErrorIs(t, err, almacen.ErrPartidaCorrupta, "nunca se reanuda con otros datos")
			require.ErrorContains(t, err, fmt.Sprintf("partida %d", danada.ID()))
			m, err := almacen.Reanudar(ctx, b, cat, sana.ID())
			require.NoError(t, err)
			require.Equal(t, sana.Juego().Posicion(), m.Juego().Posicion())
			verificadas, err := almacen.Verificar(ctx, b, cat)
			require.NoError(t, err)
			require.Equal(t, []int64{danada.ID()}, ids(verificadas))
		})
	}
}

func ids(ds []almacen.PartidaDanada) []int64 {
	var res []int64
	for _, d := range ds {
		res = append(res, d.ID)
	}
	return res
}
