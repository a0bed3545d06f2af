package generador

import (
	"iter"
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/motor/arcos"
	"github.com/juegodepalabras/palabras/internal/motor/cruces"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"

	// Los GADDAG de los léxicos embebidos de variante/espanol: con ellos, un
	// generador de esas variantes está listo sin construirlos.
	_ "github.com/juegodepalabras/palabras/internal/motor/gaddags/espanol"
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
	config                 // lo que sale de la variante y del GADDAG: no cambia
	tablero cruces.Tablero // el último tablero visto, con sus cruces: se actualiza
	// celdasDir: el tablero junto por celda, en cada dirección (juntar).
	celdasDir [2][]celda
	busqueda  // la búsqueda en curso
}

// config es lo que el generador sabe de su variante: no cambia después de
// [NuevoConGADDAG].
type config struct {
	v        *variante.Variante
	gaddag   *trie.GADDAG
	arcos    arcos.Arcos // los estados del GADDAG
	raiz     uint32      // estado inicial de la parte invertida (índice de arcos.Arcos)
	lexico   trie.Nodo   // raíz del DAWG
	n        int
	letras   uint64 // el alfabeto: lo que puede representar un comodín
	valor    [letra.MaxLetras]int
	fichas   int
	bingo    int
	conexion bool
	centro   int // fila·N + columna
	reglas   cruces.Reglas
	// anagramas: la tabla para el tablero vacío, si se pidió
	// (UsarAnagramas).
	anagramas *tablas.Anagramas

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
	// Las celdas de la dirección en curso (tablero.celdas[dir]).
	celdas    []celda
	ancla     int // posición del ancla en la línea
	cant      [letra.MaxLetras]int
	mascara   uint64 // letras con cant > 0
	comodines int
	// comodinesMano y cantMano: los comodines y las fichas de cada letra
	// de la mano al empezar la búsqueda.
	comodinesMano int
	cantMano      [letra.MaxLetras]int
	// falta: por letra, cuántas de las fichas puestas deben ser comodines
	// todavía (al repartir los comodines de una jugada).
	falta     [letra.MaxLetras]int
	espejo    bool     // el tablero es simétrico: cada jugada horizontal vale también traspuesta
	total     int      // fichas en la mano
	suelta    bool     // generando jugadas de una ficha
	puestas   []puesta // len(puestas) = total; las primeras np son las puestas
	np        int
	forzados  int // cuántas de las puestas son forzadas
	izquierda int // cuántas de puestas son de la parte izquierda
	cuenta    int
	modo      modo
	parar     bool
	yield     func(Jugada) bool
	salida    []ocurrencia.Ficha
	mejor     []ocurrencia.Ficha
	mejorPts  int
}

type modo uint8

const (
	contar modo = iota
	buscarMejor
	entregar
)

// puesta es una ficha de la mano puesta durante la búsqueda (ver
// comodines.go).
type puesta struct {
	pos     int32 // en la línea; en las jugadas de una ficha, fila·N + columna
	letra   letra.Letra
	forzado bool // la mano no tenía otra ficha de la letra: se usó un comodín
	comodin bool // en la jugada que se emite, la ficha es un comodín
}

// Nuevo devuelve un generador para los juegos de la variante v, con el
// [trie.GADDAG] de su léxico que da variante.Variante.GADDAG: la variante
// lo obtiene una vez y lo comparten todos sus generadores. Con una
// variante de léxico embebido (variante/espanol) lo lee ya hecho y el
// generador está listo en milisegundos; con otras, el primer generador lo
// construye, lo que con léxicos grandes es caro (del orden de un segundo).
// Devuelve el error de variante.Variante.GADDAG, si lo hay.
func Nuevo(v *variante.Variante) (*Generador, error) {
	g, err := v.GADDAG()
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
		arcos:    arcos.De(gd),
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
	g.reglas = cruces.Reglas{Lexico: d, Letras: g.letras, Valor: g.valor, Conexion: g.conexion, Centro: g.centro}
	g.tablero.Iniciar(n)
	for d := range 2 {
		g.celdasDir[d] = make([]celda, n*n)
	}
	g.juntar()
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
// la primera que encuentra la búsqueda y, entre las que solo difieren en
// qué fichas son comodines, la que los tiene en las primeras fichas que
// puso: el resultado es determinista.
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
	if g.tablero.Actualizar(&g.reglas, j) {
		g.juntar()
	}
	g.buscar(m)
}

