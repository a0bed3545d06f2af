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
	blanco  []bool        // si la letra de cada celda de pal la pone un comodín
	cant    [letra.MaxLetras]int
	blancos int
	letras  letra.Conjunto // las del alfabeto: las que puede ser un comodín
	vistas  map[string]struct{}
	lista   [][]letra.Letra
	// colocables son las letras que alguna palabra de la lista pone con
	// una ficha (no un comodín) en una celda libre (ver atascadas).
	colocables letra.Conjunto
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
// También devuelve las letras que esas palabras pueden poner con una ficha
// (con letra.Comodin si hay alguna palabra: un comodín puede ser cualquier
// letra de una).
func palabrasPosibles(v *variante.Variante, j *juego.Juego, quedan letra.Multiconjunto, parar func() bool) ([][]letra.Letra, letra.Conjunto, error) {
	g, err := generador.GADDAGDe(v)
	if err != nil {
		return nil, 0, err
	}
	n := v.TamanoTablero()
	p := &podador{g: g, n: n, linea: make([]letra.Letra, n), pal: make([]letra.Letra, n), blanco: make([]bool, n), vistas: map[string]struct{}{}, parar: parar}
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
		return nil, 0, errCortado
	}
	if len(p.lista) > 0 {
		p.colocables = p.colocables.Con(letra.Comodin)
	}
	return p.lista, p.colocables, nil
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

// anotar agrega a la lista la palabra de pal[desde…hasta]; conTablero
// dice si pal son celdas de la línea en curso (las ocupadas no las pone la
// palabra) o solo fichas que quedan.
func (p *podador) anotar(desde, hasta int, conTablero bool) {
	for k := desde; k <= hasta; k++ {
		if !p.blanco[k] && (!conTablero || p.linea[k] == 0) {
			p.colocables = p.colocables.Con(p.pal[k])
		}
	}
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
			p.pal[q], p.blanco[q] = n[q]-1, false
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
				p.anotar(ini, fin, true)
			}
			p.derecha(ini, fin+1, giro, puestas)
		}
	}
	if ini-1 < tope {
		return
	}
	p.probar(p.g.Salidas(nodo), func(x letra.Letra, blanco bool) {
		if h, ok := p.g.Hijo(nodo, x); ok {
			p.pal[ini-1], p.blanco[ini-1] = x, blanco
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
		p.pal[q], p.blanco[q] = x-1, false
		if puestas > 0 && fin && p.g.EsFinal(h) {
			p.anotar(ini, q, true)
		}
		p.derecha(ini, q+1, h, puestas)
		return
	}
	p.probar(p.g.Salidas(nodo), func(x letra.Letra, blanco bool) {
		if h, ok := p.g.Hijo(nodo, x); ok {
			p.pal[q], p.blanco[q] = x, blanco
			if fin && p.g.EsFinal(h) {
				p.anotar(ini, q, true)
			}
			p.derecha(ini, q+1, h, puestas+1)
		}
	})
}

// probar llama a f con cada letra de salidas que las fichas que quedan
// pueden poner, sacándola mientras dura la llamada (una ficha de la letra,
// o un comodín si no hay: blanco).
func (p *podador) probar(salidas letra.Conjunto, f func(x letra.Letra, blanco bool)) {
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
			f(x, false)
			p.cant[x]++
		case p.blancos > 0:
			p.blancos--
			f(x, true)
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
		p.anotar(0, largo-1, false)
	}
	if largo == tope || largo == len(p.pal) {
		return
	}
	p.probar(d.Salidas(nodo), func(x letra.Letra, blanco bool) {
		if h, ok := d.Hijo(nodo, x); ok {
			p.pal[largo], p.blanco[largo] = x, blanco
			p.sinTablero(d, h, largo+1, tope)
		}
	})
}

// podado es el léxico podado de un final (v, o la variante entera si no
// se pudo podar) y las letras que sus palabras pueden poner con una ficha
// de las que quedan (colocables; letra.Comodin si un comodín puede ir en
// alguna). Una ficha de una letra que no está en colocables no sale de su
// mano hasta el fin de la partida: está atascada (ver atascadas). Sin
// conocidas no se sabe cuáles: ninguna se da por atascada.
type podado struct {
	v          *variante.Variante
	colocables letra.Conjunto
	palabras   [][]letra.Letra // las palabras posibles
	conocidas  bool
}

