package tad

import "slices"

// Generador es uno de los generadores de movimiento de PACALGO2.
type Generador int

// Los generadores de movimiento, en el orden del TAD.
const (
	Arriba Generador = iota + 1
	Abajo
	Izquierda
	Derecha
)

// Generadores son los cuatro generadores de movimiento.
func Generadores() []Generador { return []Generador{Arriba, Abajo, Izquierda, Derecha} }

// Destino es el casillero al que lleva el generador g desde c, como lo
// escriben su precondición y el axioma de trayectoria: c + ⟨0,1⟩ (arriba),
// c − ⟨0,1⟩ (abajo), c − ⟨1,0⟩ (izquierda), c + ⟨1,0⟩ (derecha).
func Destino(c Casillero, g Generador) Casillero {
	switch g {
	case Arriba:
		return Mas(c, Tupla{0, 1})
	case Abajo:
		return Menos(c, Tupla{0, 1})
	case Izquierda:
		return Menos(c, Tupla{1, 0})
	default:
		return Mas(c, Tupla{1, 0})
	}
}

// mapa es lo que los axiomas comunes de las dos partes usan de un mapa.
type mapa interface {
	CasilleroInicial() Casillero
	CasilleroDeLlegada() Casillero
}

// termino es un juego como término de sus generadores:
// g_k(…g_1(inicializarJuego(m))…) con gens = [g_1, …, g_k].
type termino[M mapa] struct {
	m    M
	gens []Generador
}

// aplicar es g(p). No comprueba la precondición.
func (p termino[M]) aplicar(g Generador) termino[M] {
	return termino[M]{p.m, append(slices.Clip(p.gens), g)}
}

// previo separa el último generador: p = g(previo).
func (p termino[M]) previo() (termino[M], Generador, bool) {
	if len(p.gens) == 0 {
		return p, 0, false
	}
	k := len(p.gens) - 1
	return termino[M]{p.m, p.gens[:k]}, p.gens[k], true
}

// VerMapa: verMapa(inicializarJuego(m)) ≡ m; verMapa(g(p)) ≡ verMapa(p).
func (p termino[M]) VerMapa() M {
	previo, _, ok := p.previo()
	if !ok {
		return p.m
	}
	return previo.VerMapa()
}

// sec es una secuencia de casilleros como lista: prim • fin (fin nil es
// ⟨⟩).
type sec struct {
	prim Casillero
	fin  *sec
}

// trayectoria: trayectoria(inicializarJuego(m)) ≡ casilleroInicial(m) •
// ⟨⟩; trayectoria(arriba(p)) ≡ (posiciónActual(p) + ⟨0,1⟩) •
// trayectoria(p), y así los demás generadores ([Destino]).
// (posiciónActual(p) es prim(trayectoria(p)): se calcula trayectoria(p) una
// sola vez.)
func (p termino[M]) trayectoria() *sec {
	previo, g, ok := p.previo()
	if !ok {
		return &sec{prim: p.m.CasilleroInicial()}
	}
	t := previo.trayectoria()
	return &sec{prim: Destino(t.prim, g), fin: t}
}

// Trayectoria es trayectoria(p) como slice: el primero es la posición
// actual.
func (p termino[M]) Trayectoria() []Casillero {
	var res []Casillero
	for s := p.trayectoria(); s != nil; s = s.fin {
		res = append(res, s.prim)
	}
	return res
}

// PosicionActual: posiciónActual(p) ≡ prim(trayectoria(p)).
func (p termino[M]) PosicionActual() Casillero { return p.trayectoria().prim }

// Gano: ganó?(p) ≡ posiciónActual(p) = casilleroDeLlegada(verMapa(p)).
func (p termino[M]) Gano() bool { return p.PosicionActual() == p.VerMapa().CasilleroDeLlegada() }

// Pacalgo1 es el TAD PACALGO2 de la Parte 1 (sin chocolates).
type Pacalgo1 struct{ termino[Mapa1] }

// InicializarJuego1 es inicializarJuego(m) de la Parte 1.
func InicializarJuego1(m Mapa1) Pacalgo1 { return Pacalgo1{termino[Mapa1]{m: m}} }

// Aplicar es g(p). Precondición: p.Precondicion(g) (no se comprueba).
func (p Pacalgo1) Aplicar(g Generador) Pacalgo1 { return Pacalgo1{p.aplicar(g)} }

// Perdio es perdió?(p) ≡ ¬∅?(conjFantasmas(verMapa(p)) ∩
// aDistanciaMenosDeN(posiciónActual(p), 3)), con la negación que al axioma
// escrito le falta.
func (p Pacalgo1) Perdio() bool {
	return !Vacio(Interseccion(p.VerMapa().ConjFantasmas(), ADistanciaMenosDeN(p.PosicionActual(), 3)))
}

// DireccionesPosibles: direccionesPosibles(p) ≡
// aDistanciaMenosDeN(posiciónActual(p), 1) ∩ casillerosLibres(verMapa(p)) −
// posiciónActual(p).
func (p Pacalgo1) DireccionesPosibles() Conj {
	return Diferencia(Interseccion(ADistanciaMenosDeN(p.PosicionActual(), 1), p.VerMapa().CasillerosLibres()),
		Conj{p.PosicionActual()})
}

