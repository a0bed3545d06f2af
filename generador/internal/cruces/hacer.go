package cruces

import (
	"slices"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/letra"
)

// Hacer y deshacer: el tablero cambia sin pasar por un juego.Juego, para
// las búsquedas que recorren un árbol de jugadas (el final de partida, las
// simulaciones). [Tablero.Poner] pone las fichas de una jugada y recalcula
// los cruces y las anclas solo alrededor de ellas; [Tablero.Quitar] la
// deshace. Cada Poner guarda en una pila los valores que cambia, así que
// deshacer es copiarlos de vuelta, en orden inverso.

// versionesPropias da las versiones de los tableros cambiados con
// [Tablero.Poner]: tienen el bit 63 encendido, así que ningún juego tiene
// una igual (las de juego.Juego cuentan desde 1).
var versionesPropias atomic.Uint64

// Puesta es una ficha que [Tablero.Poner] pone: la celda (fila·N +
// columna), la letra y si es un comodín.
type Puesta struct {
	Pos     uint16
	Letra   letra.Letra
	Comodin bool
}

// guardada es lo que había en la celda P (fila·N + columna) antes de un
// Poner, en las dos direcciones (Pt es la misma celda traspuesta).
type guardada struct {
	p, pt              int32
	cruce0, cruce1     uint64
	cruzada0, cruzada1 int32
	letra              letra.Letra
	comodin            bool
	ancla              bool
}

// marco es lo que un Poner guarda además de las celdas: desde dónde en la
// pila, y lo que no es de una celda.
type marco struct {
	desde     int
	ocupadas  int
	simetrico bool
	version   uint64
}

