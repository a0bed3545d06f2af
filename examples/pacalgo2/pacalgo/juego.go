package pacalgo

import (
	"iter"
	"slices"
	"strings"
)

// Juego es una partida de Pacalgo2, el TAD PACALGO2 de la Parte 2: un mapa
// y la trayectoria del jugador, con su nivel de chocolate y los chocolates
// que quedan. Se empieza con [Nuevo]; el valor cero no es un juego. Un
// Juego no es seguro para usar desde varias goroutines a la vez.
type Juego struct {
	mapa      *Mapa
	pos       int    // posiciónActual, como lugar en mapa.celdas
	nivel     int    // nivelDeChocolate
	comido    []bool // por número de chocolate
	restantes int    // chocolates sin comer
	camino    []Direccion
}

// Nuevo es inicializarJuego(m): el jugador en el inicio de m, con nivel de
// chocolate NivelChocolate si el inicio tiene un chocolate (que se come) y
// 0 si no. Devuelve [ErrSinMapa] si m es nil o el valor cero de [Mapa].
// Cuesta O(chocolates del mapa).
func Nuevo(m *Mapa) (*Juego, error) {
	if m == nil || len(m.celdas) == 0 {
		return nil, ErrSinMapa
	}
	j := &Juego{mapa: m, pos: m.indice(m.inicio), comido: make([]bool, len(m.chocolates)), restantes: len(m.chocolates)}
	j.comer()
	return j, nil
}

// comer come el chocolate de la posición actual, si hay uno sin comer, y
// dice si lo comió.
func (j *Juego) comer() bool {
	c := j.mapa.celdas[j.pos]
	if c&celdaChocolate == 0 || j.comido[c>>bitsChocolate] {
		return false
	}
	j.comido[c>>bitsChocolate] = true
	j.restantes--
	j.nivel = NivelChocolate
	return true
}

// Clonar devuelve una copia independiente de j (comparten el mapa, que no
// cambia). Cuesta O(chocolates + movimientos).
func (j *Juego) Clonar() *Juego {
	c := *j
	c.comido = slices.Clone(j.comido)
	c.camino = slices.Clone(j.camino)
	return &c
}

// Mapa es el observador verMapa.
func (j *Juego) Mapa() *Mapa { return j.mapa }

// PosicionActual es posiciónActual: el último casillero de la trayectoria.
func (j *Juego) PosicionActual() Casillero { return j.mapa.casillero(j.pos) }

// Trayectoria es el observador trayectoria: los casilleros que recorrió el
// jugador, del inicio a la posición actual, uno más que los movimientos
// (la secuencia del TAD es la misma al revés: su primero es la posición
// actual). Recorrerla cuesta O(movimientos).
func (j *Juego) Trayectoria() iter.Seq[Casillero] {
	return func(yield func(Casillero) bool) {
		c := j.mapa.inicio
		if !yield(c) {
			return
		}
		for _, d := range j.camino {
			c = c.Mas(d.Delta())
			if !yield(c) {
				return
			}
		}
	}
}

// Movimientos es la cantidad de movimientos hechos: el largo de la
// trayectoria menos uno.
func (j *Juego) Movimientos() int { return len(j.camino) }

// NivelDeChocolate es nivelDeChocolate: NivelChocolate al comer un
// chocolate, y uno menos en cada movimiento que no come uno, hasta 0.
func (j *Juego) NivelDeChocolate() int { return j.nivel }

// ChocolatesRestantes es chocolatesRestantes: los chocolates del mapa que el
// jugador no comió, ordenados por y y luego por x.
func (j *Juego) ChocolatesRestantes() iter.Seq[Casillero] {
	return func(yield func(Casillero) bool) {
		for k, c := range j.mapa.chocolates {
			if !j.comido[k] && !yield(c) {
				return
			}
		}
	}
}

// CantidadChocolatesRestantes es la cantidad de [Juego.ChocolatesRestantes],
// en O(1).
func (j *Juego) CantidadChocolatesRestantes() int { return j.restantes }

// Gano es ganó?: el jugador está en la llegada.
func (j *Juego) Gano() bool { return j.pos == j.mapa.indice(j.mapa.llegada) }

// Perdio es perdió?: hay un fantasma a distancia AlcanceFantasma o menos
// de la posición actual y el nivel de chocolate es 0. En la llegada se
// puede ganar y perder a la vez.
func (j *Juego) Perdio() bool { return j.nivel == 0 && j.mapa.celdas[j.pos]&celdaPeligro != 0 }

