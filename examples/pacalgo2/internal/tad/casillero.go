package tad

// Tupla es una tupla(int, int): X es π₁ e Y es π₂.
type Tupla struct {
	X, Y int // π₁ y π₂
}

// Casillero es el TAD CASILLERO, que extiende Tupla(int, int).
type Casillero = Tupla

// Mas es c1 + c2: π₁(c1 + c2) ≡ π₁(c1) + π₁(c2); π₂(c1 + c2) ≡ π₂(c1) +
// π₂(c2).
func Mas(c1, c2 Casillero) Casillero { return Casillero{c1.X + c2.X, c1.Y + c2.Y} }

// Menos es c1 − c2: π₁(c1 − c2) ≡ π₁(c1) − π₁(c2); π₂(c1 − c2) ≡ π₂(c1) −
// π₂(c2).
func Menos(c1, c2 Casillero) Casillero { return Casillero{c1.X - c2.X, c1.Y - c2.Y} }

// ADistanciaMenosDeN: aDistanciaMenosDeN(c, n) ≡ if n = 0? then {c} else
// aDistanciaMenosDeN(c + ⟨1,0⟩, n − 1) ∪ aDistanciaMenosDeN(c − ⟨1,0⟩, n − 1)
// ∪ aDistanciaMenosDeN(c + ⟨0,1⟩, n − 1) ∪ aDistanciaMenosDeN(c − ⟨0,1⟩, n −
// 1) ∪ aDistanciaMenosDeN(c, n − 1) fi. Por la recursión son los casilleros a
// distancia Manhattan n o menos de c (no "menos de n", como dice el nombre).
// Hace 5^n llamadas.
func ADistanciaMenosDeN(c Casillero, n int) Conj {
	if n == 0 {
		return Conj{c}
	}
	return Union(ADistanciaMenosDeN(Mas(c, Tupla{1, 0}), n-1),
		Union(ADistanciaMenosDeN(Menos(c, Tupla{1, 0}), n-1),
			Union(ADistanciaMenosDeN(Mas(c, Tupla{0, 1}), n-1),
				Union(ADistanciaMenosDeN(Menos(c, Tupla{0, 1}), n-1),
					ADistanciaMenosDeN(c, n-1)))))
}
