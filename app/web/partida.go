package main

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// partida es una partida en juego: la Mesa que la guarda jugada a jugada
// y el servidor.Servidor que reparte sus notificaciones, uno por asiento.
// mu ordena las acciones: cada una se guarda (Mesa) antes de llegar al
// servidor, que la anuncia; una rechazada no cambia nada.
type partida struct {
	sala     *Sala
	id       int64
	reglas   reglas
	v        *variante.Variante
	asientos []almacen.Asiento
	nombres  []string

	mu        sync.Mutex
	mesa      *almacen.Mesa
	srv       *servidor.Servidor
	planilla  []renglon
	fin       *final
	conexion  []*enlace       // la conexión que lee la cola de cada asiento
	abandono  context.Context // se cancela cuando alguien se rinde
	abandonar context.CancelFunc
}

// enlace es la conexión de un asiento: quien consume su cola.
type enlace struct {
	cancelar context.CancelFunc
	listo    chan struct{} // se cierra cuando dejó de leer la cola
}

// accion es lo que un asiento pide hacer en su turno.
type accion struct {
	tipo   string // "jugar", "pasar", "cambiar", "rendirse"
	jugada ocurrencia.Ocurrencia
	cambio letra.Multiconjunto
}

// armar arma la partida de la mesa m (nueva o reanudada): un servidor con
// la misma bolsa en el que se repiten los movimientos guardados, y la
// planilla. Las colas quedan vacías: cada cliente recibe una foto al entrar.
func armar(s *Sala, m *almacen.Mesa, p almacen.Partida, r reglas, nombres []string) (*partida, error) {
	k := len(p.Asientos)
	v := m.Juego().Variante()
	bolsa, err := v.Repositorio(k, p.Semilla)
	if err != nil {
		return nil, err
	}
	srv, err := servidor.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, err
	}
	for range k {
		if _, err := srv.Conectar(); err != nil {
			return nil, err
		}
	}
	j, err := juego.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, err
	}
	pa := &partida{sala: s, id: p.ID, reglas: r, v: v, asientos: p.Asientos, nombres: nombres, mesa: m, srv: srv,
		conexion: make([]*enlace, k)}
	pa.abandono, pa.abandonar = context.WithCancel(context.Background())
	for n, mov := range p.Movimientos {
		switch mov.Tipo {
		case juego.SucesoColocacion:
			_, err = j.Ubicar(mov.Jugada)
			srv.Recibir(mov.Jugador, mov.Jugada)
		case juego.SucesoPase:
			err = j.Pasar()
			srv.Recibir(mov.Jugador, ocurrencia.Ocurrencia{})
		case juego.SucesoCambio:
			err = j.Cambiar(mov.Cambiadas)
			srv.RecibirCambio(mov.Jugador, mov.Cambiadas)
		case juego.SucesoAjuste:
			err = j.Ajustar(mov.Jugador, mov.Puntos)
		}
		if err != nil {
			return nil, fmt.Errorf("partida %d, movimiento %d: %w", p.ID, n, err)
		}
		pa.planilla = append(pa.planilla, renglonDe(n, mov, j))
	}
	for i := range k {
		if _, err := srv.Consultar(i); err != nil {
			return nil, err
		}
	}
	// El servidor debe haber quedado igual que la mesa.
	sj, err := srv.Partida()
	if err != nil {
		return nil, err
	}
	if !hayAbandono(p) && !reflect.DeepEqual(sj.Posicion(), m.Juego().Posicion()) {
		return nil, fmt.Errorf("partida %d: el servidor no quedó como la mesa", p.ID)
	}
	if p.Estado == almacen.Terminada {
		pa.fin = finalDe(j, p.Puntajes, hayAbandono(p))
		pa.abandonar()
	}
	return pa, nil
}

func hayAbandono(p almacen.Partida) bool {
	return len(p.Movimientos) > 0 && p.Movimientos[len(p.Movimientos)-1].Tipo == juego.SucesoAjuste
}

// finalDe describe el final con los puntajes dados.
func finalDe(j *juego.Juego, puntajes []int, abandono bool) *final {
	f := &final{Puntajes: slices.Clone(puntajes), Ganador: -1}
	mejor := -1 << 62
	for i, p := range puntajes {
		switch {
		case p > mejor:
			mejor, f.Ganador = p, i
		case p == mejor:
			f.Ganador = -1
		}
	}
	fin, _ := j.Terminada()
	switch {
	case abandono:
		f.Motivo = "un jugador se rindió"
	case fin.Motivo == juego.FinSinFichas:
		f.Motivo = "un jugador se quedó sin fichas"
	default:
		f.Motivo = "seis turnos seguidos sin puntos"
	}
	return f
}