// maxFichasVaciables es la mano más grande de la que se buscan las
// sub-manos que una jugada puede vaciar (ver podado.vaciables): 2^n
// sub-manos.
const maxFichasVaciables = 10

// vaciables llama a anotar con cada sub-mano no vacía de m (sus fichas de
// cada letra, en cant, en el orden de letras; letra.Comodin son los
// comodines) con la que una sola jugada podría dejar la mano vacía: toda
// ficha de una jugada queda en su palabra principal, así que las letras
// de la sub-mano (un comodín, cualquiera) deben caber en una palabra
// posible, y cada letra, ponerse con una ficha (estar en colocables; ver
// podado). Es una condición necesaria: con las demás sub-manos ninguna
// jugada vacía la mano en lo que queda del final. Devuelve false (sin
// llamar a anotar) si no se sabe: sin palabras conocidas o con más de
// maxFichasVaciables fichas.
func (pd *podado) vaciables(m letra.Multiconjunto, anotar func(letras []letra.Letra, cant []int)) bool {
	if pd == nil || !pd.conocidas || m.Tamano() > maxFichasVaciables {
		return false
	}
	letras := m.Soporte()
	var distintas []letra.Letra // sin el comodín
	for l := range letras.Todas() {
		if l != letra.Comodin {
			distintas = append(distintas, l)
		}
	}
	var indice [letra.MaxLetras]int8 // la de cada letra en distintas, más uno
	var tope [maxFichasVaciables]uint8
	for x, l := range distintas {
		indice[l] = int8(x + 1)
		tope[x] = uint8(m.Cantidad(l))
	}
	// Cada palabra, reducida a lo que importa: cuántas letras de cada una
	// de la mano tiene (hasta las que hay en la mano) y su largo.
	type forma struct {
		cant  [maxFichasVaciables]uint8
		largo int
	}
	formas := map[forma]struct{}{}
	for _, p := range pd.palabras {
		f := forma{largo: len(p)}
		for _, l := range p {
			if x := indice[l] - 1; x >= 0 && f.cant[x] < tope[x] {
				f.cant[x]++
			}
		}
		formas[f] = struct{}{}
	}
	blancos := m.Cantidad(letra.Comodin)
	todas := append(slices.Clone(distintas), letra.Comodin)
	cant := make([]int, len(todas))
	var rec func(x int)
	rec = func(x int) {
		if x < len(distintas) {
			for k := 0; k <= m.Cantidad(distintas[x]); k++ {
				if k > 0 && !pd.colocables.Contiene(distintas[x]) {
					break
				}
				cant[x] = k
				rec(x + 1)
			}
			cant[x] = 0
			return
		}
		for b := 0; b <= blancos; b++ {
			if b > 0 && !pd.colocables.Contiene(letra.Comodin) {
				break
			}
			cant[x] = b
			total := b
			for _, k := range cant[:x] {
				total += k
			}
			if total == 0 {
				continue
			}
			for f := range formas {
				cabe := f.largo >= total
				for y := 0; y < x && cabe; y++ {
					cabe = cant[y] <= int(f.cant[y])
				}
				if cabe {
					anotar(todas, cant)
					break
				}
			}
		}
		cant[x] = 0
	}
	rec(0)
	return true
}

// variantePodada devuelve v con el léxico podado para el final de j con
// las fichas quedan (o v misma si no hay ninguna palabra posible) y las
// letras que pueden ponerse.
func variantePodada(v *variante.Variante, j *juego.Juego, quedan letra.Multiconjunto, parar func() bool) (*podado, error) {
	palabras, colocables, err := palabrasPosibles(v, j, quedan, parar)
	if err != nil {
		return &podado{v: v}, err
	}
	if len(palabras) == 0 {
		return &podado{v: v, conocidas: true}, nil
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
	vp, err := variante.Nueva(v.Alfabeto(), v.TamanoTablero(), v.Fichas(), puntajes, lex, op)
	if err != nil {
		return nil, err
	}
	return &podado{v: vp, colocables: colocables, palabras: palabras, conocidas: true}, nil
}
