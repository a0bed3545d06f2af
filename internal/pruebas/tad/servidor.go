package tad

import (
	"github.com/juegodepalabras/palabras/letra"
)

// TipoNotif es TIPONOTIFICACIÓN: ENUM(IDCliente, Empezar, TurnoDe, Ubicar,
// Reponer, SumaPuntos, Mal).
type TipoNotif string

// Los tipos de notificación.
const (
	NotifIDCliente  TipoNotif = "IDCliente"
	NotifEmpezar    TipoNotif = "Empezar"
	NotifTurnoDe    TipoNotif = "TurnoDe"
	NotifUbicar     TipoNotif = "Ubicar"
	NotifReponer    TipoNotif = "Reponer"
	NotifSumaPuntos TipoNotif = "SumaPuntos"
	NotifMal        TipoNotif = "Mal"
)

// Notif es el TAD NOTIFICACIÓN por su observador básico datos: la tupla
// ⟨tipoNotif, idCliente, nat, multiconj(letra), ocurrencia⟩.
type Notif struct {
	Tipo   TipoNotif
	Cid    int
	N      int
	Letras map[letra.Letra]int
	O      Ocurrencia
}

// Los generadores, por sus axiomas de datos.

// IDCliente: datos(IDCliente(cid)) ≡ ⟨IDCliente, cid, 0, ∅, ∅⟩.
func IDCliente(cid int) Notif { return Notif{Tipo: NotifIDCliente, Cid: cid} }

// Empezar: datos(Empezar(n)) ≡ ⟨Empezar, 0, n, ∅, ∅⟩.
func Empezar(n int) Notif { return Notif{Tipo: NotifEmpezar, N: n} }

// TurnoDe: datos(TurnoDe(cid)) ≡ ⟨TurnoDe, cid, 0, ∅, ∅⟩.
func TurnoDe(cid int) Notif { return Notif{Tipo: NotifTurnoDe, Cid: cid} }

// Ubicar: datos(Ubicar(cid, o)) ≡ ⟨Ubicar, cid, 0, ∅, o⟩.
func Ubicar(cid int, o Ocurrencia) Notif { return Notif{Tipo: NotifUbicar, Cid: cid, O: o} }

// Reponer: datos(Reponer(f)) ≡ ⟨Reponer, 0, 0, f, ∅⟩.
func Reponer(f map[letra.Letra]int) Notif { return Notif{Tipo: NotifReponer, Letras: f} }

// SumaPuntos: datos(SumaPuntos(cid, n)) ≡ ⟨SumaPuntos, cid, n, ∅, ∅⟩.
func SumaPuntos(cid, n int) Notif { return Notif{Tipo: NotifSumaPuntos, Cid: cid, N: n} }

// Mal: datos(Mal) ≡ ⟨Mal, 0, 0, ∅, ∅⟩.
func Mal() Notif { return Notif{Tipo: NotifMal} }

// Servidor es el TAD SERVIDOR como término de sus generadores:
// nuevoServidor(k, v, r) seguido de conectarCliente, consultar y
// recibirMensaje, en orden.
type Servidor struct {
	k   int
	v   Variante
	r   []letra.Letra
	ops []opServidor

	// Palabras es la ocurrenciasDePalabras que usan los juegos del modelo.
	Palabras func(Tablero) []Ocurrencia
}

type opServidor struct {
	tipo int // conectar, consultar o recibir
	cid  int
	o    Ocurrencia
}

const (
	conectar = iota
	consultar
	recibir
)

// NuevoServidor es nuevoServidor(k, v, r); informa false si no se cumple su
// precondición long(r) ≥ tamañoTablero(v)² + k·#fichas(v) (y k > 0, la de
// nuevoJuego).
func NuevoServidor(k int, v Variante, r []letra.Letra) (Servidor, bool) {
	n := v.TamanoTablero()
	return Servidor{k: k, v: v, r: r, Palabras: OcurrenciasDePalabras}, k > 0 && len(r) >= n*n+k*v.Fichas()
}

func (s Servidor) con(op opServidor) Servidor {
	ops := make([]opServidor, len(s.ops), len(s.ops)+1)
	copy(ops, s.ops)
	s.ops = append(ops, op)
	return s
}

// ConectarCliente es conectarCliente(s). Precondición ¬empezó?(s).
func (s Servidor) ConectarCliente() Servidor { return s.con(opServidor{tipo: conectar}) }

// Consultar es consultar(s, cid). Precondición cid < #conectados(s).
func (s Servidor) Consultar(cid int) Servidor { return s.con(opServidor{tipo: consultar, cid: cid}) }

// RecibirMensaje es recibirMensaje(s, cid, o). Precondición cid < #conectados(s).
func (s Servidor) RecibirMensaje(cid int, o Ocurrencia) Servidor {
	return s.con(opServidor{tipo: recibir, cid: cid, o: o})
}