// terminada informa si la partida terminó. Requiere mu.
func (p *partida) terminada() bool { return p.fin != nil }

// actuar hace la acción a del asiento. Un rechazo del juego (no es su
// turno, jugada inválida, cambio imposible) llega al asiento como el Mal de
// su cola, con el motivo; actuar devuelve error solo si la acción no llegó
// al juego (la partida terminó porque alguien se rindió, el almacén falló).
// En los dos casos nada cambia.
func (p *partida) actuar(ctx context.Context, asiento int, a accion) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if a.tipo == "rendirse" {
		if p.terminada() {
			return ErrPartidaCerrada
		}
		puntajes, err := p.mesa.Abandonar(ctx, asiento)
		if err != nil {
			return p.errorDeMesa(err)
		}
		j := p.mesa.Juego()
		p.planilla = append(p.planilla, renglonDe(len(p.planilla), almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: asiento,
			Puntos: puntajes[asiento] - p.puntajeAntes(asiento)}, j))
		p.fin = finalDe(j, puntajes, true)
		p.abandonar()
		return nil
	}
	if p.fin != nil {
		return ErrPartidaCerrada
	}
	// Fuera de turno o terminada: el servidor responde Mal con el motivo.
	if _, fin := p.mesa.Terminada(); fin || p.mesa.Turno() != asiento {
		p.enviarAlServidor(asiento, a)
		return nil
	}
	var err error
	var mov almacen.Movimiento
	switch a.tipo {
	case "jugar":
		mov = almacen.Movimiento{Tipo: juego.SucesoColocacion, Jugada: a.jugada}
		mov.Puntos, err = p.mesa.Ubicar(ctx, a.jugada)
	case "pasar":
		mov = almacen.Movimiento{Tipo: juego.SucesoPase}
		err = p.mesa.Pasar(ctx)
	case "cambiar":
		mov = almacen.Movimiento{Tipo: juego.SucesoCambio, Cambiadas: a.cambio}
		err = p.mesa.Cambiar(ctx, a.cambio)
	default:
		return fmt.Errorf("%w: acción %q", ErrMensajeInvalido, a.tipo)
	}
	if err != nil {
		if errors.Is(err, juego.ErrJugadaInvalida) || errors.Is(err, juego.ErrCambioInvalido) || errors.Is(err, juego.ErrPartidaTerminada) {
			p.enviarAlServidor(asiento, a) // el mismo juego: el mismo rechazo, en la cola
			return nil
		}
		return p.errorDeMesa(err)
	}
	mov.Jugador = asiento
	j := p.mesa.Juego()
	p.planilla = append(p.planilla, renglonDe(len(p.planilla), mov, j))
	if _, ok := j.Terminada(); ok {
		puntajes := make([]int, j.Jugadores())
		for i := range puntajes {
			puntajes[i], _ = j.Puntaje(i)
		}
		p.fin = finalDe(j, puntajes, false)
	}
	p.enviarAlServidor(asiento, a)
	p.sala.movimientos.Add(1)
	return nil
}

// puntajeAntes es el puntaje del asiento según la planilla. Requiere mu.
func (p *partida) puntajeAntes(asiento int) int {
	for i := len(p.planilla) - 1; i >= 0; i-- {
		if p.planilla[i].Jugador == asiento {
			return p.planilla[i].Total
		}
	}
	return 0
}

func (p *partida) errorDeMesa(err error) error {
	if errors.Is(err, almacen.ErrPartidaTerminada) {
		return ErrPartidaCerrada
	}
	p.sala.registrar("partida %d: %v", p.id, err)
	return fmt.Errorf("%w (%v)", ErrAlmacen, err)
}

// enviarAlServidor pasa la acción al servidor, que la anuncia o responde
// Mal. Requiere mu.
func (p *partida) enviarAlServidor(asiento int, a accion) {
	switch a.tipo {
	case "jugar":
		p.srv.Recibir(asiento, a.jugada)
	case "pasar":
		p.srv.Recibir(asiento, ocurrencia.Ocurrencia{})
	case "cambiar":
		p.srv.RecibirCambio(asiento, a.cambio)
	}
}

