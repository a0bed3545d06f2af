package almacen

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/formato"
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

// SeguirCon es Seguir con los movimientos ya conocidos, sin leer el
// repositorio: los que otra Mesa guardó desde el número desde (los que
// trae un anuncio entre procesos). Si la Mesa no tiene exactamente desde
// movimientos, o alguno no se puede repetir, no cambia nada y devuelve ok
// en false: quien llama usa Seguir. Si el repositorio es un Conocedor, le
// cuenta los movimientos repetidos.
func (m *Mesa) SeguirCon(desde int, movs []Movimiento) (antes *juego.Juego, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if desde != m.n || len(movs) == 0 || m.p.Estado == Terminada {
		return nil, false
	}
	copia := m.j.Clonar()
	usados := slices.Clone(m.usados)
	for _, mov := range movs {
		pts, err := aplicar(copia, mov)
		if err != nil || pts != mov.Puntos {
			return nil, false
		}
		if mov.Jugador >= 0 && mov.Jugador < len(usados) {
			usados[mov.Jugador] += mov.Duracion
		}
	}
	antes = m.j
	ultimo := movs[len(movs)-1]
	if fin := resultadoSiTermino(copia); fin != nil || (ultimo.Tipo == juego.SucesoAjuste && ultimo.Motivo.Pierde()) {
		m.p.Estado = Terminada
		m.p.Puntajes = make([]int, copia.Jugadores())
		for i := range m.p.Puntajes {
			m.p.Puntajes[i], _ = copia.Puntaje(i)
		}
	}
	m.j, m.n, m.usados = copia, m.n+len(movs), usados
	m.p.Actualizada = time.Now()
	if c, ok := m.a.(Conocedor); ok {
		c.Conocidos(m.p.ID, desde, movs)
	}
	return antes.Clonar(), true
}

// movimientoCodificado es un Movimiento en CodificarMovimientos.
type movimientoCodificado struct {
	Tipo      juego.TipoSuceso `json:"t"`
	Jugador   int              `json:"j"`
	Jugada    []byte           `json:"f,omitempty"`
	Cambiadas []byte           `json:"c,omitempty"`
	Puntos    int              `json:"p"`
	Mano      []byte           `json:"m,omitempty"`
	ConMano   bool             `json:"cm,omitempty"`
	Proximas  []byte           `json:"x,omitempty"`
	Duracion  time.Duration    `json:"d"`
	Motivo    MotivoAjuste     `json:"mo"`
}

// CodificarMovimientos devuelve los movimientos ms en bytes (JSON, con las
// fichas como las guardan los almacenes), para mandarlos a otro proceso.
func CodificarMovimientos(ms []Movimiento) []byte {
	cs := make([]movimientoCodificado, len(ms))
	for i, m := range ms {
		cs[i] = movimientoCodificado{Tipo: m.Tipo, Jugador: m.Jugador, Jugada: formato.CodificarFichas(m.Jugada),
			Cambiadas: formato.CodificarMulti(m.Cambiadas), Puntos: m.Puntos, Mano: formato.CodificarMulti(m.Mano), ConMano: m.ConMano,
			Proximas: formato.CodificarMulti(m.Proximas), Duracion: m.Duracion, Motivo: m.Motivo}
	}
	b, _ := json.Marshal(cs)
	return b
}

// DecodificarMovimientos lee lo que escribió CodificarMovimientos, o
// devuelve un error que envuelve a ErrPartidaCorrupta.
func DecodificarMovimientos(b []byte) ([]Movimiento, error) {
	var cs []movimientoCodificado
	if err := json.Unmarshal(b, &cs); err != nil {
		return nil, fmt.Errorf("%w: movimientos: %w", ErrPartidaCorrupta, err)
	}
	ms := make([]Movimiento, len(cs))
	for i, c := range cs {
		m := Movimiento{Tipo: c.Tipo, Jugador: c.Jugador, Puntos: c.Puntos, ConMano: c.ConMano, Duracion: c.Duracion, Motivo: c.Motivo}
		var err error
		if m.Jugada, err = formato.DecodificarFichas(c.Jugada); err == nil {
			if m.Cambiadas, err = formato.DecodificarMulti(c.Cambiadas); err == nil {
				if m.Mano, err = formato.DecodificarMulti(c.Mano); err == nil {
					m.Proximas, err = formato.DecodificarMulti(c.Proximas)
				}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%w: movimiento %d: %w", ErrPartidaCorrupta, i, err)
		}
		ms[i] = m
	}
	return ms, nil
}
