package almacen

import (
	"context"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/juego"
)

// Seguir lee del repositorio los movimientos que otra Mesa de la misma
// partida guardó después de los suyos (otro proceso, un trabajador de
// bots) y los repite, para que la Mesa quede como lo guardado. Devuelve
// una copia del juego de antes y los movimientos nuevos, en orden (ninguno
// si estaba al día), para que quien llama los repita sobre la copia y vea
// el juego después de cada uno. Errores: los de Partidas.Partida, y uno que
// envuelve a ErrPartidaCorrupta si un movimiento no se puede repetir (la
// Mesa no cambia).
func (m *Mesa) Seguir(ctx context.Context) (antes *juego.Juego, nuevos []Movimiento, err error) {
	p, err := m.a.Partida(ctx, m.p.ID)
	if err != nil {
		return nil, nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(p.Movimientos) <= m.n {
		return m.j.Clonar(), nil, nil
	}
	antes = m.j.Clonar()
	copia := m.j.Clonar()
	usados := slices.Clone(m.usados)
	nuevos = p.Movimientos[m.n:]
	for i, mov := range nuevos {
		pts, err := aplicar(copia, mov)
		if err == nil && pts != mov.Puntos {
			err = fmt.Errorf("suma %d puntos y guardó %d", pts, mov.Puntos)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%w: partida %d, movimiento %d: %w", ErrPartidaCorrupta, m.p.ID, m.n+i, err)
		}
		if mov.Jugador >= 0 && mov.Jugador < len(usados) {
			usados[mov.Jugador] += mov.Duracion
		}
	}
	m.j, m.n, m.usados = copia, len(p.Movimientos), usados
	m.p.Estado, m.p.Puntajes, m.p.Actualizada = p.Estado, p.Puntajes, p.Actualizada
	return antes, slices.Clone(nuevos), nil
}