// foto devuelve el estado visto desde el asiento. Requiere mu.
func (p *partida) foto(asiento int) *estado {
	j := p.mesa.Juego()
	alf := p.v.Alfabeto()
	e := &estado{Partida: p.id, Asiento: asiento, Reglas: p.reglas.ID, NombreReg: p.reglas.Nombre, Nombres: p.nombres,
		Tamano: p.v.TamanoTablero(), Premios: premiosJSON(p.v), Comodin: p.v.Comodines() > 0, Cambios: p.v.Cambios(),
		Turno: j.Turno(), Bolsa: j.LetrasEnRepositorio(), Movimientos: len(p.planilla), Planilla: slices.Clone(p.planilla), Fin: p.fin}
	for _, a := range p.asientos {
		e.Bots = append(e.Bots, a.Nivel)
	}
	for i, s := range alf.Simbolos() {
		e.Alfabeto = append(e.Alfabeto, s)
		e.Valores = append(e.Valores, p.v.ValorFicha(letra.Letra(i)))
	}
	t := j.Tablero()
	e.Tablero = []fichaJSON{} // [] y no null en el JSON
	for f := range e.Tamano {
		for c := range e.Tamano {
			if fi, ok := t.Ficha(f, c); ok {
				e.Tablero = append(e.Tablero, fichaJSON{F: f, C: c, L: alf.Simbolo(fi.Letra), Comodin: fi.Comodin})
			}
		}
	}
	mano, _ := j.Fichas(asiento)
	e.Mano = simbolos(mano, alf)
	for i := range j.Jugadores() {
		pt, _ := j.Puntaje(i)
		e.Puntajes = append(e.Puntajes, pt)
	}
	if e.Planilla == nil {
		e.Planilla = []renglon{}
	}
	return e
}

// renglon devuelve la línea n de la planilla.
func (p *partida) renglon(n int) (renglon, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n < 0 || n >= len(p.planilla) {
		return renglon{}, false
	}
	return p.planilla[n], true
}

// final devuelve cómo terminó, o nil.
func (p *partida) final() *final {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fin
}

// tomar registra una conexión nueva del asiento y devuelve su foto: antes
// corta la anterior y espera a que deje de leer la cola; luego vacía la
// cola (la foto ya la incluye). Desde entonces las notificaciones del
// asiento son de la conexión nueva.
func (p *partida) tomar(asiento int, e *enlace) *estado {
	for {
		p.mu.Lock()
		vieja := p.conexion[asiento]
		if vieja == nil {
			break
		}
		p.mu.Unlock()
		vieja.cancelar()
		<-vieja.listo
		p.mu.Lock()
		if p.conexion[asiento] == vieja {
			p.conexion[asiento] = nil
		}
		p.mu.Unlock()
	}
	defer p.mu.Unlock()
	p.conexion[asiento] = e
	p.srv.Consultar(asiento)
	return p.foto(asiento)
}

// soltar quita la conexión e del asiento, si sigue siendo la suya.
func (p *partida) soltar(asiento int, e *enlace) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conexion[asiento] == e {
		p.conexion[asiento] = nil
	}
}

// jugarBot juega el asiento del bot b mientras la partida siga: cada vez que
// le toca, elige sobre una copia del juego y actúa como cualquier asiento.
// Se despierta con las notificaciones de su cola, sin consultar en un
// bucle.
func (p *partida) jugarBot(ctx context.Context, asiento int, b *bot.Bot) {
	ctx, cancelar := context.WithCancel(ctx)
	defer cancelar()
	stop := context.AfterFunc(p.abandono, cancelar)
	defer stop()
	for {
		j := p.mesa.Juego()
		if _, fin := j.Terminada(); !fin && j.Turno() == asiento && p.final() == nil {
			if d := p.sala.op.RetardoBot; d > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(d):
				}
			}
			d := b.Elegir(j)
			a := accion{tipo: "pasar"}
			switch d.Tipo {
			case juego.SucesoColocacion:
				a = accion{tipo: "jugar", jugada: d.Jugada}
			case juego.SucesoCambio:
				a = accion{tipo: "cambiar", cambio: d.Cambiadas}
			}
			if err := p.actuar(ctx, asiento, a); err != nil {
				p.sala.registrar("bot de la partida %d: %v", p.id, err)
				return
			}
			continue
		}
		if _, err := p.srv.Esperar(ctx, asiento); err != nil {
			return // terminó, o se cierra la sala
		}
	}
}
