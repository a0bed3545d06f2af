// Package cruces guarda la copia del tablero de un juego que usan los
// generadores de jugadas (el GADDAG de generador y los métodos por
// intervalos de generador/anagramas y generador/internas), con los
// conjuntos cruzados de cada celda libre en las dos direcciones, y la
// actualiza solo donde hubo jugadas nuevas.
package cruces

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// Reglas es lo que el tablero necesita saber de la variante para calcular
// los cruces y las anclas.
type Reglas struct {
	Lexico   *trie.DAWG
	Letras   uint64 // el alfabeto
	Valor    [letra.MaxLetras]int
	Conexion bool
	Centro   int // fila·N + columna
	// Arcos y RaizArcos: la vista de arcos del GADDAG del léxico y su
	// estado inicial (la parte invertida), si ConArcos; con ellos, un cruce
	// con más fichas después de la celda que antes se calcula leyendo las
	// de después al revés una vez (cruzarArcos), en lugar de probar cada
	// letra del alfabeto con el DAWG.
	Arcos     arcos.Arcos
	RaizArcos uint32
	ConArcos  bool
}

// Tablero es la copia del tablero de un juego, con los conjuntos cruzados
// de cada celda libre, en las dos direcciones: en la dirección 0 (jugadas
// horizontales) la celda k de la línea i es la fila i, columna k; en la 1
// (verticales), la fila k, columna i. Así la búsqueda recorre siempre una
// línea con paso 1.
type Tablero struct {
	N       int
	version uint64 // la del tablero copiado (Fuente.VersionTablero), 0 si ninguno
	// calculados: los cruces y las anclas son los de Letras (no lo son
	// recién iniciado, con todo en cero).
	calculados bool
	Ocupadas   int

	Letras  [2][]letra.Letra // letra+1 de cada celda, 0 si está libre
	Comodin [2][]bool
	// Cruce: las letras que pueden ir en la celda libre según la palabra
	// perpendicular a la jugada (todo el alfabeto si no forma ninguna);
	// Cruzada: la suma de los valores de las otras letras de esa palabra, o
	// −1 si no hay palabra perpendicular.
	Cruce   [2][]uint64
	Cruzada [2][]int
	Ancla   [2][]bool // celdas de donde parte la búsqueda
	// Simetrico: las fichas no cambian al trasponer el tablero (fila por
	// columna); entonces tampoco cambian las anclas ni los cruces.
	Simetrico bool

	cambiadas []int // celdas (fila·N + columna) que cambiaron desde la última copia

	// Lo que deshace Quitar (hacer.go): las celdas que cambió cada Poner.
	pila   []guardada
	marcos []marco
	// calculados2: los cruces que ya calculó el Poner en curso (2·celda +
	// dirección).
	calculados2 []int32
	// memo: los cruces que calcularon los Poner sobre el tablero copiado
	// (sin Poner por deshacer), por jugada (ver memoPoner); se vacía cuando
	// el tablero copiado cambia. memoFs y memoCruces: las fichas y los
	// cruces de todas, seguidos.
	memo       []memoPoner
	memoFs     []Puesta
	memoCruces []cruceMemo
}

// Iniciar prepara un tablero vacío de n×n.
func (t *Tablero) Iniciar(n int) {
	t.N, t.version, t.calculados = n, 0, false
	t.memo, t.memoFs, t.memoCruces = t.memo[:0], t.memoFs[:0], t.memoCruces[:0]
	for d := range 2 {
		t.Letras[d] = make([]letra.Letra, n*n)
		t.Comodin[d] = make([]bool, n*n)
		t.Cruce[d] = make([]uint64, n*n)
		t.Cruzada[d] = make([]int, n*n)
		t.Ancla[d] = make([]bool, n*n)
	}
}

// Fuente es de donde se copia un tablero: sus celdas y su versión, que
// cambia cuando cambia el tablero (juego.Juego.VersionTablero; 0 es sin
// versión: se mira cada vez).
type Fuente interface {
	Letra(fila, columna int) (letra.Letra, bool)
	EsComodin(fila, columna int) bool
	VersionTablero() uint64
}

