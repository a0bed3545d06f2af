package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
)

// crearJugador inserta el jugador j en tx y le pone su identificador.
func crearJugador(ctx context.Context, tx pgx.Tx, j *almacen.Jugador) error {
	err := tx.QueryRow(ctx, "INSERT INTO jugadores(nombre, clave, idioma, creado) VALUES ($1, $2, $3, $4) RETURNING id",
		j.Nombre, clave(j.Nombre), j.Idioma, unix(j.Creado)).Scan(&j.ID)
	if codigo(err) == codigoUnico {
		return fmt.Errorf("%w: jugador %q", almacen.ErrNombreRepetido, j.Nombre)
	}
	return err
}

// CrearJugador implementa almacen.Jugadores.
func (a *Almacen) CrearJugador(ctx context.Context, nombre, idioma string) (almacen.Jugador, error) {
	if err := almacen.ValidarNombre(nombre); err != nil {
		return almacen.Jugador{}, err
	}
	j := almacen.Jugador{Nombre: nombre, Idioma: idioma, Creado: a.ahora().UTC()}
	if err := a.escribir(ctx, func(tx pgx.Tx) error { return crearJugador(ctx, tx, &j) }); err != nil {
		return almacen.Jugador{}, err
	}
	return j, nil
}

func (a *Almacen) jugadorDonde(ctx context.Context, donde string, arg any, quien string) (almacen.Jugador, error) {
	var j almacen.Jugador
	var creado int64
	err := a.consultarFila(ctx, "SELECT id, nombre, idioma, creado FROM jugadores WHERE "+donde, []any{arg}, &j.ID, &j.Nombre, &j.Idioma, &creado)
	if errors.Is(err, pgx.ErrNoRows) {
		return j, fmt.Errorf("%w: %s", almacen.ErrJugadorInexistente, quien)
	}
	j.Creado = tiempo(creado)
	return j, err
}

// Jugador implementa almacen.Jugadores.
func (a *Almacen) Jugador(ctx context.Context, id int64) (almacen.Jugador, error) {
	return a.jugadorDonde(ctx, "id = $1", id, fmt.Sprint(id))
}

// JugadorPorNombre implementa almacen.Jugadores.
func (a *Almacen) JugadorPorNombre(ctx context.Context, nombre string) (almacen.Jugador, error) {
	return a.jugadorDonde(ctx, "clave = $1", clave(nombre), fmt.Sprintf("%q", nombre))
}

// Jugadores implementa almacen.Jugadores.
func (a *Almacen) Jugadores(ctx context.Context) ([]almacen.Jugador, error) {
	if err := a.vivo(); err != nil {
		return nil, err
	}
	filas, _ := a.pool.Query(ctx, "SELECT id, nombre, idioma, creado FROM jugadores ORDER BY id")
	res, err := pgx.CollectRows(filas, func(f pgx.CollectableRow) (almacen.Jugador, error) {
		var j almacen.Jugador
		var creado int64
		err := f.Scan(&j.ID, &j.Nombre, &j.Idioma, &creado)
		j.Creado = tiempo(creado)
		return j, err
	})
	return res, a.traducir(ctx, err)
}

