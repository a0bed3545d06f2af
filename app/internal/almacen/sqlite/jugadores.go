package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// esUnico informa si err es la violación de una restricción UNIQUE o de
// clave primaria.
func esUnico(err error) bool {
	var c interface{ Code() int }
	if errors.As(err, &c) {
		return c.Code() == 2067 || c.Code() == 1555 // SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY
	}
	return false
}

// CrearJugador implementa almacen.Jugadores.
func (a *Almacen) CrearJugador(ctx context.Context, nombre, idioma string) (almacen.Jugador, error) {
	if err := almacen.ValidarNombre(nombre); err != nil {
		return almacen.Jugador{}, err
	}
	j := almacen.Jugador{Nombre: nombre, Idioma: idioma, Creado: a.ahora().UTC()}
	err := a.escribir(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, "INSERT INTO jugadores(nombre, idioma, creado) VALUES (?, ?, ?)", nombre, idioma, unix(j.Creado))
		if err != nil {
			if esUnico(err) {
				return fmt.Errorf("%w: jugador %q", almacen.ErrNombreRepetido, nombre)
			}
			return err
		}
		j.ID, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return almacen.Jugador{}, err
	}
	return j, nil
}

func escanearJugador(s interface{ Scan(...any) error }) (almacen.Jugador, error) {
	var j almacen.Jugador
	var creado int64
	err := s.Scan(&j.ID, &j.Nombre, &j.Idioma, &creado)
	j.Creado = tiempo(creado).UTC()
	return j, err
}

func (a *Almacen) jugadorDonde(ctx context.Context, donde string, arg any, quien string) (almacen.Jugador, error) {
	var j almacen.Jugador
	err := a.leer(ctx, func(tx *sql.Tx) error {
		var err error
		j, err = escanearJugador(tx.QueryRowContext(ctx, "SELECT id, nombre, idioma, creado FROM jugadores WHERE "+donde, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", almacen.ErrJugadorInexistente, quien)
		}
		return err
	})
	return j, err
}

// Jugador implementa almacen.Jugadores.
func (a *Almacen) Jugador(ctx context.Context, id int64) (almacen.Jugador, error) {
	return a.jugadorDonde(ctx, "id = ?", id, fmt.Sprint(id))
}

// JugadorPorNombre implementa almacen.Jugadores.
func (a *Almacen) JugadorPorNombre(ctx context.Context, nombre string) (almacen.Jugador, error) {
	return a.jugadorDonde(ctx, "nombre = ?", nombre, fmt.Sprintf("%q", nombre))
}

// Jugadores implementa almacen.Jugadores.
func (a *Almacen) Jugadores(ctx context.Context) ([]almacen.Jugador, error) {
	var res []almacen.Jugador
	err := a.leer(ctx, func(tx *sql.Tx) error {
		filas, err := tx.QueryContext(ctx, "SELECT id, nombre, idioma, creado FROM jugadores ORDER BY id")
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			j, err := escanearJugador(filas)
			if err != nil {
				return err
			}
			res = append(res, j)
		}
		return filas.Err()
	})
	return res, err
}

