package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
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
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		if err := crearJugador(ctx, tx, &j); err != nil {
			return err
		}
		c.Jugador = j.ID
		_, err := tx.Exec(ctx, "INSERT INTO cuentas(jugador, clave, resumen, creada) VALUES ($1, $2, $3, $4)", j.ID, c.Clave, c.Resumen, unix(ahora))
		if codigo(err) == codigoUnico {
			return fmt.Errorf("%w: la clave %q", almacen.ErrNombreRepetido, c.Clave)
		}
		return err
	})
	if err != nil {
		return almacen.Jugador{}, almacen.Cuenta{}, err
	}
	return j, c, nil
}

// CuentaPorClave implementa almacen.Cuentas.
func (a *Almacen) CuentaPorClave(ctx context.Context, clave string) (almacen.Cuenta, error) {
	var c almacen.Cuenta
	var creada int64
	err := a.consultarFila(ctx, "SELECT jugador, clave, resumen, creada FROM cuentas WHERE clave = $1", []any{clave},
		&c.Jugador, &c.Clave, &c.Resumen, &creada)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, fmt.Errorf("%w: clave %q", almacen.ErrJugadorInexistente, clave)
	}
	c.Creada = tiempo(creada)
	c.Invitado = c.Resumen == ""
	return c, err
}

// CrearSesion implementa almacen.Cuentas.
func (a *Almacen) CrearSesion(ctx context.Context, s almacen.Sesion) error {
	if len(s.Resumen) == 0 {
		return fmt.Errorf("%w: resumen vacío", almacen.ErrSesionInexistente)
	}
	return a.escribir(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO sesiones(resumen, jugador, creada, vence) VALUES ($1, $2, $3, $4)",
			s.Resumen, s.Jugador, unix(s.Creada), unix(s.Vence))
		if codigo(err) == codigoForanea {
			return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, s.Jugador)
		}
		return err
	})
}

// Sesion implementa almacen.Cuentas.
func (a *Almacen) Sesion(ctx context.Context, resumen []byte, ahora time.Time) (almacen.Sesion, error) {
	s := almacen.Sesion{Resumen: append([]byte(nil), resumen...)}
	var creada, vence int64
	err := a.consultarFila(ctx, "SELECT jugador, creada, vence FROM sesiones WHERE resumen = $1 AND vence > $2", []any{resumen, unix(ahora)},
		&s.Jugador, &creada, &vence)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, almacen.ErrSesionInexistente
	}
	s.Creada, s.Vence = tiempo(creada), tiempo(vence)
	return s, err
}

// BorrarSesion implementa almacen.Cuentas.
func (a *Almacen) BorrarSesion(ctx context.Context, resumen []byte) error {
	return a.escribir(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM sesiones WHERE resumen = $1", resumen)
		return err
	})
}

// BorrarVencidas implementa almacen.Cuentas.
func (a *Almacen) BorrarVencidas(ctx context.Context, ahora time.Time) (int, error) {
	var n int64
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		r, err := tx.Exec(ctx, "DELETE FROM sesiones WHERE vence <= $1", unix(ahora))
		n = r.RowsAffected()
		return err
	})
	return int(n), err
}

// GuardarRevision implementa almacen.Revisiones.
func (a *Almacen) GuardarRevision(ctx context.Context, id int64, version int, datos []byte) error {
	if datos == nil {
		datos = []byte{}
	}
	return a.escribir(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO revisiones(partida, version, datos, creada) VALUES ($1, $2, $3, $4)
			ON CONFLICT (partida) DO UPDATE SET version = excluded.version, datos = excluded.datos, creada = excluded.creada`,
			id, version, datos, unix(a.ahora()))
		if codigo(err) == codigoForanea {
			return fmt.Errorf("%w: %d", almacen.ErrPartidaInexistente, id)
		}
		return err
	})
}

// Revision implementa almacen.Revisiones.
func (a *Almacen) Revision(ctx context.Context, id int64) ([]byte, int, error) {
	var datos []byte
	var version int
	err := a.consultarFila(ctx, "SELECT datos, version FROM revisiones WHERE partida = $1", []any{id}, &datos, &version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, 0, fmt.Errorf("%w: %d", almacen.ErrRevisionInexistente, id)
	}
	return datos, version, err
}

// SinRevision implementa almacen.Revisiones.
func (a *Almacen) SinRevision(ctx context.Context, version, limite int) ([]int64, error) {
	if err := a.vivo(); err != nil {
		return nil, err
	}
	var lim any // NULL: sin límite
	if limite > 0 {
		lim = limite
	}
	filas, _ := a.pool.Query(ctx, `SELECT p.id FROM partidas p LEFT JOIN revisiones r ON r.partida = p.id
		WHERE p.estado = $1 AND (r.partida IS NULL OR r.version <> $2) ORDER BY p.id LIMIT $3`, int(almacen.Terminada), version, lim)
	res, err := pgx.CollectRows(filas, pgx.RowTo[int64])
	return res, a.traducir(ctx, err)
}