// Poner pone en el tablero las fichas fs, de una jugada válida en él (las
// celdas deben estar libres y dentro del tablero), y recalcula los cruces
// de las celdas libres en los extremos de las palabras que tocan y las
// anclas de las vecinas: O(m·Lmax·|Σ|) para m fichas, sin reservar memoria
// después de las primeras veces. El tablero deja de ser la copia de un
// juego (el próximo [Tablero.Actualizar] lo copia) hasta que
// [Tablero.Quitar] lo devuelve a como estaba: toma una versión propia
// ([Tablero.Version]), que ningún juego tiene.
//
// Simetrico queda en false, aunque el tablero lo sea (es solo un atajo de
// la búsqueda). [Tablero.Cambiadas] da después las celdas que cambiaron.
func (t *Tablero) Poner(r *Reglas, fs []Puesta) {
	n := t.N
	// Sobre el tablero copiado, los cruces de una jugada ya puesta antes
	// salen de la memoria (las simulaciones ponen cada candidata en cada
	// iteración); con memoria libre, se guardan los que se calculan.
	memo, guardar := -1, false
	if len(t.marcos) == 0 {
		if memo = t.buscarMemo(r, fs); memo < 0 && len(t.memo) < maxMemo {
			desde := int32(len(t.memoFs))
			t.memoFs = append(t.memoFs, fs...)
			c := int32(len(t.memoCruces))
			t.memo = append(t.memo, memoPoner{r: r, fs0: desde, fs1: int32(len(t.memoFs)), c0: c, c1: c})
			memo, guardar = len(t.memo)-1, true
		}
	}
	calculado := 0
	t.marcos = append(t.marcos, marco{desde: len(t.pila), ocupadas: t.Ocupadas, simetrico: t.Simetrico, version: t.version})
	t.version, t.Simetrico = 1<<63|versionesPropias.Add(1), false
	vacio := t.Ocupadas == 0
	t.cambiadas = t.cambiadas[:0]
	for _, f := range fs {
		p := int(f.Pos)
		t.guardar(p)
		t.cambiadas = append(t.cambiadas, p)
		x := f.Letra + 1
		fi, c := p/n, p%n
		t.Letras[0][p], t.Letras[1][c*n+fi] = x, x
		t.Comodin[0][p], t.Comodin[1][c*n+fi] = f.Comodin, f.Comodin
		t.Cruce[0][p], t.Cruce[1][c*n+fi] = 0, 0
		t.Cruzada[0][p], t.Cruzada[1][c*n+fi] = 0, 0
		t.Ocupadas++
	}
	// Los cruces: las celdas libres en los extremos de las corridas que
	// contienen cada ficha nueva, en las dos direcciones. Las anclas: las
	// celdas nuevas y sus vecinas (y el centro, si el tablero estaba vacío).
	//
	// Una celda en un extremo de una corrida horizontal cambia solo su
	// cruce de la dirección 1 (el de las jugadas verticales, que depende de
	// la corrida horizontal que la toca), y una en el extremo de una
	// vertical, solo el de la 0; cada uno se calcula una vez aunque lo
	// alcancen varias fichas de la jugada.
	t.calculados2 = t.calculados2[:0]
	for _, f := range fs {
		fi, c := int(f.Pos)/n, int(f.Pos)%n
		for dir, d := range [2][2]int{{1, 0}, {0, 1}} {
			for _, s := range [2]int{-1, 1} {
				ff, cc := fi+s*d[0], c+s*d[1]
				for t.Ocupada(ff, cc) {
					ff, cc = ff+s*d[0], cc+s*d[1]
				}
				if ff < 0 || ff >= n || cc < 0 || cc >= n {
					continue
				}
				p := ff*n + cc
				clave := int32(2*p + dir)
				if slices.Contains(t.calculados2, clave) {
					continue
				}
				t.calculados2 = append(t.calculados2, clave)
				t.anotar(p)
				var cruce uint64
				var cruzada int
				switch {
				case memo >= 0 && !guardar:
					x := t.memoCruces[int(t.memo[memo].c0)+calculado]
					cruce, cruzada = x.cruce, x.cruzada
				case dir == 0:
					cruce, cruzada = t.cruzar1(r, ff, cc, 1, 0)
				default:
					cruce, cruzada = t.cruzar1(r, ff, cc, 0, 1)
				}
				if guardar {
					t.memoCruces = append(t.memoCruces, cruceMemo{cruce: cruce, cruzada: cruzada})
					t.memo[memo].c1++
				}
				calculado++
				if dir == 0 {
					t.Cruce[0][p], t.Cruzada[0][p] = cruce, cruzada
				} else {
					t.Cruce[1][cc*n+ff], t.Cruzada[1][cc*n+ff] = cruce, cruzada
				}
			}
		}
	}
	if vacio && r.Conexion && t.Letras[0][r.Centro] == 0 {
		t.anotar(r.Centro)
	}
	for _, p := range t.cambiadas {
		fi, c := p/n, p%n
		a := t.anclaDe(r, fi, c)
		t.Ancla[0][p], t.Ancla[1][c*n+fi] = a, a
	}
}

// maxMemo es cuántas jugadas recuerda la memoria de Poner.
const maxMemo = 64

// memoPoner son los cruces que calculó un Poner de las fichas
// Tablero.memoFs[fs0:fs1] con las reglas r sobre el tablero copiado, en el
// orden en que se calculan (Tablero.memoCruces[c0:c1]): con el mismo
// tablero y las mismas fichas, el mismo orden y los mismos valores.
type memoPoner struct {
	r        *Reglas
	fs0, fs1 int32
	c0, c1   int32
}

// cruceMemo es un cruce calculado: el conjunto y la suma de la palabra
// cruzada (ver Tablero.Cruce y Tablero.Cruzada).
type cruceMemo struct {
	cruce   uint64
	cruzada int
}

// buscarMemo devuelve el índice en t.memo de la jugada fs con las reglas
// r, o −1.
func (t *Tablero) buscarMemo(r *Reglas, fs []Puesta) int {
	for i := range t.memo {
		if m := &t.memo[i]; m.r == r && slices.Equal(t.memoFs[m.fs0:m.fs1], fs) {
			return i
		}
	}
	return -1
}

