package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
)

// Las jugadas se guardan agrupadas: cuando llegan muchas a la vez (cientos
// de partidas que juegan al mismo tiempo), el escritor, que es uno solo,
// las guarda de a grupos en una sola transacción, cada una en su
// SAVEPOINT. Cada jugada sigue guardada antes de que su llamada vuelva, y
// una que falla (ErrConflicto, una partida terminada) no arrastra a las
// demás; si la transacción entera falla, fallan todas y no queda nada. Sin
// esto, cada jugada espera su turno para el escritor y el turno pasa de
// gorutina en gorutina: con los procesadores ocupados, cada traspaso espera
// al planificador, y la cola crece.
//
// No hay una gorutina aparte: la primera escritura que encuentra el
// escritor libre lo toma (la líder), guarda todo lo que está esperando y,
// al terminar, le pasa el escritor a la primera que llegó mientras tanto.

// grupo es la cola de escrituras agrupadas de un Almacen.
type grupo struct {
	mu      sync.Mutex
	cola    []*escrituraEnGrupo
	ocupado bool // hay una líder
}

// escrituraEnGrupo es una escritura que espera su grupo.
type escrituraEnGrupo struct {
	ctx    context.Context
	f      func(ctx context.Context, tx *sql.Tx) error
	err    error
	hecho  chan struct{} // se cierra con el resultado
	lider  chan struct{} // se cierra cuando le toca guardar el próximo grupo
	tomada bool          // ya está en un grupo: no se puede retirar
}

// escribirEnGrupo es como escribir, pero agrupa las escrituras que llegan a
// la vez en una transacción. Una escritura cuyo ctx se cancela mientras
// espera se retira sin cambiar nada; una que ya empezó termina (f recibe
// un contexto que no se cancela: interrumpir una sentencia desharía la
// transacción del grupo entero).
func (a *Almacen) escribirEnGrupo(ctx context.Context, f func(ctx context.Context, tx *sql.Tx) error) error {
	if err := a.vivo(); err != nil {
		return err
	}
	e := &escrituraEnGrupo{ctx: ctx, f: f, hecho: make(chan struct{}), lider: make(chan struct{})}
	g := &a.grupo
	g.mu.Lock()
	g.cola = append(g.cola, e)
	lidera := !g.ocupado
	g.ocupado = true
	g.mu.Unlock()
	if !lidera {
		select {
		case <-e.hecho:
			return e.err
		case <-e.lider:
		case <-ctx.Done():
			g.mu.Lock()
			if !e.tomada {
				g.cola = slices.DeleteFunc(g.cola, func(x *escrituraEnGrupo) bool { return x == e })
				select {
				case <-e.lider: // le pasaron el escritor a la vez: lo pasa a su vez
					a.pasarEscritor()
				default:
				}
				g.mu.Unlock()
				return ctx.Err()
			}
			g.mu.Unlock()
			select { // ya se está guardando: espera el resultado
			case <-e.hecho:
				return e.err
			case <-e.lider:
			}
		}
	}
	// Líder: guarda grupos hasta que el suyo esté hecho (casi siempre, el
	// primero), y pasa el escritor.
	for {
		select {
		case <-e.hecho:
			g.mu.Lock()
			a.pasarEscritor()
			g.mu.Unlock()
			return e.err
		default:
		}
		g.mu.Lock()
		lote := g.cola
		g.cola = nil
		for _, x := range lote {
			x.tomada = true
		}
		g.mu.Unlock()
		a.guardarGrupo(lote)
	}
}

// pasarEscritor le pasa el escritor a la primera escritura que espera, o
// lo deja libre. Requiere grupo.mu.
func (a *Almacen) pasarEscritor() {
	g := &a.grupo
	if len(g.cola) == 0 {
		g.ocupado = false
		return
	}
	close(g.cola[0].lider)
}

// alGuardarGrupo, si no es nil, recibe el tamaño de cada grupo (lo usan
// las pruebas).
var alGuardarGrupo func(n int)

// guardarGrupo guarda las escrituras de lote en una transacción, cada una en
// su SAVEPOINT (si son más de una), y deja su resultado en cada una.
func (a *Almacen) guardarGrupo(lote []*escrituraEnGrupo) {
	if alGuardarGrupo != nil {
		alGuardarGrupo(len(lote))
	}
	defer func() {
		for _, x := range lote {
			close(x.hecho)
		}
	}()
	fallarTodas := func(err error) {
		for _, x := range lote {
			if x.err == nil {
				x.err = err
			}
		}
	}
	if err := a.vivo(); err != nil {
		fallarTodas(err)
		return
	}
	tx, quedan, err := a.comenzarGrupo(lote)
	lote = quedan // las que ya no podían esperar terminaron
	if err != nil {
		fallarTodas(err)
		return
	}
	if tx == nil {
		return
	}
	defer tx.Rollback()
	if len(lote) == 1 {
		x := lote[0]
		if err := x.ctx.Err(); err != nil {
			x.err = err
			return
		}
		if err := x.f(context.WithoutCancel(x.ctx), tx); err != nil {
			x.err = traducir(err)
			return
		}
		x.err = traducir(tx.Commit())
		return
	}
	for i, x := range lote {
		if err := x.ctx.Err(); err != nil {
			x.err = err
			continue
		}
		punto := fmt.Sprintf("jugada%d", i)
		if _, err := tx.Exec("SAVEPOINT " + punto); err != nil {
			fallarTodas(traducir(err))
			return
		}
		if err := x.f(context.WithoutCancel(x.ctx), tx); err != nil {
			x.err = traducir(err)
			if _, err := tx.Exec("ROLLBACK TO " + punto); err != nil {
				fallarTodas(traducir(err))
				return
			}
		}
		if _, err := tx.Exec("RELEASE " + punto); err != nil {
			fallarTodas(traducir(err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fallarTodas(traducir(err))
	}
}
