package variante

import (
	"fmt"
	"maps"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// reglas son las reglas clásicas de una variante, tal como las leen el juego
// y el generador. La variante de la especificación no tiene ninguna; cada una
// es un campo de [Opciones], de modo que el mismo juego y el mismo servidor
// sirven para el TAD exacto y para el juego de los torneos.
type reglas struct {
	premios         *Premios
	conexion        bool
	comodines       int
	bingo           int
	cambios         bool
	bolsa           bool
	turnosSinPuntos int
	reglaFin        ReglaFin
}

// ReglaFin dice cómo se ajustan los puntajes cuando un jugador se queda sin
// fichas y termina la partida ([Opciones].FinDePartida). El valor cero es la
// regla internacional.
type ReglaFin uint8

// Las reglas de fin de partida.
const (
	// FinInternacional: cada jugador pierde el valor de las fichas que le
	// quedan y el que se quedó sin fichas gana la suma (las reglas de la
	// WESPA y de la FISE, con el léxico Collins o el español).
	FinInternacional ReglaFin = iota
	// FinNorteamericano: el que se quedó sin fichas gana el doble del
	// valor de las fichas de los demás y nadie pierde nada (las reglas de
	// la NASPA, con los léxicos NWL y TWL).
	FinNorteamericano
)

// String devuelve el nombre de la regla: "internacional" o
// "norteamericano".
func (r ReglaFin) String() string {
	switch r {
	case FinInternacional:
		return "internacional"
	case FinNorteamericano:
		return "norteamericano"
	}
	return fmt.Sprintf("ReglaFin(%d)", uint8(r))
}

// Opciones son las reglas de una variante que la especificación no prevé:
// la bolsa y las reglas clásicas de los torneos. El valor cero es la
// variante de la especificación: sin premios, sin conexión, sin comodines,
// sin bingo, sin cambios, un repositorio con el largo mínimo del TAD y una
// partida que no termina. [Clasicas] da las del juego clásico de 15×15.
type Opciones struct {
	// Distribucion es la cantidad de fichas de cada letra en una bolsa
	// completa, la que usa [Variante.Repositorio]. Las letras ausentes no
	// tienen fichas; con nil, la bolsa tiene una ficha de cada letra que usa
	// alguna palabra del léxico. Las cantidades de las letras que ninguna
	// palabra usa se descartan (una ficha que no se puede jugar quedaría para
	// siempre en una mano; ver docs/reglas.md), salvo que el léxico no use
	// ninguna letra. Los comodines no son letras: van en Comodines.
	Distribucion map[letra.Letra]int

	// Premios pone casillas de premio en el tablero ([PremiosClasicos] es
	// la disposición clásica de 15×15). Un premio cuenta solo para la ficha
	// que se ubica sobre él en esa jugada: el de letra multiplica el valor
	// de esa letra y el de palabra multiplica cada palabra formada que la
	// contiene. Debe ser del tamaño del tablero.
	Premios *Premios

	// Conexion exige las reglas de colocación clásicas: la primera jugada
	// cubre la casilla central (N/2, N/2), cada jugada siguiente toca alguna
	// ficha que ya estaba en el tablero, y toda palabra formada tiene al
	// menos dos letras (una ficha suelta no es una palabra).
	Conexion bool

	// Comodines es la cantidad de fichas en blanco ([letra.Comodin]) de la
	// bolsa. Al ubicarlo, el jugador dice qué letra representa; se lee como
	// esa letra, vale 0 puntos y la conserva el resto de la partida.
	Comodines int

	// Bingo son los puntos extra para quien ubica sus F fichas en una sola
	// jugada (50 en los juegos clásicos).
	Bingo int

	// Cambios permite cambiar fichas en lugar de jugar: devolver algunas a
	// la bolsa y sacar otras tantas, mientras la bolsa tenga al menos F.
	Cambios bool

	// Bolsa hace del repositorio una bolsa de verdad: exactamente las fichas
	// de la distribución (comodines incluidos), en orden al azar, sin el
	// largo mínimo N·N + K·F de la especificación. Las manos se reponen
	// mientras queden fichas, así que al final pueden tener menos de F.
	Bolsa bool

	// FinDePartida, si es positivo, hace que la partida termine cuando un
	// jugador se queda sin fichas con la bolsa vacía o después de esa
	// cantidad de turnos seguidos sin puntos (6 en los juegos clásicos),
	// con el ajuste final de ReglaFin. Con 0 la partida no termina, como en
	// la especificación.
	FinDePartida int

	// ReglaFin dice cómo se ajustan los puntajes cuando un jugador se queda
	// sin fichas. Cuando la partida termina por turnos sin puntos las dos
	// reglas son iguales: cada jugador pierde el valor de sus fichas. Solo
	// tiene efecto con FinDePartida.
	ReglaFin ReglaFin
}

// Clasicas devuelve las opciones del juego clásico de 15×15: los premios de
// [PremiosClasicos], conexión, bingo de 50, cambios, bolsa y fin de partida
// tras 6 turnos sin puntos con la regla internacional. La distribución y los
// comodines dependen del idioma: se agregan aparte.
func Clasicas() Opciones {
	return Opciones{
		Premios: PremiosClasicos(), Conexion: true, Bingo: 50,
		Cambios: true, Bolsa: true, FinDePartida: 6,
	}
}

// aplicar valida op y la guarda en v, que ya tiene alfabeto, tamaño y
// léxico. Los errores envuelven al centinela de cada campo.
func (v *Variante) aplicar(op Opciones) error {
	switch {
	case op.Premios != nil && op.Premios.Tamano() != v.tamano:
		n := op.Premios.Tamano()
		return fmt.Errorf("%w: de %d×%d para un tablero de %d×%d", ErrPremiosInvalidos, n, n, v.tamano, v.tamano)
	case op.Comodines < 0:
		return fmt.Errorf("%w: %d comodines", ErrDistribucionInvalida, op.Comodines)
	case op.Bingo < 0:
		return fmt.Errorf("%w: bingo de %d puntos", ErrPuntajeInvalido, op.Bingo)
	case op.FinDePartida < 0:
		return fmt.Errorf("%w: %d", ErrTurnosInvalidos, op.FinDePartida)
	case op.ReglaFin > FinNorteamericano:
		return fmt.Errorf("%w: regla de fin desconocida %d", ErrTurnosInvalidos, op.ReglaFin)
	}
	var m letra.Multiconjunto
	usadas := v.letrasJugables()
	if op.Distribucion == nil {
		for l := range usadas.Todas() {
			m.Agregar(l)
		}
	} else {
		for _, l := range slices.Sorted(maps.Keys(op.Distribucion)) {
			c := op.Distribucion[l]
			if c < 0 || !v.alfabeto.Contiene(l) {
				return fmt.Errorf("%w: %d fichas de la letra %s", ErrDistribucionInvalida, c, v.alfabeto.Simbolo(l))
			}
			if usadas.Contiene(l) {
				m.AgregarN(l, c)
			}
		}
		if m.Vacio() {
			return fmt.Errorf("%w: la bolsa no tiene fichas de letras que usen las palabras", ErrDistribucionInvalida)
		}
		op.Distribucion = maps.Clone(op.Distribucion)
	}
	m.AgregarN(letra.Comodin, op.Comodines)
	v.distribucion = m
	v.reglas = reglas{
		premios: op.Premios, conexion: op.Conexion, comodines: op.Comodines, bingo: op.Bingo,
		cambios: op.Cambios, bolsa: op.Bolsa, turnosSinPuntos: op.FinDePartida, reglaFin: op.ReglaFin,
	}
	v.opciones = op
	return nil
}

// Opciones devuelve las opciones con que se creó la variante (la
// distribución es una copia).
func (v *Variante) Opciones() Opciones {
	op := v.opciones
	op.Distribucion = maps.Clone(op.Distribucion)
	return op
}

// Premio devuelve el premio de la casilla (fila, columna): [SinPremio] si la
// variante no tiene premios o la casilla no es del tablero.
func (v *Variante) Premio(fila, columna int) Premio {
	if v.reglas.premios == nil {
		return SinPremio
	}
	return v.reglas.premios.Premio(fila, columna)
}

// Premios devuelve las casillas de premio, o nil si la variante no tiene.
func (v *Variante) Premios() *Premios { return v.reglas.premios }

// Conexion informa si rigen las reglas de colocación de [Opciones].Conexion.
func (v *Variante) Conexion() bool { return v.reglas.conexion }

// Centro devuelve la casilla central, la que cubre la primera jugada con
// [Opciones].Conexion: (N/2, N/2).
func (v *Variante) Centro() (fila, columna int) { return v.tamano / 2, v.tamano / 2 }

// Comodines devuelve cuántos comodines tiene la bolsa.
func (v *Variante) Comodines() int { return v.reglas.comodines }

// Bingo devuelve los puntos extra por ubicar las F fichas en una jugada, o 0.
func (v *Variante) Bingo() int { return v.reglas.bingo }

// Cambios informa si se permite cambiar fichas ([Opciones].Cambios).
func (v *Variante) Cambios() bool { return v.reglas.cambios }

// Bolsa informa si el repositorio es una bolsa ([Opciones].Bolsa).
func (v *Variante) Bolsa() bool { return v.reglas.bolsa }

// TurnosSinPuntos devuelve tras cuántos turnos seguidos sin puntos termina la
// partida ([Opciones].FinDePartida), o 0 si la partida no termina (la
// especificación).
func (v *Variante) TurnosSinPuntos() int { return v.reglas.turnosSinPuntos }

// ReglaFin devuelve cómo se ajustan los puntajes cuando un jugador se
// queda sin fichas ([Opciones].ReglaFin).
func (v *Variante) ReglaFin() ReglaFin { return v.reglas.reglaFin }

// EsDeLaEspecificacion informa si la variante no tiene ninguna regla clásica:
// es la de la especificación, la que el juego sigue al pie de la letra.
func (v *Variante) EsDeLaEspecificacion() bool { return v.reglas == reglas{} }

// ValorFicha devuelve el valor de una ficha de la mano o de la bolsa: 0 para
// el comodín y [Variante.PuntajeLetra] para las demás.
func (v *Variante) ValorFicha(l letra.Letra) int {
	if l == letra.Comodin {
		return 0
	}
	return v.PuntajeLetra(l)
}
