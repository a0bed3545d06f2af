package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/juego"
)

func leerPuntajes(s string) []int {
	if s == "" {
		return nil
	}
	campos := strings.Split(s, ",")
	res := make([]int, len(campos))
	for i, c := range campos {
		res[i], _ = strconv.Atoi(c)
	}
	return res
}

// CrearPartida implementa almacen.Partidas.
func (a *Almacen) CrearPartida(ctx context.Context, np almacen.NuevaPartida) (almacen.Partida, error) {
	k := len(np.Asientos)
	if k == 0 || k > almacen.MaxAsientos {
		return almacen.Partida{}, fmt.Errorf("%w: %d asientos (de 1 a %d)", almacen.ErrAsientosInvalidos, k, almacen.MaxAsientos)
	}
	vistos := map[int64]bool{}
	for _, as := range np.Asientos {
		if vistos[as.Jugador] {
			return almacen.Partida{}, fmt.Errorf("%w: el jugador %d está dos veces", almacen.ErrAsientosInvalidos, as.Jugador)
		}
		vistos[as.Jugador] = true
	}
	ahora := a.ahora().UTC()
	if np.Reloj.Inicial < 0 || np.Reloj.Exceso < 0 || np.Reloj.Penalizacion < 0 {
		return almacen.Partida{}, fmt.Errorf("almacen/sqlite: reloj inválido %+v", np.Reloj)
	}
	p := almacen.Partida{Nombre: np.Nombre, Diccionario: np.Diccionario, Version: np.Version, Semilla: np.Semilla,
		Asientos: append([]almacen.Asiento(nil), np.Asientos...), Reloj: np.Reloj, Estado: almacen.EnCurso, Creada: ahora, Actualizada: ahora}
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		var actual int
		err := tx.QueryRowContext(ctx, "SELECT nombre, base, version FROM diccionarios WHERE nombre = ?", np.Diccionario).Scan(&p.Diccionario, &p.Variante, &actual)
		if errors.Is(err, sql.ErrNoRows) {
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
		for _, as := range np.Asientos {
			var x int
			if err := tx.QueryRowContext(ctx, "SELECT 1 FROM jugadores WHERE id = ?", as.Jugador).Scan(&x); errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, as.Jugador)
			} else if err != nil {
				return err
			}
		}
		r, err := tx.ExecContext(ctx, `INSERT INTO partidas(nombre, variante, diccionario, version, semilla, estado, creada, actualizada,
			reloj_inicial, reloj_penalizacion, reloj_exceso) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.Nombre, p.Variante, p.Diccionario, p.Version, int64(p.Semilla), int(p.Estado), unix(ahora), unix(ahora),
			int64(p.Reloj.Inicial), p.Reloj.Penalizacion, int64(p.Reloj.Exceso))
		if err != nil {
			return err
		}
		if p.ID, err = r.LastInsertId(); err != nil {
			return err
		}
		for i, as := range np.Asientos {
			if _, err := tx.ExecContext(ctx, "INSERT INTO asientos(partida, puesto, jugador, nivel) VALUES (?, ?, ?, ?)", p.ID, i, as.Jugador, as.Nivel); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return almacen.Partida{}, err
	}
	return p, nil
}

// AgregarMovimiento implementa almacen.Partidas: una transacción que
// comprueba el número, guarda el movimiento y, si la partida termina,
// actualiza las estadísticas y los ratings.
func (a *Almacen) AgregarMovimiento(ctx context.Context, id int64, n int, m almacen.Movimiento, fin *almacen.Resultado) error {
	return a.AgregarMovimientos(ctx, id, n, []almacen.Movimiento{m}, fin)
}

// movimientoCodificado es un movimiento listo para guardar.
type movimientoCodificado struct {
	m                                 almacen.Movimiento
	fichas, cambiadas, mano, proximas []byte
}

// AgregarMovimientos implementa almacen.Partidas: como AgregarMovimiento,
// con todos los movimientos en la misma transacción (que, si llegan otros
// a la vez, es la de un grupo: escribirEnGrupo).
func (a *Almacen) AgregarMovimientos(ctx context.Context, id int64, n int, ms []almacen.Movimiento, fin *almacen.Resultado) error {
	if len(ms) == 0 {
		return fmt.Errorf("almacen/sqlite: ningún movimiento que agregar")
	}
	cods := make([]movimientoCodificado, len(ms))
	for i, m := range ms {
		c := movimientoCodificado{m: m}
		switch m.Tipo {
		case juego.SucesoColocacion:
			c.fichas = formato.CodificarFichas(m.Jugada)
		case juego.SucesoCambio:
			c.cambiadas = formato.CodificarMulti(m.Cambiadas)
		case juego.SucesoPase, juego.SucesoAjuste:
		default:
			return fmt.Errorf("almacen/sqlite: tipo de movimiento inválido %v", m.Tipo)
		}
		if m.ConMano {
			c.mano = formato.CodificarMulti(m.Mano)
		}
		c.proximas = formato.CodificarMulti(m.Proximas)
		cods[i] = c
	}
	return a.escribirEnGrupo(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var estado, cant int
		err := tx.QueryRowContext(ctx, "SELECT estado, movimientos FROM partidas WHERE id = ?", id).Scan(&estado, &cant)
		if errors.Is(err, sql.ErrNoRows) {
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
		for i, c := range cods {
			m := c.m
			if _, err := tx.ExecContext(ctx, `INSERT INTO movimientos(partida, n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, n+i, int(m.Tipo), m.Jugador, c.fichas, c.cambiadas, m.ConMano, c.mano, c.proximas, m.Puntos,
				int64(m.Duracion), int(m.Motivo)); err != nil {
				return err
			}
		}
		ahora := unix(a.ahora())
		total := n + len(cods)
		if fin == nil {
			_, err := tx.ExecContext(ctx, "UPDATE partidas SET movimientos = ?, actualizada = ? WHERE id = ?", total, ahora, id)
			return err
		}
		jugadores, err := jugadoresDe(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(fin.Puntajes) != len(jugadores) {
			return fmt.Errorf("%w: %d puntajes para %d asientos", almacen.ErrAsientosInvalidos, len(fin.Puntajes), len(jugadores))
		}
		if _, err := tx.ExecContext(ctx, "UPDATE partidas SET movimientos = ?, actualizada = ?, estado = ?, puntajes = ? WHERE id = ?",
			total, ahora, int(almacen.Terminada), unirPuntajes(fin.Puntajes), id); err != nil {
			return err
		}
		return terminar(ctx, tx, id, jugadores, fin.Puntajes)
	})
}

