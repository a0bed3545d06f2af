package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/juego"
)

// Sellos. Cada partida lleva uno, como en el almacén SQLite: la cadena de
// sumas (formato.Sello) de sus datos esenciales, de cada asiento y de cada
// movimiento, en orden, y, si terminó, de su estado y sus puntajes. Aquí lo
// calcula este paquete en la misma transacción que guarda cada cosa (el
// servidor no corre código de Go), y lo recalcula al leer la partida: un
// cambio de esos datos hecho por fuera del almacén no coincide y la
// partida se informa dañada en vez de reanudarse con otros datos.

func selloPartida(id int64, variante, diccionario string, version int, semilla int64, r almacen.Reloj) int64 {
	return formato.Sello(0, "partida", id, variante, diccionario, version, semilla, int64(r.Inicial), r.Penalizacion, int64(r.Exceso))
}

func selloAsiento(anterior int64, puesto int, as almacen.Asiento) int64 {
	return formato.Sello(anterior, "asiento", puesto, as.Jugador, as.Nivel)
}

func selloMovimiento(anterior int64, n int, c movimientoCodificado) int64 {
	m := c.m
	return formato.Sello(anterior, "movimiento", n, int(m.Tipo), m.Jugador, c.fichas, c.cambiadas, m.ConMano, c.mano, c.proximas,
		m.Puntos, int64(m.Duracion), int(m.Motivo))
}

func selloFin(anterior int64, puntajes []int) int64 {
	s := make([]string, len(puntajes))
	for i, p := range puntajes {
		s[i] = strconv.Itoa(p)
	}
	return formato.Sello(anterior, "fin", int(almacen.Terminada), strings.Join(s, ","))
}

// CrearPartida implementa almacen.Partidas.
func (a *Almacen) CrearPartida(ctx context.Context, np almacen.NuevaPartida) (almacen.Partida, error) {
	k := len(np.Asientos)
	if k == 0 || k > almacen.MaxAsientos {
		return almacen.Partida{}, fmt.Errorf("%w: %d asientos (de 1 a %d)", almacen.ErrAsientosInvalidos, k, almacen.MaxAsientos)
	}
	vistos := map[int64]bool{}
	jugadores := make([]int64, k)
	for i, as := range np.Asientos {
		if vistos[as.Jugador] {
			return almacen.Partida{}, fmt.Errorf("%w: el jugador %d está dos veces", almacen.ErrAsientosInvalidos, as.Jugador)
		}
		vistos[as.Jugador] = true
		jugadores[i] = as.Jugador
	}
	if np.Reloj.Inicial < 0 || np.Reloj.Exceso < 0 || np.Reloj.Penalizacion < 0 {
		return almacen.Partida{}, fmt.Errorf("almacen/postgres: reloj inválido %+v", np.Reloj)
	}
	ahora := a.ahora().UTC()
	var p almacen.Partida
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		p = almacen.Partida{Nombre: np.Nombre, Diccionario: np.Diccionario, Version: np.Version, Semilla: np.Semilla,
			Asientos: append([]almacen.Asiento(nil), np.Asientos...), Reloj: np.Reloj, Estado: almacen.EnCurso, Creada: ahora, Actualizada: ahora}
		var actual int
		err := tx.QueryRow(ctx, "SELECT nombre, base, version FROM diccionarios WHERE clave = $1", clave(np.Diccionario)).
			Scan(&p.Diccionario, &p.Variante, &actual)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %q", almacen.ErrDiccionarioInexistente, np.Diccionario)
		}
		if err != nil {
			return err
		}
		if p.Version == 0 {
			p.Version = actual
		}
		if p.Version < 1 || p.Version > actual {
			return fmt.Errorf("%w: %q no tiene la versión %d", almacen.ErrDiccionarioInexistente, np.Diccionario, p.Version)
		}
		var hay int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM jugadores WHERE id = ANY($1)", jugadores).Scan(&hay); err != nil {
			return err
		}
		if hay != k {
			for _, j := range jugadores {
				var x int
				if err := tx.QueryRow(ctx, "SELECT 1 FROM jugadores WHERE id = $1", j).Scan(&x); errors.Is(err, pgx.ErrNoRows) {
					return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, j)
				}
			}
		}
		if err := tx.QueryRow(ctx, "SELECT nextval(pg_get_serial_sequence('partidas', 'id'))").Scan(&p.ID); err != nil {
			return err
		}
		sello := selloPartida(p.ID, p.Variante, p.Diccionario, p.Version, int64(p.Semilla), p.Reloj)
		for i, as := range p.Asientos {
			sello = selloAsiento(sello, i, as)
		}
		lote := &pgx.Batch{}
		lote.Queue(`INSERT INTO partidas(id, nombre, variante, diccionario, version, semilla, estado, creada, actualizada,
			reloj_inicial, reloj_penalizacion, reloj_exceso, sello) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12)`,
			p.ID, p.Nombre, p.Variante, p.Diccionario, p.Version, int64(p.Semilla), int(p.Estado), unix(ahora),
			int64(p.Reloj.Inicial), p.Reloj.Penalizacion, int64(p.Reloj.Exceso), sello)
		for i, as := range p.Asientos {
			lote.Queue("INSERT INTO asientos(partida, puesto, jugador, nivel) VALUES ($1, $2, $3, $4)", p.ID, i, as.Jugador, as.Nivel)
		}
		err = tx.SendBatch(ctx, lote).Close()
		if codigo(err) == codigoForanea { // un jugador borrado mientras tanto
			return fmt.Errorf("%w: %w", almacen.ErrJugadorInexistente, err)
		}
		if err == nil {
			a.sellos.anotar(p.ID, 0, sello)
		}
		return err
	})
	if err != nil {
		a.sellos.olvidar(p.ID)
		return almacen.Partida{}, err
	}
	return p, nil
}

