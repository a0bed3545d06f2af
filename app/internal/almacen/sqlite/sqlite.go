package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // el controlador "sqlite"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// Opciones ajustan Abrir. El valor cero da las de omisión.
type Opciones struct {
	// Sincrono sincroniza el disco al confirmar cada transacción
	// (synchronous=FULL): una jugada aceptada sobrevive también a un corte
	// de luz o a una caída del sistema. Por omisión (synchronous=NORMAL,
	// con WAL) sobrevive a que el proceso muera, pero un corte de luz puede
	// perder las últimas transacciones confirmadas, nunca dejar el archivo
	// a medias. Ver el doc del paquete.
	Sincrono bool
	// Lectores es la cantidad máxima de conexiones de lectura; 0 es
	// 2·GOMAXPROCS.
	Lectores int
	// Espera es cuánto espera, como mucho, una llamada cuyo contexto no
	// tiene plazo a que otro proceso suelte el archivo; 0 es 10 s. Con
	// plazo, la llamada espera hasta el plazo y no más.
	Espera time.Duration
}

// OmisionEspera es el valor por omisión de Opciones.Espera.
const OmisionEspera = 10 * time.Second

// Almacen es un almacen.Almacen sobre un archivo SQLite. Se crea con Abrir y
// se cierra con Close; es seguro para usar desde varias gorutinas.
type Almacen struct {
	escritor *sql.DB // una sola conexión: las escrituras van de a una
	lector   *sql.DB
	cerrado  atomic.Bool
	ahora    func() time.Time
	espera   time.Duration
	danadas  []almacen.PartidaDanada // las que encontró verificar al abrir
	grupo    grupo                   // las jugadas que esperan el escritor (lote.go)

	cacheMu  sync.Mutex
	cacheGen int64
	cache    map[clasificacion.Criterio][]clasificacion.Fila
}

var _ almacen.Almacen = (*Almacen)(nil)

// Abrir abre (o crea, si no existe) el almacén del archivo ruta con las
// opciones op, comprueba que no esté dañado y lleva su esquema a la última
// versión.
//
// Antes de devolverlo verifica lo que hace falta para reanudar las
// partidas (ver verificar.go): la estructura del archivo (PRAGMA
// quick_check) y, de cada partida en curso, que sus movimientos sean tantos
// como los que la partida dice tener, sin huecos, y que coincidan con su
// sello (la cadena de sumas de los datos de la partida, de sus asientos y
// de cada movimiento, que el archivo actualiza al guardarlos). Una partida
// que no pasa la verificación no impide abrir el almacén: queda en
// Danadas, y leerla (Partida, y con ella almacen.Reanudar) devuelve un
// error que envuelve a almacen.ErrPartidaCorrupta y la nombra. Cuesta un
// recorrido del archivo y la lectura de los movimientos de las partidas en
// curso.
//
// Errores: almacen.ErrNoEsBaseDeDatos si ruta es un directorio, un archivo
// vacío (un almacén nuevo se crea en una ruta que no existe) o un archivo
// que no es una base de datos SQLite o es de otra aplicación;
// almacen.ErrDanado si la estructura del archivo está dañada;
// almacen.ErrVersionFutura si su esquema es más nuevo que el de este
// programa; o el del sistema de archivos. Si falla, el archivo queda como
// estaba.
func Abrir(ruta string, op Opciones) (*Almacen, error) {
	registrarSello()
	if ruta == "" || strings.ContainsAny(ruta, "?#") {
		return nil, fmt.Errorf("almacen/sqlite: ruta inválida %q", ruta)
	}
	switch st, err := os.Stat(ruta); {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("almacen/sqlite: %w", err)
	case err != nil: // no existe: se crea, si existe su directorio
		if st, err := os.Stat(filepath.Dir(ruta)); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("almacen/sqlite: no se puede crear %q: su directorio no existe", ruta)
		}
	case st.IsDir():
		return nil, fmt.Errorf("%w: %q es un directorio", almacen.ErrNoEsBaseDeDatos, ruta)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%w: %q no es un archivo común", almacen.ErrNoEsBaseDeDatos, ruta)
	case st.Size() == 0:
		return nil, fmt.Errorf("%w: %q está vacío (un almacén nuevo se crea en una ruta que no existe)", almacen.ErrNoEsBaseDeDatos, ruta)
	}
	if err := validarWAL(ruta); err != nil { // antes de que SQLite lo lea y lo dé por bueno
		return nil, err
	}
	sinc := "NORMAL"
	if op.Sincrono {
		sinc = "FULL"
	}
	espera := op.Espera
	if espera <= 0 {
		espera = OmisionEspera
	}
	comun := url.Values{}
	// La espera de SQLite no mira el contexto: espera de a tandas cortas y
	// el resto lo hace comenzar, que sí lo mira.
	comun.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", tanda.Milliseconds()))
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
	a := &Almacen{escritor: escritor, ahora: time.Now, espera: espera}
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

