package generador

import (
	"iter"
	"math/bits"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Jugada es una jugada generada: las fichas que pone, en orden a lo largo
// de su línea, y los puntos que suma, los mismos que [juego.Juego.Ubicar]
// le daría.
//
// Mientras se recorren las jugadas, Fichas es una vista de la memoria del
// generador que vale solo hasta pasar a la siguiente: para guardarla, use
// [Jugada.Ocurrencia] o copie el slice.
type Jugada struct {
	Fichas []ocurrencia.Ficha
	Puntos int
}

// Ocurrencia devuelve las fichas de la jugada como una ocurrencia, con
// memoria propia.
func (j Jugada) Ocurrencia() ocurrencia.Ocurrencia { return ocurrencia.Nueva(j.Fichas...) }

// Generador lista las jugadas válidas de una mano sobre el tablero de un
// juego de su variante. Reutiliza su memoria de una generación a otra, así
// que generar no reserva memoria por jugada, y recuerda los conjuntos cruzados del
// último tablero que vio: si se le vuelve a pedir el mismo juego, los
// actualiza solo donde hubo jugadas nuevas.
//
// Un Generador no es seguro para usar desde varias gorutinas a la vez: cada
// gorutina debe tener el suyo (pueden compartir el [trie.GADDAG]). No debe
// usarse desde dentro de la función que recibe sus jugadas.
type Generador struct {
	config           // lo que sale de la variante y del GADDAG: no cambia
	tablero  tablero // el último tablero visto, con sus cruces: se actualiza
	busqueda         // la búsqueda en curso
}

// config es lo que el generador sabe de su variante: no cambia después de
// [NuevoConGADDAG].
type config struct {
	v        *variante.Variante
	gaddag   *trie.GADDAG
	arcos    trie.Arcos // los arcos del GADDAG
	raiz     uint32     // primer arco de la raíz de la parte invertida
	lexico   trie.Nodo  // raíz del DAWG
	n        int
	letras   uint64 // el alfabeto: lo que puede representar un comodín
	valor    [letra.MaxLetras]int
	fichas   int
	bingo    int
	conexion bool
	centro   int // fila·N + columna

	// Premios por dirección, en el orden de las líneas de esa dirección:
	// la celda k de la línea i es i·N + k (fila i, columna k en la
	// dirección 0, horizontal; fila k, columna i en la 1, vertical).
	porLetra   [2][]int
	porPalabra [2][]int
	// simetrica: los premios y el centro no cambian al trasponer el
	// tablero (fila por columna), como en el tablero clásico.
	simetrica bool
}

// busqueda es el estado de una generación en curso: la línea y el ancla,
// la mano que queda, las fichas puestas y qué hacer con cada jugada.
type busqueda struct {
	dir, base int // dirección y primera celda de la línea
	// Las tablas de la dirección en curso.
	letrasD   []letra.Letra
	comodinD  []bool
	cruceD    []uint64
	cruzadaD  []int
	anclaD    []bool
	porLetraD []int
	porPalD   []int
	ancla     int // posición del ancla en la línea
	cant      [letra.MaxLetras]int
	mascara   uint64 // letras con cant > 0
	comodines int
	// disponibles: las letras que la mano puede poner, mascara o todo el
	// alfabeto si queda un comodín; 0 si no quedan fichas.
	disponibles uint64
	espejo      bool // el tablero es simétrico: cada jugada horizontal vale también traspuesta
	total       int  // fichas en la mano
	suelta      bool // generando jugadas de una ficha
	puestas     []puesta
	izquierda   int // cuántas de puestas son de la parte izquierda
	cuenta      int
	modo        modo
	parar       bool
	yield       func(Jugada) bool
	salida      []ocurrencia.Ficha
	mejor       []ocurrencia.Ficha
	mejorPts    int
}

type modo uint8

const (
	contar modo = iota
	buscarMejor
	entregar
)

// puesta es una ficha de la mano puesta durante la búsqueda.
type puesta struct {
	pos     int
	letra   letra.Letra
	comodin bool
}

// Nuevo devuelve un generador para los juegos de la variante v. Construye
// el [trie.GADDAG] de su léxico, lo que es caro con léxicos grandes (con el
// español, 433.915 estados): si ya se tiene, conviene [NuevoConGADDAG].
func Nuevo(v *variante.Variante) (*Generador, error) {
	g, err := trie.NuevoGADDAG(v.Lexico())
	if err != nil {
		return nil, err
	}
	return NuevoConGADDAG(v, g)
}

// NuevoConGADDAG es como [Nuevo] con el GADDAG ya construido, que debe ser
// el del léxico de v. Si no lo es devuelve [ErrOtroLexico].
func NuevoConGADDAG(v *variante.Variante, gd *trie.GADDAG) (*Generador, error) {
	d := gd.DAWG()
	if lx := v.Lexico(); lx != d && (lx.Tamano() != d.Tamano() || lx.Estados() != d.Estados() ||
		lx.Aristas() != d.Aristas() || lx.LongitudMaxima() != d.LongitudMaxima()) {
		return nil, ErrOtroLexico
	}
	n := v.TamanoTablero()
	g := &Generador{config: config{
		v:        v,
		gaddag:   gd,
		arcos:    gd.Arcos(),
		raiz:     uint32(gd.Raiz()) >> 1,
		lexico:   d.Raiz(),
		n:        n,
		fichas:   v.Fichas(),
		bingo:    v.Bingo(),
		conexion: v.Conexion(),
	}}
	for l := range v.Alfabeto().Tamano() {
		g.letras |= 1 << l
		g.valor[l] = v.PuntajeLetra(letra.Letra(l))
	}
	f, c := v.Centro()
	g.centro = f*n + c
	for d := range 2 {
		g.porLetra[d] = make([]int, n*n)
		g.porPalabra[d] = make([]int, n*n)
		for i := range n {
			for k := range n {
				f, c := i, k
				if d == 1 {
					f, c = k, i
				}
				p := v.Premio(f, c)
				g.porLetra[d][i*n+k] = p.PorLetra()
				g.porPalabra[d][i*n+k] = p.PorPalabra()
			}
		}
	}
	g.simetrica = f == c
	for p := range n * n {
		g.simetrica = g.simetrica && g.porLetra[0][p] == g.porLetra[1][p] && g.porPalabra[0][p] == g.porPalabra[1][p]
	}
	g.tablero.iniciar(n)
	return g, nil
}

// GADDAG devuelve el GADDAG que usa el generador.
func (g *Generador) GADDAG() *trie.GADDAG { return g.gaddag }

// Jugadas recorre las jugadas válidas del jugador en turno de j con su
// mano, cada una con sus puntos: [Generador.JugadasDe] con esa mano.
func (g *Generador) Jugadas(j *juego.Juego) iter.Seq[Jugada] {
	return g.JugadasDe(j, mano(j))
}

// JugadasDe recorre las jugadas que serían válidas en j si el jugador en
// turno tuviera la mano m: todos los conjuntos de fichas de m que
// [juego.Juego.JugadaValida] aceptaría, cada uno una vez, con los puntos
// que sumaría. Un comodín de m aparece como cada letra que puede
// representar, y cada una es una jugada distinta. No incluye pasar ni
// cambiar. Si la partida terminó, o si j no es de la variante del
// generador, no hay jugadas.
//
// Las jugadas no se guardan: se entregan a medida que se encuentran, y
// [Jugada.Fichas] vale solo durante la iteración.
func (g *Generador) JugadasDe(j *juego.Juego, m letra.Multiconjunto) iter.Seq[Jugada] {
	return func(yield func(Jugada) bool) {
		g.modo, g.yield = entregar, yield
		g.generar(j, &m)
		g.yield = nil
	}
}

// Contar devuelve cuántas jugadas válidas tiene el jugador en turno de j
// con su mano. Genera cada una con sus puntos, sin guardarla.
func (g *Generador) Contar(j *juego.Juego) int { return g.ContarDe(j, mano(j)) }

// ContarDe es como [Generador.Contar] con la mano m.
func (g *Generador) ContarDe(j *juego.Juego, m letra.Multiconjunto) int {
	g.modo = contar
	g.generar(j, &m)
	return g.cuenta
}

// Mejor devuelve la jugada de más puntos del jugador en turno de j con su
// mano, o false si no tiene ninguna. Entre jugadas de igual puntaje elige
// la primera que encuentra, así que el resultado es determinista.
func (g *Generador) Mejor(j *juego.Juego) (Jugada, bool) { return g.MejorDe(j, mano(j)) }

// MejorDe es como [Generador.Mejor] con la mano m. Las fichas de la jugada
// devuelta tienen memoria propia.
func (g *Generador) MejorDe(j *juego.Juego, m letra.Multiconjunto) (Jugada, bool) {
	g.modo = buscarMejor
	g.mejor, g.mejorPts = g.mejor[:0], -1
	g.generar(j, &m)
	return g.laMejor()
}

// laMejor devuelve la mejor jugada de la última búsqueda, con memoria
// propia.
func (g *Generador) laMejor() (Jugada, bool) {
	if g.mejorPts < 0 {
		return Jugada{}, false
	}
	return Jugada{Fichas: append([]ocurrencia.Ficha(nil), g.mejor...), Puntos: g.mejorPts}, true
}

func mano(j *juego.Juego) letra.Multiconjunto {
	m, _ := j.Fichas(j.Turno())
	return m
}

// generar recorre todas las jugadas de la mano m en j y las pasa a emitir.
func (g *Generador) generar(j *juego.Juego, m *letra.Multiconjunto) {
	g.cuenta, g.parar = 0, false
	if _, fin := j.Terminada(); fin || j.Variante() != g.v {
		return
	}
	g.tablero.actualizar(g, j)
	g.buscar(m)
}

// buscar recorre las jugadas de la mano m sobre g.tablero.
func (g *Generador) buscar(m *letra.Multiconjunto) {
	g.cuenta, g.parar = 0, false
	g.comodines, g.mascara = m.Cantidad(letra.Comodin), 0
	total := g.comodines
	for l := range letra.MaxLetras - 1 {
		c := m.Cantidad(letra.Letra(l))
		if uint64(1)<<l&g.letras == 0 {
			c = 0 // no es del alfabeto: no puede ir al tablero
		}
		g.cant[l] = c
		total += c
		if c > 0 {
			g.mascara |= 1 << l
		}
	}
	if g.total = total; total == 0 {
		return
	}
	if cap(g.puestas) < total {
		g.puestas = make([]puesta, 0, total)
		g.salida = make([]ocurrencia.Ficha, 0, total)
		g.mejor = make([]ocurrencia.Ficha, 0, total)
	}
	g.sueltas()
	n := g.n
	g.disponibles = g.mascara
	if g.comodines > 0 {
		g.disponibles = g.letras
	}
	// Si el tablero es simétrico, las jugadas verticales son las
	// horizontales traspuestas, con los mismos puntos: basta buscar estas.
	direcciones := 2
	if g.espejo = g.simetrica && g.tablero.simetrico; g.espejo {
		direcciones = 1
	}
	for d := range direcciones {
		g.dir = d
		t := &g.tablero
		g.letrasD, g.comodinD, g.anclaD = t.letras[d], t.comodin[d], t.ancla[d]
		g.cruceD, g.cruzadaD = t.cruce[d], t.cruzada[d]
		g.porLetraD, g.porPalD = g.porLetra[d], g.porPalabra[d]
		for i := range n {
			g.base = i * n
			for k := range n {
				if !t.ancla[d][g.base+k] || !g.puede(g.base+k) || g.parar {
					continue
				}
				g.ancla = k
				g.atras(k, g.raiz, 0, 1, 0)
			}
		}
	}
}

// sueltas genera las jugadas de una sola ficha, cada una una vez aunque
// forme palabras en las dos direcciones.
func (g *Generador) sueltas() {
	n, t := g.n, &g.tablero
	dawg := g.gaddag.DAWG()
	var finales uint64 // letras que son palabras de una letra
	for l := range dawg.Salidas(g.lexico).Todas() {
		if h, _ := dawg.Hijo(g.lexico, l); dawg.EsFinal(h) {
			finales |= 1 << l
		}
	}
	g.dir, g.base, g.izquierda, g.suelta = 0, 0, 0, true
	defer func() { g.suelta = false }()
	for p := range n * n {
		if t.letras[0][p] != 0 || g.parar {
			continue
		}
		f, c := p/n, p%n
		pv := c*n + f // la misma celda en el orden vertical
		ch, cv := t.cruzada[0][p], t.cruzada[1][pv]
		var permitidas uint64
		if ch < 0 && cv < 0 { // aislada: es una palabra de una letra
			if g.conexion {
				continue
			}
			permitidas = finales
		} else {
			permitidas = t.cruce[0][p] & t.cruce[1][pv]
		}
		if g.comodines == 0 {
			permitidas &= g.mascara
		}
		lm, wm := g.porLetra[0][p], g.porPalabra[0][p]
		for ; permitidas != 0; permitidas &= permitidas - 1 {
			x := letra.Letra(bits.TrailingZeros64(permitidas))
			for _, comodin := range [2]bool{false, true} {
				if comodin && g.comodines == 0 || !comodin && g.cant[x] == 0 {
					continue
				}
				v := 0
				if !comodin {
					v = g.valor[x] * lm
				}
				pts := 0
				if ch < 0 && cv < 0 {
					pts = v * wm
				}
				if ch >= 0 {
					pts += (ch + v) * wm
				}
				if cv >= 0 {
					pts += (cv + v) * wm
				}
				if g.fichas == 1 {
					pts += g.bingo
				}
				g.puestas = append(g.puestas[:0], puesta{pos: p, letra: x, comodin: comodin})
				g.emitir(pts)
				if g.parar {
					return
				}
			}
		}
	}
	g.puestas = g.puestas[:0]
}

// Bits de un arco del GADDAG (trie.Arco), para leerlos sin llamadas.
const (
	arcoLetra    = trie.ArcoLetra
	arcoUltimo   = trie.ArcoUltimo
	arcoAcepta   = trie.ArcoAcepta
	desplHijo    = trie.ArcoDesplHijo
	separador    = uint32(trie.Separador)
	sinSalidas   = 0 // índice del arco centinela: el estado sin salidas
	letraNinguna = arcoLetra
)

// atras sigue la palabra hacia la izquierda de la línea en curso: la
// celda pos, con el estado de la parte invertida del GADDAG cuyo primer
// arco es nodo, tras leer las celdas pos+1, …, ancla. suma es la suma de
// los valores de la palabra principal hasta ahora, mult el producto de sus
// premios de palabra y cruces los puntos de las palabras cruzadas ya
// formadas.
//
// Quien la llama ya comprobó que la celda está ocupada o que la mano puede
// poner en ella alguna letra de su conjunto cruzado.
func (g *Generador) atras(pos int, nodo uint32, suma, mult, cruces int) {
	p := g.base + pos
	arcos := g.arcos
	i := nodo
	a := arcos.En(i)
	if uint32(a)&arcoLetra == separador { // el giro va primero: saltearlo
		if a.Ultimo() {
			return
		}
		i++
	}
	if l := g.letrasD[p]; l != 0 {
		x := uint32(l - 1)
		for ; ; i++ {
			a := uint32(arcos.En(i))
			if y := a & arcoLetra; y >= x {
				if y == x {
					v := 0
					if !g.comodinD[p] {
						v = g.valor[x]
					}
					g.trasAtras(pos, a>>desplHijo, suma+v, mult, cruces)
				}
				return
			}
			if a&arcoUltimo != 0 {
				return
			}
		}
	}
	posibles := g.cruceD[p] & g.disponibles
	if posibles == 0 {
		return
	}
	alta := uint32(63 - bits.LeadingZeros64(posibles))
	lm, wm, cz := g.porLetraD[p], g.porPalD[p], g.cruzadaD[p]
	for ; ; i++ {
		a := uint32(arcos.En(i))
		x := a & arcoLetra
		if x > alta {
			return
		}
		if posibles>>x&1 != 0 {
			h := a >> desplHijo
			if g.cant[x] > 0 {
				v := g.valor[x] * lm
				c := cruces
				if cz >= 0 {
					c += (cz + v) * wm
				}
				g.poner(pos, x, false)
				g.trasAtras(pos, h, suma+v, mult*wm, c)
				g.sacar(x, false)
			}
			if g.comodines > 0 {
				c := cruces
				if cz >= 0 {
					c += cz * wm
				}
				g.poner(pos, x, true)
				g.trasAtras(pos, h, suma, mult*wm, c)
				g.sacar(x, true)
			}
			if posibles &^= 1 << x; posibles == 0 || g.parar {
				return
			}
		}
		if a&arcoUltimo != 0 {
			return
		}
	}
}

// puede informa si la mano puede poner alguna ficha en la celda libre p de
// la línea en curso (alguna letra disponible está en su conjunto cruzado).
func (g *Generador) puede(p int) bool { return g.cruceD[p]&g.disponibles != 0 }

// trasAtras sigue después de ocupar la celda pos yendo hacia la izquierda,
// con el estado cuyo primer arco es nodo: si la celda de la izquierda está
// libre, gira (la palabra empieza en pos y sigue a la derecha del ancla) y
// además, si no es un ancla, prueba poner ahí otra ficha; si está ocupada,
// la palabra sigue por ella.
func (g *Generador) trasAtras(pos int, nodo uint32, suma, mult, cruces int) {
	izq := g.base + pos - 1
	if pos > 0 && g.letrasD[izq] != 0 {
		g.atras(pos-1, nodo, suma, mult, cruces)
		return
	}
	if a := uint32(g.arcos.En(nodo)); a&arcoLetra == separador {
		g.izquierda = len(g.puestas)
		sig := g.ancla + 1
		libre := sig == g.n || g.letrasD[g.base+sig] == 0
		if libre && a&arcoAcepta != 0 {
			g.terminar(suma, mult, cruces)
		}
		if sig < g.n && (!libre || g.puede(g.base+sig)) {
			g.adelante(sig, a>>desplHijo, suma, mult, cruces)
		}
	}
	if pos > 0 && !g.anclaD[izq] && g.puede(izq) && !g.parar {
		g.atras(pos-1, nodo, suma, mult, cruces)
	}
}

// adelante sigue la palabra hacia la derecha desde la celda pos, con el
// estado del DAWG cuyo primer arco es nodo. Quien la llama ya comprobó que
// la celda está ocupada o que la mano puede poner en ella alguna letra de
// su conjunto cruzado.
func (g *Generador) adelante(pos int, nodo uint32, suma, mult, cruces int) {
	p := g.base + pos
	ultima := pos+1 == g.n
	fin := ultima || g.letrasD[p+1] == 0
	arcos := g.arcos
	i := nodo
	if l := g.letrasD[p]; l != 0 {
		x := uint32(l - 1)
		for ; ; i++ {
			a := uint32(arcos.En(i))
			if y := a & arcoLetra; y >= x {
				if y != x {
					return
				}
				if !g.comodinD[p] {
					suma += g.valor[x]
				}
				if fin && a&arcoAcepta != 0 {
					g.terminar(suma, mult, cruces)
				}
				if !ultima && (!fin || g.puede(p+1)) {
					g.adelante(pos+1, a>>desplHijo, suma, mult, cruces)
				}
				return
			}
			if a&arcoUltimo != 0 {
				return
			}
		}
	}
	posibles := g.cruceD[p] & g.disponibles
	if posibles == 0 {
		return
	}
	alta := uint32(63 - bits.LeadingZeros64(posibles))
	lm, wm, cz := g.porLetraD[p], g.porPalD[p], g.cruzadaD[p]
	for ; ; i++ {
		a := uint32(arcos.En(i))
		x := a & arcoLetra
		if x > alta {
			return
		}
		if posibles>>x&1 != 0 {
			final := fin && a&arcoAcepta != 0
			h := a >> desplHijo
			if g.cant[x] > 0 {
				v := g.valor[x] * lm
				c := cruces
				if cz >= 0 {
					c += (cz + v) * wm
				}
				g.poner(pos, x, false)
				if final {
					g.terminar(suma+v, mult*wm, c)
				}
				if !ultima && (!fin || g.puede(p+1)) {
					g.adelante(pos+1, h, suma+v, mult*wm, c)
				}
				g.sacar(x, false)
			}
			if g.comodines > 0 {
				c := cruces
				if cz >= 0 {
					c += cz * wm
				}
				g.poner(pos, x, true)
				if final {
					g.terminar(suma, mult*wm, c)
				}
				if !ultima && (!fin || g.puede(p+1)) {
					g.adelante(pos+1, h, suma, mult*wm, c)
				}
				g.sacar(x, true)
			}
			if posibles &^= 1 << x; posibles == 0 || g.parar {
				return
			}
		}
		if a&arcoUltimo != 0 {
			return
		}
	}
}

func (g *Generador) poner(pos int, x uint32, comodin bool) {
	g.puestas = append(g.puestas, puesta{pos: pos, letra: letra.Letra(x), comodin: comodin})
	if comodin {
		g.comodines--
	} else if g.cant[x]--; g.cant[x] == 0 {
		g.mascara &^= 1 << x
	}
	g.disponibles = g.mascara
	if g.comodines > 0 {
		g.disponibles = g.letras
	}
}

func (g *Generador) sacar(x uint32, comodin bool) {
	g.puestas = g.puestas[:len(g.puestas)-1]
	if comodin {
		g.comodines++
	} else {
		g.cant[x]++
		g.mascara |= 1 << x
	}
	g.disponibles = g.mascara
	if g.comodines > 0 {
		g.disponibles = g.letras
	}
}

// terminar emite la palabra en curso si pone dos fichas o más (las de una
// ficha las genera sueltas).
func (g *Generador) terminar(suma, mult, cruces int) {
	m := len(g.puestas)
	if m < 2 {
		return
	}
	pts := suma*mult + cruces
	if m == g.fichas {
		pts += g.bingo
	}
	g.emitir(pts)
}

// emitir entrega la jugada de las fichas puestas: primero las de la parte
// izquierda, puestas de derecha a izquierda, y luego las de la derecha.
//
// Con el tablero simétrico entrega además la jugada traspuesta, que tiene
// los mismos puntos (salvo si es de una sola ficha, que es la misma).
func (g *Generador) emitir(pts int) {
	espejo := g.espejo && !g.suelta
	g.cuenta++
	if espejo {
		g.cuenta++
	}
	switch g.modo {
	case contar:
		return
	case buscarMejor:
		// La traspuesta no mejora: tiene los mismos puntos y sale después.
		if pts <= g.mejorPts {
			return
		}
		g.mejorPts = pts
		g.mejor = g.ordenar(g.mejor[:0])
	case entregar:
		g.salida = g.ordenar(g.salida[:0])
		if !g.yield(Jugada{Fichas: g.salida, Puntos: pts}) {
			g.parar = true
			return
		}
		if espejo {
			for i, f := range g.salida {
				g.salida[i].Fila, g.salida[i].Columna = f.Columna, f.Fila
			}
			if !g.yield(Jugada{Fichas: g.salida, Puntos: pts}) {
				g.parar = true
			}
		}
	}
}

func (g *Generador) ordenar(dst []ocurrencia.Ficha) []ocurrencia.Ficha {
	linea := g.base / max(g.n, 1)
	ficha := func(p puesta) ocurrencia.Ficha {
		pos := p.pos
		if g.suelta { // pos es fila·N + columna
			return ocurrencia.Ficha{Fila: pos / g.n, Columna: pos % g.n, Letra: p.letra, Comodin: p.comodin}
		}
		if g.dir == 0 {
			return ocurrencia.Ficha{Fila: linea, Columna: pos, Letra: p.letra, Comodin: p.comodin}
		}
		return ocurrencia.Ficha{Fila: pos, Columna: linea, Letra: p.letra, Comodin: p.comodin}
	}
	for i := g.izquierda - 1; i >= 0; i-- {
		dst = append(dst, ficha(g.puestas[i]))
	}
	for _, p := range g.puestas[g.izquierda:] {
		dst = append(dst, ficha(p))
	}
	return dst
}
