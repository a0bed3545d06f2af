package generador

import (
	"fmt"
	"iter"
	"math"
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/internal/gaddags"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/arcos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// GADDAG es el [Generador] de jugadas con el algoritmo de Gordon (1994)
// sobre el trie.GADDAG del léxico de su variante. Reutiliza su memoria de
// una generación a otra, así que generar no reserva memoria por jugada, y
// recuerda los conjuntos cruzados del último tablero que vio: si se le
// vuelve a pedir el mismo juego, los actualiza solo donde hubo jugadas
// nuevas.
//
// Un GADDAG no es seguro para usar desde varias gorutinas a la vez: cada
// gorutina debe tener el suyo (comparten el trie.GADDAG de la variante). No
// debe usarse desde dentro de la función que recibe sus jugadas.
type GADDAG struct {
	b     buscador
	hojas tablaHojas // las hojas de la última búsqueda por equidad

	porPuntos []Eleccion // la elección de MejorDe, reutilizada
}

// buscador es la búsqueda del GADDAG: lo común a los generadores
// (busqueda.Estado: el tablero, la mano, la jugada en curso y la salida)
// más lo propio del GADDAG.
type buscador struct {
	arcos arcos.Arcos // los estados del GADDAG
	raiz  uint32      // estado inicial de la parte invertida (índice de arcos.Arcos)
	ancla int         // posición del ancla en la línea en curso

	busqueda.Estado

	finales uint64 // letras que son palabras de una letra
	// anagramas: la tabla para el tablero vacío, si se pidió
	// (Opciones.Anagramas).
	anagramas *tablas.Anagramas

	// La búsqueda por equidad (cotas.go): los valores de las fichas de la
	// mano, de mayor a menor, las anclas con sus cotas, los subconjuntos de
	// la mano y el mapa de las palabras del léxico (se arma al usarlo; la
	// clave que lo identifica es el GADDAG).
	vals []int32
	// porValor: las letras de la mano (sin el comodín), de mayor a menor
	// valor.
	porValor []letra.Letra
	anclas   []ancla
	cm       cotasMano
	mapa     *mapaPalabras
	// hMano: el resumen (zMapa) de las letras de la mano sin los
	// comodines, para la cota de las jugadas que ponen la mano entera.
	hMano uint64
	// memoMano: las respuestas de manoForma de la búsqueda número
	// vueltaMano.
	memoMano   [64]memoMano
	vueltaMano uint32

	// La poda por tramos de la búsqueda por equidad desde un ancla (ver
	// poda): con podar, desde, hasta y giro valen. Con anotar, la cota
	// rápida anota la de cada tramo en regCotas (una fila de N por cada
	// primera celda de palabra, desde la fila regDesde; regLargos: las
	// columnas de cada fila), y deja en regIni y regFilas la primera celda
	// de la primera fila y cuántas anotó.
	podar, anotar bool
	desde         []float64 // desde[L·N + R]: cota de las palabras de L a R o más allá
	hasta         []float64 // hasta[L]: cota de las palabras que empiezan en L o antes
	giro          []float64 // giro[L] = desde[L·N + ancla]: girar en L
	// Lo que la búsqueda desde un ancla compara con el umbral (ver
	// empezarAncla): con la poda, cotaDer es desde, cotaIzq hasta y
	// cotaGiro giro; sin ella, sinPoda (+∞: no poda nada). filaIni es
	// L·N con L la primera celda de la palabra en curso, tras el giro.
	cotaDer, cotaIzq, cotaGiro []float64
	sinPoda                    []float64
	filaIni                    int
	// sigLibre: la celda que sigue al ancla en curso está libre o no
	// existe.
	sigLibre         bool
	regCotas         []float64
	regLargos        []int16
	regDesde         int
	regIni, regFilas int
	clave            any
	// palabras: la parte exacta del mapa (mapa_exacto.go), para las
	// jugadas de las anclas y la apertura con comodines (metodoMapa).
	palabras *palabrasMapa
	// tramos: los de las anclas, para visitarlos por su cota (porTramos).
	tramos []tramoCola
	// memoDos: las respuestas de letrasDos (mapa_busqueda.go).
	memoDos [256]memoDos

	porComodines [3]float64
	// acotarSueltas: las jugadas de una ficha se buscan después de las
	// anclas (porEquidad), con g.vals, y una celda cuya cota no llega al
	// umbral no se mira.
	acotarSueltas bool

	// El recorrido de JugadasDe: la función que recibe las jugadas, y
	// entregar como valor, hecho una vez.
	yield          func(Jugada) bool
	entregarJugada func([]ocurrencia.Ficha, int) bool

	// Las anclas de cada dirección del tablero de la versión
	// versionListas (ver listar), para la búsqueda por equidad.
	listaAnclas   [2][]posicion
	versionListas int
	// La apertura por equidad: los pesos de cada posición, y el largo de
	// las palabras que se colocan (0: cualquiera).
	pesosApertura [][maxFichasSubs]int32
	largoExacto   int
	// faltan: los comodines forzados de cada letra que faltan al repartir
	// los de la primera jugada (aperturaRepartir).
	faltan [letra.MaxLetras]int8
	// fichasApertura: las fichas de cada jugada de la primera jugada que
	// se entrega (ponerReparto).
	fichasApertura [maxLargoReparto]ocurrencia.Ficha
}

var (
	_ Generador = (*GADDAG)(nil)
	_ Contador  = (*GADDAG)(nil)
	_ Mejorador = (*GADDAG)(nil)
)

// GADDAGDe devuelve el trie.GADDAG del léxico de v con que buscan sus
// generadores. Los de los léxicos embebidos de variante/espanol viajan ya
// hechos en este paquete: se leen una vez por léxico, en milisegundos. El
// de cualquier otro léxico es el de variante.Variante.GADDAG, que la
// variante construye una vez, lo que con léxicos grandes es caro. Devuelve
// el error de la lectura o de la construcción.
func GADDAGDe(v *variante.Variante) (*trie.GADDAG, error) { return gaddags.Buscar(v) }

// Nuevo devuelve un generador para los juegos de la variante v, con el
// trie.GADDAG de su léxico que da [GADDAGDe]: se obtiene una vez y lo
// comparten todos los generadores. Con una variante de léxico embebido
// (variante/espanol) el generador está listo enseguida; con otras, el
// primero construye el GADDAG, lo que con léxicos grandes es caro. El valor
// cero de [Opciones] es el generador por omisión.
//
// Devuelve el error de [GADDAGDe], si lo hay, y los de
// [Opciones.Anagramas].
func Nuevo(v *variante.Variante, op Opciones) (*GADDAG, error) {
	gd, err := GADDAGDe(v)
	if err != nil {
		return nil, err
	}
	g := &GADDAG{b: buscador{arcos: gd.Arcos(), raiz: uint32(gd.Raiz()) >> 1, clave: gd}}
	b := &g.b
	b.Iniciar(v)
	b.Reglas.Arcos, b.Reglas.RaizArcos, b.Reglas.ConArcos = b.arcos, b.raiz, true
	b.entregarJugada = b.entregar
	b.Minimo = 2 // las jugadas de una ficha las entrega sueltas
	if err := b.usarAnagramas(op.Anagramas); err != nil {
		return nil, err
	}
	d := gd.DAWG()
	raiz := d.Raiz()
	for l := range d.Salidas(raiz).Todas() {
		if h, _ := d.Hijo(raiz, l); d.EsFinal(h) {
			b.finales |= 1 << l
		}
	}
	return g, nil
}

// usarAnagramas verifica la tabla de [Opciones.Anagramas] y la guarda.
func (g *buscador) usarAnagramas(t *tablas.Anagramas) error {
	if t == nil {
		return nil
	}
	if g.V.Alfabeto().Tamano() > paridad.MaxLetras {
		return fmt.Errorf("generador: la tabla de anagramas: %w", paridad.ErrAlfabetoGrande)
	}
	d, lx := t.Lexico(), g.V.Lexico()
	if lx != d && (lx.Tamano() != d.Tamano() || lx.Estados() != d.Estados() || lx.Aristas() != d.Aristas()) {
		return fmt.Errorf("generador: la tabla de anagramas: %w", trie.ErrOtroLexico)
	}
	if t.LongitudMaxima() < min(g.N, g.Fichas, lx.LongitudMaxima()) {
		return fmt.Errorf("generador: la tabla de anagramas no tiene las palabras de la primera jugada: %w", tablas.ErrCortas)
	}
	g.anagramas = t
	return nil
}

// JugadasDe recorre las jugadas que serían válidas en j si el jugador en
// turno tuviera la mano m, con sus puntos (ver [Generador]; [Jugadas] con
// la mano del jugador en turno).
//
// Recorrer reserva memoria una vez (la función que se devuelve), no por
// jugada.
func (g *GADDAG) JugadasDe(j Vista, m letra.Multiconjunto) iter.Seq[Jugada] {
	return func(yield func(Jugada) bool) {
		b := &g.b
		b.yield = yield
		b.Empezar(busqueda.Entregar, b.entregarJugada)
		b.generar(j, &m)
		b.Terminado()
		b.yield = nil
	}
}

// entregar pasa la jugada de las fichas f, que vale p, a quien recorre
// JugadasDe.
func (g *buscador) entregar(f []ocurrencia.Ficha, p int) bool {
	return g.yield(Jugada{Fichas: f, Puntos: p})
}

// ContarDe devuelve cuántas jugadas válidas tiene la mano m en j (es el
// [Contador] de [ContarDe] y [Contar]). Genera cada jugada con sus puntos,
// sin entregarla ni reservar memoria.
func (g *GADDAG) ContarDe(j Vista, m letra.Multiconjunto) int {
	b := &g.b
	b.Empezar(busqueda.Contar, nil)
	b.generar(j, &m)
	return b.Cuenta
}

// MejorDe devuelve la jugada de más puntos de la mano m en j, o false si
// no hay ninguna (ver [MejorDe] para los empates), con memoria propia. Es
// el [Mejorador] de [MejorDe] y [Mejor]: guarda la mejor sin entregar las
// demás. Es la búsqueda por equidad con todas las hojas en cero (sus cotas
// por tramo y su mapa de palabras: la misma jugada, porque entre
// colocaciones de igual equidad ordena por [Comparar]); con una mano de
// más de [MaxSubhojas] hojas, recorre el GADDAG con su cota de puntos.
func (g *GADDAG) MejorDe(j Vista, m letra.Multiconjunto) (Jugada, bool) {
	if jg, ok, hecho := g.mejorPorPuntos(j, m); hecho {
		return jg, ok
	}
	b := &g.b
	b.Empezar(busqueda.BuscarMejor, nil)
	b.generar(j, &m)
	f, p, ok := b.LaMejor()
	return Jugada{Fichas: f, Puntos: p}, ok
}

// generar recorre todas las jugadas de la mano m en j y las entrega.
func (g *buscador) generar(j Vista, m *letra.Multiconjunto) {
	if !g.Preparar(j, m) {
		return
	}
	g.buscar()
}

// buscar recorre todas las jugadas de la mano cargada sobre el tablero del
// estado y las entrega.
func (g *buscador) buscar() {
	if g.anagramas != nil && g.Conexion && g.Tablero.Ocupadas == 0 && g.N <= 16 {
		g.vacio()
		return
	}
	if g.Conexion && g.Tablero.Ocupadas == 0 {
		g.apertura()
		return
	}
	g.sueltas()
	if g.Total < g.Minimo {
		// Las jugadas que salen de las anclas ponen al menos Minimo fichas
		// (busqueda.Estado.Terminar): con una mano de menos no hay ninguna
		// (una mano de una ficha, en los finales, solo tiene sueltas).
		return
	}
	// Si el tablero es simétrico, las jugadas verticales son las
	// horizontales traspuestas, con los mismos puntos: basta buscar estas.
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	// Las anclas, de los bits de busqueda.Estado (en el orden de listar).
	n := g.N
	for d := range direcciones {
		for w, x := range g.BitsAnclas[d] {
			for ; x != 0; x &= x - 1 {
				p := w<<6 + bits.TrailingZeros64(x)
				g.Linea(d, p/n)
				k := p % n
				if !g.arranca(k) || g.Parar {
					continue
				}
				g.empezarAncla(k)
				g.atras(k, g.raiz, 0, 1, 0)
			}
		}
	}
}

// posicion es una celda de una línea: la k de la línea i.
type posicion struct{ i, k int16 }

// listar rehace, si el tablero cambió, la lista de las anclas de cada
// dirección en orden (la búsqueda por equidad las ordena por su cota; la
// de todas las jugadas recorre directamente los bits de busqueda.Estado).
//
// Con la búsqueda restringida (busqueda.Estado.Restringida), solo las
// anclas de las líneas de busqueda.Estado.Lineas, y la lista se rehace la
// vez siguiente.
func (g *buscador) listar() {
	if g.versionListas == g.Version && !g.Restringida {
		return
	}
	g.versionListas = g.Version
	if g.Restringida {
		g.versionListas = -1
	}
	n := g.N
	// Los bits de busqueda.Estado (BitsAnclas), en orden de celda.
	for d := range 2 {
		g.listaAnclas[d] = g.listaAnclas[d][:0]
		for w, x := range g.BitsAnclas[d] {
			for ; x != 0; x &= x - 1 {
				p := w<<6 + bits.TrailingZeros64(x)
				if g.Restringida && !g.EnLineas(d, p/n) {
					continue
				}
				g.listaAnclas[d] = append(g.listaAnclas[d], posicion{int16(p / n), int16(p % n)})
			}
		}
	}
}

// sueltas genera las jugadas de una sola ficha, cada una una vez aunque
// forme palabras en las dos direcciones, en las celdas de
// busqueda.Estado.BitsSueltas: las libres con alguna palabra cruzada o,
// sin la regla de conexión, todas las libres.
func (g *buscador) sueltas() {
	n := g.N
	g.Izquierda = 0
	for w, x := range g.BitsSueltas {
		if g.Parar {
			break
		}
		for ; x != 0 && !g.Parar; x &= x - 1 {
			p := w<<6 + bits.TrailingZeros64(x)
			if g.Restringida && !g.EnLineas(0, p/n) && !g.EnLineas(1, p%n) {
				continue
			}
			g.suelta(p/n, p%n)
		}
	}
	g.NP = 0
}

// suelta genera las jugadas de una sola ficha en la celda libre (f, c).
func (g *buscador) suelta(f, c int) {
	n, t := g.N, &g.Tablero
	p := f*n + c
	pv := c*n + f // la misma celda en el orden vertical
	ch, cv := t.Cruzada[0][p], t.Cruzada[1][pv]
	var permitidas uint64
	if ch < 0 && cv < 0 { // aislada: es una palabra de una letra
		if g.Conexion {
			return
		}
		permitidas = g.finales
	} else {
		permitidas = t.Cruce[0][p] & t.Cruce[1][pv]
	}
	if g.Comodines == 0 {
		permitidas &= g.Mascara
	}
	if permitidas == 0 {
		return
	}
	lm, wm := g.PorLetra[0][p], g.PorPalabra[0][p]
	if g.acotarSueltas {
		// Una cota de los puntos de las jugadas de la celda: con el mayor
		// valor de la mano en ella.
		if !g.Alcanza(g.puntosSuelta(int(g.vals[0])*lm, ch, cv, wm), 1) {
			return
		}
	}
	g.Linea(0, f)
	// Con un comodín los puntos no dependen de la letra: en la búsqueda por
	// equidad, si la jugada con el comodín no llega al umbral, ninguna de
	// esta celda llega (el umbral no baja).
	conComodin := g.Comodines > 0
	if conComodin && g.Modo == busqueda.MejoresPorEquidad {
		pts := g.puntosSuelta(0, ch, cv, wm)
		conComodin = !(float64(pts)+g.Eq.Hojas[g.Eq.Entera-g.Eq.Paso[letra.Comodin]] < g.Eq.Umbral)
	}
	for ; permitidas != 0; permitidas &= permitidas - 1 {
		x := letra.Letra(bits.TrailingZeros64(permitidas))
		for _, comodin := range [2]bool{false, true} {
			if comodin && !conComodin || !comodin && g.Cant[x] == 0 {
				continue
			}
			v := 0
			if !comodin {
				v = g.Valor[x] * lm
			}
			pts := g.puntosSuelta(v, ch, cv, wm)
			g.Puestas[0], g.NP = busqueda.Puesta{Pos: int32(c), Letra: x, Comodin: comodin}, 1
			g.Emitir(pts)
			if g.Parar {
				return
			}
		}
	}
}

// puntosSuelta son los puntos de poner una ficha de v puntos (su valor por
// el premio de letra de la celda) en una celda de premio de palabra wm,
// con ch y cv los puntos de las letras del tablero de la palabra que
// forma en cada dirección (−1 si no forma ninguna): las dos palabras o,
// aislada, la letra sola; más el bingo si la mano tiene una sola ficha.
func (g *buscador) puntosSuelta(v, ch, cv, wm int) int {
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
	if g.Fichas == 1 {
		pts += g.Bingo
	}
	return pts
}

// Bits de un arco del GADDAG (arcos.Arco), para leerlos sin llamadas.
const (
	arcoLetra  = arcos.MascaraLetra
	arcoAcepta = arcos.BitAcepta
	desplHijo  = arcos.DesplHijo
)

// disponibles devuelve las letras que la mano puede poner: las que tiene o,
// si le queda un comodín (no vetado), todo el alfabeto; 0 si no le quedan
// fichas.
func (g *buscador) disponibles() uint64 {
	if g.Comodines > g.Vetados {
		return g.Letras
	}
	return g.Mascara
}

// puede informa si la mano puede poner alguna ficha en la celda libre p de
// la línea en curso (alguna letra disponible está en su conjunto cruzado).
func (g *buscador) puede(p int) bool { return g.Celdas[p].Cruce&g.disponibles() != 0 }

// sigue informa si la palabra puede seguir en la celda p de la línea en
// curso desde el destino de la entrada e de la vista de arcos, sin leer el
// destino: si el resumen de sus salidas (los 32 bits altos de e) tiene la
// letra de la celda, si está ocupada, o alguna que la mano puede poner en
// ella, si está libre.
func (g *buscador) sigue(e uint64, p int) bool {
	c := &g.Celdas[p]
	return uint32(e>>32)&arcos.Resumen(c.Lleva|c.Cruce&g.disponibles()) != 0
}

// arranca informa si vale la pena buscar desde el ancla k de la línea en
// curso: si es libre, si la mano puede poner en ella; si es la última
// ficha de un tramo, si puede poner a la derecha del tramo o a su
// izquierda.
func (g *buscador) arranca(k int) bool {
	p := g.Base + k
	if g.Celdas[p].Letra == 0 {
		return g.puede(p)
	}
	if k+1 < g.N && g.puede(p+1) {
		return true
	}
	for k > 0 && g.Celdas[p-1].Letra != 0 {
		k, p = k-1, p-1
	}
	return k > 0 && !g.Celdas[p-1].Tope && g.puede(p-1)
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
func (g *buscador) atras(pos int, nodo uint32, suma, mult, cruces int) {
	p := g.Base + pos
	arcos := g.arcos
	m := arcos.Salidas(nodo)
	primero := nodo + 1 + uint32(m>>63) // el arco de la letra 0, tras el giro
	c := &g.Celdas[p]
	if l := c.Letra; l != 0 {
		x := l - 1
		bit := uint64(1) << x
		if m&bit == 0 {
			return
		}
		e := arcos.En(primero + uint32(bits.OnesCount64(m&(bit-1))))
		if !c.Comodin {
			suma += g.Valor[x]
		}
		g.despuesDe(pos, e, suma, mult, cruces)
		return
	}
	posibles := m & c.Cruce & g.disponibles()
	lm, wm, cz := int(c.LM), int(c.WM), c.Cruzada
	for ; posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := arcos.En(primero + uint32(bits.OnesCount64(m&(1<<x-1))))
		v := g.Valor[x] * lm
		cr := cruces
		if cz >= 0 {
			cr += (cz + v) * wm
		}
		f := g.poner(pos, x)
		g.despuesDe(pos, e, suma+v, mult*wm, cr)
		g.sacar(x, f)
		if g.Parar {
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
func (g *buscador) despuesDe(pos int, e uint64, suma, mult, cruces int) {
	p := g.Base + pos
	izqLibre := g.Celdas[p].IzqLibre
	sig := g.ancla + 1
	sigLibre := g.sigLibre
	entrar := pos > 0 && !g.Celdas[p-1].Tope && g.sigue(e, p-1) // la izquierda, ocupada o no
	if !entrar && izqLibre && e>>63 != 0 && sig < g.N {         // el giro (o alguna letra de las últimas)
		entrar = !sigLibre || g.puede(g.Base+sig)
	}
	switch {
	case entrar:
		g.trasAtras(pos, uint32(e)>>desplHijo, suma, mult, cruces)
	case izqLibre && sigLibre && uint32(e)&arcoAcepta != 0:
		// Sin entrar en el destino: la palabra es lo leído.
		g.Izquierda = g.NP
		if !g.noLlega(suma*mult + cruces) {
			g.Terminar(suma, mult, cruces)
		}
	}
}

// trasAtras sigue después de ocupar la celda pos yendo hacia la izquierda,
// con el estado nodo: si la celda de la izquierda está libre, gira (la
// palabra empieza en pos y sigue a la derecha del ancla) y además, si no
// tiene tope, prueba poner ahí otra ficha; si está ocupada, la palabra
// sigue por ella.
func (g *buscador) trasAtras(pos int, nodo uint32, suma, mult, cruces int) {
	izq := g.Base + pos - 1
	if pos > 0 && g.Celdas[izq].Letra != 0 {
		g.atras(pos-1, nodo, suma, mult, cruces)
		return
	}
	m := g.arcos.Salidas(nodo)
	if m>>63 != 0 && !(g.cotaGiro[pos] < g.Eq.Umbral) { // el giro: su arco es el primero
		g.filaIni = pos * g.N
		e := g.arcos.En(nodo + 1)
		g.Izquierda = g.NP
		sig := g.ancla + 1
		if g.sigLibre && uint32(e)&arcoAcepta != 0 {
			if !g.noLlega(suma*mult + cruces) {
				g.Terminar(suma, mult, cruces)
			}
		}
		if sig < g.N && g.sigue(e, g.Base+sig) {
			g.adelante(sig, uint32(e)>>desplHijo, suma, mult, cruces)
		}
	}
	if pos > 0 && !g.Celdas[izq].Tope && m&g.Celdas[izq].Cruce&g.disponibles() != 0 && !g.Parar &&
		!(g.cotaIzq[pos-1] < g.Eq.Umbral) {
		g.atras(pos-1, nodo, suma, mult, cruces)
	}
}

// adelante sigue la palabra hacia la derecha desde la celda pos, con el
// estado nodo de la copia del DAWG. Quien la llama ya comprobó que el
// estado sale con la letra de la celda, si está ocupada, o con alguna que
// la mano puede poner en ella.
func (g *buscador) adelante(pos int, nodo uint32, suma, mult, cruces int) {
	if g.cotaDer[g.filaIni+pos] < g.Eq.Umbral {
		return
	}
	p := g.Base + pos
	ultima := pos+1 == g.N
	c := &g.Celdas[p]
	fin := c.DerLibre
	arcos := g.arcos
	m := arcos.Salidas(nodo) // sin giro: es un estado del DAWG
	if l := c.Letra; l != 0 {
		x := l - 1
		bit := uint64(1) << x
		if m&bit == 0 {
			return
		}
		e := arcos.En(nodo + 1 + uint32(bits.OnesCount64(m&(bit-1))))
		if !c.Comodin {
			suma += g.Valor[x]
		}
		if fin && uint32(e)&arcoAcepta != 0 {
			if !g.noLlega(suma*mult + cruces) {
				g.Terminar(suma, mult, cruces)
			}
		}
		if !ultima && g.sigue(e, p+1) {
			g.adelante(pos+1, uint32(e)>>desplHijo, suma, mult, cruces)
		}
		return
	}
	posibles := m & c.Cruce & g.disponibles()
	lm, wm, cz := int(c.LM), int(c.WM), c.Cruzada
	for ; posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := arcos.En(nodo + 1 + uint32(bits.OnesCount64(m&(1<<x-1))))
		v := g.Valor[x] * lm
		cr := cruces
		if cz >= 0 {
			cr += (cz + v) * wm
		}
		f := g.poner(pos, x)
		if fin && uint32(e)&arcoAcepta != 0 {
			if !g.noLlega((suma+v)*(mult*wm) + cr) {
				g.Terminar(suma+v, mult*wm, cr)
			}
		}
		if !ultima && g.sigue(e, p+1) {
			g.adelante(pos+1, uint32(e)>>desplHijo, suma+v, mult*wm, cr)
		}
		g.sacar(x, f)
		if g.Parar {
			return
		}
	}
}

// noLlega informa si, en la búsqueda por equidad, una jugada de las fichas
// puestas que vale pts sin el bingo no llega al umbral ni con la mejor
// hoja: la búsqueda no llama entonces a busqueda.Estado.Terminar
// (emitirEquidad la descartaría igual; con comodines, repartirlos solo
// resta puntos).
func (g *buscador) noLlega(pts int) bool {
	if g.Modo != busqueda.MejoresPorEquidad {
		return false
	}
	if g.NP == g.Fichas {
		pts += g.Bingo
	}
	return float64(pts)+g.Eq.MejorHoja[g.NP] < g.Eq.Umbral
}

// poner pone la letra x en la celda pos de la línea con una ficha de la
// mano, o con un comodín si la mano no tiene fichas de x (y entonces
// devuelve true).
func (g *buscador) poner(pos int, x uint32) (forzado bool) {
	forzado = g.Cant[x&arcoLetra] == 0
	g.Puestas[g.NP] = busqueda.Puesta{Pos: int32(pos), Letra: letra.Letra(x), Forzado: forzado}
	g.NP++
	if forzado {
		g.Comodines--
		g.Forzados++
	} else if g.Cant[x&arcoLetra]--; g.Cant[x&arcoLetra] == 0 {
		g.Mascara &^= 1 << x
	}
	return forzado
}

// sacar deshace el último poner, de la letra x, que devolvió forzado.
func (g *buscador) sacar(x uint32, forzado bool) {
	g.NP--
	if forzado {
		g.Comodines++
		g.Forzados--
		return
	}
	g.Cant[x&arcoLetra]++
	g.Mascara |= 1 << x
}

// poda: la búsqueda por equidad desde un ancla (cotas.go) no sigue por
// donde ninguna palabra puede llegar al umbral. La cota rápida del ancla es
// el máximo de las de sus tramos (de la primera celda L de la palabra a la
// última R), que la cota anota al calcularla. Antes de buscar desde el
// ancla k salen de ellas desde[L·N + R], la mayor de las de L a R' ≥ R, y
// hasta[L], la mayor de las de L' ≤ L (a cualquier R). Girar en L (la
// palabra empieza en L) vale la pena solo si desde[L·N + k] llega al
// umbral, poner otra ficha a la izquierda de L solo si hasta[L−1] llega, y
// seguir a la derecha en R (con la palabra empezada en inicio) solo si
// desde[inicio·N + R] llega. Una jugada que se deja de buscar tiene
// equidad menor que el umbral del momento, que no baja: no entra entre las
// mejores (el mismo argumento que con las anclas, ver metodoEquidad). Los
// tramos que la cota no mira son los que la búsqueda no puede ocupar: la
// cota para donde la mano ya no tiene fichas o ninguna de las que tiene
// cabe en la celda, y la búsqueda, con una mano que solo se achica, también.

// anotarFila agrega una fila a las cotas anotadas y la devuelve.
func (g *buscador) anotarFila() []float64 {
	n := g.N
	i := len(g.regCotas)
	if cap(g.regCotas) < i+n {
		g.regCotas = append(g.regCotas[:i:i], make([]float64, max(n, i))...)
	}
	g.regCotas = g.regCotas[:i+n]
	g.regLargos = append(g.regLargos, 0)
	g.regFilas++
	return g.regCotas[i : i+n]
}

// empezarAncla prepara la búsqueda desde el ancla k de la línea en curso,
// sin poda (prepararPoda la pone después).
func (g *buscador) empezarAncla(k int) {
	g.ancla = k
	g.Izquierda = 0
	g.sigLibre = g.Celdas[g.Base+k].DerLibre
	n := g.N
	if len(g.sinPoda) < n*n {
		g.sinPoda = make([]float64, n*n)
		for i := range g.sinPoda {
			g.sinPoda[i] = math.Inf(1)
		}
	}
	g.cotaDer, g.cotaIzq, g.cotaGiro = g.sinPoda, g.sinPoda, g.sinPoda
}

// prepararPoda calcula desde, hasta y giro para la búsqueda desde el ancla
// a, de la línea en curso, y los usa (después de empezarAncla).
func (g *buscador) prepararPoda(a *ancla) {
	n, k := g.N, int(a.k)
	if len(g.desde) < n*n {
		g.desde = make([]float64, n*n)
		g.hasta = make([]float64, n)
		g.giro = make([]float64, n)
	}
	g.cotaDer, g.cotaIzq, g.cotaGiro = g.desde, g.hasta, g.giro
	inf := math.Inf(-1)
	cota := inf
	// De la fila de más a la izquierda a la primera: hasta acumula.
	for f := int(a.filas) - 1; f >= 0; f-- {
		l := int(a.ini) - f
		i := int(a.reg) + f
		fila := g.regCotas[i*n : i*n+n]
		largo := int(g.regLargos[i])
		d := g.desde[l*n : l*n+n]
		m := inf
		lim := min(k+largo, n) // los tramos llegan hasta lim−1
		for r := n - 1; r >= lim; r-- {
			d[r] = inf
		}
		// Las columnas de k a lim−1: dk[r−k] y fk[r−k], del mismo largo
		// (sin comprobar los índices en el bucle).
		fk := fila[:lim-k]
		dk := d[k:lim]
		dk = dk[:len(fk)]
		for r := len(fk) - 1; r >= 0; r-- {
			if v := fk[r]; v > m {
				m = v
			}
			dk[r] = m
		}
		g.giro[l] = d[k]
		cota = max(cota, m)
		g.hasta[l] = cota
	}
	// Más a la izquierda la búsqueda no llega: sin poda.
	for l := int(a.ini) - int(a.filas); l >= 0; l-- {
		g.hasta[l] = math.Inf(1)
	}
}
