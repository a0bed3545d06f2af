package variante

import (
	"fmt"

	"github.com/juegodepalabras/palabras/letra"
)

// Reglas clásicas. La variante de la especificación no tiene ninguna; cada
// una se agrega con su opción, de modo que el mismo juego y el mismo servidor
// sirven para el TAD exacto y para el juego de los torneos. Ver
// [OpcionesClasicas].
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
// fichas y termina la partida ([ConFinDePartida]). El valor cero es la
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

// ConPremios pone casillas de premio en el tablero ([PremiosClasicos] es la
// disposición clásica de 15×15). Un premio cuenta solo para la ficha que se
// ubica sobre él en esa jugada: el de letra multiplica el valor de esa
// letra y el de palabra multiplica cada palabra formada que la contiene.
// Devuelve un error que envuelve a [ErrPremiosInvalidos] si p es nil o no es
// del tamaño del tablero.
func ConPremios(p *Premios) Opcion {
	return func(v *Variante) error {
		if p == nil || p.Tamano() != v.tamano {
			n := 0
			if p != nil {
				n = p.Tamano()
			}
			return fmt.Errorf("%w: de %d×%d para un tablero de %d×%d", ErrPremiosInvalidos, n, n, v.tamano, v.tamano)
		}
		v.reglas.premios = p
		return nil
	}
}

// ConConexion exige las reglas de colocación clásicas: la primera jugada
// cubre la casilla central (N/2, N/2), cada jugada siguiente toca alguna
// ficha que ya estaba en el tablero, y toda palabra formada tiene al menos
// dos letras (una ficha suelta no es una palabra).
func ConConexion() Opcion {
	return func(v *Variante) error {
		v.reglas.conexion = true
		return nil
	}
}

// ConComodines agrega n comodines (fichas en blanco, [letra.Comodin]) a la
// bolsa. Al ubicarlo, el jugador dice qué letra representa; se lee como esa
// letra, vale 0 puntos y la conserva el resto de la partida. Devuelve un
// error que envuelve a [ErrDistribucionInvalida] si n es negativo.
func ConComodines(n int) Opcion {
	return func(v *Variante) error {
		if n < 0 {
			return fmt.Errorf("%w: %d comodines", ErrDistribucionInvalida, n)
		}
		v.reglas.comodines = n
		return nil
	}
}

// ConBingo da puntos extra a quien ubica sus F fichas en una sola jugada (50
// en los juegos clásicos). Devuelve un error que envuelve a
// [ErrPuntajeInvalido] si puntos es negativo.
func ConBingo(puntos int) Opcion {
	return func(v *Variante) error {
		if puntos < 0 {
			return fmt.Errorf("%w: bingo de %d puntos", ErrPuntajeInvalido, puntos)
		}
		v.reglas.bingo = puntos
		return nil
	}
}

// ConCambios permite cambiar fichas en lugar de jugar: devolver algunas a la
// bolsa y sacar otras tantas, mientras la bolsa tenga al menos F fichas.
func ConCambios() Opcion {
	return func(v *Variante) error {
		v.reglas.cambios = true
		return nil
	}
}

// ConBolsa hace del repositorio una bolsa de verdad: exactamente las fichas
// de la distribución (comodines incluidos), en orden al azar, sin el largo
// mínimo N·N + K·F de la especificación. Las manos se reponen mientras
// queden fichas, así que al final pueden tener menos de F.
func ConBolsa() Opcion {
	return func(v *Variante) error {
		v.reglas.bolsa = true
		return nil
	}
}

// ConFinDePartida hace que la partida termine cuando un jugador se queda sin
// fichas con la bolsa vacía, o después de turnosSinPuntos turnos seguidos
// sin puntos (6 en los juegos clásicos). Al terminar, cada jugador pierde el
// valor de las fichas que le quedan y el que se quedó sin fichas gana la
// suma de lo que pierden los demás. Devuelve un error que envuelve a
// [ErrTurnosInvalidos] si turnosSinPuntos no es positivo.
func ConFinDePartida(turnosSinPuntos int) Opcion {
	return func(v *Variante) error {
		if turnosSinPuntos <= 0 {
			return fmt.Errorf("%w: %d", ErrTurnosInvalidos, turnosSinPuntos)
		}
		v.reglas.turnosSinPuntos = turnosSinPuntos
		return nil
	}
}

// ConReglaFin elige cómo se ajustan los puntajes cuando un jugador se
// queda sin fichas ([FinInternacional], el que rige sin esta opción, o
// [FinNorteamericano]). Cuando la partida termina por turnos sin puntos
// las dos reglas son iguales: cada jugador pierde el valor de sus fichas.
// Solo tiene efecto con [ConFinDePartida]. Devuelve un error que envuelve a
// [ErrTurnosInvalidos] si r no es una de las reglas.
func ConReglaFin(r ReglaFin) Opcion {
	return func(v *Variante) error {
		if r > FinNorteamericano {
			return fmt.Errorf("%w: regla de fin desconocida %d", ErrTurnosInvalidos, r)
		}
		v.reglas.reglaFin = r
		return nil
	}
}

// OpcionesClasicas devuelve las opciones del juego clásico de 15×15:
// [ConPremios] con [PremiosClasicos], [ConConexion], [ConBingo] de 50,
// [ConCambios], [ConBolsa] y [ConFinDePartida] con 6 turnos. La
// distribución y los comodines dependen del idioma: se agregan aparte.
func OpcionesClasicas() []Opcion {
	return []Opcion{
		ConPremios(PremiosClasicos()), ConConexion(), ConBingo(50),
		ConCambios(), ConBolsa(), ConFinDePartida(6),
	}
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

// Conexion informa si rigen las reglas de colocación de [ConConexion].
func (v *Variante) Conexion() bool { return v.reglas.conexion }

// Centro devuelve la casilla central, la que cubre la primera jugada con
// [ConConexion]: (N/2, N/2).
func (v *Variante) Centro() (fila, columna int) { return v.tamano / 2, v.tamano / 2 }

// Comodines devuelve cuántos comodines tiene la bolsa.
func (v *Variante) Comodines() int { return v.reglas.comodines }

// Bingo devuelve los puntos extra por ubicar las F fichas en una jugada, o 0.
func (v *Variante) Bingo() int { return v.reglas.bingo }

// Cambios informa si se permite cambiar fichas ([ConCambios]).
func (v *Variante) Cambios() bool { return v.reglas.cambios }

// Bolsa informa si el repositorio es una bolsa ([ConBolsa]).
func (v *Variante) Bolsa() bool { return v.reglas.bolsa }

// TurnosSinPuntos devuelve tras cuántos turnos seguidos sin puntos termina la
// partida ([ConFinDePartida]), o 0 si la partida no termina (la
// especificación).
func (v *Variante) TurnosSinPuntos() int { return v.reglas.turnosSinPuntos }

// ReglaFin devuelve cómo se ajustan los puntajes cuando un jugador se
// queda sin fichas ([ConReglaFin]).
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
