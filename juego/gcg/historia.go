package gcg

import (
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// compacta es una mano guardada en poco lugar: sus letras en orden, una
// por byte (un letra.Multiconjunto ocupa 272 bytes; una mano de 7 fichas
// así, 7 y la cabecera del string).
type compacta string

// compactar escribe m como [compacta].
func compactar(m letra.Multiconjunto) compacta {
	if m.Vacio() {
		return ""
	}
	b := make([]byte, 0, m.Tamano())
	for l := range m.Todas() {
		b = append(b, byte(l))
	}
	return compacta(b)
}

// multiconjunto devuelve la mano c.
func (c compacta) multiconjunto() letra.Multiconjunto {
	var m letra.Multiconjunto
	for i := range len(c) {
		m.Agregar(letra.Letra(c[i]))
	}
	return m
}

// compactador compacta las manos de cada jugador recordando la última: una
// mano que no cambió (los pases, las líneas que no muestran nada) no
// reserva nada.
type compactador struct {
	ultimas []letra.Multiconjunto
	hechas  []compacta
}

// de devuelve la mano m del jugador i como [compacta].
func (c *compactador) de(i int, m letra.Multiconjunto) compacta {
	if len(c.ultimas) <= i {
		c.ultimas = append(c.ultimas, make([]letra.Multiconjunto, i+1-len(c.ultimas))...)
		c.hechas = append(c.hechas, make([]compacta, i+1-len(c.hechas))...)
	}
	if c.ultimas[i] != m {
		c.ultimas[i], c.hechas[i] = m, compactar(m)
	}
	return c.hechas[i]
}

// historia son las posiciones antes de cada turno de una partida leída, y
// la final, guardadas en poco lugar (issue 35: guardar una juego.Posicion
// entera por turno costaba kilobytes por suceso). El tablero y el
// repositorio se comparten entre los momentos en que no cambian; con bolsa,
// el repositorio no se guarda: son las fichas que no se ven, que salen del
// tablero y de las manos.
type historia struct {
	k        int
	variante *variante.Variante
	momentos []momento
	tableros []tablero.Tablero
	repos    [][]letra.Letra // sin bolsa
	puntajes []int           // k por momento
	manos    []compacta      // k por momento: lo que se conoce de cada mano
}

// nuevaHistoria devuelve una historia vacía para k jugadores de v, con
// lugar para los momentos de los sucesos.
func nuevaHistoria(k int, v *variante.Variante, sucesos []suceso) *historia {
	turnos := 1 // el final
	for _, s := range sucesos {
		if s.esTurno() {
			turnos++
		}
	}
	return &historia{
		k: k, variante: v,
		momentos: make([]momento, 0, turnos),
		puntajes: make([]int, 0, k*turnos),
		manos:    make([]compacta, 0, k*turnos),
	}
}

// momento es la posición antes de un turno: índices en los tableros y los
// repositorios de su historia, el turno, los turnos sin puntos y, por
// jugador (bit i), si su mano se conoce entera.
type momento struct {
	tablero, repo, turno, sinPuntos int32
	completas                       uint64
}

// cantidad devuelve la cantidad de momentos.
func (h *historia) cantidad() int { return len(h.momentos) }

// posicion devuelve la posición del momento n, con las manos como se
// conocen, y qué manos se conocen enteras. n debe estar en rango.
func (h *historia) posicion(n int) (juego.Posicion, []bool) {
	m := h.momentos[n]
	pos := juego.Posicion{
		Tablero:   h.tableros[m.tablero],
		Manos:     make([]letra.Multiconjunto, h.k),
		Puntajes:  append([]int(nil), h.puntajes[n*h.k:(n+1)*h.k]...),
		Turno:     int(m.turno),
		SinPuntos: int(m.sinPuntos),
	}
	completas := make([]bool, h.k)
	var vistas letra.Multiconjunto
	for i := range h.k {
		pos.Manos[i] = h.manos[n*h.k+i].multiconjunto()
		completas[i] = m.completas&(1<<i) != 0
		vistas = vistas.Suma(pos.Manos[i])
	}
	if h.variante.Bolsa() {
		pos.Repositorio = h.variante.Distribucion().Diferencia(pos.Tablero.DeLaMano()).Diferencia(vistas).Letras()
		if pos.Repositorio == nil {
			pos.Repositorio = []letra.Letra{}
		}
	} else {
		pos.Repositorio = append([]letra.Letra{}, h.repos[m.repo]...)
	}
	return pos, completas
}
