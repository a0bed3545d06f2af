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
// Con bolsa (variante.Opciones.Bolsa) el jugador repone mientras queden fichas. Con
// fin de partida (variante.Opciones.FinDePartida), después de la jugada puede
// terminar la partida ([Juego.Terminada]); desde entonces Ubicar devuelve
// [ErrPartidaTerminada].
//
// Devuelve los puntos que sumó la jugada, los de [Juego.PuntajeObtenido]
// (bingo incluido; 0 al pasar). Si o no es válida ([Juego.JugadaValida])
// devuelve el [*ErrorJugada] de [Juego.Validar] y el juego no cambia; lo
// mismo si llevaría el puntaje del jugador, o el de alguno con los ajustes
// del fin de la partida, más allá de ±[MaxPuntaje] (el motivo envuelve a
// [ErrPuntajeDesbordado]). Cuesta la validación, O(Lmax²), más O(m + F)
// para las m fichas ubicadas (O(K·F) si la jugada termina la partida).
func (j *Juego) Ubicar(o ocurrencia.Ocurrencia) (int, error) {
	return j.ubicar(o, true)
}

// UbicarSinLexico es [Juego.Ubicar] sin mirar el léxico: las palabras que
// forma o no tienen que ser legítimas (R3.4 no se comprueba) y se puntúan
// como cualquier otra; todo lo demás (el tablero, la mano, la conexión
// clásica) se comprueba igual. Sirve para repetir partidas reales, que
// conservan las palabras falsas que nadie desafió o usan otro léxico;
// [Juego.PalabrasIlegitimas] dice después cuáles son. Si o no es válida
// devuelve un [*ErrorJugada] y el juego no cambia.
func (j *Juego) UbicarSinLexico(o ocurrencia.Ocurrencia) (int, error) {
	return j.ubicar(o, false)
}

// ubicar hace la jugada o, mirando el léxico si lexico.
func (j *Juego) ubicar(o ocurrencia.Ocurrencia, lexico bool) (int, error) {
	puntos, f := j.evaluar(o, j.tiempo, true, lexico)
	if f.err != nil {
		return 0, j.validar(o, f)
	}
	m := o.Tamano()
	i := j.Turno()
	p := &j.jugadores[i]
	if m == 0 {
		if err := j.comprobarTurno(i, 0, p.fichas, j.LetrasEnRepositorio()); err != nil {
			return 0, &ErrorJugada{Motivo: err}
		}
		j.turnoSinJugada(Suceso{Tipo: SucesoPase, Mano: p.fichas})
		return 0, nil
	}
	// Lo que pasará, para rechazar la jugada antes de cambiar nada si lleva
	// un puntaje fuera de rango (también con el fin de la partida).
	reponer := min(m, len(j.repo)-j.frente)
	despues := p.fichas.Diferencia(o.DeLaMano())
	for _, l := range j.repo[j.frente : j.frente+reponer] {
		despues.Agregar(l)
	}
	if err := j.comprobarTurno(i, puntos, despues, j.LetrasEnRepositorio()-reponer); err != nil {
		return 0, &ErrorJugada{Motivo: err}
	}
	antes := p.fichas
	for k := range m {
		f := o.Ficha(k)
		j.tablero[f.Fila*j.n+f.Columna] = j.nuevaCelda(f)
		p.fichas.Sacar(f.DeLaMano())
	}
	j.ocupadas += m
	if m > 0 {
		j.version = nuevaVersion()
	}
	// Sin bolsa el repositorio alcanza: empieza con N·N + K·F letras y cada
	// letra que sale de él va a una celda del tablero.
	for _, l := range j.repo[j.frente : j.frente+reponer] {
		p.fichas.Agregar(l)
	}
	j.frente += reponer
	jug := jugada{o: o, tiempo: j.tiempo}
	p.historial = append(p.historial, jug)
	p.historialSinVacias = append(p.historialSinVacias, jug)
	p.sinCalcular++
	p.total += puntos
	j.sucesos = append(j.sucesos, Suceso{Tipo: SucesoColocacion, Jugador: i, Tiempo: j.tiempo, Mano: antes, Jugada: o.ConAlfabeto(j.alfabeto), Puntos: puntos})
	j.tiempo++
	j.despuesDelTurno(i, puntos)
	return puntos, nil
}

// Pasar es el turno sin jugada: Ubicar de la ocurrencia vacía. Solo falla
// si la partida terminó ([ErrPartidaTerminada]) o si el pase la termina y
// un ajuste del fin llevaría un puntaje más allá de ±[MaxPuntaje]
// ([ErrPuntajeDesbordado]).
func (j *Juego) Pasar() error {
	_, err := j.Ubicar(ocurrencia.Ocurrencia{})
	return err
}

// Puntaje devuelve el puntaje del jugador i (puntaje): la suma de lo que
// obtuvo con cada una de sus jugadas. Devuelve un error que envuelve a
// [ErrJugadorInexistente] si i no es un jugador.
//
// Con las reglas clásicas incluye los bingos, los ajustes ([Juego.Ajustar])
// y el ajuste final.
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
		puntos, _ := j.evaluar(h.o, h.tiempo, false, false)
		p.puntaje += puntos // cada jugada vale a lo sumo MaxPuntaje: no desborda
	}
	return p.base + p.puntaje + p.extra, nil
}