// preparar comprueba que el archivo sea del almacén y que no esté dañado,
// activa WAL, aplica las migraciones que falten y verifica las partidas en
// curso. Cada espera del archivo tomado por otro proceso dura a lo sumo
// a.espera (esperar); el trabajo en sí no tiene plazo: verificar un almacén
// grande, o en una máquina cargada, no es un archivo ocupado.
func (a *Almacen) preparar() error {
	ctx := context.Background()
	var version, app int64
	if err := a.esperar(ctx, func() error {
		if err := a.escritor.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
			return err
		}
		return a.escritor.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app)
	}); err != nil {
		return traducir(err)
	}
	if version > int64(len(migraciones)) {
		return fmt.Errorf("%w: el esquema es %d y este programa conoce hasta el %d", almacen.ErrVersionFutura, version, len(migraciones))
	}
	if version == 0 {
		var tablas int
		if err := a.esperar(ctx, func() error {
			return a.escritor.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tablas)
		}); err != nil {
			return traducir(err)
		}
		if tablas > 0 {
			return fmt.Errorf("%w: es una base de datos SQLite de otra aplicación", almacen.ErrNoEsBaseDeDatos)
		}
	} else if app != idAplicacion {
		return fmt.Errorf("%w: es una base de datos SQLite de otra aplicación (application_id %#x)", almacen.ErrNoEsBaseDeDatos, app)
	}
	if err := a.comprobarArchivo(ctx); err != nil {
		return err
	}
	if err := a.esperar(ctx, func() error {
		_, err := a.escritor.ExecContext(ctx, "PRAGMA journal_mode=WAL")
		return err
	}); err != nil {
		return traducir(err)
	}
	for v := int(version); v < len(migraciones); v++ {
		if err := a.migrar(ctx, v); err != nil {
			return fmt.Errorf("almacen/sqlite: migración %d: %w", v+1, err)
		}
	}
	if err := a.comprobarEsquema(ctx); err != nil {
		return err
	}
	return a.verificar(ctx)
}

func (a *Almacen) migrar(ctx context.Context, v int) error {
	tx, err := a.comenzar(ctx, a.escritor, nil)
	if err != nil {
		return err
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
	if errors.As(err, &c) {
		switch c.Code() & 0xff {
		case 26: // SQLITE_NOTADB
			return fmt.Errorf("%w: %w", almacen.ErrNoEsBaseDeDatos, err)
		case 11: // SQLITE_CORRUPT
			return fmt.Errorf("%w: %w", almacen.ErrDanado, err)
		}
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
	tx, err := a.comenzar(ctx, a.escritor, nil)
	if err != nil {
		return err
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
	tx, err := a.comenzar(ctx, a.lector, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return traducir(f(tx))
}

func unix(t time.Time) int64   { return t.UnixNano() }
func tiempo(n int64) time.Time { return time.Unix(0, n) }
