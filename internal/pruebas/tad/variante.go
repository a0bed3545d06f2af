package tad

import (
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Variante es el TAD VARIANTE con su único generador:
// nuevaVariante(n, f, d, c).
type Variante struct {
	N int                 // tamaño del tablero
	F int                 // #fichas
	D map[letra.Letra]int // dicc(letra, nat)
	C [][]letra.Letra     // conj(secu(letra))
}

// NuevaVariante es nuevaVariante(n, f, d, c); informa false si no se cumple
// su precondición n > 0 ∧ f > 0.
func NuevaVariante(n, f int, d map[letra.Letra]int, c [][]letra.Letra) (Variante, bool) {
	return Variante{N: n, F: f, D: d, C: c}, n > 0 && f > 0
}

// TamanoTablero: tamañoTablero(nuevaVariante(n, f, d, c)) ≡ n.
func (v Variante) TamanoTablero() int { return v.N }

// Fichas: #fichas(nuevaVariante(n, f, d, c)) ≡ f.
func (v Variante) Fichas() int { return v.F }

// PuntajeLetra: puntajeLetra(nuevaVariante(n, f, d, c), l) ≡ if def?(l, d)
// then obtener(l, d) else 1 fi.
func (v Variante) PuntajeLetra(l letra.Letra) int {
	if p, def := v.D[l]; def {
		return p
	}
	return 1
}

// PalabraLegitima: palabraLegítima?(nuevaVariante(n, f, d, c), p) ≡ p ∈ c.
func (v Variante) PalabraLegitima(p []letra.Letra) bool {
	return slices.ContainsFunc(v.C, func(q []letra.Letra) bool { return slices.Equal(p, q) })
}

// LongPalabraMasLarga es la poscondición de LONGPALABRAMÁSLARGA en el
// diseño: el largo de alguna palabra legítima, mayor o igual que el de
// todas. Con c vacío, 0.
func (v Variante) LongPalabraMasLarga() int {
	m := 0
	for _, p := range v.C {
		m = max(m, len(p))
	}
	return m
}
