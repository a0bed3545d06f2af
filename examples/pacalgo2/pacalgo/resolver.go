package pacalgo

import (
	"fmt"
	"slices"
)

// MaxEstados es la mayor cantidad de estados que explora [Resolver].
const MaxEstados = 1 << 20

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
// Es una búsqueda a lo ancho sobre los estados del juego: el casillero, el
// nivel de chocolate (de 0 a NivelChocolate) y el conjunto de chocolates
// comidos, que cambia lo que pasa al volver a pisarlos. Hay a lo sumo
// casilleros × 11 × 2^k estados con k chocolates; de los que comparten
// casillero y chocolates comidos solo se sigue el primero que llega con
// cada nivel mayor, porque más chocolate nunca empeora un camino. Devuelve
// [ErrDemasiadoGrande] si m tiene más de 64 chocolates o si hay que
// explorar más de [MaxEstados] estados; [ErrSinMapa] si m es nil o el valor
// cero. Sin chocolates cuesta O(casilleros).
func Resolver(m *Mapa) (Solucion, error) { return resolver(m, MaxEstados) }

// estado es un estado de la búsqueda: llegó a celda con nivel y comidos,
// moviéndose en dir desde el estado padre.
type estado struct {
	comidos uint64 // bit k: se comió el chocolate número k
	celda   int32
	padre   int32
	nivel   uint8
	dir     Direccion
}

// visto es la clave de los estados que se comparan por nivel.
type visto struct {
	comidos uint64
	celda   int32
}

func resolver(m *Mapa, limite int) (Solucion, error) {
	if m == nil || len(m.celdas) == 0 {
		return Solucion{}, ErrSinMapa
	}
	if len(m.chocolate) > 64 {
		return Solucion{}, fmt.Errorf("%w: tiene %d chocolates y el límite es 64", ErrDemasiadoGrande, len(m.chocolate))
	}
	llegada := int32(m.indice(m.llegada))
	inicial := estado{celda: int32(m.indice(m.inicio)), padre: -1}
	if c := m.celdas[inicial.celda]; c&celdaChocolate != 0 {
		inicial.comidos, inicial.nivel = 1<<(c>>bitsChocolate), NivelChocolate
	}
	estados := []estado{inicial}
	// mejor guarda, por casillero y chocolates comidos, el mayor nivel
	// con que se llegó más uno.
	mejor := map[visto]uint8{{inicial.comidos, inicial.celda}: inicial.nivel + 1}
	for e := 0; e < len(estados); e++ {
		actual := estados[e]
		for d := Arriba; d <= Derecha; d++ {
			i, ok := m.vecino(int(actual.celda), d)
			if !ok {
				continue
			}
			c := m.celdas[i]
			if c&celdaPared != 0 || c&celdaFantasma != 0 && actual.nivel == 0 {
				continue
			}
			sig := estado{comidos: actual.comidos, celda: int32(i), padre: int32(e), nivel: actual.nivel, dir: d}
			if bit := uint64(1) << (c >> bitsChocolate); c&celdaChocolate != 0 && sig.comidos&bit == 0 {
				sig.comidos |= bit
				sig.nivel = NivelChocolate
			} else if sig.nivel > 0 {
				sig.nivel--
			}
			if sig.celda == llegada {
				c := camino(estados, sig)
				return Solucion{Camino: c, Puntaje: len(c) + 1, Estados: len(estados)}, nil
			}
			if sig.nivel == 0 && c&celdaPeligro != 0 {
				continue // perdió
			}
			k := visto{sig.comidos, sig.celda}
			if mejor[k] > sig.nivel {
				continue // ya se llegó antes con tanto chocolate o más
			}
			if len(estados) >= limite {
				return Solucion{Estados: len(estados)}, fmt.Errorf("%w: explorados %d estados sin terminar", ErrDemasiadoGrande, len(estados))
			}
			mejor[k] = sig.nivel + 1
			estados = append(estados, sig)
		}
	}
	return Solucion{Estados: len(estados)}, nil
}

// camino son los movimientos desde el inicio hasta e.
func camino(estados []estado, e estado) []Direccion {
	var res []Direccion
	for ; e.padre >= 0; e = estados[e.padre] {
		res = append(res, e.dir)
	}
	slices.Reverse(res)
	return res
}