// buscar recorre las jugadas de la mano m sobre g.tablero.
func (g *Generador) buscar(m *letra.Multiconjunto) {
	g.cuenta, g.parar = 0, false
	g.comodines, g.mascara = m.Cantidad(letra.Comodin), 0
	g.comodinesMano = g.comodines
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
	g.cantMano = g.cant
	g.np, g.forzados = 0, 0
	if len(g.puestas) < total {
		g.puestas = make([]puesta, total)
		g.salida = make([]ocurrencia.Ficha, 0, total)
		g.mejor = make([]ocurrencia.Ficha, 0, total)
	}
	if g.anagramas != nil && g.conexion && g.tablero.Ocupadas == 0 && g.n <= 16 {
		g.espejo = g.simetrica && g.tablero.Simetrico
		g.izquierda, g.suelta = 0, false
		g.vacio()
		return
	}
	g.sueltas()
	n := g.n
	// Si el tablero es simétrico, las jugadas verticales son las
	// horizontales traspuestas, con los mismos puntos: basta buscar estas.
	direcciones := 2
	if g.espejo = g.simetrica && g.tablero.Simetrico; g.espejo {
		direcciones = 1
	}
	for d := range direcciones {
		g.dir = d
		g.celdas = g.celdasDir[d]
		for i := range n {
			g.base = i * n
			for k := range n {
				if !g.celdas[g.base+k].ancla || !g.arranca(k) || g.parar {
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
		if t.Letras[0][p] != 0 || g.parar {
			continue
		}
		f, c := p/n, p%n
		pv := c*n + f // la misma celda en el orden vertical
		ch, cv := t.Cruzada[0][p], t.Cruzada[1][pv]
		var permitidas uint64
		if ch < 0 && cv < 0 { // aislada: es una palabra de una letra
			if g.conexion {
				continue
			}
			permitidas = finales
		} else {
			permitidas = t.Cruce[0][p] & t.Cruce[1][pv]
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
				g.puestas[0], g.np = puesta{pos: int32(p), letra: x, comodin: comodin}, 1
				g.emitir(pts)
				if g.parar {
					return
				}
			}
		}
	}
	g.np = 0
}

// Bits de un arco del GADDAG (arcos.Arco), para leerlos sin llamadas.
const (
	arcoLetra  = arcos.MascaraLetra
	arcoAcepta = arcos.BitAcepta
	desplHijo  = arcos.DesplHijo
)

// disponibles devuelve las letras que la mano puede poner: las que tiene o,
// si le queda un comodín, todo el alfabeto; 0 si no le quedan fichas.
func (g *Generador) disponibles() uint64 {
	if g.comodines > 0 {
		return g.letras
	}
	return g.mascara
}

// puede informa si la mano puede poner alguna ficha en la celda libre p de
// la línea en curso (alguna letra disponible está en su conjunto cruzado).
func (g *Generador) puede(p int) bool { return g.celdas[p].cruce&g.disponibles() != 0 }

// sigue informa si la palabra puede seguir en la celda p de la línea en
// curso desde el destino de la entrada e de la vista de arcos, sin leer el
// destino: si el resumen de sus salidas (los 32 bits altos de e) tiene la
// letra de la celda, si está ocupada, o alguna que la mano puede poner en
// ella, si está libre.
func (g *Generador) sigue(e uint64, p int) bool {
	c := &g.celdas[p]
	return uint32(e>>32)&arcos.Resumen(c.lleva|c.cruce&g.disponibles()) != 0
}

// arranca informa si vale la pena buscar desde el ancla k de la línea en
// curso: si es libre, si la mano puede poner en ella; si es la última
// ficha de un tramo, si puede poner a la derecha del tramo o a su
// izquierda.
func (g *Generador) arranca(k int) bool {
	p := g.base + k
	if g.celdas[p].letra == 0 {
		return g.puede(p)
	}
	if k+1 < g.n && g.puede(p+1) {
		return true
	}
	for k > 0 && g.celdas[p-1].letra != 0 {
		k, p = k-1, p-1
	}
	return k > 0 && !g.celdas[p-1].tope && g.puede(p-1)
}

// atras sigue la palabra hacia la izquierda de la línea en curso: la
// celda pos, con el estado nodo de la parte invertida del GADDAG (un
// índice de arcos.Arcos), tras leer las celdas pos+1, …, ancla. suma es la
// suma de los valores de la palabra principal hasta ahora, mult el
// producto de sus premios de palabra y cruces los puntos de las palabras
// cruzadas ya formadas, todo contando como fichas de su letra las que irán
// con comodines forzados.
//
// Quien la llama ya comprobó que el estado sale con la letra de la celda,
// si está ocupada, o con alguna que la mano puede poner en ella.
func (g *Generador) atras(pos int, nodo uint32, suma, mult, cruces int) {
	p := g.base + pos
	arcos := g.arcos
	m := arcos.Salidas(nodo)
	primero := nodo + 1 + uint32(m>>63) // el arco de la letra 0, tras el giro
	c := &g.celdas[p]
	if l := c.letra; l != 0 {
		x := l - 1
		bit := uint64(1) << x
		if m&bit == 0 {
			return
		}
		e := arcos.En(primero + uint32(bits.OnesCount64(m&(bit-1))))
		if !c.comodin {
			suma += g.valor[x]
		}
		g.despuesDe(pos, e, suma, mult, cruces)
		return
	}
	posibles := m & c.cruce & g.disponibles()
	lm, wm, cz := int(c.lm), int(c.wm), c.cruzada
	for ; posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := arcos.En(primero + uint32(bits.OnesCount64(m&(1<<x-1))))
		v := g.valor[x] * lm
		cr := cruces
		if cz >= 0 {
			cr += (cz + v) * wm
		}
		f := g.poner(pos, x)
		g.despuesDe(pos, e, suma+v, mult*wm, cr)
		g.sacar(x, f)
		if g.parar {
			return
		}
	}
}

// despuesDe sigue después de ocupar la celda pos yendo hacia la izquierda,
// por la entrada e de la vista de arcos. Entra en su destino solo si la
// palabra puede seguir: por la celda de la izquierda (ocupada, o libre y
// sin tope, con una letra que el destino admite) o, tras el giro, a la
// derecha del ancla. Si no, la única jugada posible es la palabra leída
// hasta pos, y para saber si lo es basta el bit de aceptación del arco.
func (g *Generador) despuesDe(pos int, e uint64, suma, mult, cruces int) {
	p := g.base + pos
	izqLibre := pos == 0 || g.celdas[p-1].letra == 0
	sig := g.ancla + 1
	sigLibre := sig == g.n || g.celdas[g.base+sig].letra == 0
	entrar := pos > 0 && !g.celdas[p-1].tope && g.sigue(e, p-1) // la izquierda, ocupada o no
	if !entrar && izqLibre && e>>63 != 0 && sig < g.n {         // el giro (o alguna letra de las últimas)
		entrar = !sigLibre || g.puede(g.base+sig)
	}
	switch {
	case entrar:
		g.trasAtras(pos, uint32(e)>>desplHijo, suma, mult, cruces)
	case izqLibre && sigLibre && uint32(e)&arcoAcepta != 0:
		// Sin entrar en el destino: la palabra es lo leído.
		g.izquierda = g.np
		g.terminar(suma, mult, cruces)
	}
}

// trasAtras sigue después de ocupar la celda pos yendo hacia la izquierda,
// con el estado nodo: si la celda de la izquierda está libre, gira (la
// palabra empieza en pos y sigue a la derecha del ancla) y además, si no
// tiene tope, prueba poner ahí otra ficha; si está ocupada, la palabra
// sigue por ella.
func (g *Generador) trasAtras(pos int, nodo uint32, suma, mult, cruces int) {
	izq := g.base + pos - 1
	if pos > 0 && g.celdas[izq].letra != 0 {
		g.atras(pos-1, nodo, suma, mult, cruces)
		return
	}
	m := g.arcos.Salidas(nodo)
	if m>>63 != 0 { // el giro: su arco es el primero
		e := g.arcos.En(nodo + 1)
		g.izquierda = g.np
		sig := g.ancla + 1
		libre := sig == g.n || g.celdas[g.base+sig].letra == 0
		if libre && uint32(e)&arcoAcepta != 0 {
			g.terminar(suma, mult, cruces)
		}
		if sig < g.n && g.sigue(e, g.base+sig) {
			g.adelante(sig, uint32(e)>>desplHijo, suma, mult, cruces)
		}
	}
	if pos > 0 && !g.celdas[izq].tope && m&g.celdas[izq].cruce&g.disponibles() != 0 && !g.parar {
		g.atras(pos-1, nodo, suma, mult, cruces)
	}
}

// adelante sigue la palabra hacia la derecha desde la celda pos, con el
// estado nodo de la copia del DAWG. Quien la llama ya comprobó que el
// estado sale con la letra de la celda, si está ocupada, o con alguna que
// la mano puede poner en ella.
func (g *Generador) adelante(pos int, nodo uint32, suma, mult, cruces int) {
	p := g.base + pos
	ultima := pos+1 == g.n
	fin := ultima || g.celdas[p+1].letra == 0
	arcos := g.arcos
	m := arcos.Salidas(nodo) // sin giro: es un estado del DAWG
	c := &g.celdas[p]
	if l := c.letra; l != 0 {
		x := l - 1
		bit := uint64(1) << x
		if m&bit == 0 {
			return
		}
		e := arcos.En(nodo + 1 + uint32(bits.OnesCount64(m&(bit-1))))
		if !c.comodin {
			suma += g.valor[x]
		}
		if fin && uint32(e)&arcoAcepta != 0 {
			g.terminar(suma, mult, cruces)
		}
		if !ultima && g.sigue(e, p+1) {
			g.adelante(pos+1, uint32(e)>>desplHijo, suma, mult, cruces)
		}
		return
	}
	posibles := m & c.cruce & g.disponibles()
	lm, wm, cz := int(c.lm), int(c.wm), c.cruzada
	for ; posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := arcos.En(nodo + 1 + uint32(bits.OnesCount64(m&(1<<x-1))))
		v := g.valor[x] * lm
		cr := cruces
		if cz >= 0 {
			cr += (cz + v) * wm
		}
		f := g.poner(pos, x)
		if fin && uint32(e)&arcoAcepta != 0 {
			g.terminar(suma+v, mult*wm, cr)
		}
		if !ultima && g.sigue(e, p+1) {
			g.adelante(pos+1, uint32(e)>>desplHijo, suma+v, mult*wm, cr)
		}
		g.sacar(x, f)
		if g.parar {
			return
		}
	}
}

