package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
)

// columnasDiccionario son las de un diccionario, con las palabras que
// tiene agregadas y quitadas en su versión actual (el último cambio de
// cada palabra).
const columnasDiccionario = `nombre, idioma, base, version, creado,
	(SELECT count(*) FILTER (WHERE u.agregada) FROM (SELECT DISTINCT ON (palabra) agregada FROM cambios_palabras c
		WHERE c.diccionario = d.nombre ORDER BY palabra, version DESC) u),
	(SELECT count(*) FILTER (WHERE NOT u.agregada) FROM (SELECT DISTINCT ON (palabra) agregada FROM cambios_palabras c
		WHERE c.diccionario = d.nombre ORDER BY palabra, version DESC) u)`

func escanearDiccionario(s pgx.Row) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	var creado int64
	err := s.Scan(&d.Nombre, &d.Idioma, &d.Base, &d.Version, &creado, &d.Agregadas, &d.Quitadas)
	d.Creado = tiempo(creado)
	return d, err
}

// CrearDiccionario implementa almacen.Diccionarios.
func (a *Almacen) CrearDiccionario(ctx context.Context, d almacen.Diccionario) (almacen.Diccionario, error) {
	if err := almacen.ValidarNombre(d.Nombre); err != nil {
		return almacen.Diccionario{}, err
	}
	d.Version, d.Agregadas, d.Quitadas = 1, 0, 0
	d.Creado = a.ahora().UTC()
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO diccionarios(nombre, clave, idioma, base, version, creado) VALUES ($1, $2, $3, $4, 1, $5)",
			d.Nombre, clave(d.Nombre), d.Idioma, d.Base, unix(d.Creado))
		if codigo(err) == codigoUnico {
			return fmt.Errorf("%w: diccionario %q", almacen.ErrNombreRepetido, d.Nombre)
		}
		return err
	})
	if err != nil {
		return almacen.Diccionario{}, err
	}
	return d, nil
}

// diccionarioTx lee el diccionario de ese nombre; con candado, toma el de
// su fila hasta el fin de tx.
func diccionarioTx(ctx context.Context, tx pgx.Tx, nombre string, candado bool) (almacen.Diccionario, error) {
	if candado {
		var x int
		err := tx.QueryRow(ctx, "SELECT 1 FROM diccionarios WHERE clave = $1 FOR NO KEY UPDATE", clave(nombre)).Scan(&x)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return almacen.Diccionario{}, err
		}
	}
	d, err := escanearDiccionario(tx.QueryRow(ctx, "SELECT "+columnasDiccionario+" FROM diccionarios d WHERE clave = $1", clave(nombre)))
	if errors.Is(err, pgx.ErrNoRows) {
		return d, fmt.Errorf("%w: %q", almacen.ErrDiccionarioInexistente, nombre)
	}
	return d, err
}

// Diccionario implementa almacen.Diccionarios.
func (a *Almacen) Diccionario(ctx context.Context, nombre string) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	err := a.leer(ctx, func(tx pgx.Tx) error {
		var err error
		d, err = diccionarioTx(ctx, tx, nombre, false)
		return err
	})
	return d, err
}

// Diccionarios implementa almacen.Diccionarios.
func (a *Almacen) Diccionarios(ctx context.Context) ([]almacen.Diccionario, error) {
	var res []almacen.Diccionario
	err := a.leer(ctx, func(tx pgx.Tx) error {
		filas, _ := tx.Query(ctx, "SELECT "+columnasDiccionario+" FROM diccionarios d ORDER BY clave COLLATE \"C\", nombre COLLATE \"C\"")
		var err error
		res, err = pgx.CollectRows(filas, func(f pgx.CollectableRow) (almacen.Diccionario, error) { return escanearDiccionario(f) })
		return err
	})
	return res, err
}

// CambiarPalabras implementa almacen.Diccionarios. Toma el candado de la
// fila del diccionario: dos cambios a la vez, de dos procesos, hacen dos
// versiones seguidas.
func (a *Almacen) CambiarPalabras(ctx context.Context, nombre string, agregar, quitar []string) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	err := a.escribir(ctx, func(tx pgx.Tx) error {
		var err error
		if d, err = diccionarioTx(ctx, tx, nombre, true); err != nil {
			return err
		}
		// El estado neto actual de cada palabra, para no contar cambios que
		// no cambian nada.
		estado := func(p string) (agregada, hay bool, err error) {
			err = tx.QueryRow(ctx, "SELECT agregada FROM cambios_palabras WHERE diccionario = $1 AND palabra = $2 ORDER BY version DESC LIMIT 1",
				d.Nombre, p).Scan(&agregada)
			if errors.Is(err, pgx.ErrNoRows) {
				return false, false, nil
			}
			return agregada, err == nil, err
		}
		nueva := d.Version + 1
		cambio, err := formato.AnotarCambios(agregar, quitar, estado, func(p string, agregada bool) error {
			_, err := tx.Exec(ctx, `INSERT INTO cambios_palabras(diccionario, version, palabra, agregada) VALUES ($1, $2, $3, $4)
				ON CONFLICT (diccionario, version, palabra) DO UPDATE SET agregada = excluded.agregada`,
				d.Nombre, nueva, p, agregada)
			return err
		})
		if err != nil {
			return err
		}
		if !cambio {
			return nil
		}
		if _, err := tx.Exec(ctx, "UPDATE diccionarios SET version = $1 WHERE nombre = $2", nueva, d.Nombre); err != nil {
			return err
		}
		d, err = diccionarioTx(ctx, tx, d.Nombre, false)
		return err
	})
	return d, err
}

// Cambios implementa almacen.Diccionarios.
func (a *Almacen) Cambios(ctx context.Context, nombre string, hasta int) ([]almacen.CambioPalabra, error) {
	var res []almacen.CambioPalabra
	err := a.leer(ctx, func(tx pgx.Tx) error {
		d, err := diccionarioTx(ctx, tx, nombre, false)
		if err != nil {
			return err
		}
		if hasta < 1 || hasta > d.Version {
			return fmt.Errorf("%w: %q no tiene la versión %d", almacen.ErrDiccionarioInexistente, nombre, hasta)
		}
		filas, _ := tx.Query(ctx, "SELECT palabra, agregada, version FROM cambios_palabras WHERE diccionario = $1 AND version <= $2 ORDER BY version, palabra",
			d.Nombre, hasta)
		res, err = pgx.CollectRows(filas, func(f pgx.CollectableRow) (almacen.CambioPalabra, error) {
			var c almacen.CambioPalabra
			err := f.Scan(&c.Palabra, &c.Agregada, &c.Version)
			return c, err
		})
		return err
	})
	return res, err
}

// BorrarDiccionario implementa almacen.Diccionarios.
func (a *Almacen) BorrarDiccionario(ctx context.Context, nombre string) error {
	return a.escribir(ctx, func(tx pgx.Tx) error {
		var real string
		err := tx.QueryRow(ctx, "SELECT nombre FROM diccionarios WHERE clave = $1 FOR UPDATE", clave(nombre)).Scan(&real)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %q", almacen.ErrDiccionarioInexistente, nombre)
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM partidas WHERE diccionario = $1", real).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q (%d partidas)", almacen.ErrDiccionarioEnUso, nombre, n)
		}
		_, err = tx.Exec(ctx, "DELETE FROM diccionarios WHERE nombre = $1", real)
		if codigo(err) == codigoForanea { // una partida creada mientras tanto
			return fmt.Errorf("%w: %q: %w", almacen.ErrDiccionarioEnUso, nombre, err)
		}
		return err
	})
}