// Estadisticas implementa almacen.Jugadores.
func (a *Almacen) Estadisticas(ctx context.Context, id int64) (almacen.Estadisticas, error) {
	e := almacen.Estadisticas{Jugador: id}
	err := a.leer(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT partidas, victorias, total, maximo, media, rating, desviacion, volatilidad
			FROM jugadores WHERE id = ?`, id).Scan(&e.Partidas, &e.Victorias, &e.Total, &e.Maximo, &e.Media,
			&e.Rating.Valor, &e.Rating.Desviacion, &e.Rating.Volatilidad)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, id)
		}
		if err != nil {
			return err
		}
		filas, err := tx.QueryContext(ctx, "SELECT puntaje FROM puntajes WHERE jugador = ? ORDER BY id", id)
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			var p int
			if err := filas.Scan(&p); err != nil {
				return err
			}
			e.Puntajes = append(e.Puntajes, p)
		}
		return filas.Err()
	})
	return e, err
}

// Clasificacion implementa almacen.Clasificaciones. Guarda en memoria la
// clasificación ya ordenada por cada criterio y la vuelve a leer solo si
// alguna partida terminó desde entonces (en este proceso o en otro: la
// generación vive en el archivo); así, sin partidas nuevas, cuesta una
// consulta de una fila y copiar las filas pedidas. Leerla del archivo usa el
// índice del criterio.
func (a *Almacen) Clasificacion(ctx context.Context, c clasificacion.Criterio, limite int) ([]clasificacion.Fila, error) {
	if !c.Valido() {
		return nil, fmt.Errorf("%w: %d", clasificacion.ErrCriterioInvalido, uint8(c))
	}
	var gen int64
	if err := a.leer(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT valor FROM meta WHERE clave = 'clasificacion'").Scan(&gen)
	}); err != nil {
		return nil, err
	}
	a.cacheMu.Lock()
	filas, ok := a.cache[c]
	if !ok || a.cacheGen != gen {
		a.cacheMu.Unlock()
		var err error
		if filas, err = a.clasificacionArchivo(ctx, c, 0); err != nil {
			return nil, err
		}
		a.cacheMu.Lock()
		if a.cacheGen != gen || a.cache == nil {
			a.cache = map[clasificacion.Criterio][]clasificacion.Fila{}
			a.cacheGen = gen
		}
		a.cache[c] = filas
	}
	a.cacheMu.Unlock()
	if limite > 0 && limite < len(filas) {
		filas = filas[:limite]
	}
	return append([]clasificacion.Fila(nil), filas...), nil
}

// clasificacionArchivo lee la clasificación del archivo, con el índice del
// criterio c.
func (a *Almacen) clasificacionArchivo(ctx context.Context, c clasificacion.Criterio, limite int) ([]clasificacion.Fila, error) {
	orden := formato.OrdenClasificacion(c)
	if limite <= 0 {
		limite = -1
	}
	var res []clasificacion.Fila
	err := a.leer(ctx, func(tx *sql.Tx) error {
		filas, err := tx.QueryContext(ctx, `SELECT id, nombre, partidas, victorias, total, maximo, media, rating, desviacion, volatilidad
			FROM jugadores WHERE partidas > 0 ORDER BY `+orden+` LIMIT ?`, limite)
		if err != nil {
			return err
		}
		defer filas.Close()
		for filas.Next() {
			var f clasificacion.Fila
			if err := filas.Scan(&f.Jugador, &f.Nombre, &f.Partidas, &f.Victorias, &f.Total, &f.Maximo, &f.Media,
				&f.Rating.Valor, &f.Rating.Desviacion, &f.Rating.Volatilidad); err != nil {
				return err
			}
			res = append(res, f)
		}
		return filas.Err()
	})
	return res, err
}

// terminar actualiza, dentro de tx, las estadísticas y los ratings de los
// jugadores de la partida id con sus puntajes finales.
func terminar(ctx context.Context, tx *sql.Tx, id int64, jugadores []int64, puntajes []int) error {
	antes := make([]clasificacion.Rating, len(jugadores))
	for i, j := range jugadores {
		if err := tx.QueryRowContext(ctx, "SELECT rating, desviacion, volatilidad FROM jugadores WHERE id = ?", j).
			Scan(&antes[i].Valor, &antes[i].Desviacion, &antes[i].Volatilidad); err != nil {
			return err
		}
	}
	despues := clasificacion.Partida(antes, puntajes)
	if _, err := tx.ExecContext(ctx, "UPDATE meta SET valor = valor + 1 WHERE clave = 'clasificacion'"); err != nil {
		return err
	}
	for i, j := range jugadores {
		gano := 1
		for k, p := range puntajes {
			if k != i && p >= puntajes[i] {
				gano = 0
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jugadores SET partidas = partidas + 1, victorias = victorias + ?,
			total = total + ?, maximo = CASE WHEN partidas = 0 OR ? > maximo THEN ? ELSE maximo END,
			media = CAST(total + ? AS REAL) / (partidas + 1), rating = ?, desviacion = ?, volatilidad = ? WHERE id = ?`,
			gano, puntajes[i], puntajes[i], puntajes[i], puntajes[i], despues[i].Valor, despues[i].Desviacion, despues[i].Volatilidad, j); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO puntajes(jugador, partida, puntaje) VALUES (?, ?, ?)", j, id, puntajes[i]); err != nil {
			return err
		}
	}
	return nil
}

func unirPuntajes(p []int) string {
	s := make([]string, len(p))
	for i, x := range p {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