// Actualizar copia el tablero de j si cambió desde la última vez (si tiene
// otra versión; sin versión, siempre). Si solo se agregaron fichas, solo
// recalcula los conjuntos cruzados de las celdas libres vecinas de las
// palabras que tocan las fichas nuevas; si alguna celda se vació, todos.
// Informa si el tablero cambió.
func (t *Tablero) Actualizar(r *Reglas, j Fuente) bool {
	version := j.VersionTablero()
	if version != 0 && t.version == version {
		return false
	}
	n := t.N
	t.memo, t.memoFs, t.memoCruces = t.memo[:0], t.memoFs[:0], t.memoCruces[:0]
	todo := !t.calculados
	t.calculados = true
	t.pila, t.marcos = t.pila[:0], t.marcos[:0]
	t.version = version
	t.cambiadas = t.cambiadas[:0]
	t.Ocupadas = 0
	for f := range n {
		for c := range n {
			l, ok := j.Letra(f, c)
			var x letra.Letra
			if ok {
				x = l + 1
				t.Ocupadas++
			}
			comodin := ok && j.EsComodin(f, c)
			if x != t.Letras[0][f*n+c] || comodin != t.Comodin[0][f*n+c] {
				t.cambiadas = append(t.cambiadas, f*n+c)
				t.Letras[0][f*n+c], t.Letras[1][c*n+f] = x, x
				t.Comodin[0][f*n+c], t.Comodin[1][c*n+f] = comodin, comodin
			}
		}
	}
	if len(t.cambiadas) == 0 && !todo {
		return false
	}
	if todo {
		for p := range n * n {
			t.cruzar(r, p/n, p%n)
		}
	} else {
		// Una celda que cambia, en cada dirección, cambia los cruces de las
		// celdas libres en los extremos de las corridas de fichas que la
		// tocan: si se ocupó, los de la corrida que ahora la contiene; si se
		// vació, los de las dos corridas en que partió a la que la contenía
		// (los mismos extremos de afuera, y ella misma, ahora libre).
		for _, p := range t.cambiadas {
			f, c := p/n, p%n
			t.cruzar(r, f, c)
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				for _, s := range [2]int{-1, 1} {
					ff, cc := f+s*d[0], c+s*d[1]
					for t.Ocupada(ff, cc) {
						ff, cc = ff+s*d[0], cc+s*d[1]
					}
					if ff >= 0 && ff < n && cc >= 0 && cc < n {
						t.cruzar(r, ff, cc)
					}
				}
			}
		}
	}
	t.anclar(r)
	return true
}

// Cargar pone en el tablero las letras dadas (letra+1 por celda, fila·N +
// columna; 0 si está libre), sin comodines ni un juego detrás, y calcula
// todos los cruces: sirve para posiciones que no salen de una partida.
func (t *Tablero) Cargar(r *Reglas, letras []letra.Letra) {
	n := t.N
	t.version, t.Ocupadas, t.calculados = 0, 0, true
	t.pila, t.marcos = t.pila[:0], t.marcos[:0]
	t.memo, t.memoFs, t.memoCruces = t.memo[:0], t.memoFs[:0], t.memoCruces[:0]
	for p := range n * n {
		x := letras[p]
		t.Letras[0][p], t.Letras[1][p%n*n+p/n] = x, x
		t.Comodin[0][p], t.Comodin[1][p] = false, false
		if x != 0 {
			t.Ocupadas++
		}
	}
	for p := range n * n {
		t.cruzar(r, p/n, p%n)
	}
	t.anclar(r)
}

// Ocupada informa si la celda (f, c) está en el tablero y tiene una ficha.
func (t *Tablero) Ocupada(f, c int) bool {
	return f >= 0 && f < t.N && c >= 0 && c < t.N && t.Letras[0][f*t.N+c] != 0
}

// anclar marca las celdas de donde parte la búsqueda. Con las reglas de la
// especificación, todas las libres: una jugada puede estar en cualquier
// parte. Con la regla de conexión, las libres vecinas de una ficha, o el
// centro si el tablero está vacío.
func (t *Tablero) anclar(r *Reglas) {
	n := t.N
	for f := range n {
		for c := range n {
			p := f*n + c
			a := t.Letras[0][p] == 0
			if a && r.Conexion {
				if t.Ocupadas == 0 {
					a = p == r.Centro
				} else {
					a = t.Ocupada(f-1, c) || t.Ocupada(f+1, c) || t.Ocupada(f, c-1) || t.Ocupada(f, c+1)
				}
			}
			t.Ancla[0][p], t.Ancla[1][c*n+f] = a, a
		}
	}
	t.Simetrico = true
	for p := range n * n {
		if t.Letras[0][p] != t.Letras[1][p] || t.Comodin[0][p] != t.Comodin[1][p] {
			t.Simetrico = false
			break
		}
	}
}

// cruzar calcula los conjuntos cruzados de la celda (f, c) en las dos
// direcciones.
func (t *Tablero) cruzar(r *Reglas, f, c int) {
	n := t.N
	if t.Letras[0][f*n+c] != 0 {
		return
	}
	t.Cruce[0][f*n+c], t.Cruzada[0][f*n+c] = t.cruzar1(r, f, c, 1, 0)
	t.Cruce[1][c*n+f], t.Cruzada[1][c*n+f] = t.cruzar1(r, f, c, 0, 1)
}

