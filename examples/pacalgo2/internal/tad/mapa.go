package tad

// Mapa1 es el TAD MAPA de la Parte 1, como su generador nuevoMapa: los
// observadores básicos devuelven sus argumentos.
type Mapa1 struct {
	dimension            Tupla
	vertice, inicio, fin Casillero
	fantasmas, paredes   Conj
}

// NuevoMapa1 es nuevoMapa(dimensión, vértice, inicio, fin, fantasmas,
// paredes) de la Parte 1. No comprueba la precondición:
// [PrecondicionNuevoMapa1] lo hace.
func NuevoMapa1(dimension Tupla, vertice, inicio, fin Casillero, fantasmas, paredes Conj) Mapa1 {
	return Mapa1{dimension, vertice, inicio, fin, fantasmas, paredes}
}

// PrecondicionNuevoMapa1 es la precondición de nuevoMapa de la Parte 1:
// ∅?(fantasmas ∩ paredes) ∧ inicio ≠ fin ∧
// dentroDeLasDimensiones(dimensión, vértice, inicio) ∧
// dentroDeLasDimensiones(dimensión, vértice, fin) ∧ (∀f ∈ fantasmas)
// (dentroDeLasDimensiones(dimensión, vértice, f) ∧ f ∉
// aDistanciaMenosDeN(inicio, 3)) ∧ (∀p ∈ paredes)
// (dentroDeLasDimensiones(dimensión, vértice, p)), con la cláusula de los
// fantasmas (ilegible: "aDistanciaMenosDeN(inicio, f, 3)") leída así y el
// inicio que no es una pared (no se empieza en una).
func PrecondicionNuevoMapa1(dimension Tupla, vertice, inicio, fin Casillero, fantasmas, paredes Conj) bool {
	ok := Vacio(Interseccion(fantasmas, paredes)) && inicio != fin &&
		DentroDeLasDimensiones(dimension, vertice, inicio) &&
		DentroDeLasDimensiones(dimension, vertice, fin) &&
		!Pertenece(inicio, paredes)
	for _, f := range fantasmas {
		ok = ok && DentroDeLasDimensiones(dimension, vertice, f) && !Pertenece(f, ADistanciaMenosDeN(inicio, 3))
	}
	for _, p := range paredes {
		ok = ok && DentroDeLasDimensiones(dimension, vertice, p)
	}
	return ok
}

// ConjFantasmas: conjFantasmas(nuevoMapa(…, fantasmas, …)) ≡ fantasmas.
func (m Mapa1) ConjFantasmas() Conj { return m.fantasmas }

// ConjParedes: conjParedes(nuevoMapa(…, paredes, …)) ≡ paredes.
func (m Mapa1) ConjParedes() Conj { return m.paredes }

// Dimensiones: dimensiones(nuevoMapa(dimensión, …)) ≡ dimensión.
func (m Mapa1) Dimensiones() Tupla { return m.dimension }

// Vertice: vértice(nuevoMapa(dimensión, vértice, …)) ≡ vértice.
func (m Mapa1) Vertice() Casillero { return m.vertice }

// CasilleroInicial: casilleroInicial(nuevoMapa(…, inicio, …)) ≡ inicio.
func (m Mapa1) CasilleroInicial() Casillero { return m.inicio }

// CasilleroDeLlegada: casilleroDeLlegada(nuevoMapa(…, fin, …)) ≡ fin.
func (m Mapa1) CasilleroDeLlegada() Casillero { return m.fin }

// DentroDeLasDimensiones: dentroDeLasDimensiones(dimensión, vértice,
// casilla) ≡ (0 ≤ π₁(casilla) − π₁(vértice) < π₁(dimensión)) ∧ (0 ≤
// π₂(casilla) − π₂(vértice) < π₂(dimensión)).
func DentroDeLasDimensiones(dimension Tupla, vertice, casilla Casillero) bool {
	return 0 <= casilla.X-vertice.X && casilla.X-vertice.X < dimension.X &&
		0 <= casilla.Y-vertice.Y && casilla.Y-vertice.Y < dimension.Y
}

// dentro es dentroDeLasDimensiones(dimensión(m), vértice(m), c).
func (m Mapa1) dentro(c Casillero) bool {
	return DentroDeLasDimensiones(m.Dimensiones(), m.Vertice(), c)
}

// CasillerosLibres: casillerosLibres(m) ≡ generarCasillerosHorizontales(m,
// casillerosVerticales(vértice(m), m)) − (conjFantasmas(m) ∪
// conjParedes(m)).
func (m Mapa1) CasillerosLibres() Conj {
	return Diferencia(m.GenerarCasillerosHorizontales(m.CasillerosVerticales(m.Vertice())),
		Union(m.ConjFantasmas(), m.ConjParedes()))
}

// GenerarCasillerosHorizontales: generarCasillerosHorizontales(m,
// casilleros) ≡ if casilleros = ∅ then ∅ else
// casillerosHorizontales(dameUno(casilleros), m) ∪
// generarCasillerosHorizontales(m, sinUno(casilleros)) fi. Precondición:
// todos los casilleros dentro del mapa.
func (m Mapa1) GenerarCasillerosHorizontales(casilleros Conj) Conj {
	if Vacio(casilleros) {
		return nil
	}
	return Union(m.CasillerosHorizontales(DameUno(casilleros)), m.GenerarCasillerosHorizontales(SinUno(casilleros)))
}

