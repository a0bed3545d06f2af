package tad

import (
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Tablero es el TAD TABLERO como término de sus generadores:
// nuevoTablero(n) seguido de los ponerLetra, en orden. Los observadores se
// calculan por sus axiomas, recorriendo el término.
type Tablero struct {
	n       int
	puestas []Tupla // ponerLetra(…ponerLetra(nuevoTablero(n), puestas[0])…, puestas[k])
}

// NuevoTablero es nuevoTablero(n). Precondición n > 0.
func NuevoTablero(n int) Tablero { return Tablero{n: n} }

// PonerLetra es ponerLetra(t, i, j, l). Precondición: enTablero?(t, i, j) ∧L
// ¬hayLetra?(t, i, j) (el modelo no la verifica).
func (t Tablero) PonerLetra(i, j int, l letra.Letra) Tablero {
	return Tablero{n: t.n, puestas: append(slices.Clip(t.puestas), Tupla{Fila: i, Columna: j, Letra: l})}
}

// previo separa el último generador: t = ponerLetra(previo, p).
func (t Tablero) previo() (Tablero, Tupla, bool) {
	if len(t.puestas) == 0 {
		return t, Tupla{}, false
	}
	k := len(t.puestas) - 1
	return Tablero{n: t.n, puestas: t.puestas[:k]}, t.puestas[k], true
}

// Tamano: tamaño(nuevoTablero(n)) ≡ n; tamaño(ponerLetra(t, i, j, l)) ≡
// tamaño(t).
func (t Tablero) Tamano() int { return t.n }

// HayLetra: hayLetra?(nuevoTablero(n), i, j) ≡ false;
// hayLetra?(ponerLetra(t, i, j, l), i', j') ≡ (i = i' ∧ j = j') ∨ hayLetra?(t, i', j').
func (t Tablero) HayLetra(i, j int) bool {
	previo, p, ok := t.previo()
	if !ok {
		return false
	}
	return (p.Fila == i && p.Columna == j) || previo.HayLetra(i, j)
}

// Letra: letra(ponerLetra(t, i, j, l), i', j') ≡ if i = i' ∧ j = j' then l
// else letra(t, i', j') fi. Precondición: enTablero? ∧L hayLetra?.
func (t Tablero) Letra(i, j int) letra.Letra {
	previo, p, _ := t.previo()
	if p.Fila == i && p.Columna == j {
		return p.Letra
	}
	return previo.Letra(i, j)
}

// EnTablero: enTablero?(t, i, j) ≡ i < tamaño(t) ∧ j < tamaño(t). (Los nat no
// son negativos; aquí se agrega.)
func (t Tablero) EnTablero(i, j int) bool {
	return i >= 0 && j >= 0 && i < t.Tamano() && j < t.Tamano()
}

// Libre: libre?(t, i, j) ≡ enTablero?(t, i, j) ∧L ¬hayLetra?(t, i, j).
func (t Tablero) Libre(i, j int) bool { return t.EnTablero(i, j) && !t.HayLetra(i, j) }

// Ocupada: ocupada?(t, i, j) ≡ enTablero?(t, i, j) ∧L hayLetra?(t, i, j).
func (t Tablero) Ocupada(i, j int) bool { return t.EnTablero(i, j) && t.HayLetra(i, j) }

// ContenidoDelTablero: contenidoDelTablero(t, i, j) ≡ (if hayLetra?(t, i, j)
// then {⟨i, j, letra(t, i, j)⟩} else ∅ fi) ∪ (if j + 1 < tamaño(t) then
// contenidoDelTablero(t, i, j + 1) else if i + 1 < tamaño(t) then
// contenidoDelTablero(t, i + 1, 0) else ∅ fi fi).
func (t Tablero) ContenidoDelTablero(i, j int) Ocurrencia {
	var c Ocurrencia
	if t.HayLetra(i, j) {
		c = Ocurrencia{{Fila: i, Columna: j, Letra: t.Letra(i, j)}}
	}
	switch {
	case j+1 < t.Tamano():
		return Union(c, t.ContenidoDelTablero(i, j+1))
	case i+1 < t.Tamano():
		return Union(c, t.ContenidoDelTablero(i+1, 0))
	}
	return c
}

// PonerLetras: ponerLetras(t, o) ≡ if vacío?(o) then t else
// ponerLetra(ponerLetras(t, sinUno(o)), π₁(dameUno(o)), π₂(dameUno(o)),
// π₃(dameUno(o))) fi.
func (t Tablero) PonerLetras(o Ocurrencia) Tablero {
	if len(o) == 0 {
		return t
	}
	return t.PonerLetras(o[1:]).PonerLetra(o[0].Fila, o[0].Columna, o[0].Letra)
}

// CeldasLibres: celdasLibres?(t, o) ≡ vacío?(o) ∨L (libre?(t, π₁(dameUno(o)),
// π₂(dameUno(o))) ∧ celdasLibres?(t, sinUno(o))).
func (t Tablero) CeldasLibres(o Ocurrencia) bool {
	return len(o) == 0 || (t.Libre(o[0].Fila, o[0].Columna) && t.CeldasLibres(o[1:]))
}

// OcurrenciasDePalabras: ocurrenciasDePalabras(t) ≡
// ocurrenciasQueFormanPalabrasMaximales(partes(contenidoDelTablero(t, 0, 0))).
// Exponencial: para tableros de pocas fichas.
func OcurrenciasDePalabras(t Tablero) []Ocurrencia {
	return OcurrenciasQueFormanPalabrasMaximales(Partes(t.ContenidoDelTablero(0, 0)))
}

// OcurrenciasQueFormanPalabrasMaximales: ocurrenciasMaximales(
// ocurrenciasQueFormanPalabras(c), ocurrenciasQueFormanPalabras(c)).
func OcurrenciasQueFormanPalabrasMaximales(c []Ocurrencia) []Ocurrencia {
	palabras := OcurrenciasQueFormanPalabras(c)
	return OcurrenciasMaximales(palabras, palabras)
}

// OcurrenciasQueFormanPalabras: if vacío?(c) then ∅ else (if
// ocurrenciaFormaPalabra?(dameUno(c)) then {dameUno(c)} else ∅ fi) ∪
// ocurrenciasQueFormanPalabras(sinUno(c)) fi.
func OcurrenciasQueFormanPalabras(c []Ocurrencia) []Ocurrencia {
	if len(c) == 0 {
		return nil
	}
	resto := OcurrenciasQueFormanPalabras(c[1:])
	if OcurrenciaFormaPalabra(c[0]) {
		return append([]Ocurrencia{c[0]}, resto...)
	}
	return resto
}

// OcurrenciasMaximales: if vacío?(c) then ∅ else (if
// incluidaEnAlguna?(dameUno(c), c₀) then ∅ else {dameUno(c)} fi) ∪
// ocurrenciasMaximales(sinUno(c), c₀) fi.
func OcurrenciasMaximales(c, c0 []Ocurrencia) []Ocurrencia {
	if len(c) == 0 {
		return nil
	}
	resto := OcurrenciasMaximales(c[1:], c0)
	if IncluidaEnAlguna(c[0], c0) {
		return resto
	}
	return append([]Ocurrencia{c[0]}, resto...)
}

// IncluidaEnAlguna: ¬vacío?(c) ∧L (o ⊂ dameUno(c) ∨ incluidaEnAlguna?(o,
// sinUno(c))), con ⊂ la inclusión estricta.
func IncluidaEnAlguna(o Ocurrencia, c []Ocurrencia) bool {
	return len(c) > 0 && (IncluidaEstricta(o, c[0]) || IncluidaEnAlguna(o, c[1:]))
}

// Operaciones de CONJUNTO sobre ocurrencias (slices sin repetidos).

// Pertenece: x ∈ c.
func Pertenece(x Tupla, c Ocurrencia) bool { return slices.Contains(c, x) }

// Incluida: a ⊆ b.
func Incluida(a, b Ocurrencia) bool {
	for _, x := range a {
		if !Pertenece(x, b) {
			return false
		}
	}
	return true
}

// IncluidaEstricta: a ⊂ b.
func IncluidaEstricta(a, b Ocurrencia) bool { return Incluida(a, b) && !Incluida(b, a) }

// IgualConjunto: a = b como conjuntos.
func IgualConjunto(a, b Ocurrencia) bool { return Incluida(a, b) && Incluida(b, a) }

// Union: a ∪ b.
func Union(a, b Ocurrencia) Ocurrencia {
	c := slices.Clone(a)
	for _, x := range b {
		if !Pertenece(x, c) {
			c = append(c, x)
		}
	}
	return c
}

// Interseccion: a ∩ b.
func Interseccion(a, b Ocurrencia) Ocurrencia {
	var c Ocurrencia
	for _, x := range a {
		if Pertenece(x, b) {
			c = append(c, x)
		}
	}
	return c
}
