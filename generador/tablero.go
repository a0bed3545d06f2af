package generador

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

// tablero es la copia del tablero de un juego que usa la búsqueda, con los
// conjuntos cruzados de cada celda libre, en las dos direcciones: en la
// dirección 0 (jugadas horizontales) la celda k de la línea i es la fila i,
// columna k; en la 1 (verticales), la fila k, columna i. Así la búsqueda
// recorre siempre una línea con paso 1.
type tablero struct {
	n        int
	juego    *juego.Juego // el juego copiado, nil si ninguno
	tiempo   int          // su tiempo al copiarlo
	ocupadas int

	letras  [2][]letra.Letra // letra+1 de cada celda, 0 si está libre
	comodin [2][]bool
	// cruce: las letras que pueden ir en la celda libre según la palabra
	// perpendicular a la jugada (todo el alfabeto si no forma ninguna);
	// cruzada: la suma de los valores de las otras letras de esa palabra, o
	// −1 si no hay palabra perpendicular.
	cruce   [2][]uint64
	cruzada [2][]int
	ancla   [2][]bool // celdas de donde parte la búsqueda
	// simetrico: las fichas no cambian al trasponer el tablero (fila por
	// columna); entonces tampoco cambian las anclas ni los cruces.
	simetrico bool

	cambiadas []int // celdas (fila·N + columna) que cambiaron desde la última copia

	// celdas: lo mismo, junto por celda para la búsqueda, que lee todo lo
	// de una celda de una vez (una línea de caché en lugar de siete
	// arreglos).
	celdas [2][]celda
}

// celda es lo que la búsqueda sabe de una celda en una dirección.
type celda struct {
	cruce   uint64 // el conjunto cruzado (celda libre)
	cruzada int    // la suma de la palabra cruzada, −1 si no hay
	letra   letra.Letra
	comodin bool
	ancla   bool
	lm, wm  uint8 // premios de letra y de palabra
}

func (t *tablero) iniciar(n int) {
	t.n = n
	for d := range 2 {
		t.letras[d] = make([]letra.Letra, n*n)
		t.comodin[d] = make([]bool, n*n)
		t.cruce[d] = make([]uint64, n*n)
		t.cruzada[d] = make([]int, n*n)
		t.ancla[d] = make([]bool, n*n)
		t.celdas[d] = make([]celda, n*n)
	}
}

// actualizar copia el tablero de j si cambió desde la última vez. Si es el
// mismo juego, más adelante, solo recalcula los conjuntos cruzados de las
// celdas libres vecinas de las palabras que tocan las fichas nuevas; si es
// otro, todos.
func (t *tablero) actualizar(g *Generador, j *juego.Juego) {
	if t.juego == j && t.tiempo == j.Tiempo() {
		return
	}
	n := t.n
	todo := t.juego != j || j.Tiempo() < t.tiempo
	t.juego, t.tiempo = j, j.Tiempo()
	t.cambiadas = t.cambiadas[:0]
	t.ocupadas = 0
	for f := range n {
		for c := range n {
			l, ok := j.Letra(f, c)
			var x letra.Letra
			if ok {
				x = l + 1
				t.ocupadas++
			}
			comodin := ok && j.EsComodin(f, c)
			if x != t.letras[0][f*n+c] || comodin != t.comodin[0][f*n+c] {
				t.cambiadas = append(t.cambiadas, f*n+c)
				t.letras[0][f*n+c], t.letras[1][c*n+f] = x, x
				t.comodin[0][f*n+c], t.comodin[1][c*n+f] = comodin, comodin
			}
		}
	}
	if todo {
		for p := range n * n {
			t.cruzar(g, p/n, p%n)
		}
	} else {
		// Una ficha nueva cambia los cruces de las celdas libres en los
		// extremos de las corridas que la contienen, en las dos direcciones.
		for _, p := range t.cambiadas {
			f, c := p/n, p%n
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				for _, s := range [2]int{-1, 1} {
					ff, cc := f, c
					for t.ocupada(ff, cc) {
						ff, cc = ff+s*d[0], cc+s*d[1]
					}
					if ff >= 0 && ff < n && cc >= 0 && cc < n {
						t.cruzar(g, ff, cc)
					}
				}
			}
		}
	}
	t.anclar(g)
}

