package tad

import (
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Juego es el TAD JUEGO como término de sus generadores:
// nuevoJuego(k, v, r) seguido de los ubicar, en orden. Cada observador se
// calcula por sus axiomas recorriendo el término: el modelo es lento y
// obviamente correcto.
type Juego struct {
	k       int
	v       Variante
	r       []letra.Letra
	jugadas []Ocurrencia // ubicar(…ubicar(nuevoJuego(k, v, r), jugadas[0])…)

	// Palabras calcula ocurrenciasDePalabras: la transcripción literal por
	// omisión ([OcurrenciasDePalabras]), o [OcurrenciasDePalabrasR1], que
	// da lo mismo en tiempo polinomial.
	Palabras func(Tablero) []Ocurrencia
}

// NuevoJuego es nuevoJuego(k, v, r); informa false si no se cumple su
// precondición tamaño(r) ≥ tamañoTablero(v)² + k·#fichas(v) ∧ k > 0.
func NuevoJuego(k int, v Variante, r []letra.Letra) (Juego, bool) {
	n := v.TamanoTablero()
	return Juego{k: k, v: v, r: r, Palabras: OcurrenciasDePalabras}, k > 0 && len(r) >= n*n+k*v.Fichas()
}

// Ubicar es ubicar(j, o). Precondición jugadaVálida?(j, o) (el modelo no la
// verifica).
func (j Juego) Ubicar(o Ocurrencia) Juego {
	j.jugadas = append(slices.Clip(j.jugadas), o)
	return j
}

// previo separa el último generador: j = ubicar(previo, o).
func (j Juego) previo() (Juego, Ocurrencia, bool) {
	if len(j.jugadas) == 0 {
		return j, nil, false
	}
	k := len(j.jugadas) - 1
	p := j
	p.jugadas = j.jugadas[:k]
	return p, j.jugadas[k], true
}

// Variante: variante(nuevoJuego(k, v, r)) ≡ v; variante(ubicar(j, o)) ≡ variante(j).
func (j Juego) Variante() Variante {
	if p, _, ok := j.previo(); ok {
		return p.Variante()
	}
	return j.v
}

// Jugadores: #jugadores(nuevoJuego(k, v, r)) ≡ k; #jugadores(ubicar(j, o)) ≡ #jugadores(j).
func (j Juego) Jugadores() int {
	if p, _, ok := j.previo(); ok {
		return p.Jugadores()
	}
	return j.k
}

// Repositorio: repositorio(nuevoJuego(k, v, r)) ≡ desencolarN(r, k·#fichas(v));
// repositorio(ubicar(j, o)) ≡ desencolarN(repositorio(j), #(o)).
func (j Juego) Repositorio() []letra.Letra {
	if p, o, ok := j.previo(); ok {
		return DesencolarN(p.Repositorio(), len(o))
	}
	return DesencolarN(j.r, j.k*j.v.Fichas())
}

// Tablero: tablero(nuevoJuego(k, v, r)) ≡ nuevoTablero(tamañoTablero(v));
// tablero(ubicar(j, o)) ≡ ponerLetras(tablero(j), o).
func (j Juego) Tablero() Tablero {
	if p, o, ok := j.previo(); ok {
		return p.Tablero().PonerLetras(o)
	}
	return NuevoTablero(j.v.TamanoTablero())
}

// Turno: turno(nuevoJuego(k, v, r)) ≡ 0; turno(ubicar(j, o)) ≡ (turno(j) + 1)
// mód #jugadores(j).
func (j Juego) Turno() int {
	if p, _, ok := j.previo(); ok {
		return (p.Turno() + 1) % p.Jugadores()
	}
	return 0
}

// Fichas: fichas(nuevoJuego(k, v, r), i) ≡ próximosN(desencolarN(r,
// i·#fichas(v)), #fichas(v)); fichas(ubicar(j, o), i) ≡ if i = turno(j) then
// (fichas(j, i) − letrasDeLaOcurrencia(o)) ∪ próximosN(repositorio(j), #(o))
// else fichas(j, i) fi.
func (j Juego) Fichas(i int) map[letra.Letra]int {
	p, o, ok := j.previo()
	if !ok {
		return ProximosN(DesencolarN(j.r, i*j.v.Fichas()), j.v.Fichas())
	}
	if i == p.Turno() {
		return SumaMulticonjunto(RestaMulticonjunto(p.Fichas(i), LetrasDeLaOcurrencia(o)), ProximosN(p.Repositorio(), len(o)))
	}
	return p.Fichas(i)
}

// Puntaje: puntaje(nuevoJuego(k, v, r), i) ≡ 0; puntaje(ubicar(j, o), i) ≡
// (if i = turno(j) then puntajeObtenido(j, o) else 0 fi) + puntaje(j, i).
func (j Juego) Puntaje(i int) int {
	p, o, ok := j.previo()
	if !ok {
		return 0
	}
	if i == p.Turno() {
		return p.PuntajeObtenido(o) + p.Puntaje(i)
	}
	return p.Puntaje(i)
}

// PuntajeObtenido: puntajePalabras(j, t', palabrasUbicadas(
// ocurrenciasDePalabras(t'), o)) donde t' ≡ ponerLetras(tablero(j), o).
func (j Juego) PuntajeObtenido(o Ocurrencia) int {
	t := j.Tablero().PonerLetras(o)
	return j.PuntajePalabras(t, PalabrasUbicadas(j.Palabras(t), o))
}

// PalabrasUbicadas: if vacío?(os) then ∅ else (if esPalabraUbicada?(dameUno(os), o)
// then {dameUno(os)} else ∅ fi) ∪ palabrasUbicadas(sinUno(os), o) fi.
func PalabrasUbicadas(os []Ocurrencia, o Ocurrencia) []Ocurrencia {
	if len(os) == 0 {
		return nil
	}
	resto := PalabrasUbicadas(os[1:], o)
	if EsPalabraUbicada(os[0], o) {
		return append([]Ocurrencia{os[0]}, resto...)
	}
	return resto
}

// EsPalabraUbicada: esPalabraUbicada?(o, o') ≡ ¬vacío?(o ∩ o').
func EsPalabraUbicada(o, o2 Ocurrencia) bool { return len(Interseccion(o, o2)) > 0 }

// PuntajePalabras: if vacío?(os) then 0 else puntajePalabra(j, t, dameUno(os)) +
// puntajePalabras(j, t, sinUno(os)) fi.
func (j Juego) PuntajePalabras(t Tablero, os []Ocurrencia) int {
	if len(os) == 0 {
		return 0
	}
	return j.PuntajePalabra(t, os[0]) + j.PuntajePalabras(t, os[1:])
}

// PuntajePalabra: if vacía?(o) then 0 else puntajeLetra(variante(j),
// π₃(dameUno(o))) + puntajePalabra(j, t, sinUno(o)) fi.
func (j Juego) PuntajePalabra(t Tablero, o Ocurrencia) int {
	if len(o) == 0 {
		return 0
	}
	return j.Variante().PuntajeLetra(o[0].Letra) + j.PuntajePalabra(t, o[1:])
}

// JugadaValida: jugadaVálida?(j, o) ≡ vacío?(o) ∨ (celdasLibres?(tablero(j), o)
// ∧L (algunaIncluyeJugada?(ocurrenciasDePalabras(t'), o) ∧ todasLegítimas?(j,
// ocurrenciasDePalabras(t')))) donde t' ≡ ponerLetras(tablero(j), o).
//
// Es la literal: no mira la mano del jugador (R5 la agrega aparte).
func (j Juego) JugadaValida(o Ocurrencia) bool {
	if len(o) == 0 {
		return true
	}
	if !j.Tablero().CeldasLibres(o) {
		return false
	}
	palabras := j.Palabras(j.Tablero().PonerLetras(o))
	return AlgunaIncluyeJugada(palabras, o) && j.TodasLegitimas(palabras)
}

// AlgunaIncluyeJugada: ¬vacío?(os) ∧L (o ⊆ dameUno(os) ∨
// algunaIncluyeJugada?(sinUno(os), o)).
func AlgunaIncluyeJugada(os []Ocurrencia, o Ocurrencia) bool {
	return len(os) > 0 && (Incluida(o, os[0]) || AlgunaIncluyeJugada(os[1:], o))
}

// TodasLegitimas: vacío?(os) ∨L (palabraLegítima?(variante(j),
// palabraQueFormaLaOcurrencia(dameUno(os))) ∧ todasLegítimas?(j, sinUno(os))).
func (j Juego) TodasLegitimas(os []Ocurrencia) bool {
	return len(os) == 0 ||
		(j.Variante().PalabraLegitima(PalabraQueFormaLaOcurrencia(os[0])) && j.TodasLegitimas(os[1:]))
}

// Tiene es R5: el multiconjunto de letras de o está incluido en la mano del
// jugador en turno. No es parte de jugadaVálida?: las pruebas comparan la
// implementación con JugadaValida(o) ∧ Tiene(o).
func (j Juego) Tiene(o Ocurrencia) bool {
	mano := j.Fichas(j.Turno())
	for l, c := range LetrasDeLaOcurrencia(o) {
		if mano[l] < c {
			return false
		}
	}
	return true
}

// Tiempo es un observador del diseño, no del TAD: la cantidad de ubicar.
func (j Juego) Tiempo() int { return len(j.jugadas) }

// TiempoFicha es un observador del diseño: el tiempo del ubicar que puso una
// ficha en (i, k), o false si ninguno.
func (j Juego) TiempoFicha(i, k int) (int, bool) {
	for t, o := range j.jugadas {
		for _, x := range o {
			if x.Fila == i && x.Columna == k {
				return t, true
			}
		}
	}
	return 0, false
}

// Operaciones de MULTICONJUNTO sobre mapas letra → cantidad.

// RestaMulticonjunto es a − b.
func RestaMulticonjunto(a, b map[letra.Letra]int) map[letra.Letra]int {
	c := map[letra.Letra]int{}
	for l, n := range a {
		if n-b[l] > 0 {
			c[l] = n - b[l]
		}
	}
	return c
}

// SumaMulticonjunto es a ∪ b (suma de multiconjuntos).
func SumaMulticonjunto(a, b map[letra.Letra]int) map[letra.Letra]int {
	c := map[letra.Letra]int{}
	for l, n := range a {
		c[l] += n
	}
	for l, n := range b {
		c[l] += n
	}
	return c
}
