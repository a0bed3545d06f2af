package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
)

const columnasDiccionario = `nombre, idioma, base, version, creado,
	(SELECT count(*) FROM (SELECT palabra, agregada FROM cambios_palabras c WHERE c.diccionario = d.nombre
		AND c.version = (SELECT max(version) FROM cambios_palabras c2 WHERE c2.diccionario = c.diccionario AND c2.palabra = c.palabra)) WHERE agregada = 1),
	(SELECT count(*) FROM (SELECT palabra, agregada FROM cambios_palabras c WHERE c.diccionario = d.nombre
		AND c.version = (SELECT max(version) FROM cambios_palabras c2 WHERE c2.diccionario = c.diccionario AND c2.palabra = c.palabra)) WHERE agregada = 0)`

func escanearDiccionario(s interface{ Scan(...any) error }) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	var creado int64
	err := s.Scan(&d.Nombre, &d.Idioma, &d.Base, &d.Version, &creado, &d.Agregadas, &d.Quitadas)
	d.Creado = tiempo(creado).UTC()
	return d, err
}

// CrearDiccionario implementa almacen.Diccionarios.
func (a *Almacen) CrearDiccionario(ctx context.Context, d almacen.Diccionario) (almacen.Diccionario, error) {
	if err := almacen.ValidarNombre(d.Nombre); err != nil {
		return almacen.Diccionario{}, err
	}
	d.Version, d.Agregadas, d.Quitadas = 1, 0, 0
	d.Creado = a.ahora().UTC()
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO diccionarios(nombre, idioma, base, version, creado) VALUES (?, ?, ?, 1, ?)",
			d.Nombre, d.Idioma, d.Base, unix(d.Creado))
		if esUnico(err) {
			return fmt.Errorf("%w: diccionario %q", almacen.ErrNombreRepetido, d.Nombre)
		}
		return err
	})
	if err != nil {
		return almacen.Diccionario{}, err
	}
	return d, nil
}

func diccionarioTx(ctx context.Context, tx *sql.Tx, nombre string) (almacen.Diccionario, error) {
	d, err := escanearDiccionario(tx.QueryRowContext(ctx, "SELECT "+columnasDiccionario+" FROM diccionarios d WHERE nombre = ?", nombre))
	if errors.Is(err, sql.ErrNoRows) {
		return d, fmt.Errorf("%w: %q", almacen.ErrDiccionarioInexistente, nombre)
	}
	return d, err
}

// Diccionario implementa almacen.Diccionarios.
func (a *Almacen) Diccionario(ctx context.Context, nombre string) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	err := a.leer(ctx, func(tx *sql.Tx) error {
		var err error
		d, err = diccionarioTx(ctx, tx, nombre)
		return err
	})
	return d, err
}

// Diccionarios implementa almacen.Diccionarios.
func (a *Almacen) Diccionarios(ctx context.Context) ([]almacen.Diccionario, error) {
	var res []almacen.Diccionario
	err := a.leer(ctx, func(tx *sql.Tx) error {
		filas, err := tx.QueryContext(ctx, "SELECT "+columnasDiccionario+" FROM diccionarios d ORDER BY nombre")
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			d, err := escanearDiccionario(filas)
			if err != nil {
				return err
			}
			res = append(res, d)
		}
		return filas.Err()
	})
	return res, err
}

// CambiarPalabras implementa almacen.Diccionarios.
func (a *Almacen) CambiarPalabras(ctx context.Context, nombre string, agregar, quitar []string) (almacen.Diccionario, error) {
	var d almacen.Diccionario
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		var err error
		if d, err = diccionarioTx(ctx, tx, nombre); err != nil {
			return err
		}
		// El estado neto actual de cada palabra, para no contar cambios que
		// no cambian nada.
		estado := func(p string) (agregada, hay bool, err error) {
			err = tx.QueryRowContext(ctx, "SELECT agregada FROM cambios_palabras WHERE diccionario = ? AND palabra = ? ORDER BY version DESC LIMIT 1", d.Nombre, p).Scan(&agregada)
			if errors.Is(err, sql.ErrNoRows) {
				return false, false, nil
			}
			return agregada, err == nil, err
		}
		nueva := d.Version + 1
		cambio, err := formato.AnotarCambios(agregar, quitar, estado, func(p string, agregada bool) error {
			_, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO cambios_palabras(diccionario, version, palabra, agregada) VALUES (?, ?, ?, ?)",
				d.Nombre, nueva, p, agregada)
			return err
		})
		if err != nil {
			return err
		}
		if !cambio {
			return nil
		}
		if _, err := tx.ExecContext(ctx, "UPDATE diccionarios SET version = ? WHERE nombre = ?", nueva, d.Nombre); err != nil {
			return err
		}
		d, err = diccionarioTx(ctx, tx, d.Nombre)
		return err
	})
	return d, err
}

// Cambios implementa almacen.Diccionarios.
func (a *Almacen) Cambios(ctx context.Context, nombre string, hasta int) ([]almacen.CambioPalabra, error) {
	var res []almacen.CambioPalabra
	err := a.leer(ctx, func(tx *sql.Tx) error {
		d, err := diccionarioTx(ctx, tx, nombre)
		if err != nil {
			return err
		}
		if hasta < 1 || hasta > d.Version {
			return fmt.Errorf("%w: %q no tiene la versión %d", almacen.ErrDiccionarioInexistente, nombre, hasta)
		}
		filas, err := tx.QueryContext(ctx, "SELECT palabra, agregada, version FROM cambios_palabras WHERE diccionario = ? AND version <= ? ORDER BY version, palabra", d.Nombre, hasta)
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			var c almacen.CambioPalabra
			if err := filas.Scan(&c.Palabra, &c.Agregada, &c.Version); err != nil {
				return err
			}
			res = append(res, c)
		}
		return filas.Err()
	})
	return res, err
}

// BorrarDiccionario implementa almacen.Diccionarios.
func (a *Almacen) BorrarDiccionario(ctx context.Context, nombre string) error {
	return a.escribir(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM partidas WHERE diccionario = ?", nombre).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q (%d partidas)", almacen.ErrDiccionarioEnUso, nombre, n)
		}
		r, err := tx.ExecContext(ctx, "DELETE FROM diccionarios WHERE nombre = ?", nombre)
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: %q", almacen.ErrDiccionarioInexistente, nombre)
		}
		return nil
	})
}
