package final

import (
	"errors"
	"slices"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// El léxico podado: en un final, las únicas palabras que pueden formarse
// están en una línea del tablero y tienen las letras que ya están en esa
// línea más algunas de las fichas que quedan (las de las dos manos). Son
// pocas miles de las cientos de miles del léxico, y con ellas el generador
// y los cruces trabajan mucho menos. La poda es exacta: toda jugada del
// final forma solo palabras de este léxico.
//
// Se juntan (1) las que pasan por fichas del tablero: desde la última
// ficha de cada tramo de cada línea, con el GADDAG, hacia la izquierda
// hasta el tramo anterior y después hacia la derecha, con las fichas que
// quedan en las celdas libres; y (2) las que se arman solo con las fichas
// que quedan, hasta el largo del mayor hueco de una línea que no toca
// ninguna ficha.

// podador junta las palabras posibles.
type podador struct {
	g       *trie.GADDAG
	n       int
	linea   []letra.Letra // letra+1 de cada celda de la línea, 0 libre
	pal     []letra.Letra // la palabra en curso, por celda
	cant    [letra.MaxLetras]int
	blancos int
	letras  letra.Conjunto // las del alfabeto: las que puede ser un comodín
	vistas  map[string]struct{}
	lista   [][]letra.Letra
	// parar, si no es nil y da true, corta la búsqueda (se mira cada tantos pasos);
	// cortado dice si se cortó.
	parar   func() bool
	pasos   int
	cortado bool
}

// errCortado: el plazo cortó la poda del léxico.
var errCortado = errors.New("final: la poda del léxico se cortó")

// palabrasPosibles devuelve las palabras de v que pueden formarse de aquí
// al fin de la partida en el tablero de j con las fichas de quedan (las
// que no están en el tablero; los comodines como letra.Comodin).
// Si parar se pone en true antes de terminar, devuelve errCortado.
func palabrasPosibles(v *variante.Variante, j *juego.Juego, quedan letra.Multiconjunto, parar func() bool) ([][]letra.Letra, error) {
	g, err := generador.GADDAGDe(v)
	if err != nil {
		return nil, err
	}
	n := v.TamanoTablero()
	p := &podador{g: g, n: n, linea: make([]letra.Letra, n), pal: make([]letra.Letra, n), vistas: map[string]struct{}{}, parar: parar}
	for l := range quedan.Todas() {
		if l == letra.Comodin {
			p.blancos++
		} else {
			p.cant[l]++
		}
	}
	for l := range v.Alfabeto().Tamano() {
		p.letras = p.letras.Con(letra.Letra(l))
	}
	hueco := 0
	for d := range 2 {
		for i := range n {
			for k := range n {
				f, c := i, k
				if d == 1 {
					f, c = k, i
				}
				x, ok := j.Letra(f, c)
				p.linea[k] = 0
				if ok {
					p.linea[k] = x + 1
				}
			}
			hueco = max(hueco, p.huecoLibre())
			p.deLinea()
		}
	}
	p.sinTablero(g.DAWG(), g.DAWG().Raiz(), 0, hueco)
	if p.cortado {
		return nil, errCortado
	}
	return p.lista, nil
}

// huecoLibre devuelve el largo del mayor tramo de celdas libres de la
// línea que no toca ninguna ficha de ella.
func (p *podador) huecoLibre() int {
	mejor, actual := 0, 0
	for k := range p.n {
		if p.linea[k] == 0 {
			actual++
			continue
		}
		mejor = max(mejor, actual-1) // la última toca la ficha
		actual = -1                  // y la primera después también
	}
	return max(mejor, actual)
}

func (p *podador) anotar(desde, hasta int) {
	w := p.pal[desde : hasta+1]
	clave := string(w)
	if _, ok := p.vistas[clave]; ok {
		return
	}
	p.vistas[clave] = struct{}{}
	p.lista = append(p.lista, slices.Clone(w))
}

// deLinea junta las palabras que pasan por fichas de la línea en curso.
func (p *podador) deLinea() {
	n := p.linea
	tope := 0 // la celda más a la izquierda que puede usar una palabra
	for k := 0; k < p.n; k++ {
		if n[k] == 0 {
			continue
		}
		s := k
		for k+1 < p.n && n[k+1] != 0 {
			k++
		}
		// El tramo es s…k: se lee de k hacia la izquierda.
		nodo, ok := p.g.Raiz(), true
		for q := k; q >= s && ok; q-- {
			nodo, ok = p.g.Hijo(nodo, n[q]-1)
			p.pal[q] = n[q] - 1
		}
		if ok {
			p.izquierda(s, k, tope, nodo, 0)
		}
		tope = k + 2
	}
}

// izquierda sigue la palabra hacia la izquierda: ya leyó de la celda fin
// hasta la celda ini, con el estado nodo; puestas son las fichas puestas.
func (p *podador) izquierda(ini, fin, tope int, nodo trie.Nodo, puestas int) {
	if ini == 0 || p.linea[ini-1] == 0 {
		if giro, ok := p.g.Giro(nodo); ok {
			if puestas > 0 && p.g.EsFinal(giro) && (fin+1 == p.n || p.linea[fin+1] == 0) {
				p.anotar(ini, fin)
			}
			p.derecha(ini, fin+1, giro, puestas)
		}
	}
	if ini-1 < tope {
		return
	}
	p.probar(p.g.Salidas(nodo), func(x letra.Letra) {
		if h, ok := p.g.Hijo(nodo, x); ok {
			p.pal[ini-1] = x
			p.izquierda(ini-1, fin, tope, h, puestas+1)
		}
	})
}

// derecha sigue la palabra que empieza en ini hacia la derecha desde la
// celda q, con el estado nodo del DAWG.
func (p *podador) derecha(ini, q int, nodo trie.Nodo, puestas int) {
	if q >= p.n {
		return
	}
	fin := q+1 == p.n || p.linea[q+1] == 0
	if x := p.linea[q]; x != 0 {
		h, ok := p.g.Hijo(nodo, x-1)
		if !ok {
			return
		}
		p.pal[q] = x - 1
		if puestas > 0 && fin && p.g.EsFinal(h) {
			p.anotar(ini, q)
		}
		p.derecha(ini, q+1, h, puestas)
		return
	}
	p.probar(p.g.Salidas(nodo), func(x letra.Letra) {
		if h, ok := p.g.Hijo(nodo, x); ok {
			p.pal[q] = x
			if fin && p.g.EsFinal(h) {
				p.anotar(ini, q)
			}
			p.derecha(ini, q+1, h, puestas+1)
		}
	})
}

// probar llama a f con cada letra de salidas que las fichas que quedan
// pueden poner, sacándola mientras dura la llamada (una ficha de la letra,
// o un comodín si no hay).
func (p *podador) probar(salidas letra.Conjunto, f func(letra.Letra)) {
	if p.pasos++; p.pasos&255 == 0 && p.parar != nil && p.parar() {
		p.cortado = true
	}
	if p.cortado {
		return
	}
	if p.blancos == 0 {
		salidas &= p.disponibles()
	}
	for x := range (salidas & p.letras).Todas() {
		switch {
		case p.cant[x] > 0:
			p.cant[x]--
			f(x)
			p.cant[x]++
		case p.blancos > 0:
			p.blancos--
			f(x)
			p.blancos++
		}
	}
}

func (p *podador) disponibles() letra.Conjunto {
	var c letra.Conjunto
	for x, k := range p.cant {
		if k > 0 {
			c = c.Con(letra.Letra(x))
		}
	}
	return c
}

// sinTablero junta las palabras de hasta max letras que se arman solo con
// las fichas que quedan, desde el estado nodo del DAWG d con largo letras
// ya puestas en p.pal.
func (p *podador) sinTablero(d *trie.DAWG, nodo trie.Nodo, largo, tope int) {
	if largo > 0 && d.EsFinal(nodo) {
		p.anotar(0, largo-1)
	}
	if largo == tope || largo == len(p.pal) {
		return
	}
	p.probar(d.Salidas(nodo), func(x letra.Letra) {
		if h, ok := d.Hijo(nodo, x); ok {
			p.pal[largo] = x
			p.sinTablero(d, h, largo+1, tope)
		}
	})
}

// variantePodada devuelve v con el léxico podado para el final de j con
// las fichas quedan, o v misma si no hay ninguna palabra posible.
func variantePodada(v *variante.Variante, j *juego.Juego, quedan letra.Multiconjunto, parar func() bool) (*variante.Variante, error) {
	palabras, err := palabrasPosibles(v, j, quedan, parar)
	if err != nil || len(palabras) == 0 {
		return v, err
	}
	lex, err := trie.NuevoDAWG(palabras)
	if err != nil {
		return nil, err
	}
	puntajes := map[letra.Letra]int{}
	for l := range v.Alfabeto().Tamano() {
		puntajes[letra.Letra(l)] = v.PuntajeLetra(letra.Letra(l))
	}
	op := v.Opciones()
	op.Distribucion = nil
	return variante.Nueva(v.Alfabeto(), v.TamanoTablero(), v.Fichas(), puntajes, lex, op)
}