// Estadisticas implementa almacen.Jugadores.
func (a *Almacen) Estadisticas(ctx context.Context, id int64) (almacen.Estadisticas, error) {
	e := almacen.Estadisticas{Jugador: id}
	err := a.leer(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT partidas, victorias, total, maximo, media, rating, desviacion, volatilidad
			FROM jugadores WHERE id = $1`, id).Scan(&e.Partidas, &e.Victorias, &e.Total, &e.Maximo, &e.Media,
			&e.Rating.Valor, &e.Rating.Desviacion, &e.Rating.Volatilidad)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %d", almacen.ErrJugadorInexistente, id)
		}
		if err != nil {
			return err
		}
		filas, _ := tx.Query(ctx, "SELECT puntaje FROM puntajes WHERE jugador = $1 ORDER BY id", id)
		e.Puntajes, err = pgx.CollectRows(filas, pgx.RowTo[int])
		return err
	})
	return e, err
}

// Clasificacion implementa almacen.Clasificaciones. Como el almacén
// SQLite, guarda en memoria la clasificación ya ordenada por cada criterio
// y la vuelve a leer solo si alguna partida terminó desde entonces (en
// este proceso o en otro: la generación vive en la base).
func (a *Almacen) Clasificacion(ctx context.Context, c clasificacion.Criterio, limite int) ([]clasificacion.Fila, error) {
	if !c.Valido() {
		return nil, fmt.Errorf("%w: %d", clasificacion.ErrCriterioInvalido, uint8(c))
	}
	var gen int64
	if err := a.consultarFila(ctx, "SELECT valor FROM meta WHERE clave = 'clasificacion'", nil, &gen); err != nil {
		return nil, err
	}
	a.cacheMu.Lock()
	filas, ok := a.cache[c]
	if !ok || a.cacheGen != gen {
		a.cacheMu.Unlock()
		var err error
		if filas, err = a.clasificacionBase(ctx, c); err != nil {
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

// clasificacionBase lee la clasificación de la base, con el índice del
// criterio c.
func (a *Almacen) clasificacionBase(ctx context.Context, c clasificacion.Criterio) ([]clasificacion.Fila, error) {
	if err := a.vivo(); err != nil {
		return nil, err
	}
	filas, _ := a.pool.Query(ctx, `SELECT id, nombre, partidas, victorias, total, maximo, media, rating, desviacion, volatilidad
		FROM jugadores WHERE partidas > 0 ORDER BY `+formato.OrdenClasificacion(c))
	res, err := pgx.CollectRows(filas, func(s pgx.CollectableRow) (clasificacion.Fila, error) {
		var f clasificacion.Fila
		err := s.Scan(&f.Jugador, &f.Nombre, &f.Partidas, &f.Victorias, &f.Total, &f.Maximo, &f.Media,
			&f.Rating.Valor, &f.Rating.Desviacion, &f.Rating.Volatilidad)
		return f, err
	})
	return res, a.traducir(ctx, err)
}

// terminar actualiza, dentro de tx, las estadísticas y los ratings de los
// jugadores de la partida id con sus puntajes finales. Toma los candados
// de sus filas en orden de identificador: dos partidas que terminan a la
// vez con jugadores en común no se bloquean mutuamente.
func terminar(ctx context.Context, tx pgx.Tx, id int64, jugadores []int64, puntajes []int) error {
	filas, _ := tx.Query(ctx, `SELECT id, rating, desviacion, volatilidad FROM jugadores WHERE id = ANY($1)
		ORDER BY id FOR NO KEY UPDATE`, jugadores)
	ratings := map[int64]clasificacion.Rating{}
	var jid int64
	var r clasificacion.Rating
	_, err := pgx.ForEachRow(filas, []any{&jid, &r.Valor, &r.Desviacion, &r.Volatilidad}, func() error {
		ratings[jid] = r
		return nil
	})
	if err != nil {
		return err
	}
	antes := make([]clasificacion.Rating, len(jugadores))
	for i, j := range jugadores {
		antes[i] = ratings[j]
	}
	despues := clasificacion.Partida(antes, puntajes)
	lote := &pgx.Batch{}
	lote.Queue("UPDATE meta SET valor = valor + 1 WHERE clave = 'clasificacion'")
	for i, j := range jugadores {
		gano := 1
		for k, p := range puntajes {
			if k != i && p >= puntajes[i] {
				gano = 0
			}
		}
		lote.Queue(`UPDATE jugadores SET partidas = partidas + 1, victorias = victorias + $1,
			total = total + $2, maximo = CASE WHEN partidas = 0 OR $2 > maximo THEN $2 ELSE maximo END,
			media = (total + $2)::float8 / (partidas + 1), rating = $3, desviacion = $4, volatilidad = $5 WHERE id = $6`,
			gano, puntajes[i], despues[i].Valor, despues[i].Desviacion, despues[i].Volatilidad, j)
		lote.Queue("INSERT INTO puntajes(jugador, partida, puntaje) VALUES ($1, $2, $3)", j, id, puntajes[i])
	}
	return tx.SendBatch(ctx, lote).Close()
}