// movimientoCodificado es un movimiento listo para guardar.
type movimientoCodificado struct {
	m                                 almacen.Movimiento
	fichas, cambiadas, mano, proximas []byte
}

func codificar(m almacen.Movimiento) (movimientoCodificado, error) {
	c := movimientoCodificado{m: m}
	switch m.Tipo {
	case juego.SucesoColocacion:
		c.fichas = formato.CodificarFichas(m.Jugada)
	case juego.SucesoCambio:
		c.cambiadas = formato.CodificarMulti(m.Cambiadas)
	case juego.SucesoPase, juego.SucesoAjuste:
	default:
		return c, fmt.Errorf("almacen/postgres: tipo de movimiento inválido %v", m.Tipo)
	}
	if m.ConMano {
		c.mano = formato.CodificarMulti(m.Mano)
	}
	c.proximas = formato.CodificarMulti(m.Proximas)
	return c, nil
}

// AgregarMovimiento implementa almacen.Partidas: una transacción que toma
// el candado de la fila de la partida (SELECT … FOR NO KEY UPDATE: el de
// FOR UPDATE sin frenar a quien solo la referencia), comprueba el
// número, guarda el movimiento y, si la partida termina, actualiza las
// estadísticas y los ratings.
func (a *Almacen) AgregarMovimiento(ctx context.Context, id int64, n int, m almacen.Movimiento, fin *almacen.Resultado) error {
	return a.AgregarMovimientos(ctx, id, n, []almacen.Movimiento{m}, fin)
}

