package pacalgo

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
)

// Constantes del juego y límites del paquete.
const (
	// AlcanceFantasma es la distancia Manhattan hasta la que un fantasma
	// hace perder a un jugador sin chocolate.
	AlcanceFantasma = 3
	// NivelChocolate es el nivel de chocolate que da comer uno.
	NivelChocolate = 10
	// MaxCeldas es la mayor cantidad de casilleros (ancho × alto) de un
	// mapa: acota la memoria de un mapa (4 bytes por casillero) y de un
	// juego.
	MaxCeldas = 1 << 20
)

// Dimension es el tamaño de un mapa, la tupla dimensión del TAD: Ancho
// casilleros en x y Alto en y.
type Dimension struct {
	Ancho, Alto int // casilleros en x (π₁ de la tupla) y en y (π₂)
}

// String escribe d como "ancho×alto".
func (d Dimension) String() string { return fmt.Sprintf("%d×%d", d.Ancho, d.Alto) }

// Mapa es el TAD MAPA de la Parte 2: dimensiones, vértice, inicio, llegada y
// los conjuntos de fantasmas, paredes y chocolates. Un Mapa no cambia
// después de construido y se puede compartir entre juegos y goroutines.
//
// Se construye con [NuevoMapa] o [ParsearMapa]. El valor cero es un mapa de
// 0×0 sin casilleros: sus observadores funcionan, pero no sirve para jugar
// ([Nuevo] lo rechaza).
type Mapa struct {
	dim                            Dimension
	vertice, inicio, llegada       Casillero
	fantasmas, paredes, chocolates []Casillero // ordenados con comparar, sin repetidos
	// celdas tiene una entrada por casillero, fila por fila desde el
	// vértice: los bits celda… y, desde bitsChocolate, el número del
	// chocolate (su lugar en chocolates).
	celdas []uint32
}

// Bits de Mapa.celdas.
const (
	celdaPared uint32 = 1 << iota
	celdaFantasma
	celdaChocolate
	celdaPeligro // a distancia ≤ AlcanceFantasma de un fantasma
)

// bitsChocolate es el primer bit del número del chocolate en Mapa.celdas.
const bitsChocolate = 8

// NuevoMapa es el generador nuevoMapa(dimensión, vértice, inicio, fin,
// fantasmas, paredes, chocolates) de la Parte 2; con chocolates vacío es el
// nuevoMapa de la Parte 1. Los conjuntos se copian; sus repetidos se
// ignoran.
//
// Comprueba la precondición y devuelve un error por cada cláusula que no se
// cumple (unidos con [errors.Join]), cada uno envolviendo a
// [ErrMapaInvalido] y a su motivo: [ErrDimensiones], [ErrFueraDelMapa] (uno
// por el inicio, la llegada, los fantasmas, las paredes y los chocolates que
// se salgan), [ErrSuperpuestos], [ErrInicioEsLlegada], [ErrInicioOcupado] y
// [ErrFantasmaCerca]. Cuesta O(c log c + ancho × alto) para c casilleros
// dados.
func NuevoMapa(dim Dimension, vertice, inicio, llegada Casillero, fantasmas, paredes, chocolates []Casillero) (*Mapa, error) {
	m, problemas := armar(dim, vertice, inicio, llegada, fantasmas, paredes, chocolates)
	if len(problemas) > 0 {
		errs := make([]error, len(problemas))
		for i, p := range problemas {
			errs[i] = p.error()
		}
		return nil, errors.Join(errs...)
	}
	return m, nil
}

// problema es una cláusula de la precondición de nuevoMapa que no se
// cumple: su motivo, un detalle y, si lo hay, el casillero que la rompe.
type problema struct {
	motivo      error
	detalle     string
	donde       Casillero
	enCasillero bool
}

func (p problema) error() error {
	return fmt.Errorf("%w: %w: %s", ErrMapaInvalido, p.motivo, p.detalle)
}

