package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	msqlite "modernc.org/sqlite"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
)

// Verificación de lo que hace falta para reanudar una partida.
//
// Cada partida lleva un sello: una cadena de sumas (FNV-1a de 64 bits) que
// empieza con sus datos esenciales (la variante, el diccionario y su
// versión, la semilla), sigue con cada asiento y con cada movimiento, en
// orden, y termina, si la partida terminó, con su estado y sus puntajes.
// Lo mantienen disparadores del propio archivo al guardar cada cosa (con la
// función palabras_sello, que este paquete registra en SQLite: el archivo
// solo lo escribe este paquete). Al abrir el almacén y al leer una partida
// se recalcula con lo guardado: cualquier cambio en esos datos (un bit que
// se dio vuelta, una fila perdida o de más) no coincide, y la partida se
// informa dañada en lugar de reanudarse con otros datos.

// Las columnas que cubre el sello, en orden: una sola lista para los
// disparadores y para la verificación. Si una migración agrega una columna
// que cambia cómo se reanuda una partida, debe agregarla aquí, rehacer los
// disparadores y poner meta 'sellos' en 0, para que sellarViejas vuelva a
// sellar las partidas guardadas (sus sellos no la cubren).
var (
	columnasSelloPartida    = []string{"id", "variante", "diccionario", "version", "semilla", "reloj_inicial", "reloj_penalizacion", "reloj_exceso"}
	columnasSelloAsiento    = []string{"puesto", "jugador", "nivel"}
	columnasSelloMovimiento = []string{"n", "tipo", "jugador", "fichas", "cambiadas", "con_mano", "mano", "proximas", "puntos", "duracion", "motivo"}
	columnasSelloFin        = []string{"estado", "puntajes"}
)

// migracionSellos agrega el sello a las partidas y los disparadores que lo
// mantienen. Las partidas guardadas antes se sellan al abrir (meta
// 'sellos' en 0).
var migracionSellos = func() string {
	nuevas := func(cols []string) string {
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(", NEW." + c)
		}
		return b.String()
	}
	return `
ALTER TABLE partidas ADD COLUMN sello INTEGER;
CREATE TRIGGER sello_partida AFTER INSERT ON partidas BEGIN
	UPDATE partidas SET sello = palabras_sello(NULL, 'partida'` + nuevas(columnasSelloPartida) + `) WHERE id = NEW.id;
END;
CREATE TRIGGER sello_asiento AFTER INSERT ON asientos BEGIN
	UPDATE partidas SET sello = palabras_sello(sello, 'asiento'` + nuevas(columnasSelloAsiento) + `) WHERE id = NEW.partida;
END;
CREATE TRIGGER sello_movimiento AFTER INSERT ON movimientos BEGIN
	UPDATE partidas SET sello = palabras_sello(sello, 'movimiento'` + nuevas(columnasSelloMovimiento) + `) WHERE id = NEW.partida;
END;
CREATE TRIGGER sello_fin AFTER UPDATE OF estado ON partidas BEGIN
	UPDATE partidas SET sello = palabras_sello(sello, 'fin'` + nuevas(columnasSelloFin) + `) WHERE id = NEW.id;
END;
INSERT INTO meta VALUES ('sellos', 0);
`
}()

// registrarSello registra la función palabras_sello en el controlador de
// SQLite (un registro del proceso: el controlador no tiene otro), una sola
// vez, la primera vez que se abre un almacén: no en un init, para que
// importar el paquete no haga nada.
var registrarSello = sync.OnceFunc(func() {
	msqlite.MustRegisterDeterministicScalarFunction("palabras_sello", -1, func(_ *msqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		if len(args) == 0 {
			return nil, errors.New("palabras_sello: falta el sello anterior")
		}
		anterior, _ := args[0].(int64) // NULL: el comienzo
		vs := make([]any, len(args)-1)
		for i, v := range args[1:] {
			vs[i] = v
		}
		return formato.Sello(anterior, vs...), nil
	})
})