func (s Servidor) previo() (Servidor, opServidor, bool) {
	if len(s.ops) == 0 {
		return s, opServidor{}, false
	}
	p := s
	p.ops = s.ops[:len(s.ops)-1]
	return p, s.ops[len(s.ops)-1], true
}

// Esperados: #esperados(nuevoServidor(k, v, r)) ≡ k, y los demás generadores
// no lo cambian.
func (s Servidor) Esperados() int { return s.k }

// Conectados: #conectados(nuevoServidor(k, v, r)) ≡ 0;
// #conectados(conectarCliente(s)) ≡ 1 + #conectados(s); los demás
// generadores no lo cambian.
func (s Servidor) Conectados() int {
	p, op, ok := s.previo()
	switch {
	case !ok:
		return 0
	case op.tipo == conectar:
		return 1 + p.Conectados()
	}
	return p.Conectados()
}

// Empezo: empezó?(s) ≡ #conectados(s) = #esperados(s).
func (s Servidor) Empezo() bool { return s.Conectados() == s.Esperados() }

// Juego: juego(conectarCliente(s)) ≡ nuevoJuego(#esperados(s),
// π₁(configuración(s)), π₂(configuración(s))); juego(consultar(s, cid)) ≡
// juego(s); juego(recibirMensaje(s, cid, o)) ≡ if turno(juego(s)) = cid ∧
// jugadaVálida?(juego(s), o) then ubicar(juego(s), o) else juego(s) fi, con R5
// (tiene las letras) agregado a la condición. Restricción empezó?(s): si no
// empezó informa false.
func (s Servidor) Juego() (Juego, bool) {
	if !s.Empezo() {
		return Juego{}, false
	}
	p, op, _ := s.previo()
	switch op.tipo {
	case conectar:
		j, _ := NuevoJuego(s.k, s.v, s.r)
		j.Palabras = s.Palabras
		return j, true
	case recibir:
		j, _ := p.Juego()
		if j.Turno() == op.cid && j.JugadaValida(op.o) && j.Tiene(op.o) {
			return j.Ubicar(op.o), true
		}
		return j, true
	}
	return p.Juego()
}

// Notificaciones es notificaciones(s, cid), con R9 (los identificadores son
// 0, 1, … en orden de conexión) y R10 (recibirMensaje):
//
//	notificaciones(conectarCliente(s), cid) ≡
//	    (if cid = #conectados(s) then ⟨IDCliente(cid)⟩ else notificaciones(s, cid) fi) &
//	    (if #conectados(s) + 1 = #esperados(s) then ⟨Empezar(tamañoTablero(v)), TurnoDe(0)⟩ else ⟨⟩ fi)
//	notificaciones(consultar(s, cid), cid') ≡ if cid = cid' then ⟨⟩ else notificaciones(s, cid') fi
//	notificaciones(recibirMensaje(s, cid, o), cid') ≡ notificaciones(s, cid') &
//	    if empezó?(s) ∧ turno(juego(s)) = cid ∧ jugadaVálida?(juego(s), o) ∧ R5 then
//	        ⟨Ubicar(cid, o), SumaPuntos(cid, puntajeObtenido(juego(s), o))⟩ &
//	        (if cid' = cid then ⟨Reponer(próximosN(repositorio(juego(s)), #o))⟩ else ⟨⟩ fi) &
//	        ⟨TurnoDe(turno(ubicar(juego(s), o)))⟩
//	    else if cid' = cid then ⟨Mal⟩ else ⟨⟩ fi fi
//
// Precondición cid < #conectados(s).
func (s Servidor) Notificaciones(cid int) []Notif {
	p, op, ok := s.previo()
	if !ok {
		return nil
	}
	switch op.tipo {
	case conectar:
		var res []Notif
		if cid == p.Conectados() {
			res = []Notif{IDCliente(cid)}
		} else {
			res = p.Notificaciones(cid)
		}
		if p.Conectados()+1 == p.Esperados() {
			res = append(res, Empezar(s.v.TamanoTablero()), TurnoDe(0))
		}
		return res
	case consultar:
		if op.cid == cid {
			return nil
		}
		return p.Notificaciones(cid)
	}
	res := p.Notificaciones(cid)
	j, empezo := p.Juego()
	if empezo && j.Turno() == op.cid && j.JugadaValida(op.o) && j.Tiene(op.o) {
		res = append(res, Ubicar(op.cid, op.o), SumaPuntos(op.cid, j.PuntajeObtenido(op.o)))
		if cid == op.cid {
			res = append(res, Reponer(ProximosN(j.Repositorio(), len(op.o))))
		}
		return append(res, TurnoDe(j.Ubicar(op.o).Turno()))
	}
	if cid == op.cid {
		res = append(res, Mal())
	}
	return res
}
