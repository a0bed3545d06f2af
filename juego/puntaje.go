package juego

import (
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// MaxPuntaje es el mayor valor absoluto de un puntaje: el de cada jugador en
// todo momento, los puntos de una jugada, un ajuste y el puntaje inicial de
// una posición. Cabe con holgura en 32 bits con signo (también en un int de
// 32 bits); los puntajes de las partidas reales no pasan de unos miles.
const MaxPuntaje = 1 << 30

// ErrPuntajeDesbordado: la operación llevaría un puntaje (o los puntos de
// una jugada) más allá de ±[MaxPuntaje]. Se rechaza y el juego no cambia:
// la aritmética de los puntajes nunca da la vuelta en silencio.
var ErrPuntajeDesbordado = errors.New("juego: el puntaje pasaría de MaxPuntaje")

// topePuntaje es el valor en que se saturan los cálculos de los puntos de
// una jugada: cualquier cosa mayor que MaxPuntaje.
const topePuntaje = MaxPuntaje + 1

// sumaAcotada suma dos cantidades no negativas saturando en topePuntaje.
func sumaAcotada(a, b int) int { return int(min(int64(a)+int64(b), topePuntaje)) }

// productoAcotado multiplica dos cantidades no negativas saturando en
// topePuntaje.
func productoAcotado(a, b int) int {
	a, b = min(a, topePuntaje), min(b, topePuntaje)
	return int(min(int64(a)*int64(b), topePuntaje))
}

// enRango informa si x es un puntaje válido.
func enRango(x int64) bool { return x >= -MaxPuntaje && x <= MaxPuntaje }

// sumarPuntaje devuelve a + b si el resultado es un puntaje válido; si no,
// un error que envuelve a ErrPuntajeDesbordado.
func sumarPuntaje(a, b int) (int, error) {
	s := int64(a) + int64(b)
	if !enRango(int64(a)) || !enRango(int64(b)) || !enRango(s) {
		return 0, fmt.Errorf("%w: %d %+d", ErrPuntajeDesbordado, a, b)
	}
	return int(s), nil
}

// ajustesFin devuelve los ajustes del fin de partida (ver terminar) si
// termina con ganador (−1 si nadie salió), con mano como la mano del
// jugador i (las de los demás, las actuales). Las sumas se saturan: un
// ajuste fuera de rango lo rechaza quien lo aplica.
func (j *Juego) ajustesFin(ganador, i int, mano letra.Multiconjunto) []int {
	norteamericano := ganador >= 0 && j.variante.ReglaFin() == variante.FinNorteamericano
	ajustes := make([]int, len(j.jugadores))
	total := 0
	for x := range j.jugadores {
		fichas := j.jugadores[x].fichas
		if x == i {
			fichas = mano
		}
		resto := 0
		for l := range fichas.Todas() {
			resto = sumaAcotada(resto, min(max(j.variante.ValorFicha(l), 0), topePuntaje))
		}
		if !norteamericano {
			ajustes[x] = -resto
		}
		total = sumaAcotada(total, resto)
	}
	if norteamericano {
		total = productoAcotado(total, 2)
	}
	if ganador >= 0 {
		ajustes[ganador] = int(min(int64(ajustes[ganador])+int64(total), topePuntaje))
	}
	return ajustes
}

// terminaria dice si la partida termina después del turno del jugador i,
// que sumó puntos y queda con mano, con quedan fichas en la bolsa: cómo y
// quién salió (despuesDelTurno).
func (j *Juego) terminaria(i, puntos int, mano letra.Multiconjunto, quedan int) (MotivoFin, int, bool) {
	if j.turnosSinPuntos == 0 {
		return 0, 0, false
	}
	sinPuntos := j.sinPuntos + 1
	if puntos != 0 {
		sinPuntos = 0
	}
	switch {
	case mano.Vacio() && quedan == 0:
		return FinSinFichas, i, true
	case sinPuntos >= j.turnosSinPuntos:
		return FinTurnosSinPuntos, -1, true
	}
	return 0, 0, false
}

// comprobarTurno devuelve un error que envuelve a ErrPuntajeDesbordado si
// el turno del jugador i, que suma puntos y lo deja con mano y con quedan
// fichas en la bolsa, llevaría algún puntaje fuera de rango, también con
// los ajustes del fin si el turno termina la partida.
func (j *Juego) comprobarTurno(i, puntos int, mano letra.Multiconjunto, quedan int) error {
	if puntos > MaxPuntaje {
		return fmt.Errorf("%w: la jugada vale %d o más", ErrPuntajeDesbordado, topePuntaje)
	}
	nuevo, err := sumarPuntaje(j.jugadores[i].total, puntos)
	if err != nil {
		return err
	}
	if _, ganador, termina := j.terminaria(i, puntos, mano, quedan); termina {
		for x, a := range j.ajustesFin(ganador, i, mano) {
			total := j.jugadores[x].total
			if x == i {
				total = nuevo
			}
			if _, err := sumarPuntaje(total, a); err != nil {
				return fmt.Errorf("%w (el ajuste del fin del jugador %d)", err, x)
			}
		}
	}
	return nil
}