// Precondicion es la de g: destino ∈ direccionesPosibles(p) ∧ ¬ganó?(p) ∧
// ¬perdió?(p).
func (p Pacalgo1) Precondicion(g Generador) bool {
	return Pertenece(Destino(p.PosicionActual(), g), p.DireccionesPosibles()) && !p.Gano() && !p.Perdio()
}

// Pacalgo2 es el TAD PACALGO2 de la Parte 2.
type Pacalgo2 struct{ termino[Mapa] }

// InicializarJuego es inicializarJuego(m) de la Parte 2.
func InicializarJuego(m Mapa) Pacalgo2 { return Pacalgo2{termino[Mapa]{m: m}} }

// Aplicar es g(p). Precondición: p.Precondicion(g) (no se comprueba).
func (p Pacalgo2) Aplicar(g Generador) Pacalgo2 { return Pacalgo2{p.aplicar(g)} }

// previo es el previo de p como Pacalgo2.
func (p Pacalgo2) previo() (Pacalgo2, Generador, bool) {
	t, g, ok := p.termino.previo()
	return Pacalgo2{t}, g, ok
}

// NivelDeChocolate: nivelDeChocolate(inicializarJuego(m)) ≡ if
// casilleroInicial(m) ∈ conjChocolates(m) then 10 else 0 fi;
// nivelDeChocolate(arriba(p)) ≡ if (posiciónActual(p) + ⟨0,1⟩) ∈
// chocolatesRestantes(p) then 10 else if 0?(nivelDeChocolate(p)) then
// nivelDeChocolate(p) else nivelDeChocolate(p) − 1 fi fi, y así los demás
// generadores ([Destino]). Cada observador de p se calcula una sola vez (si
// no, la recursión sería exponencial).
func (p Pacalgo2) NivelDeChocolate() int {
	previo, g, ok := p.previo()
	if !ok {
		m := p.VerMapa()
		if Pertenece(m.CasilleroInicial(), m.ConjChocolates()) {
			return 10
		}
		return 0
	}
	if Pertenece(Destino(previo.PosicionActual(), g), previo.ChocolatesRestantes()) {
		return 10
	}
	n := previo.NivelDeChocolate()
	if n == 0 {
		return n
	}
	return n - 1
}

// ChocolatesRestantes: chocolatesRestantes(inicializarJuego(m)) ≡ if
// casilleroInicial(m) ∈ conjChocolates(m) then conjChocolates(m) −
// {casilleroInicial(m)} else conjChocolates(m) fi;
// chocolatesRestantes(arriba(p)) ≡ if (posiciónActual(p) + ⟨0,1⟩) ∈
// chocolatesRestantes(p) then chocolatesRestantes(p) − {posiciónActual(p) +
// ⟨0,1⟩} else chocolatesRestantes(p) fi, y así los demás generadores.
func (p Pacalgo2) ChocolatesRestantes() Conj {
	previo, g, ok := p.previo()
	if !ok {
		m := p.VerMapa()
		if Pertenece(m.CasilleroInicial(), m.ConjChocolates()) {
			return Diferencia(m.ConjChocolates(), Conj{m.CasilleroInicial()})
		}
		return m.ConjChocolates()
	}
	destino := Destino(previo.PosicionActual(), g)
	restantes := previo.ChocolatesRestantes() // chocolatesRestantes(p), una vez
	if Pertenece(destino, restantes) {
		return Diferencia(restantes, Conj{destino})
	}
	return restantes
}

// Perdio es perdió?(p) ≡ ¬∅?(conjFantasmas(verMapa(p)) ∩
// aDistanciaMenosDeN(posiciónActual(p), 3)) ∧ 0?(nivelDeChocolate(p)), con
// la negación que al axioma escrito le falta.
func (p Pacalgo2) Perdio() bool {
	return !Vacio(Interseccion(p.VerMapa().ConjFantasmas(), ADistanciaMenosDeN(p.PosicionActual(), 3))) &&
		p.NivelDeChocolate() == 0
}

// DireccionesPosibles: direccionesPosibles(p) ≡ if 0?(nivelDeChocolate(p))
// then (aDistanciaMenosDeN(posiciónActual(p), 1) − posiciónActual(p)) ∩
// casillerosLibres(verMapa(p)) else (aDistanciaMenosDeN(posiciónActual(p),
// 1) − posiciónActual(p)) ∩ (casillerosLibres(verMapa(p)) ∪
// conjFantasmas(verMapa(p))) fi.
func (p Pacalgo2) DireccionesPosibles() Conj {
	m := p.VerMapa()
	vecinos := Diferencia(ADistanciaMenosDeN(p.PosicionActual(), 1), Conj{p.PosicionActual()})
	if p.NivelDeChocolate() == 0 {
		return Interseccion(vecinos, m.CasillerosLibres())
	}
	return Interseccion(vecinos, Union(m.CasillerosLibres(), m.ConjFantasmas()))
}

// Precondicion es la de g: destino ∈ direccionesPosibles(p) ∧ ¬ganó?(p) ∧
// ¬perdió?(p).
func (p Pacalgo2) Precondicion(g Generador) bool {
	return Pertenece(Destino(p.PosicionActual(), g), p.DireccionesPosibles()) && !p.Gano() && !p.Perdio()
}

// Puntaje: puntaje(p) ≡ long(trayectoria(p)). Precondición: ganó?(p).
func (p Pacalgo2) Puntaje() int { return len(p.Trayectoria()) }
