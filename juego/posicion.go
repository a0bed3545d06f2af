package juego

import (
	"errors"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/internal/azar"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Posicion es el estado de una partida en un momento, como valor: lo que
// hace falta para seguirla desde ahí ([DesdePosicion]) y lo que guardan los
// formatos de posiciones (juego/cgp). No lleva la historia: ni las jugadas
// hechas ni cuándo se puso cada ficha.
type Posicion struct {
	// Tablero es el tablero, del tamaño y el alfabeto de la variante.
	Tablero tablero.Tablero
	// Manos es la mano de cada jugador; su largo es la cantidad K de
	// jugadores. Los comodines están como letra.Comodin.
	Manos []letra.Multiconjunto
	// Puntajes es el puntaje de cada jugador; nil vale como todos 0.
	Puntajes []int
	// Turno es el jugador al que le toca jugar, entre 0 y K−1.
	Turno int
	// SinPuntos es la cantidad de turnos seguidos sin puntos que
	// terminaron en esta posición (variante.Opciones.FinDePartida).
	SinPuntos int
	// Repositorio son las letras que quedan en el repositorio o en la
	// bolsa, la próxima en salir primero. nil pide a [DesdePosicion] que lo
	// complete.
	Repositorio []letra.Letra
}

// Errores de una posición inválida. Los de [DesdePosicion] envuelven a
// [ErrPosicionInvalida] y a uno de estos, uno por problema.
var (
	// ErrPosicionInvalida: la posición no puede ser de una partida de la
	// variante.
	ErrPosicionInvalida = errors.New("juego: posición inválida")
	// ErrTableroInvalido: el tablero no es del tamaño o del alfabeto de la
	// variante, o tiene comodines y la variante no.
	ErrTableroInvalido = errors.New("el tablero no es de la variante")
	// ErrFichasDeMas: con bolsa, las fichas del tablero, las manos y la
	// bolsa no son las de la distribución de la variante.
	ErrFichasDeMas = errors.New("las fichas no son las de la variante")
	// ErrTurnoInvalido: el turno no es un jugador, o los turnos sin puntos
	// son negativos o ya habrían terminado la partida.
	ErrTurnoInvalido = errors.New("turno inválido")
)

// Posicion devuelve la posición actual del juego: una foto del tablero,
// copias de las manos y del repositorio, los puntajes ([Juego.Puntaje],
// ajustes incluidos), el turno y los turnos seguidos sin puntos. Cuesta
// O(N² + K + largo del repositorio).
func (j *Juego) Posicion() Posicion {
	p := Posicion{
		Tablero:     j.Tablero(),
		Manos:       make([]letra.Multiconjunto, len(j.jugadores)),
		Puntajes:    make([]int, len(j.jugadores)),
		Turno:       j.Turno(),
		SinPuntos:   j.sinPuntos,
		Repositorio: j.Repositorio(),
	}
	for i := range j.jugadores {
		p.Manos[i] = j.jugadores[i].fichas
		p.Puntajes[i], _ = j.Puntaje(i)
	}
	return p
}

// DesdePosicion empieza una partida de la variante v en la posición p: el
// tablero, las manos, los puntajes y el turno de p; la partida sigue desde
// ahí como cualquier otra. Las fichas del tablero cuentan como puestas antes
// de la primera jugada: no se vuelven a puntuar.
//
// Comprueba que p pueda ser de una partida de v y devuelve un error por cada
// problema (unidos con [errors.Join]), cada uno envolviendo a
// [ErrPosicionInvalida] y a su motivo: variante.ErrJugadoresInvalidos (ninguna
// mano, o tantas que no caben), [ErrTurnoInvalido], [ErrTableroInvalido]
// (otro tamaño u otro alfabeto, o comodines en una variante sin ellos),
// [ErrManoInvalida] (una mano con más de F fichas, con menos sin que la
// bolsa esté vacía, o con letras fuera del alfabeto), [ErrPuntajeDesbordado]
// (un puntaje más allá de ±[MaxPuntaje]), [ErrRepositorioCorto]
// (sin bolsa, menos letras que celdas libres: la especificación nunca se
// queda sin letras) y, con bolsa, [ErrFichasDeMas] si las fichas del
// tablero, las manos y la bolsa no son exactamente las de la distribución.
// Las palabras del tablero que el léxico no tiene no son un error (las
// partidas reales conservan las que nadie desafió):
// [Juego.PalabrasIlegitimas] las da.
//
// Si p.Repositorio es nil se completa: con bolsa, con las fichas de la
// distribución que no están en el tablero ni en las manos, mezcladas con una
// semilla que sale de la posición (la misma posición da la misma bolsa);
// sin bolsa, con el comienzo de un repositorio de v (variante.Variante.Repositorio)
// del largo justo. p no se retiene: se copia.
func DesdePosicion(v *variante.Variante, p Posicion) (*Juego, error) {
	if v == nil {
		return nil, ErrSinVariante
	}
	k := len(p.Manos)
	var errs []error
	problema := func(motivo error, formato string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %w: "+formato, append([]any{ErrPosicionInvalida, motivo}, args...)...))
	}
	if k == 0 {
		problema(variante.ErrJugadoresInvalidos, "no hay ninguna mano (K debe ser positivo)")
	} else if _, err := v.LargoRepositorio(k); err != nil {
		errs = append(errs, fmt.Errorf("%w: %w", ErrPosicionInvalida, err))
	}
	if p.Puntajes != nil && len(p.Puntajes) != k {
		problema(variante.ErrJugadoresInvalidos, "hay %d puntajes y %d manos", len(p.Puntajes), k)
	}
	for i, x := range p.Puntajes {
		if !enRango(int64(x)) {
			problema(ErrPuntajeDesbordado, "el puntaje del jugador %d es %d (el máximo es ±%d)", i, x, MaxPuntaje)
			break
		}
	}
	if p.Turno < 0 || p.Turno >= max(k, 1) {
		problema(ErrTurnoInvalido, "el turno es del jugador %d y hay %d", p.Turno, k)
	}
	if p.SinPuntos < 0 || v.TurnosSinPuntos() > 0 && p.SinPuntos >= v.TurnosSinPuntos() {
		problema(ErrTurnoInvalido, "%d turnos seguidos sin puntos (la partida termina con %d)", p.SinPuntos, v.TurnosSinPuntos())
	}
	alf, n := v.Alfabeto(), v.TamanoTablero()
	t := p.Tablero
	switch {
	case t.Tamano() != n:
		problema(ErrTableroInvalido, "es de %d×%d y la variante de %d×%d", t.Tamano(), t.Tamano(), n, n)
	case t.Alfabeto() != alf && (t.Alfabeto() == nil || !slices.Equal(t.Alfabeto().Simbolos(), alf.Simbolos())):
		problema(ErrTableroInvalido, "sus letras son de otro alfabeto")
	}
	enTablero := t.DeLaMano()
	if c := enTablero.Cantidad(letra.Comodin); c > 0 && v.Comodines() == 0 {
		problema(ErrTableroInvalido, "tiene %d comodines y la variante no tiene", c)
	}
	f := v.Fichas()
	for i, m := range p.Manos {
		for l := range m.Todas() {
			if !alf.Contiene(l) && !(l == letra.Comodin && v.Comodines() > 0) {
				problema(ErrManoInvalida, "la mano del jugador %d tiene la ficha %s, que no es de la variante", i, alf.Simbolo(l))
				break
			}
		}
		if m.Tamano() > f || m.Tamano() < f && !v.Bolsa() { // con bolsa, se ve al completarla

			problema(ErrManoInvalida, "la mano del jugador %d tiene %d fichas y F = %d", i, m.Tamano(), f)
		}
	}
	for x, l := range p.Repositorio {
		if !alf.Contiene(l) && !(l == letra.Comodin && v.Comodines() > 0) {
			problema(ErrRepositorioInvalido, "la ficha %s en la posición %d", alf.Simbolo(l), x)
			break
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	enManos := letra.Multiconjunto{}
	for _, m := range p.Manos {
		enManos = enManos.Suma(m)
	}
	semilla := uint64(14695981039346656037) // FNV-1a de la posición
	for _, b := range []byte(t.String()) {
		semilla = (semilla ^ uint64(b)) * 1099511628211
	}
	for l := range enManos.Todas() {
		semilla = (semilla ^ uint64(l)) * 1099511628211
	}
	repo := slices.Clone(p.Repositorio)
	libres := n*n - t.Ocupadas()
	switch {
	case v.Bolsa():
		usadas := enTablero.Suma(enManos)
		resto := v.Distribucion().Diferencia(usadas)
		if repo == nil {
			repo = resto.Letras()
			azar.Mezclar(repo, semilla, 0x706f736963696f6e) // "posicion"
		}
		total := usadas.Suma(letra.NuevoMulticonjunto(repo...))
		if total != v.Distribucion() {
			return nil, errors.Join(fichasDeMas(v, total))
		}
		for i, m := range p.Manos {
			if m.Tamano() < f && len(repo) > 0 {
				return nil, fmt.Errorf("%w: %w: la mano del jugador %d tiene %d fichas, F = %d, y la bolsa no está vacía",
					ErrPosicionInvalida, ErrManoInvalida, i, m.Tamano(), f)
			}
		}
	case repo == nil:
		r, err := v.Repositorio(k, semilla)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrPosicionInvalida, err)
		}
		repo = r[:libres]
	case len(repo) < libres:
		return nil, fmt.Errorf("%w: %w: quedan %d letras y %d celdas libres", ErrPosicionInvalida, ErrRepositorioCorto, len(repo), libres)
	}

	j := vacio(v, k, repo, semilla)
	j.primero, j.sinPuntos, j.desde = p.Turno, p.SinPuntos, t
	j.inicial = enTablero.Suma(enManos).Suma(letra.NuevoMulticonjunto(repo...))
	iniciales := make([]celda, t.Ocupadas())
	for x := range t.Fichas() {
		c := &iniciales[0]
		iniciales = iniciales[1:]
		*c = celda{letra: x.Letra, tiempo: -1, comodin: x.Comodin}
		j.tablero[x.Fila*n+x.Columna] = c
		j.ocupadas++
	}
	for i, m := range p.Manos {
		j.jugadores[i].fichas = m
		if p.Puntajes != nil {
			j.jugadores[i].base = p.Puntajes[i]
			j.jugadores[i].total = p.Puntajes[i]
		}
	}
	return j, nil
}

// fichasDeMas explica en qué difieren las fichas de una posición de la
// distribución de v.
func fichasDeMas(v *variante.Variante, total letra.Multiconjunto) error {
	alf := v.Alfabeto()
	dist := v.Distribucion()
	sobran, faltan := total.Diferencia(dist), dist.Diferencia(total)
	switch {
	case !sobran.Vacio():
		return fmt.Errorf("%w: %w: sobran %s (más que en la bolsa completa de la variante)", ErrPosicionInvalida, ErrFichasDeMas, sobran.Formatear(alf))
	default:
		return fmt.Errorf("%w: %w: faltan %s", ErrPosicionInvalida, ErrFichasDeMas, faltan.Formatear(alf))
	}
}
