package pacalgo

import (
	"cmp"
	"fmt"
)

// Casillero es un casillero de la grilla, el TAD CASILLERO: una tupla ⟨x, y⟩
// de enteros. Derecha suma ⟨1, 0⟩ y Arriba ⟨0, 1⟩. Es comparable: sirve con
// == y como clave de un map. El valor cero es ⟨0, 0⟩.
type Casillero struct {
	X, Y int // π₁ y π₂: X crece hacia la derecha, Y hacia arriba
}

// Mas es c + d, coordenada a coordenada (el + del TAD).
func (c Casillero) Mas(d Casillero) Casillero { return Casillero{c.X + d.X, c.Y + d.Y} }

// Menos es c − d, coordenada a coordenada (el − del TAD).
func (c Casillero) Menos(d Casillero) Casillero { return Casillero{c.X - d.X, c.Y - d.Y} }

// Distancia es la distancia Manhattan |c.X − d.X| + |c.Y − d.Y|: d está en
// aDistanciaMenosDeN(c, n) si y solo si Distancia ≤ n. Si no cabe en un int
// (casilleros a más de math.MaxInt de distancia) devuelve math.MaxInt.
func (c Casillero) Distancia(d Casillero) int {
	s := diferencia(c.X, d.X) + diferencia(c.Y, d.Y)
	if s < diferencia(c.X, d.X) || s > 1<<63-1 {
		return 1<<63 - 1
	}
	return int(s)
}

// diferencia es |a − b|, exacta en un uint64.
func diferencia(a, b int) uint64 {
	if a < b {
		a, b = b, a
	}
	return uint64(a) - uint64(b)
}

// String escribe c como "(x, y)".
func (c Casillero) String() string { return fmt.Sprintf("(%d, %d)", c.X, c.Y) }

// comparar ordena los casilleros por Y y luego por X: el orden de los
// conjuntos que devuelve el paquete.
func comparar(a, b Casillero) int {
	if r := cmp.Compare(a.Y, b.Y); r != 0 {
		return r
	}
	return cmp.Compare(a.X, b.X)
}

// Direccion es un movimiento: uno de los cuatro generadores arriba, abajo,
// izquierda y derecha del TAD PACALGO2. El valor cero, [Ninguna], no es un
// movimiento: [Juego.Mover] lo rechaza, así que una dirección olvidada no
// mueve al jugador por accidente.
type Direccion uint8

// Las direcciones. Ninguna es el valor cero.
const (
	Ninguna   Direccion = iota // no es un movimiento
	Arriba                     // suma ⟨0, 1⟩
	Abajo                      // resta ⟨0, 1⟩
	Izquierda                  // resta ⟨1, 0⟩
	Derecha                    // suma ⟨1, 0⟩
)

// Valida dice si d es una de las cuatro direcciones de movimiento.
func (d Direccion) Valida() bool { return d >= Arriba && d <= Derecha }

// Delta es lo que d suma a un casillero: ⟨0, 1⟩ para Arriba, ⟨0, −1⟩ para
// Abajo, ⟨−1, 0⟩ para Izquierda, ⟨1, 0⟩ para Derecha y ⟨0, 0⟩ para
// cualquier otro valor.
func (d Direccion) Delta() Casillero {
	switch d {
	case Arriba:
		return Casillero{0, 1}
	case Abajo:
		return Casillero{0, -1}
	case Izquierda:
		return Casillero{-1, 0}
	case Derecha:
		return Casillero{1, 0}
	}
	return Casillero{}
}

// String da el nombre de d en minúsculas: "arriba", "abajo", "izquierda",
// "derecha", "ninguna", o "Direccion(n)" si no es ninguna de ellas.
func (d Direccion) String() string {
	switch d {
	case Ninguna:
		return "ninguna"
	case Arriba:
		return "arriba"
	case Abajo:
		return "abajo"
	case Izquierda:
		return "izquierda"
	case Derecha:
		return "derecha"
	}
	return fmt.Sprintf("Direccion(%d)", uint8(d))
}
