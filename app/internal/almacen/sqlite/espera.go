package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// tanda es cuánto espera SQLite de una vez (busy_timeout) a que otro
// proceso suelte el archivo. Esa espera no mira el contexto: entre tanda y
// tanda la mira esperar, así que una llamada vuelve a lo sumo una tanda
// después de su plazo.
const tanda = 20 * time.Millisecond

// ocupado informa si err es el de un archivo tomado por otra conexión
// (SQLITE_BUSY o SQLITE_LOCKED).
func ocupado(err error) bool {
	var c interface{ Code() int }
	return errors.As(err, &c) && (c.Code()&0xff == 5 || c.Code()&0xff == 6)
}

// esperar corre f, que debe poder repetirse, hasta que no falle porque
// otro proceso tiene el archivo: hasta el plazo de ctx o, si ctx no tiene
// plazo, durante a.espera. Si se acaba el tiempo devuelve un error que
// envuelve a almacen.ErrOcupado (y al de ctx, si venció).
func (a *Almacen) esperar(ctx context.Context, f func() error) error {
	limite, conPlazo := ctx.Deadline()
	if !conPlazo {
		limite = time.Now().Add(a.espera)
	}
	pausa, esperando := time.Millisecond, false
	for {
		err := f()
		if err == nil || !ocupado(err) {
			if err != nil && ctx.Err() != nil {
				// Cortado por el contexto: mientras esperaba al otro
				// proceso, o esperando una conexión de este.
				if esperando {
					return fmt.Errorf("%w: %w", almacen.ErrOcupado, ctx.Err())
				}
				return fmt.Errorf("almacen/sqlite: %w", ctx.Err())
			}
			return err
		}
		esperando = true
		restante := time.Until(limite)
		if ctx.Err() != nil || restante <= 0 {
			if ctx.Err() != nil {
				return fmt.Errorf("%w: %w", almacen.ErrOcupado, ctx.Err())
			}
			return fmt.Errorf("%w (se esperó %v): %w", almacen.ErrOcupado, a.espera, err)
		}
		t := time.NewTimer(min(pausa, restante))
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%w: %w", almacen.ErrOcupado, ctx.Err())
		case <-t.C:
		}
		pausa = min(2*pausa, 50*time.Millisecond)
	}
}

// comenzar empieza una transacción en db, esperando (esperar) si otro
// proceso tiene el archivo. Una de escritura (BEGIN IMMEDIATE, _txlock)
// toma el archivo al empezar; una de lectura lee la cabecera para tomar
// su foto del archivo. Después ninguna de las dos espera a otros procesos.
func (a *Almacen) comenzar(ctx context.Context, db *sql.DB, op *sql.TxOptions) (*sql.Tx, error) {
	var tx *sql.Tx
	err := a.esperar(ctx, func() error {
		var err error
		if tx, err = db.BeginTx(ctx, op); err != nil {
			return err
		}
		if op != nil && op.ReadOnly {
			var v int
			if err := tx.QueryRowContext(ctx, "PRAGMA schema_version").Scan(&v); err != nil {
				tx.Rollback()
				return err
			}
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, almacen.ErrOcupado) {
			return nil, err
		}
		return nil, traducir(err)
	}
	return tx, nil
}

// comenzarGrupo empieza la transacción de un grupo de escrituras (lote.go),
// esperando a que otro proceso suelte el archivo mientras alguna del grupo
// pueda esperar: cada una que ya no puede (venció su contexto, o pasó
// a.espera si no tiene plazo) termina en ese momento, sin cambiar nada,
// con un error que envuelve a almacen.ErrOcupado (y al de su contexto).
// Devuelve la transacción y las escrituras que siguen en el grupo; si no
// sigue ninguna, la transacción es nil.
func (a *Almacen) comenzarGrupo(lote []*escrituraEnGrupo) (*sql.Tx, []*escrituraEnGrupo, error) {
	inicio, pausa := time.Now(), time.Millisecond
	for {
		tx, err := a.escritor.BeginTx(context.Background(), nil)
		if err == nil {
			return tx, lote, nil
		}
		if !ocupado(err) {
			return nil, lote, traducir(err)
		}
		quedan := lote[:0]
		proximo := inicio.Add(a.espera)
		for _, x := range lote {
			limite, conPlazo := x.ctx.Deadline()
			switch {
			case x.ctx.Err() != nil:
				x.err = fmt.Errorf("%w: %w", almacen.ErrOcupado, x.ctx.Err())
			case !conPlazo && time.Since(inicio) >= a.espera:
				x.err = fmt.Errorf("%w (se esperó %v): %w", almacen.ErrOcupado, a.espera, err)
			default:
				if conPlazo && limite.Before(proximo) {
					proximo = limite
				}
				quedan = append(quedan, x)
				continue
			}
			close(x.hecho)
		}
		lote = quedan
		if len(lote) == 0 {
			return nil, nil, nil
		}
		time.Sleep(max(min(pausa, time.Until(proximo)), 0))
		pausa = min(2*pausa, 50*time.Millisecond)
	}
}
