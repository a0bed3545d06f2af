package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// Danadas devuelve las partidas que la verificación encontró dañadas al
// abrir el almacén (ver Abrir), por identificador: leerlas devuelve un
// error que envuelve a almacen.ErrPartidaCorrupta. almacen.Verificar las
// incluye.
func (a *Almacen) Danadas() []almacen.PartidaDanada { return slices.Clone(a.danadas) }

// verificar busca las partidas dañadas, en una foto de la base: las que no
// tienen tantos movimientos como dicen (también las terminadas), las de
// estado imposible, las en curso sin su diccionario y, de las en curso, las
// que no coinciden con su sello (leerPartida). Las anota en a.danadas.
func (a *Almacen) verificar(ctx context.Context) error {
	danadas := map[int64]error{}
	anotar := func(id int64, err error) {
		if _, ya := danadas[id]; !ya {
			danadas[id] = err
		}
	}
	err := a.leer(ctx, func(tx pgx.Tx) error {
		consultas := []struct {
			q      string
			motivo string
		}{
			{`SELECT p.id FROM partidas p LEFT JOIN (SELECT partida, count(*) AS c FROM movimientos GROUP BY partida) m
				ON m.partida = p.id WHERE p.movimientos <> coalesce(m.c, 0)`, "no tiene tantos movimientos guardados como dice"},
			{`SELECT id FROM partidas WHERE estado NOT IN (1, 2) OR (estado = 2) = (cardinality(puntajes) = 0)`, "su estado no es posible"},
			{`SELECT id FROM partidas p WHERE estado = 1 AND NOT EXISTS
				(SELECT 1 FROM diccionarios d WHERE d.nombre = p.diccionario AND d.version >= p.version)`, "no está su diccionario, o no tiene su versión"},
		}
		for _, c := range consultas {
			filas, _ := tx.Query(ctx, c.q)
			ids, err := pgx.CollectRows(filas, pgx.RowTo[int64])
			if err != nil {
				return err
			}
			for _, id := range ids {
				anotar(id, fmt.Errorf("%w: partida %d: %s", almacen.ErrPartidaCorrupta, id, c.motivo))
			}
		}
		filas, _ := tx.Query(ctx, "SELECT id FROM partidas WHERE estado = 1 ORDER BY id")
		enCurso, err := pgx.CollectRows(filas, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range enCurso {
			if _, _, err := leerPartida(ctx, tx, id); errors.Is(err, almacen.ErrPartidaCorrupta) {
				anotar(id, err)
			} else if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	a.danadas = a.danadas[:0]
	for id, err := range danadas {
		a.danadas = append(a.danadas, almacen.PartidaDanada{ID: id, Err: err})
	}
	slices.SortFunc(a.danadas, func(x, y almacen.PartidaDanada) int { return int(min(max(x.ID-y.ID, -1), 1)) })
	return nil
}