// AgregarMovimientos implementa almacen.Partidas: como AgregarMovimiento,
// con todos los movimientos en la misma transacción.
//
// Dos procesos que agregan el movimiento n de la misma partida a la vez se
// ordenan en el candado de su fila: el segundo lee la cantidad que dejó el
// primero y recibe almacen.ErrConflicto. La clave primaria (partida, n) de
// los movimientos lo garantiza además en la base.
func (a *Almacen) AgregarMovimientos(ctx context.Context, id int64, n int, ms []almacen.Movimiento, fin *almacen.Resultado) error {
	if len(ms) == 0 {
		return fmt.Errorf("almacen/postgres: ningún movimiento que agregar")
	}
	cods := make([]movimientoCodificado, len(ms))
	for i, m := range ms {
		var err error
		if cods[i], err = codificar(m); err != nil {
			return err
		}
	}
	if fin == nil && len(cods) == 1 {
		if hecho, err := a.agregarRapido(ctx, id, n, cods[0]); hecho || err != nil {
			return err
		}
	}
	var sello int64
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		var estado, cant int
		err := tx.QueryRow(ctx, "SELECT estado, movimientos, sello FROM partidas WHERE id = $1 FOR NO KEY UPDATE", id).Scan(&estado, &cant, &sello)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		}
		if err != nil {
			return err
		}
		if almacen.Estado(estado) == almacen.Terminada {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaTerminada, id)
		}
		if cant != n {
			return fmt.Errorf("%w: partida %d, movimiento %d, y tiene %d", almacen.ErrConflicto, id, n, cant)
		}
		var jugadores []int64
		if fin != nil {
			filas, _ := tx.Query(ctx, "SELECT jugador FROM asientos WHERE partida = $1 ORDER BY puesto", id)
			if jugadores, err = pgx.CollectRows(filas, pgx.RowTo[int64]); err != nil {
				return err
			}
			if len(fin.Puntajes) != len(jugadores) {
				return fmt.Errorf("%w: %d puntajes para %d asientos", almacen.ErrAsientosInvalidos, len(fin.Puntajes), len(jugadores))
			}
		}
		lote := &pgx.Batch{}
		for i, c := range cods {
			m := c.m
			lote.Queue(`INSERT INTO movimientos(partida, n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, id, n+i, int(m.Tipo), m.Jugador, c.fichas, c.cambiadas, m.ConMano,
				c.mano, c.proximas, m.Puntos, int64(m.Duracion), int(m.Motivo))
			sello = selloMovimiento(sello, n+i, c)
		}
		ahora, total := unix(a.ahora()), n+len(cods)
		if fin == nil {
			lote.Queue("UPDATE partidas SET movimientos = $1, actualizada = $2, sello = $3 WHERE id = $4", total, ahora, sello, id)
		} else {
			sello = selloFin(sello, fin.Puntajes)
			lote.Queue("UPDATE partidas SET movimientos = $1, actualizada = $2, sello = $3, estado = $4, puntajes = $5 WHERE id = $6",
				total, ahora, sello, int(almacen.Terminada), fin.Puntajes, id)
		}
		if err := tx.SendBatch(ctx, lote).Close(); err != nil {
			if codigo(err) == codigoUnico {
				return fmt.Errorf("%w: partida %d, movimiento %d: %w", almacen.ErrConflicto, id, n, err)
			}
			return err
		}
		if fin == nil {
			return nil
		}
		return terminar(ctx, tx, id, jugadores, fin.Puntajes)
	})
	switch {
	case err != nil:
		a.sellos.olvidar(id)
	case fin == nil:
		a.sellos.anotar(id, n+len(cods), sello)
	default:
		a.sellos.olvidar(id) // terminada: no tendrá más movimientos
	}
	return err
}

const columnasPartida = "id, nombre, variante, diccionario, version, semilla, estado, movimientos, puntajes, creada, actualizada, reloj_inicial, reloj_penalizacion, reloj_exceso, sello"

// resumenCrudo es una fila de partidas.
type resumenCrudo struct {
	almacen.Resumen
	semilla int64
	sello   int64
}

func escanearResumen(s pgx.Row) (resumenCrudo, error) {
	var r resumenCrudo
	var creada, actualizada, inicial, exceso int64
	var estado int
	var puntajes []int
	err := s.Scan(&r.ID, &r.Nombre, &r.Variante, &r.Diccionario, &r.Version, &r.semilla, &estado, &r.Movimientos, &puntajes,
		&creada, &actualizada, &inicial, &r.Reloj.Penalizacion, &exceso, &r.sello)
	r.Reloj.Inicial, r.Reloj.Exceso = time.Duration(inicial), time.Duration(exceso)
	r.Estado = almacen.Estado(estado)
	if len(puntajes) > 0 {
		r.Puntajes = puntajes
	}
	r.Creada, r.Actualizada = tiempo(creada), tiempo(actualizada)
	return r, err
}

func asientosDe(ctx context.Context, tx pgx.Tx, id int64) ([]almacen.Asiento, error) {
	filas, _ := tx.Query(ctx, "SELECT jugador, nivel FROM asientos WHERE partida = $1 ORDER BY puesto", id)
	return pgx.CollectRows(filas, func(f pgx.CollectableRow) (almacen.Asiento, error) {
		var as almacen.Asiento
		err := f.Scan(&as.Jugador, &as.Nivel)
		return as, err
	})
}

// leerPartida lee la partida id dentro de tx y la comprueba: sus
// movimientos deben ser 0, 1, … hasta los que dice tener, legibles, y todo
// debe coincidir con su sello, que devuelve. Si no, devuelve un error que
// envuelve a almacen.ErrPartidaCorrupta y la nombra.
func leerPartida(ctx context.Context, tx pgx.Tx, id int64) (almacen.Partida, int64, error) {
	r, err := escanearResumen(tx.QueryRow(ctx, "SELECT "+columnasPartida+" FROM partidas WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return almacen.Partida{}, 0, fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
	}
	if err != nil {
		return almacen.Partida{}, 0, err
	}
	p := almacen.Partida{ID: r.ID, Nombre: r.Nombre, Variante: r.Variante, Diccionario: r.Diccionario, Version: r.Version,
		Semilla: uint64(r.semilla), Reloj: r.Reloj, Estado: r.Estado, Puntajes: r.Puntajes, Creada: r.Creada, Actualizada: r.Actualizada}
	corrupta := func(formato string, args ...any) error {
		return fmt.Errorf("%w: partida %d: "+formato, append([]any{almacen.ErrPartidaCorrupta, id}, args...)...)
	}
	if p.Asientos, err = asientosDe(ctx, tx, id); err != nil {
		return p, 0, err
	}
	sello := selloPartida(p.ID, p.Variante, p.Diccionario, p.Version, r.semilla, p.Reloj)
	for i, as := range p.Asientos {
		sello = selloAsiento(sello, i, as)
	}
	filas, _ := tx.Query(ctx, `SELECT n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo
		FROM movimientos WHERE partida = $1 ORDER BY n`, id)
	var c movimientoCodificado
	var n, tipo, motivo int
	var duracion int64
	var problema error
	_, err = pgx.ForEachRow(filas, []any{&n, &tipo, &c.m.Jugador, &c.fichas, &c.cambiadas, &c.m.ConMano, &c.mano, &c.proximas,
		&c.m.Puntos, &duracion, &motivo}, func() error {
		if problema != nil {
			return nil
		}
		if n != len(p.Movimientos) {
			problema = corrupta("falta el movimiento %d", len(p.Movimientos))
			return nil
		}
		m := c.m
		m.Tipo, m.Duracion, m.Motivo = juego.TipoSuceso(tipo), time.Duration(duracion), almacen.MotivoAjuste(motivo)
		c.m = m
		sello = selloMovimiento(sello, n, c)
		var e1, e2, e3, e4 error
		m.Jugada, e1 = formato.DecodificarFichas(c.fichas)
		m.Cambiadas, e2 = formato.DecodificarMulti(c.cambiadas)
		m.Mano, e3 = formato.DecodificarMulti(c.mano)
		m.Proximas, e4 = formato.DecodificarMulti(c.proximas)
		if err := errors.Join(e1, e2, e3, e4); err != nil {
			problema = corrupta("movimiento %d: %w", n, err)
			return nil
		}
		p.Movimientos = append(p.Movimientos, m)
		return nil
	})
	switch {
	case err != nil:
		return p, 0, err
	case problema != nil:
		return p, 0, problema
	case len(p.Movimientos) != r.Movimientos:
		return p, 0, corrupta("tiene %d movimientos guardados y la partida dice tener %d", len(p.Movimientos), r.Movimientos)
	case p.Estado != almacen.EnCurso && p.Estado != almacen.Terminada, (p.Estado == almacen.Terminada) != (len(p.Puntajes) > 0):
		return p, 0, corrupta("su estado no es posible")
	}
	if p.Estado == almacen.Terminada {
		sello = selloFin(sello, p.Puntajes)
	}
	if sello != r.sello {
		return p, 0, corrupta("sus datos no coinciden con su sello")
	}
	return p, sello, nil
}

// Partida implementa almacen.Partidas. Comprueba la partida con su sello
// (leerPartida): una dañada da almacen.ErrPartidaCorrupta.
func (a *Almacen) Partida(ctx context.Context, id int64) (almacen.Partida, error) {
	var p almacen.Partida
	var sello int64
	err := a.leer(ctx, func(tx pgx.Tx) error {
		var err error
		p, sello, err = leerPartida(ctx, tx, id)
		return err
	})
	if err == nil && p.Estado == almacen.EnCurso {
		a.sellos.anotar(id, len(p.Movimientos), sello)
	}
	return p, err
}

// Partidas implementa almacen.Partidas.
func (a *Almacen) Partidas(ctx context.Context, f almacen.Filtro) ([]almacen.Resumen, error) {
	q := "SELECT " + columnasPartida + " FROM partidas WHERE true"
	var args []any
	if f.Jugador != 0 {
		args = append(args, f.Jugador)
		q += fmt.Sprintf(" AND id IN (SELECT partida FROM asientos WHERE jugador = $%d)", len(args))
	}
	if f.Estado != 0 {
		args = append(args, int(f.Estado))
		q += fmt.Sprintf(" AND estado = $%d", len(args))
	}
	q += " ORDER BY id DESC"
	if f.Limite > 0 {
		args = append(args, f.Limite)
		q += fmt.Sprintf(" LIMIT $%d", len(args))
	}
	var res []almacen.Resumen
	err := a.leer(ctx, func(tx pgx.Tx) error {
		filas, _ := tx.Query(ctx, q, args...)
		var err error
		res, err = pgx.CollectRows(filas, func(f pgx.CollectableRow) (almacen.Resumen, error) {
			r, err := escanearResumen(f)
			return r.Resumen, err
		})
		if err != nil || len(res) == 0 {
			return err
		}
		ids := make([]int64, len(res))
		donde := make(map[int64]int, len(res))
		for i, r := range res {
			ids[i], donde[r.ID] = r.ID, i
		}
		filas, _ = tx.Query(ctx, "SELECT partida, jugador, nivel FROM asientos WHERE partida = ANY($1) ORDER BY partida, puesto", ids)
		var id int64
		var as almacen.Asiento
		_, err = pgx.ForEachRow(filas, []any{&id, &as.Jugador, &as.Nivel}, func() error {
			i := donde[id]
			res[i].Asientos = append(res[i].Asientos, as)
			return nil
		})
		return err
	})
	return res, err
}

// MovimientosGuardados implementa almacen.Partidas: una sola consulta,
// fuera de una transacción (una ida y vuelta), que lee solo la columna
// movimientos de las filas de partidas.
func (a *Almacen) MovimientosGuardados(ctx context.Context, ids []int64) (map[int64]int, error) {
	if err := a.vivo(); err != nil {
		return nil, err
	}
	res := make(map[int64]int, len(ids))
	if len(ids) == 0 {
		return res, nil
	}
	filas, _ := a.pool.Query(ctx, "SELECT id, movimientos FROM partidas WHERE id = ANY($1)", ids)
	var id int64
	var n int
	_, err := pgx.ForEachRow(filas, []any{&id, &n}, func() error {
		res[id] = n
		return nil
	})
	if err != nil {
		return nil, a.traducir(ctx, err)
	}
	return res, nil
}

// BorrarPartida implementa almacen.Partidas.
func (a *Almacen) BorrarPartida(ctx context.Context, id int64) error {
	defer a.sellos.olvidar(id)
	return a.escribir(ctx, func(tx pgx.Tx) error {
		r, err := tx.Exec(ctx, "DELETE FROM partidas WHERE id = $1", id)
		if err != nil {
			return err
		}
		if r.RowsAffected() == 0 {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		}
		return nil
	})
}