// cruzar1 devuelve las letras que pueden ir en la celda libre (f, c) según
// la corrida de fichas que la atraviesa en la dirección (df, dc), y la suma
// de los valores de esas fichas (−1 si no hay ninguna).
func (t *Tablero) cruzar1(r *Reglas, f, c, df, dc int) (uint64, int) {
	antes, despues := 0, 0
	for t.Ocupada(f-(antes+1)*df, c-(antes+1)*dc) {
		antes++
	}
	for t.Ocupada(f+(despues+1)*df, c+(despues+1)*dc) {
		despues++
	}
	if antes == 0 && despues == 0 {
		return r.Letras, -1
	}
	n := t.N
	suma := 0
	valor := func(k int) (letra.Letra, int) {
		p := (f+k*df)*n + c + k*dc
		l := t.Letras[0][p] - 1
		if t.Comodin[0][p] {
			return l, 0
		}
		return l, r.Valor[l]
	}
	for k := -antes; k <= despues; k++ {
		if k != 0 {
			_, v := valor(k)
			suma += v
		}
	}
	if r.ConArcos && antes <= despues {
		return t.cruzarArcos(r, f, c, df, dc, antes, despues), suma
	}
	dawg := r.Lexico
	nodo, ok := dawg.Raiz(), true
	for k := -antes; k < 0 && ok; k++ {
		l, _ := valor(k)
		nodo, ok = dawg.Hijo(nodo, l)
	}
	if !ok {
		return 0, suma
	}
	var permitidas uint64
	if despues == 0 {
		// La celda termina la palabra: las letras cuyos destinos son
		// finales, de los arcos seguidos de nodo.
		for x, h := range dawg.Hijos(nodo) {
			if dawg.EsFinal(h) {
				permitidas |= 1 << x
			}
		}
		return permitidas & r.Letras, suma
	}
	for s := uint64(dawg.Salidas(nodo)) & r.Letras; s != 0; s &= s - 1 {
		x := letra.Letra(bits.TrailingZeros64(s))
		h, _ := dawg.Hijo(nodo, x)
		ok := true
		for k := 1; k <= despues && ok; k++ {
			l, _ := valor(k)
			h, ok = dawg.Hijo(h, l)
		}
		if ok && dawg.EsFinal(h) {
			permitidas |= 1 << x
		}
	}
	return permitidas, suma
}

// cruzarArcos es el cruce de cruzar1 con el GADDAG (Reglas.Arcos): las
// letras x tales que antes·x·después es una palabra en la celda libre
// (f, c) y la dirección (df, dc), con antes y despues fichas seguidas a
// cada lado. En el GADDAG, la palabra leída al revés desde su última letra
// (sin el separador) termina en un arco que acepta: se leen una vez las
// fichas de después al revés, y para cada x que sale de ahí, las de antes
// al revés (ninguna, si la celda empieza la palabra: entonces basta el bit
// de aceptación de cada arco). Cuesta despues + |salidas|·antes lecturas
// del autómata, contra antes + |salidas|·(despues+1) con el DAWG.
func (t *Tablero) cruzarArcos(r *Reglas, f, c, df, dc, antes, despues int) uint64 {
	n := t.N
	letraEn := func(k int) letra.Letra { return t.Letras[0][(f+k*df)*n+c+k*dc] - 1 }
	a := r.Arcos
	nodo := r.RaizArcos
	for k := despues; k >= 1; k-- {
		l := letraEn(k)
		m := a.Salidas(nodo)
		bit := uint64(1) << l
		if m&bit == 0 {
			return 0
		}
		e := a.En(nodo + 1 + uint32(m>>63) + uint32(bits.OnesCount64(m&(bit-1))))
		nodo = uint32(e) >> arcos.DesplHijo
	}
	m := a.Salidas(nodo)
	primero := nodo + 1 + uint32(m>>63)
	var permitidas uint64
	for s := m & r.Letras; s != 0; s &= s - 1 {
		x := bits.TrailingZeros64(s)
		e := a.En(primero + uint32(bits.OnesCount64(m&(1<<x-1))))
		if antes == 0 {
			if uint32(e)&arcos.BitAcepta != 0 {
				permitidas |= 1 << x
			}
			continue
		}
		h := uint32(e) >> arcos.DesplHijo
		for k := -1; ; k-- {
			l := letraEn(k)
			mh := a.Salidas(h)
			bit := uint64(1) << l
			if mh&bit == 0 {
				break
			}
			eh := a.En(h + 1 + uint32(mh>>63) + uint32(bits.OnesCount64(mh&(bit-1))))
			if k == -antes {
				if uint32(eh)&arcos.BitAcepta != 0 {
					permitidas |= 1 << x
				}
				break
			}
			h = uint32(eh) >> arcos.DesplHijo
		}
	}
	return permitidas
}
