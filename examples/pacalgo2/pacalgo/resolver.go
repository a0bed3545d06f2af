package pacalgo

import (
	"fmt"
	"slices"
)

// MaxEstados es la mayor cantidad de estados que explora [Resolver]: a lo
// sumo 11 por casillero, así que alcanza para todo mapa de hasta 190.000
// casilleros.
const MaxEstados = 1 << 21

// Solucion es lo que encuentra [Resolver].
type Solucion struct {
	// Camino son los movimientos de un camino ganador de puntaje mínimo,
	// nil si no hay ninguno.
	Camino []Direccion
	// Puntaje es el puntaje de ese camino, len(Camino) + 1, o 0 si no hay
	// camino ganador.
	Puntaje int
	// Estados es la cantidad de estados que se exploraron.
	Estados int
}

// Resolver busca el mejor puntaje de m, el del camino ganador más corto, o
// prueba que no se puede ganar (Puntaje 0). Ganar es llegar a la llegada,
// aunque ahí también se pierda (ganó? y perdió? a la vez); perder antes
// corta el camino.
//
// El estado de un juego es el casillero, el nivel de chocolate y los
// chocolates que quedan, pero un camino más corto nunca pisa dos veces un
// chocolate: cortar la vuelta entre las dos pisadas da un camino más corto
// que llega ahí con el mismo nivel, 10. Así, para buscar el mejor camino
// da igual si los chocolates se acaban, y basta una búsqueda a lo ancho
// sobre casillero y nivel, en la que de los estados que llegan a un
// casillero se sigue el primero y después solo los que llegan con más
// chocolate (más nunca empeora un camino): a lo sumo 11 estados por
// casillero, en O(casilleros). El camino que da no pisa dos veces ningún
// chocolate, así que gana también en el juego.
//
// Devuelve [ErrDemasiadoGrande] si hay que explorar más de [MaxEstados]
// estados, y [ErrSinMapa] si m es nil o el valor cero.
func Resolver(m *Mapa) (Solucion, error) { return resolver(m, MaxEstados) }

// estado es un estado de la búsqueda: llegó a celda con nivel, moviéndose
// en dir desde el estado padre (−1 en el inicial).
type estado struct {
	celda, padre int32
	nivel        uint8
	dir          Direccion
}

func resolver(m *Mapa, limite int) (Solucion, error) {
	if m == nil || len(m.celdas) == 0 {
		return Solucion{}, ErrSinMapa
	}
	llegada := int32(m.indice(m.llegada))
	inicial := estado{celda: int32(m.indice(m.inicio)), padre: -1}
	if m.celdas[inicial.celda]&celdaChocolate != 0 {
		inicial.nivel = NivelChocolate
	}
	estados := []estado{inicial}
	// mejor[i] es uno más que el mayor nivel con que se llegó al casillero
	// i, o 0 si no se llegó.
	mejor := make([]uint8, len(m.celdas))
	mejor[inicial.celda] = inicial.nivel + 1
	for e := 0; e < len(estados); e++ {
		actual := estados[e]
		for d := Arriba; d <= Derecha; d++ {
			i, ok := m.vecino(int(actual.celda), d)
			if !ok {
				continue
			}
			// Un fantasma vecino con nivel 0 no hace falta mirarlo: ese
			// estado perdió y no se sigue.
			c := m.celdas[i]
			if c&celdaPared != 0 {
				continue
			}
			sig := estado{celda: int32(i), padre: int32(e), nivel: actual.nivel, dir: d}
			if c&celdaChocolate != 0 {
				sig.nivel = NivelChocolate // en un camino más corto, no estaba comido
			} else if sig.nivel > 0 {
				sig.nivel--
			}
			if sig.celda == llegada {
				camino := caminoHasta(estados, sig)
				return Solucion{Camino: camino, Puntaje: len(camino) + 1, Estados: len(estados)}, nil
			}
			if sig.nivel == 0 && c&celdaPeligro != 0 {
				continue // perdió
			}
			if mejor[i] > sig.nivel {
				continue // ya se llegó antes con tanto chocolate o más
			}
			if len(estados) >= limite {
				return Solucion{Estados: len(estados)}, fmt.Errorf("%w: explorados %d estados sin terminar", ErrDemasiadoGrande, len(estados))
			}
			mejor[i] = sig.nivel + 1
			estados = append(estados, sig)
		}
	}
	return Solucion{Estados: len(estados)}, nil
}

// caminoHasta son los movimientos desde el inicio hasta e.
func caminoHasta(estados []estado, e estado) []Direccion {
	var res []Direccion
	for ; e.padre >= 0; e = estados[e.padre] {
		res = append(res, e.dir)
	}
	slices.Reverse(res)
	return res
}
