package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

var (
	_ almacen.Cuentas    = (*Almacen)(nil)
	_ almacen.Revisiones = (*Almacen)(nil)
)

// CrearCuenta implementa almacen.Cuentas.
func (a *Almacen) CrearCuenta(ctx context.Context, nombre, idioma string, c almacen.Cuenta) (almacen.Jugador, almacen.Cuenta, error) {
	if err := almacen.ValidarNombre(nombre); err != nil {
		return almacen.Jugador{}, almacen.Cuenta{}, err
	}
	if c.Clave == "" {
		return almacen.Jugador{}, almacen.Cuenta{}, fmt.Errorf("%w: clave vacía", almacen.ErrNombreInvalido)
	}
	ahora := a.ahora().UTC()
	j := almacen.Jugador{Nombre: nombre, Idioma: idioma, Creado: ahora}
	c.Creada = ahora
	c.Invitado = c.Resumen == ""
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, "INSERT INTO jugadores(nombre, idioma, creado) VALUES (?, ?, ?)", nombre, idioma, unix(ahora))
		if err != nil {
			if esUnico(err) {
				return fmt.Errorf("%w: jugador %q", almacen.ErrNombreRepetido, nombre)
			}
			return err
		}
		if j.ID, err = r.LastInsertId(); err != nil {
			return err
		}
		c.Jugador = j.ID
		if _, err := tx.ExecContext(ctx, "INSERT INTO cuentas(jugador, clave, resumen, creada) VALUES (?, ?, ?, ?)",
			j.ID, c.Clave, c.Resumen, unix(ahora)); err != nil {
			if esUnico(err) {
				return fmt.Errorf("%w: la clave %q", almacen.ErrNombreRepetido, c.Clave)
			}
			return err
		}
		return nil
	})
	if err != nil {
		return almacen.Jugador{}, almacen.Cuenta{}, err
	}
	return j, c, nil
}

// CuentaPorClave implementa almacen.Cuentas.
func (a *Almacen) CuentaPorClave(ctx context.Context, clave string) (almacen.Cuenta, error) {
	var c almacen.Cuenta
	err := a.leer(ctx, func(tx *sql.Tx) error {
		var creada int64
		err := tx.QueryRowContext(ctx, "SELECT jugador, clave, resumen, creada FROM cuentas WHERE clave = ?", clave).
			Scan(&c.Jugador, &c.Clave, &c.Resumen, &creada)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: clave %q", almacen.ErrJugadorInexistente, clave)
		}
		c.Creada = tiempo(creada).UTC()
		c.Invitado = c.Resumen == ""
		return err
	})
	return c, err
}

// CrearSesion implementa almacen.Cuentas.
func (a *Almacen) CrearSesion(ctx context.Context, s almacen.Sesion) error {
	if len(s.Resumen) == 0 {
		return fmt.Errorf("%w: resumen vacío", almacen.ErrSesionInexistente)
	}
	return a.escribir(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO sesiones(resumen, jugador, creada, vence) VALUES (?, ?, ?, ?)",
			s.Resumen, s.Jugador, unix(s.Creada), unix(s.Vence))
		var c interface{ Code() int }
		if errors.As(err, &c) && c.Code() == 787 { // SQLITE_CONSTRAINT_FOREIGNKEY
			return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, s.Jugador)
		}
		return err
	})
}

// Sesion implementa almacen.Cuentas.
func (a *Almacen) Sesion(ctx context.Context, resumen []byte, ahora time.Time) (almacen.Sesion, error) {
	s := almacen.Sesion{Resumen: append([]byte(nil), resumen...)}
	err := a.leer(ctx, func(tx *sql.Tx) error {
		var creada, vence int64
		err := tx.QueryRowContext(ctx, "SELECT jugador, creada, vence FROM sesiones WHERE resumen = ? AND vence > ?", resumen, unix(ahora)).
			Scan(&s.Jugador, &creada, &vence)
		if errors.Is(err, sql.ErrNoRows) {
			return almacen.ErrSesionInexistente
		}
		s.Creada, s.Vence = tiempo(creada).UTC(), tiempo(vence).UTC()
		return err
	})
	return s, err
}

// BorrarSesion implementa almacen.Cuentas.
func (a *Almacen) BorrarSesion(ctx context.Context, resumen []byte) error {
	return a.escribir(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM sesiones WHERE resumen = ?", resumen)
		return err
	})
}

// BorrarVencidas implementa almacen.Cuentas.
func (a *Almacen) BorrarVencidas(ctx context.Context, ahora time.Time) (int, error) {
	var n int64
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, "DELETE FROM sesiones WHERE vence <= ?", unix(ahora))
		if err != nil {
			return err
		}
		n, err = r.RowsAffected()
		return err
	})
	return int(n), err
}

// GuardarRevision implementa almacen.Revisiones.
func (a *Almacen) GuardarRevision(ctx context.Context, id int64, version int, datos []byte) error {
	return a.escribir(ctx, func(tx *sql.Tx) error {
		var x int
		if err := tx.QueryRowContext(ctx, "SELECT 1 FROM partidas WHERE id = ?", id).Scan(&x); errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		} else if err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO revisiones(partida, version, datos, creada) VALUES (?, ?, ?, ?)
			ON CONFLICT(partida) DO UPDATE SET version = excluded.version, datos = excluded.datos, creada = excluded.creada`,
			id, version, datos, unix(a.ahora()))
		return err
	})
}

// Revision implementa almacen.Revisiones.
func (a *Almacen) Revision(ctx context.Context, id int64) ([]byte, int, error) {
	var datos []byte
	var version int
	err := a.leer(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, "SELECT datos, version FROM revisiones WHERE partida = ?", id).Scan(&datos, &version)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrRevisionInexistente, id)
		}
		return err
	})
	return datos, version, err
}

// SinRevision implementa almacen.Revisiones.
func (a *Almacen) SinRevision(ctx context.Context, version, limite int) ([]int64, error) {
	if limite <= 0 {
		limite = -1
	}
	var res []int64
	err := a.leer(ctx, func(tx *sql.Tx) error {
		filas, err := tx.QueryContext(ctx, `SELECT p.id FROM partidas p LEFT JOIN revisiones r ON r.partida = p.id
			WHERE p.estado = ? AND (r.partida IS NULL OR r.version <> ?) ORDER BY p.id LIMIT ?`, int(almacen.Terminada), version, limite)
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			var id int64
			if err := filas.Scan(&id); err != nil {
				return err
			}
			res = append(res, id)
		}
		return filas.Err()
	})
	return res, err
}