// anotar guarda la celda p y la agrega a las cambiadas, si no estaba.
func (t *Tablero) anotar(p int) {
	for _, q := range t.cambiadas {
		if q == p {
			return
		}
	}
	t.guardar(p)
	t.cambiadas = append(t.cambiadas, p)
}

// guardar apila lo que hay en la celda p.
func (t *Tablero) guardar(p int) {
	n := t.N
	pt := p%n*n + p/n
	t.pila = append(t.pila, guardada{
		p: int32(p), pt: int32(pt),
		cruce0: t.Cruce[0][p], cruce1: t.Cruce[1][pt],
		cruzada0: int32(t.Cruzada[0][p]), cruzada1: int32(t.Cruzada[1][pt]),
		letra: t.Letras[0][p], comodin: t.Comodin[0][p], ancla: t.Ancla[0][p],
	})
}

// Quitar deshace el último [Tablero.Poner] que no se deshizo: el tablero
// vuelve a estar exactamente como antes, también su relación con el juego
// que copiaba. [Tablero.Cambiadas] da después las celdas que cambiaron. No
// hace nada si no hay nada que deshacer.
func (t *Tablero) Quitar() {
	if len(t.marcos) == 0 {
		return
	}
	m := t.marcos[len(t.marcos)-1]
	t.marcos = t.marcos[:len(t.marcos)-1]
	t.cambiadas = t.cambiadas[:0]
	for i := len(t.pila) - 1; i >= m.desde; i-- {
		g := &t.pila[i]
		p, pt := g.p, g.pt
		t.cambiadas = append(t.cambiadas, int(p))
		t.Letras[0][p], t.Letras[1][pt] = g.letra, g.letra
		t.Comodin[0][p], t.Comodin[1][pt] = g.comodin, g.comodin
		t.Cruce[0][p], t.Cruce[1][pt] = g.cruce0, g.cruce1
		t.Cruzada[0][p], t.Cruzada[1][pt] = int(g.cruzada0), int(g.cruzada1)
		t.Ancla[0][p], t.Ancla[1][pt] = g.ancla, g.ancla
	}
	t.pila = t.pila[:m.desde]
	t.Ocupadas, t.Simetrico, t.version = m.ocupadas, m.simetrico, m.version
}

// Version devuelve la versión del tablero: la del juego copiado con
// [Tablero.Actualizar] (0 si ninguno), o una propia después de un
// [Tablero.Poner], distinta de la de todo juego y de todo otro Poner, que
// [Tablero.Quitar] devuelve a la de antes. Quien busca sobre el tablero
// sin un juego detrás da esta versión como la de su fuente, así
// Actualizar no lo vuelve a copiar.
func (t *Tablero) Version() uint64 { return t.version }

// Hechas devuelve cuántos [Tablero.Poner] hay sin deshacer.
func (t *Tablero) Hechas() int { return len(t.marcos) }

// Cambiadas devuelve las celdas (fila·N + columna) que cambiaron en el
// último Poner o Quitar, sin repetir (vale hasta el próximo cambio): las de
// las fichas puestas o quitadas y las libres cuyos cruces o anclas
// cambiaron.
func (t *Tablero) Cambiadas() []int { return t.cambiadas }

// anclaDe dice si la celda (f, c) es un ancla (ver anclar).
func (t *Tablero) anclaDe(r *Reglas, f, c int) bool {
	p := f*t.N + c
	if t.Letras[0][p] != 0 {
		return false
	}
	if !r.Conexion {
		return true
	}
	if t.Ocupadas == 0 {
		return p == r.Centro
	}
	return t.Ocupada(f-1, c) || t.Ocupada(f+1, c) || t.Ocupada(f, c-1) || t.Ocupada(f, c+1)
}