// Terminada dice si el jugador ganó o perdió: entonces no hay movimientos.
func (j *Juego) Terminada() bool { return j.Gano() || j.Perdio() }

// Puntaje es puntaje, definido solo si el jugador ganó: el largo de la
// trayectoria, inicio incluido (los movimientos más uno). Si no ganó,
// devuelve 0, false.
func (j *Juego) Puntaje() (int, bool) {
	if !j.Gano() {
		return 0, false
	}
	return len(j.camino) + 1, true
}

// DireccionesPosibles es direccionesPosibles: los casilleros vecinos de la
// posición actual que están en el mapa y no son paredes ni, con nivel de
// chocolate 0, fantasmas; cada uno con la dirección que lleva a él, en el
// orden Arriba, Abajo, Izquierda, Derecha. Como en la especificación, no
// mira si el juego terminó: [Juego.Validar] sí.
func (j *Juego) DireccionesPosibles() iter.Seq2[Direccion, Casillero] {
	return func(yield func(Direccion, Casillero) bool) {
		for d := Arriba; d <= Derecha; d++ {
			i, ok := j.mapa.vecino(j.pos, d)
			if !ok || j.mapa.celdas[i]&celdaPared != 0 || j.mapa.celdas[i]&celdaFantasma != 0 && j.nivel == 0 {
				continue
			}
			if !yield(d, j.mapa.casillero(i)) {
				return
			}
		}
	}
}

// Validar dice si d cumple la precondición de su generador (arriba,
// abajo, izquierda o derecha): nil si se puede mover en esa dirección y si
// no, el error que daría [Juego.Mover], que se busca en este orden:
// [ErrDireccionInvalida], [ErrPartidaTerminada] (ganó o perdió),
// [ErrBorde], [ErrPared]. Un fantasma vecino sin chocolate no tiene
// error propio: a distancia 1 del jugador, ya lo hizo perder.
func (j *Juego) Validar(d Direccion) error {
	_, err := j.validar(d)
	return err
}

// validar es Validar y además da el lugar del destino.
func (j *Juego) validar(d Direccion) (int, error) {
	if !d.Valida() {
		return 0, ErrDireccionInvalida
	}
	if j.Terminada() {
		return 0, ErrPartidaTerminada
	}
	i, ok := j.mapa.vecino(j.pos, d)
	switch {
	case !ok:
		return 0, ErrBorde
	case j.mapa.celdas[i]&celdaPared != 0:
		return 0, ErrPared
	}
	// Si es un fantasma, el nivel no es 0: si lo fuera, el jugador habría
	// perdido.
	return i, nil
}

// Mover aplica el generador de d: el jugador pasa al casillero vecino en
// esa dirección, que se agrega a la trayectoria. Si hay un chocolate sin
// comer lo come y el nivel pasa a NivelChocolate; si no, el nivel baja uno
// (si no es 0). Un fantasma pisado con chocolate se queda donde está.
//
// Si d no cumple la precondición devuelve el error de [Juego.Validar] y el
// juego no cambia. Cuesta O(1) amortizado, sin reservar memoria salvo
// cuando la trayectoria (un byte por movimiento) crece de tramo.
func (j *Juego) Mover(d Direccion) error {
	i, err := j.validar(d)
	if err != nil {
		return err
	}
	j.pos = i
	j.camino = append(j.camino, d)
	if !j.comer() && j.nivel > 0 {
		j.nivel--
	}
	return nil
}

// Arriba es el generador arriba: Mover(Arriba).
func (j *Juego) Arriba() error { return j.Mover(Arriba) }

// Abajo es el generador abajo: Mover(Abajo).
func (j *Juego) Abajo() error { return j.Mover(Abajo) }

// Izquierda es el generador izquierda: Mover(Izquierda).
func (j *Juego) Izquierda() error { return j.Mover(Izquierda) }

// Derecha es el generador derecha: Mover(Derecha).
func (j *Juego) Derecha() error { return j.Mover(Derecha) }

// String dibuja el juego con los símbolos del formato de texto
// ([ParsearMapa]), sin los chocolates comidos y con "@" en la posición
// actual: una fila por línea, la de arriba primero.
func (j *Juego) String() string {
	var b strings.Builder
	j.mapa.dibujar(&b, func(i int) string {
		if i == j.pos {
			return "@"
		}
		c := j.mapa.celdas[i]
		if c&celdaChocolate != 0 && j.comido[c>>bitsChocolate] {
			c &^= celdaChocolate
		}
		return j.mapa.simbolo(i, c)
	})
	return b.String()
}
