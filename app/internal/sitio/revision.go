package sitio

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/juego"
)

// La revisión de una partida terminada: cada turno con la mano que tenía
// el jugador, y el análisis del motor (app/internal/revision), que se
// calcula en segundo plano cuando la partida termina (y el de las que
// quedaron sin analizar, al arrancar y cada repasoRevisiones) y se guarda
// en el almacén.
//
// Con Bus, el análisis es un trabajo de la cola de NATS, como las jugadas
// de los bots (bus.Bus.EncargarRevision): lo hacen los trabajadores
// (app/cmd/trabajador, o los de este proceso, Opciones.Trabajadores, con
// el NATS embebido). La cola tiene a lo sumo un análisis de cada partida,
// así que, aunque lo encarguen todos los procesos que la tenían o que
// arrancan con ella pendiente, se calcula una vez; el trabajador que lo
// toma da señales de vida, y si muere a mitad lo retoma otro. Sin Bus, lo
// calcula este proceso. Aquí (los trabajadores de este proceso, o sin Bus)
// usa a lo sumo la mitad de un procesador (descansa tanto como trabaja) y
// solo cuando el servidor está tranquilo (pausaRevision).

// repasoRevisiones es cada cuánto busca cada proceso web las partidas
// terminadas sin análisis (las que se perdieron de la cola: NATS se
// reinició, nadie las tomó en bus.VidaRevision) y las encarga de nuevo.
const repasoRevisiones = 10 * time.Minute

// revisionJSON es lo que recibe la página para revisar una partida.
type revisionJSON struct {
	*estado
	Manos     [][]string         `json:"manosAntes"` // la mano de quien movió, antes de cada movimiento
	Analisis  *revision.Analisis `json:"analisis,omitempty"`
	Pendiente bool               `json:"pendiente"`
}

// encargarRevision encarga el análisis de la partida id (si la cola local
// está llena, lo encargará el próximo repaso).
func (s *Sala) encargarRevision(id int64) {
	if s.op.SinAnalisis {
		return
	}
	select {
	case s.revisor <- id:
	default:
	}
}

// revisar encarga los análisis de la cola local, de a uno, empezando por
// las partidas terminadas que quedaron sin analizar, y las vuelve a buscar
// cada repasoRevisiones: con Bus, a la cola de NATS; sin Bus, los calcula
// aquí.
func (s *Sala) revisar() {
	repaso := time.NewTicker(repasoRevisiones)
	defer repaso.Stop()
	pendientes := s.sinRevision()
	for {
		var id int64
		if len(pendientes) > 0 {
			id, pendientes = pendientes[0], pendientes[1:]
		} else {
			select {
			case <-s.ctx.Done():
				return
			case id = <-s.revisor:
			case <-repaso.C:
				pendientes = s.sinRevision()
				continue
			}
		}
		if b := s.op.Bus; b != nil {
			if err := b.EncargarRevision(s.ctx, id); err != nil && s.ctx.Err() == nil {
				s.registrar("encargando el análisis de la partida %d: %v", id, err)
			}
			continue
		}
		hecho, err := revision.Revisar(s.ctx, s.almacen, s.cat, id, s.pausaRevision)
		if s.ctx.Err() != nil {
			return
		}
		if err != nil {
			s.registrar("análisis de la partida %d: %v", id, err)
		}
		if hecho {
			s.analizadas.Add(1)
		}
	}
}

// sinRevision devuelve las partidas terminadas sin el análisis de esta
// versión.
func (s *Sala) sinRevision() []int64 {
	ids, err := s.almacen.SinRevision(s.ctx, revision.Version, 0)
	if err != nil && s.ctx.Err() == nil {
		s.registrar("revisiones pendientes: %v", err)
	}
	return ids
}

// pausaRevision es la pausa del análisis en este proceso
// (revision.Pausa): antes de cada turno descansa lo que tardó el anterior,
// y espera a que el servidor esté tranquilo (esperarCalma).
func (s *Sala) pausaRevision(ctx context.Context, trabajo time.Duration) error {
	if trabajo > 0 {
		t := time.NewTimer(trabajo)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return s.esperarCalma(ctx)
}

// esperarCalma espera a que el servidor esté tranquilo para analizar un
// turno más: que no haya aceptado ningún movimiento en los últimos 100 ms,
// o que hayan pasado 10 s desde el último turno analizado (así un servidor
// siempre ocupado igual analiza, despacio). El análisis no compite con las
// jugadas por el procesador.
func (s *Sala) esperarCalma(ctx context.Context) error {
	limite := time.Now().Add(10 * time.Second)
	for {
		ultimo := time.Unix(0, s.ultimoMovimiento.Load())
		if time.Since(ultimo) > 100*time.Millisecond || time.Now().After(limite) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Revision devuelve la revisión de la partida terminada id: la foto final
// (sin manos ocultas: la partida terminó), la mano de cada turno y el
// análisis, si ya está. Errores: ErrPartidaDesconocida, ErrNoTerminada.
func (s *Sala) Revision(ctx context.Context, id int64) (*revisionJSON, error) {
	p, err := s.cargar(ctx, id)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.fin == nil {
		p.mu.Unlock()
		return nil, ErrNoTerminada
	}
	foto := p.foto(-1)
	p.mu.Unlock()
	guardada, err := s.almacen.Partida(ctx, id)
	if err != nil {
		return nil, err
	}
	j, err := almacen.Reconstruir(guardada, p.v)
	if err != nil {
		return nil, err
	}
	res := &revisionJSON{estado: foto, Manos: [][]string{}}
	for _, x := range j.Sucesos() {
		if x.Tipo != juego.SucesoFin {
			res.Manos = append(res.Manos, revision.Simbolos(x.Mano, p.v.Alfabeto()))
		}
	}
	datos, version, err := s.almacen.Revision(ctx, id)
	switch {
	case err == nil && version == revision.Version:
		var a revision.Analisis
		if err := json.Unmarshal(datos, &a); err != nil {
			return nil, err
		}
		res.Analisis = &a
	case err == nil || errors.Is(err, almacen.ErrRevisionInexistente):
		res.Pendiente = !s.op.SinAnalisis
	default:
		return nil, err
	}
	return res, nil
}