// armar comprueba la precondición de nuevoMapa y, si se cumple, arma el
// mapa. Es el único lugar donde se comprueba: [NuevoMapa] y [ParsearMapa]
// lo usan.
func armar(dim Dimension, vertice, inicio, llegada Casillero, fantasmas, paredes, chocolates []Casillero) (*Mapa, []problema) {
	m := &Mapa{
		dim: dim, vertice: vertice, inicio: inicio, llegada: llegada,
		fantasmas: conjunto(fantasmas), paredes: conjunto(paredes), chocolates: conjunto(chocolates),
	}
	var ps []problema
	mal := func(motivo error, donde []Casillero, formato string, args ...any) {
		p := problema{motivo: motivo, detalle: fmt.Sprintf(formato, args...)}
		if len(donde) > 0 {
			p.donde, p.enCasillero = donde[0], true
		}
		ps = append(ps, p)
	}
	switch {
	case dim.Ancho <= 0 || dim.Alto <= 0:
		mal(ErrDimensiones, nil, "el mapa es de %v: el ancho y el alto deben ser positivos", dim)
	case dim.Ancho > MaxCeldas/dim.Alto:
		mal(ErrDimensiones, nil, "el mapa de %v tiene más de %d casilleros", dim, MaxCeldas)
	case vertice.X > math.MaxInt-(dim.Ancho-1) || vertice.Y > math.MaxInt-(dim.Alto-1):
		mal(ErrDimensiones, nil, "con el vértice en %v, los casilleros del mapa de %v no caben en un int", vertice, dim)
	}
	for _, c := range []struct {
		nombre string
		c      Casillero
	}{{"el inicio", inicio}, {"la llegada", llegada}} {
		if !m.Dentro(c.c) {
			mal(ErrFueraDelMapa, []Casillero{c.c}, "%s %v no está en el mapa de %v con vértice %v", c.nombre, c.c, dim, vertice)
		}
	}
	for _, c := range []struct {
		nombre string
		cs     []Casillero
	}{{"fantasmas", m.fantasmas}, {"paredes", m.paredes}, {"chocolates", m.chocolates}} {
		if fuera := filtrar(c.cs, func(x Casillero) bool { return !m.Dentro(x) }); len(fuera) > 0 {
			mal(ErrFueraDelMapa, fuera, "%s fuera del mapa de %v con vértice %v: %s", c.nombre, dim, vertice, enumerar(fuera))
		}
	}
	if ambos := filtrar(m.fantasmas, func(x Casillero) bool { return contiene(m.paredes, x) }); len(ambos) > 0 {
		mal(ErrSuperpuestos, ambos, "fantasmas en paredes: %s", enumerar(ambos))
	}
	if inicio == llegada {
		mal(ErrInicioEsLlegada, []Casillero{inicio}, "el inicio y la llegada son %v", inicio)
	}
	switch {
	case contiene(m.paredes, inicio):
		mal(ErrInicioOcupado, []Casillero{inicio}, "el inicio %v es una pared", inicio)
	case contiene(m.fantasmas, inicio):
		mal(ErrInicioOcupado, []Casillero{inicio}, "el inicio %v es un fantasma", inicio)
	}
	if !contiene(m.chocolates, inicio) {
		cerca := filtrar(m.fantasmas, func(x Casillero) bool { return inicio.Distancia(x) <= AlcanceFantasma })
		if len(cerca) > 0 {
			mal(ErrFantasmaCerca, cerca, "fantasmas a distancia %d o menos del inicio %v, que no tiene chocolate: %s",
				AlcanceFantasma, inicio, enumerar(cerca))
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	m.celdas = make([]uint32, dim.Ancho*dim.Alto)
	for _, p := range m.paredes {
		m.celdas[m.indice(p)] |= celdaPared
	}
	for k, c := range m.chocolates {
		m.celdas[m.indice(c)] |= celdaChocolate | uint32(k)<<bitsChocolate
	}
	for _, f := range m.fantasmas {
		i := m.indice(f)
		m.celdas[i] |= celdaFantasma
		x, y := i%dim.Ancho, i/dim.Ancho
		for dy := -AlcanceFantasma; dy <= AlcanceFantasma; dy++ {
			resto := AlcanceFantasma - max(dy, -dy)
			for dx := -resto; dx <= resto; dx++ {
				if x+dx >= 0 && x+dx < dim.Ancho && y+dy >= 0 && y+dy < dim.Alto {
					m.celdas[(y+dy)*dim.Ancho+x+dx] |= celdaPeligro
				}
			}
		}
	}
	return m, nil
}

// conjunto devuelve una copia de cs ordenada y sin repetidos.
func conjunto(cs []Casillero) []Casillero {
	c := slices.Clone(cs)
	slices.SortFunc(c, comparar)
	return slices.Clip(slices.Compact(c))
}

func contiene(conj []Casillero, c Casillero) bool {
	_, ok := slices.BinarySearchFunc(conj, c, comparar)
	return ok
}

func filtrar(cs []Casillero, f func(Casillero) bool) []Casillero {
	var res []Casillero
	for _, c := range cs {
		if f(c) {
			res = append(res, c)
		}
	}
	return res
}

// enumerar escribe los tres primeros casilleros de cs y cuántos más hay.
func enumerar(cs []Casillero) string {
	var b strings.Builder
	for i, c := range cs[:min(3, len(cs))] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.String())
	}
	if len(cs) > 3 {
		fmt.Fprintf(&b, " y %d más", len(cs)-3)
	}
	return b.String()
}

