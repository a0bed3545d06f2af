package final

import (
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Uno contra uno: cuando a los dos jugadores les queda una ficha, cada
// jugada es salir (poner la ficha) o pasar, y pasar no cambia el tablero.
// El valor sale entonces sin buscar, de la mejor salida de cada uno en ese
// tablero y de los turnos sin puntos (ver valorUnoContraUno). En en-bot-01
// dos tercios de los nodos de la búsqueda eran de estos (6,5 de 9,6
// millones de los que generan jugadas), cada uno con su lista y el pase
// como hijo.
//
// La mejor salida de una ficha en un tablero se guarda en una memoria del
// trabajador (salidasUna), con la clave de Zobrist de las celdas del
// tablero: el mismo tablero vuelve con otras fichas en las manos y con
// otros turnos sin puntos.

// bitsSalidasUna: la memoria de las mejores salidas tiene 2^bitsSalidasUna
// lugares (24 bytes cada uno: 768 KiB).
const bitsSalidasUna = 15

// salidaUna es un lugar de la memoria de las mejores salidas de una
// ficha: la clave (la del tablero con la de la ficha), la época del
// trabajador en que se anotó (ver trabajador.epoca), los puntos de la
// mejor salida, más uno (0: ninguna salida), y su código (ver codificar).
type salidaUna struct {
	clave  uint64
	codigo uint64
	epoca  uint32
	puntos int32
}

// mejorSalidaUna devuelve los puntos de la mejor jugada de la mano del
// jugador i, que tiene una sola ficha, en el tablero actual, y false si
// no puede ponerla.
func (w *trabajador) mejorSalidaUna(i int) (int, bool) {
	pts, _, ok := w.mejorSalidaUnaConCodigo(i)
	return pts, ok
}

// mejorSalidaUnaConCodigo es mejorSalidaUna con el código de la jugada (la
// primera de las de más puntos).
func (w *trabajador) mejorSalidaUnaConCodigo(i int) (int, uint64, bool) {
	var l letra.Letra
	for x := range w.manos[i].Todas() {
		l = x
	}
	k := w.claveTablero ^ w.c.claves.mano[1][l][maxMano]
	if w.salidasUna == nil {
		w.salidasUna = make([]salidaUna, 1<<bitsSalidasUna)
	}
	s := &w.salidasUna[k&(1<<bitsSalidasUna-1)]
	if s.clave == k && s.epoca == w.epoca {
		return int(s.puntos) - 1, s.codigo, s.puntos > 0
	}
	w.mejorUna = -1
	w.generaciones++
	w.a.Jugadas(&w.manos[i], w.anotarUna)
	var codigo uint64
	if w.mejorUna >= 0 {
		codigo = w.codificar(w.puestaUna[:])
	}
	*s = salidaUna{clave: k, codigo: codigo, epoca: w.epoca, puntos: int32(w.mejorUna + 1)}
	return w.mejorUna, codigo, w.mejorUna >= 0
}

// anotarUnaDe es la función que recibe las jugadas de mejorSalidaUna.
func (w *trabajador) anotarUnaDe(fs []ocurrencia.Ficha, p int) bool {
	if p > w.mejorUna && len(fs) == 1 {
		f := fs[0]
		w.mejorUna = p
		w.puestaUna[0] = generador.Puesta{Pos: uint16(f.Fila*w.n + f.Columna), Letra: f.Letra, Comodin: f.Comodin}
	}
	return true
}

// unoContraUno devuelve el valor exacto, para el jugador en turno, de la
// posición en que a cada jugador le queda una ficha (con menos turnos sin
// puntos que el límite), y true; o, si su mejor salida ya llega a beta,
// lo que vale salir (una cota inferior, sin la salida del rival) y false;
// o, si la memoria no tiene la mejor salida del rival y el valor sin que
// el rival pueda salir no pasa de alfa, ese valor (una cota superior: que
// el rival pueda salir no le da más al jugador) y false. Así la salida
// del rival no se genera cuando no hace falta (en-bot-01: de 6,48 a 6,05
// millones de listas generadas).
func (w *trabajador) unoContraUno(alfa, beta int) (int, bool) {
	i := w.turno
	var sal [2]int
	var puede [2]bool
	sal[0], puede[0] = w.mejorSalidaUna(i)
	if v := sal[0] + 2*w.valorMano[1-i]; puede[0] && v >= beta {
		return v, false
	}
	val := [2]int{w.valorMano[i], w.valorMano[1-i]}
	if _, _, ok := w.buscarSalidaUna(w.claveTablero, w.unica(1-i)); !ok {
		// Sin la salida del rival en la memoria: si aun sin que pueda
		// salir el valor no pasa de alfa, basta esa cota superior.
		if v := valorUnoContraUno(sal, [2]bool{puede[0], false}, val, w.sinPuntos, w.c.limite); v <= alfa {
			return v, false
		}
	}
	sal[1], puede[1] = w.mejorSalidaUna(1 - i)
	return valorUnoContraUno(sal, puede, val, w.sinPuntos, w.c.limite), true
}

// unica devuelve la ficha de la mano del jugador i, que tiene una sola.
func (w *trabajador) unica(i int) letra.Letra {
	var l letra.Letra
	for x := range w.manos[i].Todas() {
		l = x
	}
	return l
}

// valorUnoContraUno es el valor, para el jugador 0 (el que está en turno
// con sinPuntos turnos seguidos sin puntos, menos que limite), del final
// en que los dos tienen una ficha que vale val[j] y cuya mejor salida vale
// sal[j] puntos (si puede[j]): en su turno, cada uno sale (y gana el doble
// del valor de la ficha del otro, como en trabajador.sondear) o pasa; el
// pase que llega a limite turnos sin puntos termina la partida (cada uno
// pierde lo que tiene en la mano). Es negamax sobre la cadena de pases,
// desde el último turno posible hacia atrás.
func valorUnoContraUno(sal [2]int, puede [2]bool, val [2]int, sinPuntos, limite int) int {
	v := 0 // el valor, para el que juega en el turno t+1
	for t := limite - 1; t >= sinPuntos; t-- {
		j := (t - sinPuntos) % 2 // quién juega en el turno t
		mia, otra := val[j], val[1-j]
		pasar := otra - mia
		if t+1 < limite {
			pasar = -v
		}
		v = pasar
		if puede[j] {
			v = max(v, sal[j]+2*otra)
		}
	}
	return v
}

// buscarSalidaUna devuelve los puntos de la mejor salida de la ficha l en
// el tablero de clave kt según la memoria, si está: ok dice si estaba,
// puede si hay alguna salida.
func (w *trabajador) buscarSalidaUna(kt uint64, l letra.Letra) (pts int, puede, ok bool) {
	if w.salidasUna == nil {
		return 0, false, false
	}
	k := kt ^ w.c.claves.mano[1][l][maxMano]
	s := &w.salidasUna[k&(1<<bitsSalidasUna-1)]
	if s.clave != k || s.epoca != w.epoca {
		return 0, false, false
	}
	return int(s.puntos) - 1, s.puntos > 0, true
}

// unoContraUnoTras es el valor, para el jugador en turno, de hacer la
// jugada m (de fichas fs) que lo deja con una ficha contra una del rival,
// buscando a profundidad prof, sin hacerla: si la memoria ya tiene las
// mejores salidas de las dos fichas en el tablero siguiente (ver
// unoContraUno). Si no, false.
func (w *trabajador) unoContraUnoTras(prof int, m jugada, fs []generador.Puesta) (int, bool) {
	i := w.turno
	if w.fichas[i]-len(fs) != 1 || w.fichas[1-i] != 1 || prof-1 <= w.c.limite+1 || w.c.op.SinOrden {
		return 0, false
	}
	s := 0
	if m.puntos == 0 {
		s = w.sinPuntos + 1
	}
	if s >= w.c.limite {
		return 0, false
	}
	kt := w.claveTablero
	for _, f := range fs {
		kt ^= w.c.claves.celda[w.indiceCelda(int(f.Pos), f.Letra, f.Comodin)]
	}
	// La ficha que le queda: la de la mano que fs no pone.
	var cant [letra.MaxLetras]int
	for _, f := range fs {
		cant[deLaMano(f)]++
	}
	var mia letra.Letra
	for l := range w.manos[i].Todas() {
		if cant[l] > 0 {
			cant[l]--
			continue
		}
		mia = l
	}
	var otra letra.Letra
	for l := range w.manos[1-i].Todas() {
		otra = l
	}
	var sal [2]int
	var puede [2]bool
	var ok bool
	if sal[0], puede[0], ok = w.buscarSalidaUna(kt, otra); !ok {
		return 0, false
	}

	if sal[1], puede[1], ok = w.buscarSalidaUna(kt, mia); !ok {
		return 0, false
	}
	v := valorUnoContraUno(sal, puede, [2]int{w.valorMano[1-i], w.val[mia]}, s, w.c.limite)
	return int(m.puntos) - v, true
}

// unaFicha es negamax (en el nivel k, a profundidad prof ≥ 2, con la
// ventana (alfa, beta)) cuando al jugador en turno le queda una ficha:
// sus jugadas son salir, con la mejor salida (que vale lo exacto sin
// buscar), o pasar, y si puede salir, salir es lo mejor. La mejor salida
// sale de la memoria de mejorSalidaUna, sin generar la lista de jugadas;
// sin salida busca el pase, como negamax (sin turnos sin puntos, el pase
// no gasta profundidad).
func (w *trabajador) unaFicha(k, prof, alfa, beta int, nodos0 int64) (int, bool) {
	alfaOrig := alfa
	pts, codigo, puede := w.mejorSalidaUnaConCodigo(w.turno)
	mejor, mejorPuntos := -inf, 0
	if puede {
		// Salir es lo mejor: tras pasar, el rival puede pasar también y
		// se vuelve a la misma posición (o la partida termina por los
		// turnos sin puntos, con menos): el pase no vale más. Es el valor
		// exacto.
		mejor, mejorPuntos = pts+2*w.valorMano[1-w.turno], pts
		w.guardar(-inf, inf, prof, mejor, true, codigo, mejorPuntos, w.nodos-nodos0)
		return mejor, true
	}
	// Solo puede pasar: sin turnos sin puntos, el pase no gasta
	// profundidad (ver negamax).
	p := prof
	if w.sinPuntos == 0 {
		p++
	}
	v, c := w.hijo(k, p, alfa, beta, jugada{}, nil)
	if w.parar {
		return 0, false
	}
	w.guardar(alfaOrig, beta, prof, v, c, codigoPasar, 0, w.nodos-nodos0)
	return v, c
}