// consulta es lo que comparten *sql.Tx y *sql.DB.
type consulta interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// filasCrudas devuelve las filas de q como valores crudos.
func filasCrudas(ctx context.Context, c consulta, q string, args ...any) ([][]any, error) {
	filas, err := c.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer filas.Close()
	cols, err := filas.Columns()
	if err != nil {
		return nil, err
	}
	var res [][]any
	for filas.Next() {
		fila := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range fila {
			ptrs[i] = &fila[i]
		}
		if err := filas.Scan(ptrs...); err != nil {
			return nil, err
		}
		res = append(res, fila)
	}
	return res, filas.Err()
}

// revisarPartida recalcula el sello de la partida id con lo guardado y lo
// compara con el suyo, y cuenta sus movimientos, que deben ser 0, 1, …
// hasta los que dice tener. Devuelve el sello calculado y, si algo no
// coincide, el problema; err es el de la lectura.
func revisarPartida(ctx context.Context, c consulta, id int64) (calculado int64, problema, err error) {
	partida, err := filasCrudas(ctx, c, "SELECT "+strings.Join(columnasSelloPartida, ", ")+
		", "+strings.Join(columnasSelloFin, ", ")+", movimientos, sello FROM partidas WHERE id = ?", id)
	if err != nil {
		return 0, nil, err
	}
	if len(partida) == 0 {
		return 0, nil, fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
	}
	fila := partida[0]
	np := len(columnasSelloPartida)
	calculado = formato.Sello(0, append([]any{"partida"}, fila[:np]...)...)
	fin := fila[np : np+len(columnasSelloFin)]
	cantidad, _ := fila[np+len(columnasSelloFin)].(int64)
	guardado, conSello := fila[np+len(columnasSelloFin)+1].(int64)

	asientos, err := filasCrudas(ctx, c, "SELECT "+strings.Join(columnasSelloAsiento, ", ")+" FROM asientos WHERE partida = ? ORDER BY puesto", id)
	if err != nil {
		return 0, nil, err
	}
	for _, a := range asientos {
		calculado = formato.Sello(calculado, append([]any{"asiento"}, a...)...)
	}
	movs, err := filasCrudas(ctx, c, "SELECT "+strings.Join(columnasSelloMovimiento, ", ")+" FROM movimientos WHERE partida = ? ORDER BY n", id)
	if err != nil {
		return 0, nil, err
	}
	for i, m := range movs {
		if n, _ := m[0].(int64); n != int64(i) {
			return calculado, fmt.Errorf("falta el movimiento %d", i), nil
		}
		calculado = formato.Sello(calculado, append([]any{"movimiento"}, m...)...)
	}
	if int64(len(movs)) != cantidad {
		return calculado, fmt.Errorf("tiene %d movimientos guardados y la partida dice tener %d", len(movs), cantidad), nil
	}
	if estado, _ := fin[0].(int64); estado == int64(almacen.Terminada) {
		calculado = formato.Sello(calculado, append([]any{"fin"}, fin...)...)
	}
	if !conSello || guardado != calculado {
		return calculado, errors.New("sus datos no coinciden con su sello"), nil
	}
	return calculado, nil, nil
}

// comprobarPartida es revisarPartida como error: nil, o uno que envuelve a
// almacen.ErrPartidaCorrupta (y a almacen.ErrDanado si no se pudo leer) y
// nombra la partida.
func comprobarPartida(ctx context.Context, c consulta, id int64) error {
	_, problema, err := revisarPartida(ctx, c, id)
	switch err = traducir(err); {
	case errors.Is(err, almacen.ErrDanado) || errors.Is(err, almacen.ErrNoEsBaseDeDatos):
		return fmt.Errorf("%w: partida %d: %w", almacen.ErrPartidaCorrupta, id, err)
	case err != nil:
		return err
	case problema != nil:
		return fmt.Errorf("%w: partida %d: %w", almacen.ErrPartidaCorrupta, id, problema)
	}
	return nil
}