func jugadoresDe(ctx context.Context, tx *sql.Tx, id int64) ([]int64, error) {
	asientos, err := asientosDe(ctx, tx, id)
	js := make([]int64, len(asientos))
	for i, as := range asientos {
		js[i] = as.Jugador
	}
	return js, err
}

func asientosDe(ctx context.Context, tx *sql.Tx, id int64) ([]almacen.Asiento, error) {
	filas, err := tx.QueryContext(ctx, "SELECT jugador, nivel FROM asientos WHERE partida = ? ORDER BY puesto", id)
	if err != nil {
		return nil, err
	}
	defer filas.Close()
	var res []almacen.Asiento
	for filas.Next() {
		var as almacen.Asiento
		if err := filas.Scan(&as.Jugador, &as.Nivel); err != nil {
			return nil, err
		}
		res = append(res, as)
	}
	return res, filas.Err()
}

const columnasPartida = "id, nombre, variante, diccionario, version, semilla, estado, movimientos, puntajes, creada, actualizada, reloj_inicial, reloj_penalizacion, reloj_exceso"

func escanearResumen(s interface{ Scan(...any) error }) (almacen.Resumen, uint64, error) {
	var r almacen.Resumen
	var semilla, creada, actualizada, inicial, exceso int64
	var estado int
	var puntajes string
	err := s.Scan(&r.ID, &r.Nombre, &r.Variante, &r.Diccionario, &r.Version, &semilla, &estado, &r.Movimientos, &puntajes, &creada, &actualizada,
		&inicial, &r.Reloj.Penalizacion, &exceso)
	r.Reloj.Inicial, r.Reloj.Exceso = time.Duration(inicial), time.Duration(exceso)
	r.Estado = almacen.Estado(estado)
	r.Puntajes = leerPuntajes(puntajes)
	r.Creada, r.Actualizada = tiempo(creada).UTC(), tiempo(actualizada).UTC()
	return r, uint64(semilla), err
}

