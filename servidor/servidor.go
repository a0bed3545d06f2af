package servidor

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Errores del servidor. Se comparan con [errors.Is]. Los mensajes
// inválidos de un cliente no son errores de la llamada: se responden con
// [Mal], que lleva el motivo (ErrNoEmpezado, ErrNoEsSuTurno o un error del
// juego).
var (
	// ErrClienteDesconocido: el identificador no es el de un cliente
	// conectado.
	ErrClienteDesconocido = errors.New("servidor: cliente desconocido")
	// ErrEmpezado: ya se conectaron todos los clientes esperados.
	ErrEmpezado = errors.New("servidor: el juego ya empezó")
	// ErrNoEmpezado: el juego todavía no empezó. Lo devuelve
	// [Servidor.Partida], y es el motivo del Mal que recibe un mensaje
	// enviado antes de empezar.
	ErrNoEmpezado = errors.New("servidor: el juego no empezó")
	// ErrNoEsSuTurno: el motivo del Mal que recibe un mensaje de un
	// cliente que no es el jugador en turno.
	ErrNoEsSuTurno = errors.New("servidor: no es su turno")
	// ErrTerminado: lo devuelve [Servidor.Esperar] cuando la partida
	// terminó (variante.Opciones.FinDePartida) y la cola del cliente está vacía:
	// no llegará nada más, salvo el Mal de algún mensaje que el cliente
	// envíe todavía.
	ErrTerminado = errors.New("servidor: la partida terminó")
)

// Servidor reparte un juego entre clientes (el TAD SERVIDOR): cada
// cliente tiene su cola de notificaciones, el servidor recibe sus mensajes
// (jugadas) y deja en las colas lo que cada uno debe saber.
//
// Todas las operaciones pueden llamarse desde varias gorutinas a la vez: un
// único candado las ordena, y cada cola recibe sus notificaciones en ese
// orden. Ninguna notificación se pierde ni se duplica: [Servidor.Consultar]
// y [Servidor.Esperar] entregan cada una exactamente una vez.
//
// El valor cero no es útil; se crea con [Nuevo].
type Servidor struct {
	mu         sync.Mutex
	juego      *juego.Juego
	esperados  int
	conectados int
	colas      [][]Notificacion
	avisos     []chan struct{} // con lugar para uno: "hay novedades"
	fin        chan struct{}   // se cierra cuando la partida termina
	terminado  bool            // fin está cerrado
}

// Nuevo crea un servidor para k clientes que jugarán con la variante
// v y el repositorio r (nuevoServidor). Devuelve los errores de
// [juego.Nuevo]: k no positivo, repositorio de menos de N·N + k·F letras
// o con letras fuera del alfabeto.
func Nuevo(k int, v *variante.Variante, r []letra.Letra) (*Servidor, error) {
	j, err := juego.Nuevo(k, v, r)
	if err != nil {
		return nil, fmt.Errorf("servidor: %w", err)
	}
	s := &Servidor{juego: j, esperados: k, colas: make([][]Notificacion, k), avisos: make([]chan struct{}, k), fin: make(chan struct{})}
	for i := range s.avisos {
		s.avisos[i] = make(chan struct{}, 1)
	}
	return s, nil
}

// encolar agrega n a la cola de cid y avisa a quien espere. Requiere mu.
func (s *Servidor) encolar(cid int, n Notificacion) {
	s.colas[cid] = append(s.colas[cid], n)
	select {
	case s.avisos[cid] <- struct{}{}:
	default: // ya había un aviso pendiente
	}
}

// Conectar conecta un cliente nuevo y devuelve su identificador: 0, 1, …, en
// orden de conexión (conectarCliente, R9). El cliente recibe IDCliente(cid);
// cuando se conecta el último esperado empieza el juego y todos los
// clientes, en orden, reciben Empezar(N) y TurnoDe(0). Si ya se conectaron
// todos devuelve [ErrEmpezado] y nada cambia.
func (s *Servidor) Conectar() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conectados == s.esperados {
		return 0, ErrEmpezado
	}
	cid := s.conectados
	s.conectados++
	s.encolar(cid, IDCliente(cid))
	if s.conectados == s.esperados {
		for i := range s.esperados {
			s.encolar(i, Empezar(s.juego.TamanoTablero()))
			s.encolar(i, TurnoDe(0))
		}
	}
	return cid, nil
}

func (s *Servidor) verificarCliente(cid int) error {
	if cid < 0 || cid >= s.conectados {
		return fmt.Errorf("%w: %d (hay %d conectados)", ErrClienteDesconocido, cid, s.conectados)
	}
	return nil
}

// Consultar devuelve las notificaciones pendientes del cliente cid, en
// orden, y vacía su cola (consultar). El slice devuelto es del llamador. Si
// cid no es un cliente conectado devuelve [ErrClienteDesconocido]. Es O(1).
func (s *Servidor) Consultar(cid int) ([]Notificacion, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.verificarCliente(cid); err != nil {
		return nil, err
	}
	cola := s.colas[cid]
	s.colas[cid] = nil
	return cola, nil
}