// CasillerosHorizontales: casillerosHorizontales(c, m) ≡
// casillerosADerecha(c, m) ∪ casillerosAIzquierda(c, m), la fila de c.
// Precondición: c dentro del mapa.
func (m Mapa1) CasillerosHorizontales(c Casillero) Conj {
	return Union(m.CasillerosADerecha(c), m.CasillerosAIzquierda(c))
}

// CasillerosADerecha: casillerosADerecha(c, m) ≡ (if
// dentroDeLasDimensiones(dimensión(m), vértice(m), c + ⟨1,0⟩) then
// casillerosADerecha(c + ⟨1,0⟩, m) else ∅ fi) ∪ {c}.
func (m Mapa1) CasillerosADerecha(c Casillero) Conj {
	var res Conj
	if m.dentro(Mas(c, Tupla{1, 0})) {
		res = m.CasillerosADerecha(Mas(c, Tupla{1, 0}))
	}
	return Union(res, Conj{c})
}

// CasillerosAIzquierda: casillerosAIzquierda(c, m) ≡ (if
// dentroDeLasDimensiones(dimensión(m), vértice(m), c − ⟨1,0⟩) then
// casillerosAIzquierda(c − ⟨1,0⟩, m) else ∅ fi) ∪ {c}.
func (m Mapa1) CasillerosAIzquierda(c Casillero) Conj {
	var res Conj
	if m.dentro(Menos(c, Tupla{1, 0})) {
		res = m.CasillerosAIzquierda(Menos(c, Tupla{1, 0}))
	}
	return Union(res, Conj{c})
}

// CasillerosVerticales: casillerosVerticales(c, m) ≡ casillerosArriba(c, m)
// ∪ casillerosAbajo(c, m), la columna de c.
func (m Mapa1) CasillerosVerticales(c Casillero) Conj {
	return Union(m.CasillerosArriba(c), m.CasillerosAbajo(c))
}

// CasillerosArriba: casillerosArriba(c, m) ≡ (if
// dentroDeLasDimensiones(dimensión(m), vértice(m), c + ⟨0,1⟩) then
// casillerosArriba(c + ⟨0,1⟩, m) else ∅ fi) ∪ {c}.
func (m Mapa1) CasillerosArriba(c Casillero) Conj {
	var res Conj
	if m.dentro(Mas(c, Tupla{0, 1})) {
		res = m.CasillerosArriba(Mas(c, Tupla{0, 1}))
	}
	return Union(res, Conj{c})
}

// CasillerosAbajo: casillerosAbajo(c, m) ≡ (if
// dentroDeLasDimensiones(dimensión(m), vértice(m), c − ⟨0,1⟩) then
// casillerosAbajo(c − ⟨0,1⟩, m) else ∅ fi) ∪ {c}.
func (m Mapa1) CasillerosAbajo(c Casillero) Conj {
	var res Conj
	if m.dentro(Menos(c, Tupla{0, 1})) {
		res = m.CasillerosAbajo(Menos(c, Tupla{0, 1}))
	}
	return Union(res, Conj{c})
}

// Mapa es el TAD MAPA de la Parte 2: el de la Parte 1 con el observador
// conjChocolates. Las otras operaciones (casillerosLibres…) tienen los
// mismos axiomas en las dos partes y se heredan de [Mapa1].
type Mapa struct {
	Mapa1
	chocolates Conj
}

// NuevoMapa es nuevoMapa(dimensión, vértice, inicio, fin, fantasmas,
// paredes, chocolates) de la Parte 2. No comprueba la precondición:
// [PrecondicionNuevoMapa] lo hace.
func NuevoMapa(dimension Tupla, vertice, inicio, fin Casillero, fantasmas, paredes, chocolates Conj) Mapa {
	return Mapa{NuevoMapa1(dimension, vertice, inicio, fin, fantasmas, paredes), chocolates}
}

// PrecondicionNuevoMapa es la precondición de nuevoMapa de la Parte 2:
// ∅?(fantasmas ∩ paredes) ∧ inicio ≠ fin ∧ dentro(inicio) ∧ dentro(fin) ∧
// (∀f ∈ fantasmas)(dentro(f) ∧ (f ∉ aDistanciaMenosDeN(inicio, 3) ∨ inicio
// ∈ chocolates)) ∧ (∀c ∈ chocolates) dentro(c) ∧ (∀p ∈ paredes) dentro(p),
// con la cláusula de los fantasmas leída así (su texto es ilegible) y el
// inicio que no es una pared ni un fantasma (no se empieza en uno).
func PrecondicionNuevoMapa(dimension Tupla, vertice, inicio, fin Casillero, fantasmas, paredes, chocolates Conj) bool {
	ok := Vacio(Interseccion(fantasmas, paredes)) && inicio != fin &&
		DentroDeLasDimensiones(dimension, vertice, inicio) &&
		DentroDeLasDimensiones(dimension, vertice, fin) &&
		!Pertenece(inicio, Union(paredes, fantasmas))
	for _, f := range fantasmas {
		ok = ok && DentroDeLasDimensiones(dimension, vertice, f) &&
			(!Pertenece(f, ADistanciaMenosDeN(inicio, 3)) || Pertenece(inicio, chocolates))
	}
	for _, c := range chocolates {
		ok = ok && DentroDeLasDimensiones(dimension, vertice, c)
	}
	for _, p := range paredes {
		ok = ok && DentroDeLasDimensiones(dimension, vertice, p)
	}
	return ok
}

// ConjChocolates: conjChocolates(nuevoMapa(…, chocolates)) ≡ chocolates.
func (m Mapa) ConjChocolates() Conj { return m.chocolates }
