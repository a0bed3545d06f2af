package juego

import (
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Ubicar hace la jugada o del jugador en turno (ubicar, R6): pone sus fichas
// en el tablero, le quita esas letras de la mano y le da las próximas #o del
// repositorio, anota la jugada en su historial (el puntaje se suma después,
// cuando se consulta) y pasa el turno. La jugada vacía es pasar: solo avanza
// el turno y el tiempo.
//
// Si o no es válida ([Juego.JugadaValida]) devuelve el [*ErrorJugada] de
// [Juego.Validar] y el juego no cambia. Cuesta la validación, O(Lmax²), más
// O(m) para las m fichas ubicadas.
func (j *Juego) Ubicar(o ocurrencia.Ocurrencia) error {
	if _, f := j.evaluar(o, j.tiempo, true); f.err != nil {
		return j.Validar(o)
	}
	p := &j.jugadores[j.Turno()]
	m := o.Tamano()
	for i := range m {
		f := o.Ficha(i)
		j.tablero[f.Fila*j.n+f.Columna] = j.nuevaCelda(f.Letra)
		p.fichas.Sacar(f.Letra)
	}
	// El repositorio alcanza: empieza con N·N + K·F letras y cada letra que
	// sale de él va a una celda del tablero.
	for _, l := range j.repo[j.frente : j.frente+m] {
		p.fichas.Agregar(l)
	}
	j.frente += m
	jug := jugada{o: o, tiempo: j.tiempo}
	p.historial = append(p.historial, jug)
	if m > 0 {
		p.historialSinVacias = append(p.historialSinVacias, jug)
		p.sinCalcular++
	}
	j.tiempo++
	return nil
}

// Puntaje devuelve el puntaje del jugador i (puntaje): la suma de lo que
// obtuvo con cada una de sus jugadas. Devuelve un error que envuelve a
// [ErrJugadorInexistente] si i no es un jugador.
//
// Las jugadas que el jugador hizo desde la última consulta se suman ahora,
// cada una sobre el tablero de su momento: las celdas ubicadas después no
// cuentan. Cuesta O(1 + m·Lmax) para las m fichas de esas jugadas.
func (j *Juego) Puntaje(i int) (int, error) {
	p, err := j.jugador(i)
	if err != nil {
		return 0, err
	}
	for ; p.sinCalcular > 0; p.sinCalcular-- {
		h := p.historialSinVacias[len(p.historialSinVacias)-p.sinCalcular]
		puntos, _ := j.evaluar(h.o, h.tiempo, false)
		p.puntaje += puntos
	}
	return p.puntaje, nil
}