func (t *tablero) ocupada(f, c int) bool {
	return f >= 0 && f < t.n && c >= 0 && c < t.n && t.letras[0][f*t.n+c] != 0
}

// anclar marca las celdas de donde parte la búsqueda. Con las reglas de la
// especificación, todas las libres: una jugada puede estar en cualquier
// parte. Con la regla de conexión, las libres vecinas de una ficha, o el
// centro si el tablero está vacío.
func (t *tablero) anclar(g *Generador) {
	n := t.n
	for f := range n {
		for c := range n {
			p := f*n + c
			a := t.letras[0][p] == 0
			if a && g.conexion {
				if t.ocupadas == 0 {
					a = p == g.centro
				} else {
					a = t.ocupada(f-1, c) || t.ocupada(f+1, c) || t.ocupada(f, c-1) || t.ocupada(f, c+1)
				}
			}
			t.ancla[0][p], t.ancla[1][c*n+f] = a, a
		}
	}
	for d := range 2 {
		for p := range n * n {
			t.celdas[d][p] = celda{
				cruce: t.cruce[d][p], cruzada: t.cruzada[d][p],
				letra: t.letras[d][p], comodin: t.comodin[d][p], ancla: t.ancla[d][p],
				lm: uint8(g.porLetra[d][p]), wm: uint8(g.porPalabra[d][p]),
			}
		}
	}
	t.simetrico = true
	for p := range n * n {
		if t.letras[0][p] != t.letras[1][p] || t.comodin[0][p] != t.comodin[1][p] {
			t.simetrico = false
			break
		}
	}
}

// cruzar calcula los conjuntos cruzados de la celda (f, c) en las dos
// direcciones.
func (t *tablero) cruzar(g *Generador, f, c int) {
	n := t.n
	if t.letras[0][f*n+c] != 0 {
		return
	}
	t.cruce[0][f*n+c], t.cruzada[0][f*n+c] = t.cruzar1(g, f, c, 1, 0)
	t.cruce[1][c*n+f], t.cruzada[1][c*n+f] = t.cruzar1(g, f, c, 0, 1)
}

// cruzar1 devuelve las letras que pueden ir en la celda libre (f, c) según
// la corrida de fichas que la atraviesa en la dirección (df, dc), y la suma
// de los valores de esas fichas (−1 si no hay ninguna).
func (t *tablero) cruzar1(g *Generador, f, c, df, dc int) (uint64, int) {
	antes, despues := 0, 0
	for t.ocupada(f-(antes+1)*df, c-(antes+1)*dc) {
		antes++
	}
	for t.ocupada(f+(despues+1)*df, c+(despues+1)*dc) {
		despues++
	}
	if antes == 0 && despues == 0 {
		return g.letras, -1
	}
	n := t.n
	suma := 0
	valor := func(k int) (letra.Letra, int) {
		p := (f+k*df)*n + c + k*dc
		l := t.letras[0][p] - 1
		if t.comodin[0][p] {
			return l, 0
		}
		return l, g.valor[l]
	}
	dawg := g.gaddag.DAWG()
	nodo, ok := g.lexico, true
	for k := -antes; k < 0; k++ {
		l, v := valor(k)
		suma += v
		if ok {
			nodo, ok = dawg.Hijo(nodo, l)
		}
	}
	for k := 1; k <= despues; k++ {
		_, v := valor(k)
		suma += v
	}
	if !ok {
		return 0, suma
	}
	var permitidas uint64
	for s := uint64(dawg.Salidas(nodo)) & g.letras; s != 0; s &= s - 1 {
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
