package sitio

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// La presencia: quién está conectado a una partida (cada asiento y cuántos
// espectadores), la que ven todos sus clientes en cualquier proceso. Cada
// proceso cuenta sus conexiones (partida.conectados y espectadores) y,
// con Bus, las publica en asuntoPresencia cuando cambian y cada
// latidoPresencia mientras tenga alguna; lo que publican los demás vence a
// vidaPresencia sin latidos, así los clientes de un proceso que murió
// (kill -9, sin despedirse) desaparecen. Cuando la suma cambia, cada
// conexión de la partida recibe un mensaje "presencia".

// asuntoPresencia lleva la presencia de cada proceso en cada partida.
const asuntoPresencia = "palabras.presencia"

const (
	latidoPresencia = 2 * time.Second
	vidaPresencia   = 3 * latidoPresencia
)

// presenciaPublicada es lo que viaja por asuntoPresencia: las conexiones
// de un proceso a una partida.
type presenciaPublicada struct {
	Proceso      string `json:"q"`
	Partida      int64  `json:"p"`
	Asientos     []int  `json:"a"`
	Espectadores int    `json:"e"`
}

// presencias es lo que la sala sabe de las conexiones de los demás
// procesos, por partida y por proceso.
type presencias struct {
	mu      sync.Mutex
	id      string // el de este proceso
	remotas map[int64]map[string]remota
}

type remota struct {
	asientos     []int
	espectadores int
	vence        time.Time
}

// presenciaVista es la presencia de una partida que ven sus clientes.
type presenciaVista struct {
	Conectados   []bool
	Espectadores int
}

func (a presenciaVista) igual(b presenciaVista) bool {
	return a.Espectadores == b.Espectadores && slices.Equal(a.Conectados, b.Conectados)
}

// conectar cuenta una conexión más (d = 1) o una menos (d = −1) en el
// asiento a (−1: un espectador), y avisa el cambio de presencia.
func (p *partida) conectar(a, d int) {
	p.mu.Lock()
	if a >= 0 && a < len(p.conectados) {
		p.conectados[a] += d
	} else {
		p.espectadores += d
	}
	p.mu.Unlock()
	p.cambioPresencia()
	p.sala.publicarPresencia(p)
}

// cambioPresencia despierta a las conexiones que muestran la presencia.
func (p *partida) cambioPresencia() {
	p.mu.Lock()
	close(p.presencia)
	p.presencia = make(chan struct{})
	p.mu.Unlock()
}

// vista suma las conexiones de este proceso y las de los demás que no
// vencieron.
func (p *partida) vista() (presenciaVista, <-chan struct{}) {
	p.mu.Lock()
	v := presenciaVista{Conectados: make([]bool, len(p.conectados)), Espectadores: p.espectadores}
	cuentas := slices.Clone(p.conectados)
	ch := p.presencia
	p.mu.Unlock()
	s := p.sala
	s.pres.mu.Lock()
	ahora := time.Now()
	for _, r := range s.pres.remotas[p.id] {
		if ahora.After(r.vence) {
			continue
		}
		for i, n := range r.asientos {
			if i < len(cuentas) {
				cuentas[i] += n
			}
		}
		v.Espectadores += r.espectadores
	}
	s.pres.mu.Unlock()
	for i, n := range cuentas {
		v.Conectados[i] = n > 0
	}
	return v, ch
}

// mostrarPresencia envía a la conexión la presencia de su partida cada vez
// que cambia, hasta que ctx termina.
func (cx *conexion) mostrarPresencia(ctx context.Context) {
	var antes presenciaVista
	primera := true
	for {
		v, ch := cx.p.vista()
		if primera || !v.igual(antes) {
			primera, antes = false, v
			e := v.Espectadores
			if cx.enviar(ctx, mensajeServidor{Tipo: "presencia", Conectados: v.Conectados, Espectadores: &e}) != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ch:
		}
	}
}

// prepararPresencia elige el nombre de este proceso, se suscribe a la
// presencia de los demás y late. Requiere Bus.
func (s *Sala) prepararPresencia() error {
	var b [8]byte
	rand.Read(b[:])
	s.pres.mu.Lock()
	s.pres.id = hex.EncodeToString(b[:])
	s.pres.remotas = map[int64]map[string]remota{}
	s.pres.mu.Unlock()
	sub, err := s.op.Bus.Conn().Subscribe(asuntoPresencia, s.recibirPresencia)
	if err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	s.enFondo(s.latirPresencia)
	return nil
}

// recibirPresencia anota la presencia que publicó otro proceso.
func (s *Sala) recibirPresencia(m *nats.Msg) {
	var pp presenciaPublicada
	if json.Unmarshal(m.Data, &pp) != nil || len(pp.Asientos) > 8 {
		return
	}
	s.pres.mu.Lock()
	if pp.Proceso == s.pres.id {
		s.pres.mu.Unlock()
		return
	}
	ps := s.pres.remotas[pp.Partida]
	vacia := pp.Espectadores <= 0 && !slices.ContainsFunc(pp.Asientos, func(n int) bool { return n > 0 })
	switch {
	case vacia && ps != nil:
		delete(ps, pp.Proceso)
		if len(ps) == 0 {
			delete(s.pres.remotas, pp.Partida)
		}
	case !vacia:
		if ps == nil {
			ps = map[string]remota{}
			s.pres.remotas[pp.Partida] = ps
		}
		ps[pp.Proceso] = remota{asientos: pp.Asientos, espectadores: max(pp.Espectadores, 0), vence: time.Now().Add(vidaPresencia)}
	}
	s.pres.mu.Unlock()
	s.avisarPresencia(pp.Partida)
}

// avisarPresencia despierta a las conexiones de la partida id, si está en
// memoria.
func (s *Sala) avisarPresencia(id int64) {
	s.mu.Lock()
	p, ok := s.partidas[id]
	s.mu.Unlock()
	if ok {
		p.cambioPresencia()
	}
}

// publicarPresencia publica las conexiones de este proceso a p (sin Bus,
// nada).
func (s *Sala) publicarPresencia(p *partida) {
	if s.op.Bus == nil {
		return
	}
	p.mu.Lock()
	pp := presenciaPublicada{Proceso: s.pres.id, Partida: p.id, Asientos: slices.Clone(p.conectados), Espectadores: p.espectadores}
	p.mu.Unlock()
	datos, _ := json.Marshal(pp)
	s.op.Bus.Conn().Publish(asuntoPresencia, datos)
}

// latirPresencia publica cada latidoPresencia las partidas con conexiones
// de este proceso, y olvida lo vencido de los demás (avisando a sus
// partidas).
func (s *Sala) latirPresencia() {
	t := time.NewTicker(latidoPresencia)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		ps := s.enMemoria()
		for _, p := range ps {
			p.mu.Lock()
			hay := p.espectadores > 0 || slices.ContainsFunc(p.conectados, func(n int) bool { return n > 0 })
			p.mu.Unlock()
			if hay {
				s.publicarPresencia(p)
			}
		}
		ahora := time.Now()
		var vencidas []int64
		s.pres.mu.Lock()
		for id, rs := range s.pres.remotas {
			for q, r := range rs {
				if ahora.After(r.vence) {
					delete(rs, q)
					vencidas = append(vencidas, id)
				}
			}
			if len(rs) == 0 {
				delete(s.pres.remotas, id)
			}
		}
		s.pres.mu.Unlock()
		for _, id := range vencidas {
			s.avisarPresencia(id)
		}
	}
}