// Notificaciones devuelve una copia de las notificaciones pendientes del
// cliente cid, en orden, sin vaciar su cola (el observador notificaciones
// de la especificación). Si cid no es un cliente conectado devuelve
// [ErrClienteDesconocido]. Cuesta O(largo de la cola).
func (s *Servidor) Notificaciones(cid int) ([]Notificacion, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.verificarCliente(cid); err != nil {
		return nil, err
	}
	return slices.Clone(s.colas[cid]), nil
}

// Esperar es como [Servidor.Consultar] pero, si la cola de cid está vacía,
// espera a que llegue alguna notificación. Sirve para que cada cliente
// corra en su propia gorutina sin consultar en un bucle.
//
// Si la partida terminó (variante.Opciones.FinDePartida) y la cola está vacía,
// devuelve [ErrTerminado] en lugar de esperar; quien ya esperaba cuando la
// partida termina recibe primero lo que quedó en su cola (los ajustes y
// [Fin]) y, en la llamada siguiente, ErrTerminado. Con la variante de la
// especificación la partida no termina nunca, así que Esperar espera hasta
// que llegue algo o se cancele ctx.
//
// Devuelve el error de ctx si se cancela antes; en ese caso no consume
// nada. Si cid no es un cliente conectado devuelve [ErrClienteDesconocido].
func (s *Servidor) Esperar(ctx context.Context, cid int) ([]Notificacion, error) {
	for {
		s.mu.Lock()
		if err := s.verificarCliente(cid); err != nil {
			s.mu.Unlock()
			return nil, err
		}
		cola := s.colas[cid]
		if len(cola) > 0 {
			s.colas[cid] = nil
			s.mu.Unlock()
			return cola, nil
		}
		if s.terminado {
			s.mu.Unlock()
			return nil, ErrTerminado
		}
		aviso := s.avisos[cid]
		s.mu.Unlock()
		select {
		case <-aviso:
		case <-s.fin:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Recibir procesa la jugada o que envía el cliente cid (recibirMensaje,
// R10). Si el juego empezó, es el turno de cid y la jugada es válida
// ([juego.Juego.JugadaValida]: R3 y que tenga las letras, R5), el juego la
// ubica y cada cliente, en orden, recibe Ubicar(cid, o) y SumaPuntos(cid,
// puntos); cid recibe además Reponer con las letras que sacó del
// repositorio; y todos reciben TurnoDe del siguiente. Si no, solo cid recibe
// Mal y nada más cambia. La jugada vacía es pasar. El motivo del Mal es
// [ErrNoEmpezado], [juego.ErrPartidaTerminada], [ErrNoEsSuTurno] o el
// [*juego.ErrorJugada] de [juego.Juego.Ubicar] (ver [Mal]).
//
// Con fin de partida (variante.Opciones.FinDePartida), si la jugada termina la
// partida, en lugar de TurnoDe cada cliente recibe el ajuste final de cada
// jugador, en orden, como SumaPuntos(i, ajuste), y luego [Fin]. Desde
// entonces todo mensaje recibe Mal con [juego.ErrPartidaTerminada], y
// [Servidor.Esperar] devuelve [ErrTerminado] a quien vació su cola.
//
// Si cid no es un cliente conectado devuelve [ErrClienteDesconocido]: no
// hay cola donde dejar un Mal.
func (s *Servidor) Recibir(cid int, o ocurrencia.Ocurrencia) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.verificarCliente(cid); err != nil {
		return err
	}
	if err := s.enTurno(cid); err != nil {
		s.encolar(cid, Mal(err))
		return nil
	}
	antes, _ := s.juego.Fichas(cid)
	puntos, err := s.juego.Ubicar(o)
	if err != nil {
		s.encolar(cid, Mal(err)) // Ubicar no cambió nada
		return nil
	}
	// Las repuestas son la mano nueva menos lo que quedó de la vieja (los
	// comodines salen de la mano como tales: DeLaMano).
	s.anunciar(cid, Ubicar(cid, o), SumaPuntos(cid, puntos), s.repuestas(cid, antes.Diferencia(o.DeLaMano())))
	return nil
}

// RecibirCambio procesa el cambio de fichas que pide el cliente cid:
// devolver a la bolsa las de devueltas y sacar otras tantas
// ([juego.Juego.Cambiar], con variante.Opciones.Cambios). Si el juego empezó, no
// terminó, es el turno de cid y el cambio es válido (la variante lo permite,
// la bolsa tiene al menos F fichas, devueltas no es vacío y cid las tiene),
// cada cliente, en orden, recibe Cambiar(cid, #devueltas), sin las letras;
// cid recibe además Reponer con las que sacó; y todos reciben TurnoDe del
// siguiente, o, si el cambio terminó la partida, los ajustes finales y [Fin]
// como en [Servidor.Recibir]. Si no, solo cid recibe Mal y nada más cambia;
// su motivo es [ErrNoEmpezado], [juego.ErrPartidaTerminada],
// [ErrNoEsSuTurno] o el error de [juego.Juego.Cambiar], que envuelve a
// [juego.ErrCambioInvalido].
//
// Si cid no es un cliente conectado devuelve [ErrClienteDesconocido].
func (s *Servidor) RecibirCambio(cid int, devueltas letra.Multiconjunto) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.verificarCliente(cid); err != nil {
		return err
	}
	if err := s.enTurno(cid); err != nil {
		s.encolar(cid, Mal(err))
		return nil
	}
	antes, _ := s.juego.Fichas(cid)
	if err := s.juego.Cambiar(devueltas); err != nil {
		s.encolar(cid, Mal(err)) // Cambiar no cambió nada
		return nil
	}
	s.anunciar(cid, Cambiar(cid, devueltas.Tamano()), Notificacion{}, s.repuestas(cid, antes.Diferencia(devueltas)))
	return nil
}

// enTurno devuelve nil si un mensaje de cid puede aceptarse (el juego
// empezó, no terminó y es el turno de cid) o, si no, el motivo del Mal.
// Requiere mu.
func (s *Servidor) enTurno(cid int) error {
	if s.conectados < s.esperados {
		return ErrNoEmpezado
	}
	if _, terminada := s.juego.Terminada(); terminada {
		return juego.ErrPartidaTerminada
	}
	if s.juego.Turno() != cid {
		return ErrNoEsSuTurno
	}
	return nil
}

// repuestas devuelve el Reponer de cid después de su turno: su mano nueva
// menos quedaron, lo que le quedó de la vieja. Requiere mu.
func (s *Servidor) repuestas(cid int, quedaron letra.Multiconjunto) Notificacion {
	despues, _ := s.juego.Fichas(cid)
	return Reponer(despues.Diferencia(quedaron))
}

// anunciar deja en cada cola, en orden de cliente, lo que sigue al turno de
// cid: el anuncio de la jugada, los puntos (si puntos no es el valor cero),
// reponer solo para cid y, si la partida sigue, TurnoDe del siguiente; si
// terminó, el ajuste final de cada jugador y Fin, y despierta a quienes
// esperan para que reciban ErrTerminado. Requiere mu.
func (s *Servidor) anunciar(cid int, anuncio, puntos, reponer Notificacion) {
	fin, terminada := s.juego.Terminada()
	cierre := []Notificacion{TurnoDe(s.juego.Turno())}
	if terminada {
		cierre = make([]Notificacion, 0, len(fin.Ajustes)+1)
		for i, a := range fin.Ajustes {
			cierre = append(cierre, SumaPuntos(i, a))
		}
		cierre = append(cierre, Fin(fin))
	}
	hayPuntos := puntos.Tipo == TipoSumaPuntos
	for i := range s.esperados {
		s.colas[i] = slices.Grow(s.colas[i], 3+len(cierre)) // una sola reserva por cola
		s.encolar(i, anuncio)
		if hayPuntos {
			s.encolar(i, puntos)
		}
		if i == cid {
			s.encolar(i, reponer)
		}
		for _, n := range cierre {
			s.encolar(i, n)
		}
	}
	if terminada && !s.terminado {
		s.terminado = true
		close(s.fin)
	}
}

// Esperados devuelve la cantidad de clientes que espera el servidor
// (#esperados).
func (s *Servidor) Esperados() int { return s.esperados }

// Conectados devuelve la cantidad de clientes conectados (#conectados).
func (s *Servidor) Conectados() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conectados
}

// Empezo informa si ya se conectaron todos los clientes (empezó?).
func (s *Servidor) Empezo() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conectados == s.esperados
}

// Turno devuelve el cliente al que le toca jugar, sin copiar el juego: en
// O(1), a diferencia de [Servidor.Partida]. Antes de que empiece devuelve
// [ErrNoEmpezado], y con la partida terminada juego.ErrPartidaTerminada
// (junto con el turno en que terminó).
func (s *Servidor) Turno() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conectados < s.esperados {
		return 0, ErrNoEmpezado
	}
	if _, terminada := s.juego.Terminada(); terminada {
		return s.juego.Turno(), juego.ErrPartidaTerminada
	}
	return s.juego.Turno(), nil
}

// Variante devuelve la variante del juego.
func (s *Servidor) Variante() *variante.Variante { return s.juego.Variante() }

// Partida devuelve una copia del juego en su estado actual (juego): para
// mirar el tablero, las manos o los puntajes sin detener al servidor, que
// sigue con su propio juego. Cuesta O(N² + K + T) (ver
// [juego.Juego.Clonar]). Antes de que empiece devuelve [ErrNoEmpezado].
func (s *Servidor) Partida() (*juego.Juego, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conectados < s.esperados {
		return nil, ErrNoEmpezado
	}
	return s.juego.Clonar(), nil
}
