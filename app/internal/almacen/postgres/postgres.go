package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// Opciones ajustan Abrir. El valor cero da las de omisión.
type Opciones struct {
	// Conexiones es la cantidad máxima de conexiones del proceso con el
	// servidor; 0 es la de pgxpool (el mayor entre 4 y la cantidad de
	// procesadores). También se puede fijar en la URL (pool_max_conns).
	Conexiones int32
}

// Almacen es un almacen.Almacen (y almacen.Cuentas y almacen.Revisiones)
// sobre una base PostgreSQL. Se crea con Abrir y se cierra con Close; es
// seguro para usar desde varias gorutinas, y varios procesos pueden abrir
// la misma base a la vez.
type Almacen struct {
	pool    *pgxpool.Pool
	cerrado atomic.Bool
	ahora   func() time.Time
	danadas []almacen.PartidaDanada // las que encontró verificar al abrir
	sellos  sellos                  // el final de las partidas en curso (rapido.go)

	cacheMu  sync.Mutex
	cacheGen int64
	cache    map[clasificacion.Criterio][]clasificacion.Fila
}

var (
	_ almacen.Almacen    = (*Almacen)(nil)
	_ almacen.Cuentas    = (*Almacen)(nil)
	_ almacen.Revisiones = (*Almacen)(nil)
)

// Abrir se conecta a la base de url ("postgres://usuario@máquina:5432/base",
// o las claves "host=… dbname=…" de libpq; un parámetro search_path elige
// el esquema), lleva su esquema a la última versión y verifica las
// partidas en curso.
//
// Las migraciones corren en una sola transacción que toma un candado
// asesor (pg_advisory_xact_lock) propio del esquema: si varios procesos
// abren a la vez una base nueva, uno migra y los demás esperan y la
// encuentran al día. De cada partida en curso verifica, como el almacén
// SQLite, que sus movimientos sean tantos como dice, sin huecos, y que
// coincidan con su sello; las que no, quedan en Danadas y leerlas da
// almacen.ErrPartidaCorrupta.
//
// Errores: uno que envuelve el de la conexión si no se puede conectar (el
// plazo es el de ctx); almacen.ErrNoEsBaseDeDatos si el esquema tiene
// tablas y no las del almacén; almacen.ErrVersionFutura si su versión es
// más nueva que la de este programa. Si falla, la base queda como estaba.
func Abrir(ctx context.Context, url string, op Opciones) (*Almacen, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("almacen/postgres: %w", err)
	}
	if op.Conexiones > 0 {
		cfg.MaxConns = op.Conexiones
	}
	if trazador != nil {
		cfg.ConnConfig.Tracer = trazador
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("almacen/postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("almacen/postgres: no se puede conectar: %w", err)
	}
	a := &Almacen{pool: pool, ahora: time.Now}
	if err := a.migrar(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if err := a.verificar(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return a, nil
}

// Close cierra el almacén y sus conexiones. Las llamadas posteriores
// devuelven almacen.ErrCerrado. Cerrar dos veces no es un error.
func (a *Almacen) Close() error {
	if a.cerrado.Swap(true) {
		return nil
	}
	a.pool.Close()
	return nil
}

func (a *Almacen) vivo() error {
	if a.cerrado.Load() {
		return almacen.ErrCerrado
	}
	return nil
}

// trazador, si no es nil, sigue las consultas de los almacenes que se
// abren (las pruebas cuentan con él las idas y vueltas).
var trazador pgx.QueryTracer

// Códigos de error de PostgreSQL que el almacén distingue.
const (
	codigoUnico         = "23505" // unique_violation
	codigoForanea       = "23503" // foreign_key_violation
	codigoSerializacion = "40001" // serialization_failure
	codigoBloqueoMutuo  = "40P01" // deadlock_detected
)

// codigo devuelve el código SQLSTATE de err, o "".
func codigo(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// traducir lleva los errores de la conexión a los del almacén.
func (a *Almacen) traducir(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case a.cerrado.Load() && !errors.Is(err, almacen.ErrCerrado):
		return fmt.Errorf("%w: %w", almacen.ErrCerrado, err)
	case ctx.Err() != nil && !errors.Is(err, ctx.Err()):
		return fmt.Errorf("almacen/postgres: %w: %w", ctx.Err(), err)
	}
	return err
}

// intentos es cuántas veces se prueba una transacción que PostgreSQL
// deshizo por un bloqueo mutuo o un conflicto de serialización.
const intentos = 5

// escribir corre f en una transacción (READ COMMITTED, con los candados
// que tome f) y la confirma antes de volver. Si f falla, la transacción se
// deshace y no cambia nada. Si PostgreSQL la deshace por un bloqueo mutuo,
// la repite (f debe poder repetirse). Una vez que empieza la confirmación,
// termina aunque se cancele ctx: la llamada vuelve sabiendo si quedó.
func (a *Almacen) escribir(ctx context.Context, f func(tx pgx.Tx) error) error {
	var err error
	for range intentos {
		if err = a.vivo(); err != nil {
			return err
		}
		if err = ctx.Err(); err != nil {
			return fmt.Errorf("almacen/postgres: %w", err)
		}
		err = a.intentar(ctx, f)
		if c := codigo(err); c != codigoBloqueoMutuo && c != codigoSerializacion {
			return a.traducir(ctx, err)
		}
	}
	return a.traducir(ctx, err)
}

func (a *Almacen) intentar(ctx context.Context, f func(tx pgx.Tx) error) error {
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit(context.WithoutCancel(ctx))
}

// leer corre f en una transacción de solo lectura REPEATABLE READ: todas
// sus consultas ven la misma foto de la base.
func (a *Almacen) leer(ctx context.Context, f func(tx pgx.Tx) error) error {
	if err := a.vivo(); err != nil {
		return err
	}
	tx, err := a.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return a.traducir(ctx, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := f(tx); err != nil {
		return a.traducir(ctx, err)
	}
	return a.traducir(ctx, tx.Commit(ctx))
}

// consultarFila corre una consulta de una fila fuera de una transacción.
func (a *Almacen) consultarFila(ctx context.Context, q string, args []any, destino ...any) error {
	if err := a.vivo(); err != nil {
		return err
	}
	return a.traducir(ctx, a.pool.QueryRow(ctx, q, args...).Scan(destino...))
}

// clave es la forma con que se comparan los nombres de jugadores y de
// diccionarios: las letras ASCII en minúsculas, como COLLATE NOCASE del
// almacén SQLite (y no como lower de PostgreSQL, que depende de la
// configuración regional de la base).
func clave(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

func unix(t time.Time) int64   { return t.UnixNano() }
func tiempo(n int64) time.Time { return time.Unix(0, n).UTC() }