// comprobarEsquema compara el esquema del archivo (tablas, índices y
// disparadores, con su texto) con el que dejan las migraciones en una base
// nueva en memoria: un esquema dañado (el texto de un disparador o de una
// tabla) es un archivo dañado, aunque SQLite lo lea.
func (a *Almacen) comprobarEsquema(ctx context.Context) error {
	const q = "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name"
	nueva, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		return err
	}
	defer nueva.Close()
	nueva.SetMaxOpenConns(1)
	for _, m := range migraciones {
		if _, err := nueva.ExecContext(ctx, m); err != nil {
			return fmt.Errorf("almacen/sqlite: el esquema de referencia: %w", err)
		}
	}
	quiere, err := filasCrudas(ctx, nueva, q)
	if err != nil {
		return err
	}
	var tiene [][]any
	if err := a.esperar(ctx, func() error {
		var err error
		tiene, err = filasCrudas(ctx, a.escritor, q)
		return err
	}); err != nil {
		return traducir(err)
	}
	if fmt.Sprint(tiene) != fmt.Sprint(quiere) {
		for i := range max(len(tiene), len(quiere)) {
			if i >= len(tiene) || i >= len(quiere) || fmt.Sprint(tiene[i]) != fmt.Sprint(quiere[i]) {
				var nombre any = "?"
				if i < len(tiene) {
					nombre = tiene[i][1]
				} else {
					nombre = quiere[i][1]
				}
				return fmt.Errorf("%w: el esquema no es el de la versión %d (%q)", almacen.ErrDanado, len(migraciones), nombre)
			}
		}
	}
	return nil
}

// comprobarArchivo corre la verificación de la estructura del archivo de
// SQLite (PRAGMA quick_check): las páginas, los árboles y los registros.
// Si encuentra problemas devuelve un error que envuelve a almacen.ErrDanado
// y cita los primeros.
func (a *Almacen) comprobarArchivo(ctx context.Context) error {
	var problemas []string
	err := a.esperar(ctx, func() error {
		filas, err := filasCrudas(ctx, a.escritor, "PRAGMA quick_check(8)")
		problemas = problemas[:0]
		for _, f := range filas {
			if s, ok := f[0].(string); ok && s != "ok" {
				problemas = append(problemas, s)
			}
		}
		return err
	})
	if err != nil {
		return traducir(err)
	}
	if len(problemas) > 0 {
		for i, p := range problemas {
			if len(p) > 120 {
				problemas[i] = strings.ToValidUTF8(p[:120], "") + "…"
			}
		}
		return fmt.Errorf("%w: %s", almacen.ErrDanado, strings.Join(problemas, "; "))
	}
	return nil
}

// Danadas devuelve las partidas que la verificación encontró dañadas al
// abrir el almacén (ver Abrir), por identificador: leerlas devuelve un
// error que envuelve a almacen.ErrPartidaCorrupta. almacen.Verificar las
// incluye.
func (a *Almacen) Danadas() []almacen.PartidaDanada { return slices.Clone(a.danadas) }

