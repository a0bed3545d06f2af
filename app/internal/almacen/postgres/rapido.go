package postgres

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
)

// El camino rápido de AgregarMovimientos: el caso de todas las jugadas
// (un movimiento que no termina la partida) en una sola sentencia, que
// PostgreSQL confirma sola (sin BEGIN ni COMMIT aparte): una ida y vuelta
// en lugar de cuatro (BEGIN, SELECT … FOR NO KEY UPDATE, el lote, COMMIT).
//
// La sentencia toma el candado de la fila de la partida solo si está libre
// (SKIP LOCKED: nunca espera, así que puede terminar aunque se cancele el
// contexto) y solo si sigue como se la conoce (en curso, con n movimientos
// y el sello anterior); entonces la actualiza e inserta el movimiento: las
// dos cosas o ninguna. Si no cambió nada (la fila estaba tomada por otro
// proceso que guarda, o cambió), o PostgreSQL la rechazó, la transacción
// de siempre (AgregarMovimientos) hace lo que corresponde: espera el
// candado hasta el plazo del contexto y da el error exacto (ErrConflicto,
// ErrPartidaTerminada…).
//
// El sello anterior sale de sellos, lo que el almacén sabe de cada partida
// por lo que guardó o leyó (y por lo que le cuenta Conocidos); si no lo
// sabe, de un SELECT sin candado (dos idas y vueltas). Un sello sabido que
// no es el de la base solo hace que no cambie nada: nunca se guarda un
// movimiento encadenado a otro sello que el de la fila.
const sentenciaRapida = `WITH l AS (
	SELECT id FROM partidas WHERE id = $1 AND movimientos = $2 AND sello = $5 AND estado = $6 FOR NO KEY UPDATE SKIP LOCKED
), u AS (
	UPDATE partidas p SET movimientos = $2 + 1, actualizada = $3, sello = $4 FROM l WHERE p.id = l.id
	RETURNING p.id)
INSERT INTO movimientos(partida, n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos, duracion, motivo)
SELECT u.id, $2, $7::smallint, $8::integer, $9::bytea, $10::bytea, $11::boolean, $12::bytea, $13::bytea, $14::integer,
	$15::bigint, $16::smallint FROM u`

// maxSellos acota la memoria de sellos: al llenarse se vacía (y el
// siguiente movimiento de cada partida lee su sello).
const maxSellos = 1 << 16

// sellos es lo que el almacén sabe del final de cada partida en curso:
// cuántos movimientos tiene y su sello.
type sellos struct {
	mu sync.Mutex
	m  map[int64]selloSabido
}

type selloSabido struct {
	n     int
	sello int64
}

// ver devuelve el sello de la partida id si se sabe que tiene n
// movimientos.
func (s *sellos) ver(id int64, n int) (int64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	x, ok := s.m[id]
	return x.sello, ok && x.n == n
}

// anotar recuerda que la partida id tiene n movimientos y ese sello, si no
// sabía de más (una lectura vieja no hace olvidar lo guardado después).
func (s *sellos) anotar(id int64, n int, sello int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if x, ok := s.m[id]; ok && x.n > n {
		return
	}
	if s.m == nil || len(s.m) >= maxSellos {
		s.m = make(map[int64]selloSabido)
	}
	s.m[id] = selloSabido{n: n, sello: sello}
}

// olvidar deja de recordar la partida id.
func (s *sellos) olvidar(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
}

// agregarRapido intenta guardar el movimiento c, el número n de la
// partida id, por el camino rápido. Devuelve true si lo guardó; false (sin
// error) si no cambió nada y hay que usar la transacción; un error solo si
// no se sabe si quedó (la conexión se cortó con la sentencia enviada).
func (a *Almacen) agregarRapido(ctx context.Context, id int64, n int, c movimientoCodificado) (bool, error) {
	if a.vivo() != nil || ctx.Err() != nil {
		return false, nil // la transacción da el error
	}
	conn, err := a.pool.Acquire(ctx)
	if err != nil {
		return false, nil
	}
	defer conn.Release()
	anterior, ok := a.sellos.ver(id, n)
	if !ok {
		var estado, cant int
		err := conn.QueryRow(ctx, "SELECT estado, movimientos, sello FROM partidas WHERE id = $1", id).Scan(&estado, &cant, &anterior)
		if err != nil || almacen.Estado(estado) != almacen.EnCurso || cant != n {
			return false, nil
		}
	}
	sello := selloMovimiento(anterior, n, c)
	m := c.m
	// Una vez enviada, la sentencia termina aunque se cancele ctx: la
	// llamada vuelve sabiendo si quedó, como la transacción.
	tag, err := conn.Exec(context.WithoutCancel(ctx), sentenciaRapida, id, n, unix(a.ahora()), sello, anterior, int(almacen.EnCurso),
		int(m.Tipo), m.Jugador, c.fichas, c.cambiadas, m.ConMano, c.mano, c.proximas, m.Puntos, int64(m.Duracion), int(m.Motivo))
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe):
		a.sellos.olvidar(id)
		return false, nil // PostgreSQL la rechazó entera: no cambió nada
	case err != nil && pgconn.SafeToRetry(err):
		return false, nil // no llegó a enviarse
	case err != nil:
		return false, a.traducir(ctx, err)
	case tag.RowsAffected() != 1:
		a.sellos.olvidar(id)
		return false, nil
	}
	a.sellos.anotar(id, n+1, sello)
	return true, nil
}

var _ almacen.Conocedor = (*Almacen)(nil)

// Conocidos implementa almacen.Conocedor: si el almacén sabe el sello de la
// partida id con desde movimientos, encadena el de los movimientos ms (los
// que otro proceso guardó y llegaron con su anuncio), y la próxima jugada
// de este proceso va por el camino rápido sin leer la fila. Si ms no es lo
// guardado, el sello no coincide y esa jugada usa la transacción: nunca
// cambia un resultado.
func (a *Almacen) Conocidos(id int64, desde int, ms []almacen.Movimiento) {
	sello, ok := a.sellos.ver(id, desde)
	if !ok {
		return
	}
	for i, m := range ms {
		c, err := codificar(m)
		if err != nil {
			return
		}
		sello = selloMovimiento(sello, desde+i, c)
	}
	a.sellos.anotar(id, desde+len(ms), sello)
}
