package sitio

import (
	"context"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/bus"
)

// encargarBot juega el asiento del bot de nivel nivel con los trabajadores
// del Bus, mientras la partida siga: cada vez que le toca encarga la
// jugada (la partida y el número de movimiento: la cola guarda una sola
// vez el mismo pedido de varios procesos, y el almacén acepta una sola
// jugada con ese número), y espera la novedad. Si no llega en el plazo de
// la jugada más la espera de la cola y un segundo (se perdió el anuncio,
// murió el trabajador antes de guardar), se pone al día con el almacén y,
// si sigue en el turno, la encarga otra vez.
func (p *partida) encargarBot(ctx context.Context, asiento int, nivel string) {
	ctx, cancelar := context.WithCancel(ctx)
	defer cancelar()
	defer context.AfterFunc(p.abandono, cancelar)()
	op := p.sala.op
	espera := op.RetardoBot + op.PlazoBot + bus.EsperaBot + time.Second
	ultimo, intento := -1, 0
	var vence time.Time
	for {
		p.mu.Lock()
		n, turno, fin, ch, desde := p.mesa.Movimientos(), p.mesa.Turno(), p.fin, p.novedades, p.desde
		ultimos, ultimosDesde := p.ultimos, p.ultimosDesde
		p.mu.Unlock()
		if fin != nil {
			return
		}
		var plazo <-chan time.Time
		var t *time.Timer
		if turno == asiento {
			if n != ultimo || !time.Now().Before(vence) {
				if n == ultimo {
					intento++
				} else {
					ultimo, intento = n, 0
				}
				tr := bus.Trabajo{Partida: p.id, N: n, Asiento: asiento, Nivel: nivel, NoAntes: desde.Add(op.RetardoBot).UnixNano(),
					Ultima: desde.UnixNano()}
				if len(ultimos) > 0 && ultimosDesde+len(ultimos) == n { // lo último viaja con el encargo
					tr.Desde, tr.Movs = ultimosDesde, almacen.CodificarMovimientos(ultimos)
				}
				if err := op.Bus.Encargar(ctx, tr, intento); err != nil && ctx.Err() == nil {
					p.sala.registrar("partida %d: encargando la jugada del bot: %v", p.id, err)
				}
				vence = time.Now().Add(espera)
			}
			t = time.NewTimer(time.Until(vence))
			plazo = t.C
		}
		select {
		case <-ctx.Done():
			if t != nil {
				t.Stop()
			}
			return
		case <-ch:
		case <-plazo:
			if err := p.alcanzar(ctx); err != nil && ctx.Err() == nil {
				p.sala.registrar("partida %d: poniéndose al día: %v", p.id, err)
			}
		}
		if t != nil {
			t.Stop()
		}
		p.srv.Consultar(asiento) // la cola del asiento del bot no la lee nadie
	}
}