// verificar sella las partidas guardadas antes de que hubiera sellos (una
// vez) y busca las dañadas: las que no tienen tantos movimientos como
// dicen (también las terminadas), las de estado imposible, los movimientos
// y asientos sin partida, y, de las partidas en curso, las que no
// coinciden con su sello. Las anota en a.danadas.
func (a *Almacen) verificar(ctx context.Context) error {
	if err := a.sellarViejas(ctx); err != nil {
		return err
	}
	danadas := map[int64]error{}
	anotar := func(id int64, formato string, args ...any) {
		if _, ya := danadas[id]; !ya {
			danadas[id] = fmt.Errorf("%w: partida %d: "+formato, append([]any{almacen.ErrPartidaCorrupta, id}, args...)...)
		}
	}
	err := a.esperar(ctx, func() error {
		clear(danadas)
		tx, err := a.escritor.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return err
		}
		defer tx.Rollback()
		consultas := []struct {
			q      string
			motivo string
		}{
			{`SELECT p.id FROM partidas p LEFT JOIN (SELECT partida, count(*) AS c FROM movimientos GROUP BY partida) m
				ON m.partida = p.id WHERE p.movimientos != coalesce(m.c, 0)`, "no tiene tantos movimientos guardados como dice"},
			{`SELECT id FROM partidas WHERE estado NOT IN (1, 2) OR (estado = 2) = (puntajes = '')`, "su estado no es posible"},
			{`SELECT DISTINCT partida FROM movimientos WHERE partida NOT IN (SELECT id FROM partidas)`, "hay movimientos suyos y no está la partida"},
			{`SELECT DISTINCT partida FROM asientos WHERE partida NOT IN (SELECT id FROM partidas)`, "hay asientos suyos y no está la partida"},
			{`SELECT id FROM partidas p WHERE estado = 1 AND NOT EXISTS
				(SELECT 1 FROM diccionarios d WHERE d.nombre = p.diccionario AND d.version >= p.version)`, "no está su diccionario, o no tiene su versión"},
		}
		for _, c := range consultas {
			filas, err := filasCrudas(ctx, tx, c.q)
			if err != nil {
				return err
			}
			for _, f := range filas {
				id, _ := f[0].(int64)
				anotar(id, "%s", c.motivo)
			}
		}
		enCurso, err := filasCrudas(ctx, tx, "SELECT id FROM partidas WHERE estado = 1")
		if err != nil {
			return err
		}
		for _, f := range enCurso {
			id, _ := f[0].(int64)
			if err := comprobarPartida(ctx, tx, id); errors.Is(err, almacen.ErrPartidaCorrupta) {
				if _, ya := danadas[id]; !ya {
					danadas[id] = err
				}
			} else if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return traducir(err)
	}
	a.danadas = a.danadas[:0]
	for id, err := range danadas {
		a.danadas = append(a.danadas, almacen.PartidaDanada{ID: id, Err: err})
	}
	slices.SortFunc(a.danadas, func(x, y almacen.PartidaDanada) int { return int(min(max(x.ID-y.ID, -1), 1)) })
	return nil
}

// sellarViejas sella las partidas guardadas antes de que existiera el
// sello, la primera vez que se abre el archivo con la migración de los
// sellos (meta 'sellos' en 0); después no hace nada. Sin la marca (una
// fila de meta dañada) tampoco: una partida sin sello se informa dañada.
func (a *Almacen) sellarViejas(ctx context.Context) error {
	var marca int64
	err := a.esperar(ctx, func() error {
		return a.escritor.QueryRowContext(ctx, "SELECT valor FROM meta WHERE clave = 'sellos'").Scan(&marca)
	})
	if errors.Is(err, sql.ErrNoRows) || err == nil && marca != 0 {
		return nil // ya sellado (o sin marca): solo lectura, así abrir no espera a otro proceso que escribe
	} else if err != nil {
		return err
	}
	return a.esperar(ctx, func() error {
		tx, err := a.escritor.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		var marca int64
		if err := tx.QueryRowContext(ctx, "SELECT valor FROM meta WHERE clave = 'sellos'").Scan(&marca); errors.Is(err, sql.ErrNoRows) || err == nil && marca != 0 {
			return nil
		} else if err != nil {
			return err
		}
		ids, err := filasCrudas(ctx, tx, "SELECT id FROM partidas")
		if err != nil {
			return err
		}
		for _, f := range ids {
			id, _ := f[0].(int64)
			calculado, _, err := revisarPartida(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE partidas SET sello = ? WHERE id = ?", calculado, id); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, "UPDATE meta SET valor = 1 WHERE clave = 'sellos'"); err != nil {
			return err
		}
		return tx.Commit()
	})
}
