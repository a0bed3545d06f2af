package tad

import "slices"

// Conj es un conjunto de casilleros: un slice sin repetidos, en cualquier
// orden. dameUno es el primero y sinUno el resto.
type Conj []Casillero

// Vacio es ∅?(c).
func Vacio(c Conj) bool { return len(c) == 0 }

// Pertenece es x ∈ c.
func Pertenece(x Casillero, c Conj) bool { return slices.Contains(c, x) }

// DameUno es dameUno(c). Precondición: ¬∅?(c).
func DameUno(c Conj) Casillero { return c[0] }

// SinUno es sinUno(c). Precondición: ¬∅?(c).
func SinUno(c Conj) Conj { return c[1:] }

// Ag es Ag(x, c).
func Ag(x Casillero, c Conj) Conj {
	if Pertenece(x, c) {
		return c
	}
	return append(slices.Clip(c), x)
}

// Union es a ∪ b.
func Union(a, b Conj) Conj {
	res := slices.Clone(a)
	for _, x := range b {
		res = Ag(x, res)
	}
	return res
}

// Interseccion es a ∩ b.
func Interseccion(a, b Conj) Conj {
	var res Conj
	for _, x := range a {
		if Pertenece(x, b) {
			res = append(res, x)
		}
	}
	return res
}

// Diferencia es a − b.
func Diferencia(a, b Conj) Conj {
	var res Conj
	for _, x := range a {
		if !Pertenece(x, b) {
			res = append(res, x)
		}
	}
	return res
}

// Igual es a = b como conjuntos.
func Igual(a, b Conj) bool {
	return len(Diferencia(a, b)) == 0 && len(Diferencia(b, a)) == 0
}

// NuevoConj arma un conjunto con los elementos de xs, sin repetidos.
func NuevoConj(xs ...Casillero) Conj { return Union(nil, xs) }
