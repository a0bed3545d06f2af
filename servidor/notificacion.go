package servidor

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Tipo es el tipo de una notificación (TIPONOTIFICACIÓN en la
// especificación). El valor cero, [TipoNinguno], no es un tipo de la
// especificación: es el de la Notificacion cero, que el servidor nunca
// encola.
type Tipo uint8

// TipoNinguno es el valor cero de Tipo; después vienen los siete tipos de
// notificación de la especificación, en su orden, y luego los dos de las
// reglas clásicas (cambiar fichas y fin de partida), que la variante de la
// especificación nunca produce.
const (
	TipoNinguno    Tipo = iota // sin tipo: la Notificacion cero
	TipoIDCliente              // el cliente recibe su identificador
	TipoEmpezar                // empieza el juego sobre un tablero de n×n
	TipoTurnoDe                // le toca jugar a un cliente
	TipoUbicar                 // un cliente ubicó una jugada
	TipoReponer                // las letras con que el cliente repuso su mano
	TipoSumaPuntos             // un cliente ganó puntos
	TipoMal                    // el mensaje del cliente fue rechazado
	TipoCambiar                // un cliente cambió fichas (sin decir cuáles)
	TipoFin                    // terminó la partida
)

var nombresTipo = [...]string{"Ninguno", "IDCliente", "Empezar", "TurnoDe", "Ubicar", "Reponer", "SumaPuntos", "Mal", "Cambiar", "Fin"}

// String devuelve el nombre del tipo como en la especificación
// ("IDCliente", "Mal", …), "Ninguno" para el valor cero, y "Tipo(n)" para
// un valor fuera del enumerado.
func (t Tipo) String() string {
	if int(t) < len(nombresTipo) {
		return nombresTipo[t]
	}
	return "Tipo(" + strconv.Itoa(int(t)) + ")"
}

// Notificacion es un evento que el servidor deja en la cola de un cliente
// (TAD NOTIFICACIÓN). Sus campos son el observador datos de la
// especificación, ⟨tipo, idCliente, nat, multiconj(letra), ocurrencia⟩; los
// que un tipo no usa quedan en cero. Se construye con [IDCliente],
// [Empezar], [TurnoDe], [Ubicar], [Reponer], [SumaPuntos] y [Mal], y con las
// reglas clásicas también con [Cambiar] y [Fin]. El valor cero, de tipo
// [TipoNinguno], no es una notificación: el servidor nunca lo encola.
//
// Además de los datos de la especificación, Mal lleva el motivo del rechazo
// (Motivo, que la especificación no tiene).
//
// Dos notificaciones iguales son iguales para [Notificacion.Igual]; salvo
// Mal, también para reflect.DeepEqual (y require.Equal de testify), porque
// la jugada se guarda en forma canónica. Dos Mal con motivos equivalentes
// pueden guardar errores distintos: compárelos con Igual, o el motivo con
// [errors.Is].
type Notificacion struct {
	Tipo    Tipo
	Cliente int                   // IDCliente, TurnoDe, Ubicar, SumaPuntos, Cambiar; Fin: el que se quedó sin fichas, o −1
	Numero  int                   // Empezar: el tamaño del tablero; SumaPuntos: los puntos; Cambiar: cuántas fichas; Fin: el motivo (ver MotivoFin)
	Letras  []letra.Letra         // Reponer: el multiconjunto, en orden creciente
	Jugada  ocurrencia.Ocurrencia // Ubicar
	Motivo  error                 // Mal: por qué se rechazó el mensaje (ver [Mal])
}

// IDCliente comunica al cliente su identificador.
func IDCliente(cid int) Notificacion { return Notificacion{Tipo: TipoIDCliente, Cliente: cid} }

// Empezar anuncia el comienzo del juego sobre un tablero de n×n.
func Empezar(n int) Notificacion { return Notificacion{Tipo: TipoEmpezar, Numero: n} }

// TurnoDe anuncia que le toca jugar al cliente cid.
func TurnoDe(cid int) Notificacion { return Notificacion{Tipo: TipoTurnoDe, Cliente: cid} }

// Ubicar anuncia que el cliente cid ubicó la jugada o.
func Ubicar(cid int, o ocurrencia.Ocurrencia) Notificacion {
	return Notificacion{Tipo: TipoUbicar, Cliente: cid, Jugada: o}
}

// Reponer da al cliente las letras con que repuso su mano. Las guarda en
// orden creciente, cada una tantas veces como está (nil si no hay ninguna):
// una forma canónica del multiconjunto, que ocupa mucho menos que un
// letra.Multiconjunto en cada notificación de cada cola.
func Reponer(letras letra.Multiconjunto) Notificacion {
	var ls []letra.Letra
	if !letras.Vacio() {
		ls = letras.Letras()
	}
	return Notificacion{Tipo: TipoReponer, Letras: ls}
}

// SumaPuntos anuncia que el cliente cid ganó n puntos.
func SumaPuntos(cid, n int) Notificacion {
	return Notificacion{Tipo: TipoSumaPuntos, Cliente: cid, Numero: n}
}

// Mal responde a un mensaje rechazado y dice por qué en Motivo, un error
// que se compara con [errors.Is]. El servidor usa como motivo:
//   - [ErrNoEmpezado] si el juego no empezó;
//   - [juego.ErrPartidaTerminada] si la partida terminó;
//   - [ErrNoEsSuTurno] si no es el turno del cliente;
//   - el [*juego.ErrorJugada] de [juego.Juego.Ubicar] si la jugada no es
//     válida: envuelve a [juego.ErrJugadaInvalida] y al motivo concreto
//     ([juego.ErrPalabraIlegitima], [juego.ErrFaltanLetras], …);
//   - el error de [juego.Juego.Cambiar], que envuelve a
//     [juego.ErrCambioInvalido], si el cambio no es válido.
//
// Mal(nil) es la notificación Mal de la especificación, sin motivo.
func Mal(motivo error) Notificacion { return Notificacion{Tipo: TipoMal, Motivo: motivo} }

// Cambiar anuncia que el cliente cid cambió n fichas (variante.Opciones.Cambios).
// No dice cuáles: las devueltas son secretas, y las que sacó de la bolsa
// le llegan solo a él, en un [Reponer].
func Cambiar(cid, n int) Notificacion {
	return Notificacion{Tipo: TipoCambiar, Cliente: cid, Numero: n}
}

// Fin anuncia que la partida terminó (variante.Opciones.FinDePartida) como dice f:
// Numero es el motivo (el valor de f.Motivo) y Cliente el jugador que se
// quedó sin fichas, o −1. Los ajustes finales llegan antes, como
// [SumaPuntos].
func Fin(f juego.Fin) Notificacion {
	return Notificacion{Tipo: TipoFin, Cliente: f.Jugador, Numero: int(f.Motivo)}
}

// MotivoFin devuelve el motivo del fin de una notificación [Fin] (en las
// demás no significa nada).
func (n Notificacion) MotivoFin() juego.MotivoFin { return juego.MotivoFin(n.Numero) }

// Igual informa si n y otra son la misma notificación: los mismos datos y,
// en Mal, motivos equivalentes (ambos nil, o cada uno es el otro según
// [errors.Is], o tienen el mismo mensaje).
func (n Notificacion) Igual(otra Notificacion) bool {
	return n.Tipo == otra.Tipo && n.Cliente == otra.Cliente && n.Numero == otra.Numero &&
		slices.Equal(n.Letras, otra.Letras) && n.Jugada.Igual(otra.Jugada) &&
		mismoMotivo(n.Motivo, otra.Motivo)
}

func mismoMotivo(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return errors.Is(a, b) && errors.Is(b, a) || a.Error() == b.Error()
}

// String escribe la notificación como su generador: "Ubicar(0, {(7,7,S)})"
// (la jugada, con su alfabeto si lo lleva, como ocurrencia.Ocurrencia.String;
// si no, con ordinales: "{(7,7,18)}"), "Reponer({0, 4})" (las letras, con
// ordinales), "Cambiar(1, 7)";
// el fin, con el motivo y el jugador: "Fin(1, 0)"; Mal, con el mensaje de
// su motivo: "Mal(servidor: no es su turno)", o "Mal" si no tiene.
func (n Notificacion) String() string {
	return n.escribir(n.Jugada.String(), letra.NuevoMulticonjunto(n.Letras...).String())
}

// Formatear es como String pero escribe las letras con los símbolos de alf:
// "Ubicar(0, {(7,7,S)})", "Reponer({A, E})". El motivo de Mal se escribe
// como en String (los errores del juego ya nombran las palabras con el
// alfabeto de la variante).
func (n Notificacion) Formatear(alf *letra.Alfabeto) string {
	return n.escribir(n.Jugada.Formatear(alf), letra.NuevoMulticonjunto(n.Letras...).Formatear(alf))
}

func (n Notificacion) escribir(jugada, letras string) string {
	switch n.Tipo {
	case TipoIDCliente, TipoTurnoDe:
		return fmt.Sprintf("%v(%d)", n.Tipo, n.Cliente)
	case TipoEmpezar:
		return fmt.Sprintf("%v(%d)", n.Tipo, n.Numero)
	case TipoUbicar:
		return fmt.Sprintf("%v(%d, %s)", n.Tipo, n.Cliente, jugada)
	case TipoReponer:
		return fmt.Sprintf("%v(%s)", n.Tipo, letras)
	case TipoSumaPuntos, TipoCambiar:
		return fmt.Sprintf("%v(%d, %d)", n.Tipo, n.Cliente, n.Numero)
	case TipoFin:
		return fmt.Sprintf("%v(%d, %d)", n.Tipo, n.Numero, n.Cliente)
	case TipoMal:
		if n.Motivo != nil {
			return fmt.Sprintf("%v(%s)", n.Tipo, n.Motivo)
		}
	}
	return n.Tipo.String()
}