// Dimensiones es el observador dimensiones.
func (m *Mapa) Dimensiones() Dimension { return m.dim }

// Vertice es el observador vértice: el casillero de menor x y menor y del
// mapa.
func (m *Mapa) Vertice() Casillero { return m.vertice }

// Inicio es el observador casilleroInicial.
func (m *Mapa) Inicio() Casillero { return m.inicio }

// Llegada es el observador casilleroDeLlegada.
func (m *Mapa) Llegada() Casillero { return m.llegada }

// Fantasmas es el observador conjFantasmas, ordenado por y y luego por x.
func (m *Mapa) Fantasmas() iter.Seq[Casillero] { return slices.Values(m.fantasmas) }

// Paredes es el observador conjParedes, ordenado por y y luego por x.
func (m *Mapa) Paredes() iter.Seq[Casillero] { return slices.Values(m.paredes) }

// Chocolates es el observador conjChocolates, ordenado por y y luego por x.
func (m *Mapa) Chocolates() iter.Seq[Casillero] { return slices.Values(m.chocolates) }

// Dentro es dentroDeLasDimensiones(dimensiones(m), vértice(m), c): si c es
// un casillero del mapa.
func (m *Mapa) Dentro(c Casillero) bool {
	return c.X >= m.vertice.X && c.Y >= m.vertice.Y &&
		uint64(c.X)-uint64(m.vertice.X) < uint64(max(m.dim.Ancho, 0)) &&
		uint64(c.Y)-uint64(m.vertice.Y) < uint64(max(m.dim.Alto, 0))
}

// CasillerosLibres es la operación casillerosLibres: los casilleros del
// mapa que no son paredes ni fantasmas, ordenados por y y luego por x.
// Los casilleros con chocolate son libres.
func (m *Mapa) CasillerosLibres() iter.Seq[Casillero] {
	return func(yield func(Casillero) bool) {
		for i, c := range m.celdas {
			if c&(celdaPared|celdaFantasma) == 0 && !yield(m.casillero(i)) {
				return
			}
		}
	}
}

// indice es el lugar de c en m.celdas. Precondición: m.Dentro(c).
func (m *Mapa) indice(c Casillero) int {
	return (c.Y-m.vertice.Y)*m.dim.Ancho + (c.X - m.vertice.X)
}

// casillero es el casillero del lugar i de m.celdas.
func (m *Mapa) casillero(i int) Casillero {
	return Casillero{m.vertice.X + i%m.dim.Ancho, m.vertice.Y + i/m.dim.Ancho}
}

// vecino es el lugar del casillero de al lado de i en la dirección d, si
// está en el mapa. Precondición: d.Valida().
func (m *Mapa) vecino(i int, d Direccion) (int, bool) {
	a := m.dim.Ancho
	switch d {
	case Arriba:
		return i + a, i+a < len(m.celdas)
	case Abajo:
		return i - a, i >= a
	case Izquierda:
		return i - 1, i%a > 0
	default: // Derecha
		return i + 1, i%a < a-1
	}
}
