package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // el controlador "sqlite"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/app/clasificacion"
)

// Opciones ajustan Abrir. El valor cero da las de omisión.
type Opciones struct {
	// Sincrono sincroniza el disco en cada transacción (synchronous=FULL):
	// las jugadas sobreviven también a un corte de luz.
	Sincrono bool
	// Lectores es la cantidad máxima de conexiones de lectura; 0 es
	// 2·GOMAXPROCS.
	Lectores int
}

// Almacen es un almacen.Almacen sobre un archivo SQLite. Se crea con Abrir y
// se cierra con Close; es seguro para usar desde varias gorutinas.
type Almacen struct {
	escritor *sql.DB // una sola conexión: las escrituras van de a una
	lector   *sql.DB
	cerrado  atomic.Bool
	ahora    func() time.Time
	grupo    grupo // las jugadas que esperan el escritor (lote.go)

	cacheMu  sync.Mutex
	cacheGen int64
	cache    map[clasificacion.Criterio][]clasificacion.Fila
}

var _ almacen.Almacen = (*Almacen)(nil)

// Abrir abre (o crea) el almacén del archivo ruta con las opciones de
// omisión. Ver AbrirCon.
func Abrir(ruta string) (*Almacen, error) { return AbrirCon(ruta, Opciones{}) }

// AbrirCon abre (o crea) el almacén del archivo ruta y lleva su esquema a la
// última versión. Errores: almacen.ErrNoEsBaseDeDatos si el archivo no es
// una base de datos SQLite o es de otra aplicación, almacen.ErrVersionFutura
// si su esquema es más nuevo que el de este programa, o el del sistema de
// archivos. Si falla, el archivo queda como estaba.
func AbrirCon(ruta string, op Opciones) (*Almacen, error) {
	if ruta == "" || strings.ContainsAny(ruta, "?#") {
		return nil, fmt.Errorf("almacen/sqlite: ruta inválida %q", ruta)
	}
	sinc := "NORMAL"
	if op.Sincrono {
		sinc = "FULL"
	}
	comun := url.Values{}
	comun.Add("_pragma", "busy_timeout(10000)")
	comun.Add("_pragma", "foreign_keys(1)")
	comun.Add("_pragma", "synchronous("+sinc+")")
	esc := url.Values{}
	for k, v := range comun {
		esc[k] = append([]string(nil), v...)
	}
	esc.Set("_txlock", "immediate")
	escritor, err := sql.Open("sqlite", "file:"+ruta+"?"+esc.Encode())
	if err != nil {
		return nil, err
	}
	escritor.SetMaxOpenConns(1)
	escritor.SetMaxIdleConns(1)
	escritor.SetConnMaxLifetime(0)
	a := &Almacen{escritor: escritor, ahora: time.Now}
	if err := a.preparar(); err != nil {
		escritor.Close()
		return nil, err
	}
	lec := comun
	lec.Add("_pragma", "query_only(1)")
	lector, err := sql.Open("sqlite", "file:"+ruta+"?"+lec.Encode())
	if err != nil {
		escritor.Close()
		return nil, err
	}
	n := op.Lectores
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	lector.SetMaxOpenConns(n)
	lector.SetMaxIdleConns(n)
	a.lector = lector
	return a, nil
}

// preparar comprueba que el archivo sea del almacén, activa WAL y aplica las
// migraciones que falten.
func (a *Almacen) preparar() error {
	ctx := context.Background()
	var version, app int64
	if err := a.escritor.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return traducir(err)
	}
	if err := a.escritor.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
		return traducir(err)
	}
	if version > int64(len(migraciones)) {
		return fmt.Errorf("%w: el esquema es %d y este programa conoce hasta el %d", almacen.ErrVersionFutura, version, len(migraciones))
	}
	if version == 0 {
		var tablas int
		if err := a.escritor.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tablas); err != nil {
			return traducir(err)
		}
		if tablas > 0 {
			return fmt.Errorf("%w: es una base de datos SQLite de otra aplicación", almacen.ErrNoEsBaseDeDatos)
		}
	} else if app != idAplicacion {
		return fmt.Errorf("%w: es una base de datos SQLite de otra aplicación (application_id %#x)", almacen.ErrNoEsBaseDeDatos, app)
	}
	if _, err := a.escritor.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
		return traducir(err)
	}
	for v := int(version); v < len(migraciones); v++ {
		if err := a.migrar(ctx, v); err != nil {
			return fmt.Errorf("almacen/sqlite: migración %d: %w", v+1, err)
		}
	}
	return nil
}

func (a *Almacen) migrar(ctx context.Context, v int) error {
	tx, err := a.escritor.BeginTx(ctx, nil)
	if err != nil {
		return traducir(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, migraciones[v]); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id=%d", idAplicacion)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version=%d", v+1)); err != nil {
		return err
	}
	return tx.Commit()
}

// Close cierra el almacén. Las llamadas posteriores devuelven
// almacen.ErrCerrado. Cerrar dos veces no es un error.
func (a *Almacen) Close() error {
	if a.cerrado.Swap(true) {
		return nil
	}
	return errors.Join(a.lector.Close(), a.escritor.Close())
}

// VersionArchivo devuelve la versión del esquema del archivo abierto.
func (a *Almacen) VersionArchivo(ctx context.Context) (int, error) {
	if err := a.vivo(); err != nil {
		return 0, err
	}
	var v int
	err := a.lector.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, traducir(err)
}

func (a *Almacen) vivo() error {
	if a.cerrado.Load() {
		return almacen.ErrCerrado
	}
	return nil
}

// traducir lleva los errores de SQLite a los del almacén.
func traducir(err error) error {
	if err == nil {
		return nil
	}
	var c interface{ Code() int }
	if errors.As(err, &c) && (c.Code()&0xff == 26 || c.Code()&0xff == 11) { // SQLITE_NOTADB, SQLITE_CORRUPT
		return fmt.Errorf("%w: %w", almacen.ErrNoEsBaseDeDatos, err)
	}
	if errors.Is(err, sql.ErrConnDone) || strings.Contains(err.Error(), "database is closed") {
		return fmt.Errorf("%w: %w", almacen.ErrCerrado, err)
	}
	return err
}

// escribir corre f en una transacción de escritura y la confirma.
func (a *Almacen) escribir(ctx context.Context, f func(tx *sql.Tx) error) error {
	if err := a.vivo(); err != nil {
		return err
	}
	tx, err := a.escritor.BeginTx(ctx, nil)
	if err != nil {
		return traducir(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return traducir(err)
	}
	return traducir(tx.Commit())
}

// leer corre f en una transacción de solo lectura (una foto coherente).
func (a *Almacen) leer(ctx context.Context, f func(tx *sql.Tx) error) error {
	if err := a.vivo(); err != nil {
		return err
	}
	tx, err := a.lector.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return traducir(err)
	}
	defer tx.Rollback()
	return traducir(f(tx))
}

func unix(t time.Time) int64   { return t.UnixNano() }
func tiempo(n int64) time.Time { return time.Unix(0, n) }