// poner pone la letra x en la celda pos de la línea con una ficha de la
// mano, o con un comodín si la mano no tiene fichas de x (y entonces
// devuelve true).
func (g *Generador) poner(pos int, x uint32) (forzado bool) {
	forzado = g.cant[x&arcoLetra] == 0
	g.puestas[g.np] = puesta{pos: int32(pos), letra: letra.Letra(x), forzado: forzado}
	g.np++
	if forzado {
		g.comodines--
		g.forzados++
	} else if g.cant[x&arcoLetra]--; g.cant[x&arcoLetra] == 0 {
		g.mascara &^= 1 << x
	}
	return forzado
}

// sacar deshace el último poner, de la letra x, que devolvió forzado.
func (g *Generador) sacar(x uint32, forzado bool) {
	g.np--
	if forzado {
		g.comodines++
		g.forzados--
		return
	}
	g.cant[x&arcoLetra]++
	g.mascara |= 1 << x
}

// terminar emite la palabra en curso si pone dos fichas o más (las de una
// ficha las genera sueltas).
func (g *Generador) terminar(suma, mult, cruces int) {
	m := g.np
	if m < 2 {
		return
	}
	pts := suma*mult + cruces
	if m == g.fichas {
		pts += g.bingo
	}
	if g.comodinesMano == 0 {
		g.emitir(pts)
		return
	}
	g.conComodines(pts, mult)
}

// emitir entrega la jugada de las fichas puestas: primero las de la parte
// izquierda, puestas de derecha a izquierda, y luego las de la derecha.
//
// Con el tablero simétrico entrega además la jugada traspuesta, que tiene
// los mismos puntos (salvo si es de una sola ficha, que es la misma).
func (g *Generador) emitir(pts int) {
	if g.parar { // quien recorre ya cortó: no se le entrega nada más
		return
	}
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
		pos := int(p.pos)
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
	for _, p := range g.puestas[g.izquierda:g.np] {
		dst = append(dst, ficha(p))
	}
	return dst
}