// Partida implementa almacen.Partidas.
func (a *Almacen) Partida(ctx context.Context, id int64) (almacen.Partida, error) {
	var p almacen.Partida
	err := a.leer(ctx, func(tx *sql.Tx) error {
		r, semilla, err := escanearResumen(tx.QueryRowContext(ctx, "SELECT "+columnasPartida+" FROM partidas WHERE id = ?", id))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		}
		if err != nil {
			return err
		}
		p = almacen.Partida{ID: r.ID, Nombre: r.Nombre, Variante: r.Variante, Diccionario: r.Diccionario, Version: r.Version,
			Semilla: semilla, Reloj: r.Reloj, Estado: r.Estado, Puntajes: r.Puntajes, Creada: r.Creada, Actualizada: r.Actualizada}
		if p.Asientos, err = asientosDe(ctx, tx, id); err != nil {
			return err
		}
		filas, err := tx.QueryContext(ctx, "SELECT n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo FROM movimientos WHERE partida = ? ORDER BY n", id)
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			var m almacen.Movimiento
			var n, tipo, motivo int
			var duracion int64
			var fichas, cambiadas, mano, proximas []byte
			if err := filas.Scan(&n, &tipo, &m.Jugador, &fichas, &cambiadas, &m.ConMano, &mano, &proximas, &m.Puntos, &duracion, &motivo); err != nil {
				return err
			}
			m.Duracion, m.Motivo = time.Duration(duracion), almacen.MotivoAjuste(motivo)
			if n != len(p.Movimientos) {
				return fmt.Errorf("%w: partida %d: falta el movimiento %d", almacen.ErrPartidaCorrupta, id, len(p.Movimientos))
			}
			m.Tipo = juego.TipoSuceso(tipo)
			var e1, e2, e3 error
			m.Jugada, e1 = formato.DecodificarFichas(fichas)
			m.Cambiadas, e2 = formato.DecodificarMulti(cambiadas)
			m.Mano, e3 = formato.DecodificarMulti(mano)
			var e4 error
			m.Proximas, e4 = formato.DecodificarMulti(proximas)
			if err := errors.Join(e1, e2, e3, e4); err != nil {
				return fmt.Errorf("%w: partida %d, movimiento %d: %w", almacen.ErrPartidaCorrupta, id, n, err)
			}
			p.Movimientos = append(p.Movimientos, m)
		}
		if err := filas.Err(); err != nil {
			return err
		}
		filas.Close()
		return comprobarPartida(ctx, tx, id)
	})
	if errors.Is(err, almacen.ErrDanado) && !errors.Is(err, almacen.ErrPartidaCorrupta) {
		err = fmt.Errorf("%w: partida %d: %w", almacen.ErrPartidaCorrupta, id, err)
	}
	return p, err
}

// Partidas implementa almacen.Partidas.
func (a *Almacen) Partidas(ctx context.Context, f almacen.Filtro) ([]almacen.Resumen, error) {
	q := "SELECT " + columnasPartida + " FROM partidas WHERE 1"
	var args []any
	if f.Jugador != 0 {
		q += " AND id IN (SELECT partida FROM asientos WHERE jugador = ?)"
		args = append(args, f.Jugador)
	}
	if f.Estado != 0 {
		q += " AND estado = ?"
		args = append(args, int(f.Estado))
	}
	q += " ORDER BY id DESC"
	if f.Limite > 0 {
		q += " LIMIT ?"
		args = append(args, f.Limite)
	}
	var res []almacen.Resumen
	err := a.leer(ctx, func(tx *sql.Tx) error {
		filas, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		for filas.Next() {
			r, _, err := escanearResumen(filas)
			if err != nil {
				filas.Close()
				return err
			}
			res = append(res, r)
		}
		filas.Close()
		if err := filas.Err(); err != nil {
			return err
		}
		for i := range res {
			if res[i].Asientos, err = asientosDe(ctx, tx, res[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	return res, err
}

// loteGuardados es cuántas partidas pregunta cada consulta de
// MovimientosGuardados (SQLite acota los parámetros de una sentencia).
const loteGuardados = 500

// MovimientosGuardados implementa almacen.Partidas: una transacción de
// lectura con una consulta por cada loteGuardados partidas.
func (a *Almacen) MovimientosGuardados(ctx context.Context, ids []int64) (map[int64]int, error) {
	if err := a.vivo(); err != nil {
		return nil, err
	}
	res := make(map[int64]int, len(ids))
	if len(ids) == 0 {
		return res, nil
	}
	err := a.leer(ctx, func(tx *sql.Tx) error {
		for len(ids) > 0 {
			lote := ids[:min(len(ids), loteGuardados)]
			ids = ids[len(lote):]
			args := make([]any, len(lote))
			for i, id := range lote {
				args[i] = id
			}
			q := "SELECT id, movimientos FROM partidas WHERE id IN (?" + strings.Repeat(", ?", len(lote)-1) + ")"
			filas, err := tx.QueryContext(ctx, q, args...)
			if err != nil {
				return err
			}
			for filas.Next() {
				var id int64
				var n int
				if err := filas.Scan(&id, &n); err != nil {
					filas.Close()
					return err
				}
				res[id] = n
			}
			filas.Close()
			if err := filas.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// BorrarPartida implementa almacen.Partidas.
func (a *Almacen) BorrarPartida(ctx context.Context, id int64) error {
	return a.escribir(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, "DELETE FROM partidas WHERE id = ?", id)
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		}
		return nil
	})
}
