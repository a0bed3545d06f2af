package servidor

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Tipo es el tipo de una notificación (TIPONOTIFICACIÓN en la
// especificación). El valor cero es TipoIdCliente, el primero del enumerado.
type Tipo uint8

// Los siete tipos de notificación de la especificación, en su orden, y
// después los dos de las reglas clásicas (cambiar fichas y fin de partida),
// que la variante de la especificación nunca produce.
const (
	TipoIdCliente  Tipo = iota // el cliente recibe su identificador
	TipoEmpezar                // empieza el juego sobre un tablero de n×n
	TipoTurnoDe                // le toca jugar a un cliente
	TipoUbicar                 // un cliente ubicó una jugada
	TipoReponer                // las letras con que el cliente repuso su mano
	TipoSumaPuntos             // un cliente ganó puntos
	TipoMal                    // el mensaje del cliente fue rechazado
	TipoCambiar                // un cliente cambió fichas (sin decir cuáles)
	TipoFin                    // terminó la partida
)

var nombresTipo = [...]string{"IdCliente", "Empezar", "TurnoDe", "Ubicar", "Reponer", "SumaPuntos", "Mal", "Cambiar", "Fin"}

func (t Tipo) String() string {
	if int(t) < len(nombresTipo) {
		return nombresTipo[t]
	}
	return "Tipo(" + strconv.Itoa(int(t)) + ")"
}

// Notificacion es un evento que el servidor deja en la cola de un cliente
// (TAD NOTIFICACIÓN). Sus campos son el observador datos de la
// especificación, ⟨tipo, idCliente, nat, multiconj(letra), ocurrencia⟩; los
// que un tipo no usa quedan en cero. Se construye con [IdCliente],
// [Empezar], [TurnoDe], [Ubicar], [Reponer], [SumaPuntos] y [Mal], y con las
// reglas clásicas también con [Cambiar] y [Fin].
//
// Dos notificaciones iguales son iguales para reflect.DeepEqual (y para
// require.Equal de testify), porque la jugada se guarda en forma canónica; y
// para [Notificacion.Igual].
type Notificacion struct {
	Tipo    Tipo
	Cliente int                   // IdCliente, TurnoDe, Ubicar, SumaPuntos, Cambiar; Fin: el que se quedó sin fichas, o −1
	Numero  int                   // Empezar: el tamaño del tablero; SumaPuntos: los puntos; Cambiar: cuántas fichas; Fin: el motivo
	Letras  []letra.Letra         // Reponer: el multiconjunto, en orden creciente
	Jugada  ocurrencia.Ocurrencia // Ubicar
}

// IdCliente comunica al cliente su identificador.
func IdCliente(cid int) Notificacion { return Notificacion{Tipo: TipoIdCliente, Cliente: cid} }

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

// Mal responde a un mensaje rechazado: el juego no empezó, no era el turno del
// cliente, o la jugada no es válida.
func Mal() Notificacion { return Notificacion{Tipo: TipoMal} }

// Cambiar anuncia que el cliente cid cambió n fichas (variante.ConCambios).
// No dice cuáles: las devueltas son secretas, y las que sacó de la bolsa
// le llegan solo a él, en un [Reponer].
func Cambiar(cid, n int) Notificacion {
	return Notificacion{Tipo: TipoCambiar, Cliente: cid, Numero: n}
}

// Fin anuncia que la partida terminó (variante.ConFinDePartida) como dice f:
// Numero es el motivo (el valor de f.Motivo) y Cliente el jugador que se
// quedó sin fichas, o −1. Los ajustes finales llegan antes, como
// [SumaPuntos].
func Fin(f juego.Fin) Notificacion {
	return Notificacion{Tipo: TipoFin, Cliente: f.Jugador, Numero: int(f.Motivo)}
}

// Motivo devuelve el motivo del fin de una notificación [Fin] (en las demás
// no significa nada).
func (n Notificacion) Motivo() juego.MotivoFin { return juego.MotivoFin(n.Numero) }

// Igual informa si n y otra son la misma notificación.
func (n Notificacion) Igual(otra Notificacion) bool {
	return n.Tipo == otra.Tipo && n.Cliente == otra.Cliente && n.Numero == otra.Numero &&
		slices.Equal(n.Letras, otra.Letras) && n.Jugada.Igual(otra.Jugada)
}

// String escribe la notificación como su generador, con las letras como
// ordinales: "Ubicar(0, {(7,7,18)})", "Reponer({0, 4})", "Mal",
// "Cambiar(1, 7)"; el fin, con el motivo y el jugador: "Fin(1, 0)".
func (n Notificacion) String() string {
	return n.escribir(n.Jugada.String(), letra.NuevoMulticonjunto(n.Letras...).String())
}

// Formatear es como String pero escribe las letras con los símbolos de alf:
// "Ubicar(0, {(7,7,S)})", "Reponer({A, E})".
func (n Notificacion) Formatear(alf *letra.Alfabeto) string {
	return n.escribir(n.Jugada.Formatear(alf), letra.NuevoMulticonjunto(n.Letras...).Formatear(alf))
}

func (n Notificacion) escribir(jugada, letras string) string {
	switch n.Tipo {
	case TipoIdCliente, TipoTurnoDe:
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
	}
	return n.Tipo.String()
}
