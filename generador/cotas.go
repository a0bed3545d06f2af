package generador

import (
	"math"
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/letra"
)

// metodoEquidad: la búsqueda de las K mejores elecciones por equidad del
// GADDAG (GADDAG.MejoresPorEquidadDe), y por qué da lo mismo que
// recorrer todas las jugadas (RecorrerPorEquidad).
//
// Primero los cambios: cada hoja que se puede conservar, con su valor (a lo
// sumo unos cientos). Las jugadas de una ficha (buscador.sueltas) se miran
// todas, al final (con el umbral que dejaron las anclas, una celda cuya
// cota de puntos con el mayor valor de la mano no llega se salta entera).
// Cada jugada de dos fichas o más sale de una sola ancla de la
// búsqueda del GADDAG (la primera de su palabra principal; ver
// busqueda.Estado.juntar), así que basta una cota de la equidad de las
// jugadas de cada ancla: se calculan todas (buscador.cota), se visitan de la
// mayor a la menor y se para en la primera cota menor que el Umbral, la
// equidad de la K-ésima mejor elección encontrada (−∞ mientras no haya K).
// Cada cota es primero una rápida; cuando un ancla sale primera, se
// refina (buscador.cota con refinar) y, si baja, vuelve a su lugar: las
// anclas que el umbral descarta nunca se refinan.
//
// Exactitud. Sea U el umbral al parar y A un ancla no visitada: su cota es
// menor que U, y toda jugada de A tiene equidad ≤ cota(A) < U. Como U es la
// equidad de K elecciones ya encontradas, ninguna jugada de A entra en las
// K mejores, ni siquiera por el desempate (que solo decide entre equidades
// iguales: por eso se para con una cota menor, no con una igual). Dentro
// de una búsqueda, una jugada (con cada reparto de sus comodines) se
// descarta solo si su equidad es menor que el umbral del momento, que no
// baja. Y la lista de las K mejores se guarda con el orden total de
// CompararElecciones, así que no depende del orden en que se encuentran:
// el resultado es el de ordenar todas las elecciones y tomar las K
// primeras. Las cuentas en coma flotante no rompen la cota: la equidad es
// float64(puntos) + hoja y la cota float64(cota de los puntos) + la mejor
// hoja, y la suma redondeada es monótona en cada sumando.
//
// La cota de un ancla. Una jugada de t fichas de un ancla cubre un tramo
// de la línea: hacia la izquierda, celdas libres sin tope desde el ancla
// (o desde el comienzo del tramo de fichas que termina en ella); hacia la
// derecha, cualquier celda hasta donde termine la palabra, con las fichas
// del tablero que cruza. Cada celda libre del tramo recibe una ficha, así
// que el tramo fija t, el premio de palabra W (el producto de los premios
// de sus celdas libres), la suma P de las fichas del tablero de la
// palabra principal y la de las palabras cruzadas, C = Σ cruzada·WM. Los
// puntos son
//
//	W·P + C + Σ_celdas v·LM·(W + x) (+ bingo si t = F),
//
// con v el valor de la ficha puesta en la celda y x su premio de palabra
// si forma una palabra cruzada, 0 si no (un comodín vale 0 y solo resta).
// Los pesos LM·(W + x) no dependen de las fichas: la suma es a lo sumo la
// de los t mayores valores de la mano contra los t mayores pesos, en orden
// (reordenamiento), sea cual sea la palabra. Y la hoja de una jugada de t
// fichas es una de las sub-hojas de la mano con t fichas menos: vale a lo
// sumo MejorHoja[t]. La cota del ancla es el máximo, sobre sus tramos
// posibles (celdas libres donde la mano puede poner alguna ficha, t entre
// 2 y las fichas de la mano), de la cota de los puntos más MejorHoja[t].
// La cota de los puntos es la menor entre la del reordenamiento y la de las
// fichas que caben en cada celda (sombra.puestas). Un tramo que pone la
// mano entera (t igual a sus fichas) tiene además una sola palabra
// principal posible por sus letras: la mano con las letras del tablero del
// tramo; si el mapa de palabras dice que ninguna palabra tiene esas
// letras, el tramo no tiene jugadas y su cota es −∞ (el mapa puede decir
// que sí de más, nunca que no de más). Es lo que descarta los tramos del
// bingo, que con sus 50 puntos de premio hacían visitar casi toda ancla
// donde caben siete fichas. Con uno o dos comodines
// no se visitan anclas sino sus tramos, con el mapa de palabras (ver
// metodoMapa).
//
// Con palabras (con más de dos comodines en la mano: sin ellos, la
// búsqueda de un ancla cuesta menos que refinar su cota). Las fichas S que pone la
// jugada, con las letras L del tablero de su palabra principal, forman esa
// palabra: el multiconjunto S ∪ L (los comodines de S como alguna letra)
// es el de una palabra del léxico, lo que mapaPalabras responde (puede
// decir que sí de más, nunca que no de más). Si el tramo no tiene letras
// del tablero, la hoja de una jugada de t fichas es una de las que dejan
// los S de t fichas que forman una palabra (hojaLibre[t], −∞ si ninguno).
// La cota refinada de un tramo recorre los S de t fichas de la mano que
// con L forman una palabra (los de más de dos comodines cuentan como si la
// formaran) y toma el máximo de sus puntos, con los valores de S contra
// los pesos, más el valor de su hoja, la de la mano menos S: es una cota
// de cada jugada del tramo, porque la suya es uno de esos S. Los S van de
// la mejor hoja a la peor, y se para cuando ni con los mayores valores de
// la mano uno superaría lo visto o llegaría al umbral (lo que no se miró
// vale a lo sumo eso, menos que el umbral). La misma cuenta, separada por
// la cantidad c de comodines de S, acota las jugadas que ponen c
// comodines: si las de c o más no llegan al umbral, la búsqueda del ancla
// no pone el c-ésimo comodín (busqueda.Equidad.ComodinesVetados).
//
// El tablero vacío (la primera jugada) no tiene anclas que ordenar: se
// ordenan los subconjuntos de la mano que forman palabra, por la cota de
// sus valores contra la mejor posición más su hoja, y cada uno se recorre
// hasta el umbral (buscador.aperturaPorEquidad).

// maxSombra es cuántas fichas cuenta la cota de un ancla: con manos
// mayores no se poda.
const maxSombra = 16

// maxSubs es cuántos subconjuntos de la mano (Π (cₓ + 1)) refina la cota
// con palabras: los de una mano de 7 fichas; con más, solo la cota rápida.
const maxSubs = 128

// sombra es un tramo de jugada que la cota recorre: las celdas libres que
// ocupa y lo que suman.
type sombra struct {
	t  int    // fichas puestas
	w  int    // premio de palabra: el producto de los de las celdas libres
	p  int    // suma de las fichas del tablero en la palabra principal
	c  int    // Σ cruzada·WM de las celdas libres con palabra cruzada
	nl int    // letras del tablero en la palabra principal
	hl uint64 // su resumen (mapaPalabras)
	// a y b: con mv el mayor valor de una ficha de la mano que cabe en
	// cada celda libre (por su conjunto cruzado; 0 si solo un comodín),
	// a = Σ LM·mv y b = Σ LM·mv·x, y los puntos de las fichas puestas son
	// a lo sumo w·a + b (la otra cota, además del reordenamiento).
	a, b int
	// cruces: las letras que caben en alguna celda libre.
	cruces uint64
	lm, x  [maxSombra]int8
	pesos  [maxSombra]int32 // LM·(W + x) de cada celda, de mayor a menor
	// reord: la cota del reordenamiento con los valores de la mano
	// (buscador.vals) contra los pesos, Σ vals[i]·pesos[i], que insertar
	// mantiene al día.
	reord int
}

// simple informa si agregar la celda libre c es el caso simple (ver
// agregarSimple): sin premio de palabra, sin palabra cruzada y donde caben
// todas las letras de la mano.
func (g *buscador) simple(c *busqueda.Celda) bool {
	return c.WM == 1 && c.Cruzada < 0 && c.Cruce&g.Mascara == g.Mascara
}

// agregarSimple es agregar, en línea, para una celda del caso simple (ver
// simple), salvo el peso de la celda, LM·W, que quien la llama inserta
// después (insertar, en línea; juntos no caben en el presupuesto del
// compilador para meterlos en línea).
func (s *sombra) agregarSimple(c *busqueda.Celda, g *buscador) {
	t := s.t
	s.cruces |= c.Cruce
	s.a += int(c.LM) * int(g.vals[0])
	s.lm[t], s.x[t] = int8(c.LM), 0
	s.t = t + 1
}

// agregar suma la celda libre c de la línea en curso al tramo.
func (s *sombra) agregar(c *busqueda.Celda, g *buscador) {
	lm, wm, cruzada := c.LM, c.WM, c.Cruzada
	s.cruces |= c.Cruce
	x := int8(0)
	if cruzada >= 0 {
		x = int8(wm)
		s.c += cruzada * int(wm)
	}
	mv := 0
	if c.Cruce&g.Mascara == g.Mascara { // caben todas: la mayor
		mv = int(g.vals[0])
	} else {
		for _, l := range g.porValor {
			if c.Cruce&(1<<l) != 0 {
				mv = g.Valor[l]
				break
			}
		}
	}
	s.a += int(lm) * mv
	s.b += int(lm) * mv * int(x)
	s.lm[s.t], s.x[s.t] = int8(lm), x
	s.t++
	vals := g.vals
	if wm != 1 {
		s.w *= int(wm)
		s.reord = 0
		for i := range s.t {
			s.insertar(i, int32(s.lm[i])*int32(s.w+int(s.x[i])), vals)
		}
		return
	}
	s.insertar(s.t-1, int32(lm)*int32(s.w+int(x)), vals)
}

// puestas devuelve la cota de los puntos de las fichas puestas en el
// tramo (sin los de las fichas del tablero ni las palabras cruzadas), con
// vals los valores de las fichas que se pueden poner, de mayor a menor:
// la menor entre la del reordenamiento (los vals contra los pesos) y la de
// las fichas que caben en cada celda (w·a + b).
func (s *sombra) puestas(vals []int32) int {
	pts := 0
	for i, p := range s.pesos[:s.t] {
		pts += int(vals[i]) * int(p)
	}
	return min(pts, s.w*s.a+s.b)
}

// rapida es puestas con los valores de la mano (buscador.vals), con la
// suma del reordenamiento ya hecha (reord).
func (s *sombra) rapida() int {
	return min(s.reord, s.w*s.a+s.b)
}

// insertar pone el peso p entre los i primeros pesos, ordenados, y
// actualiza reord con los valores vals (de mayor a menor): cada peso que
// se corre un lugar pasa de multiplicar a vals[j] a multiplicar a
// vals[j+1].
func (s *sombra) insertar(i int, p int32, vals []int32) {
	for i > 0 && s.pesos[i-1] < p {
		s.pesos[i] = s.pesos[i-1]
		s.reord += int(vals[i]-vals[i-1]) * int(s.pesos[i-1])
		i--
	}
	s.pesos[i] = p
	s.reord += int(vals[i]) * int(p)
}

// ancla es un ancla con su cota, para visitarlas de la mayor a la menor.
type ancla struct {
	cota     float64
	linea    int32 // d·N + i: la línea i de la dirección d
	k        int16
	refinada bool
	// La poda por tramos: las cotas de los tramos anotadas (ver
	// buscador.anotarFila), filas de ellas desde la fila reg, la primera de
	// las palabras que empiezan en la celda ini.
	ini, filas int16
	reg        int32
	// porComodines[c]: la cota refinada de las jugadas que ponen c
	// comodines (el último, c o más).
	porComodines [3]float64
}

// subconjunto es un multiconjunto S de fichas de la mano que una jugada
// puede poner: cuántas son, cuántas son comodines, el número de la hoja
// que dejan, el resumen de sus letras (sin los comodines) y sus valores de
// mayor a menor.
type subconjunto struct {
	t, comodines int8
	hoja         int32
	h            uint64
	letras       uint64 // las letras de S que no son comodines
	vals         [8]int32
}

// cotasMano es lo que las cotas con palabras saben de la mano: sus
// subconjuntos, en grupos por tamaño y comodines y, en cada grupo, de la
// mejor hoja a la peor; y cuáles forman palabras solos o con las letras de
// cada tramo que ya se miró.
type cotasMano struct {
	ok   bool // la mano tiene a lo sumo maxSubs subconjuntos y hay mapa
	subs []subconjunto
	// Los de t fichas y c comodines (2: dos o más) son
	// subs[desde[grupo(t, c)]:desde[grupo(t, c)+1]].
	desde [3*maxFichasSubs + 4]int
	libre memoLetras // los que forman palabra solos (h = 0)
	// hojaLibre[t]: la mejor hoja de los S de t fichas que forman palabra
	// solos (−∞ si ninguno), calculada la primera vez que se pide
	// (buscador.hojaLibreDe; libreSabida: las ya calculadas).
	hojaLibre   [maxSombra + 1]float64
	libreSabida uint32
	memo        []memoLetras
	// indice: por dispersión del resumen, la posición en memo más 1 de
	// las letras del tablero vistas en esta búsqueda (la vuelta).
	indice [256]struct {
		pos, vuelta uint32
	}
	vuelta uint32
}

// maxFichasSubs es la mayor mano con subconjuntos.
const maxFichasSubs = 8

// grupo es el número del grupo de los subconjuntos de t fichas y c
// comodines.
func grupo(t, c int) int { return 3*t + min(c, 2) }

// memoLetras dice qué subconjuntos forman palabra con las letras del
// tablero de resumen h: sabidos, los ya mirados; forman, los que sí.
type memoLetras struct {
	h               uint64
	sabidos, forman [2]uint64
}

// porEquidad busca las mejores jugadas por equidad de la mano m en j (en
// el modo busqueda.MejoresPorEquidad, con las hojas ya cargadas): ver
// metodoEquidad.
func (g *buscador) porEquidad(j Vista, m *letra.Multiconjunto) {
	if !g.Preparar(j, m) {
		return
	}
	if g.anagramas != nil && g.Conexion && g.Tablero.Ocupadas == 0 && g.N <= 16 {
		g.vacio()
		return
	}
	if g.Conexion && g.Tablero.Ocupadas == 0 {
		g.aperturaPorEquidad()
		return
	}
	// Las jugadas de una ficha, después de las de las anclas (con el umbral
	// que dejan, casi todas las celdas se descartan por su cota; ver
	// buscador.suelta), salvo con el mapa de palabras.
	g.valoresMano()
	// Con uno o dos comodines (y a lo sumo maxSubs subconjuntos), las
	// jugadas salen del mapa de palabras, por tramos (metodoMapa). Sin
	// comodines, también si el tablero tiene pocas fichas (menos de
	// N²/11: 20 en el de 15×15); si no, de cada ancla con el GADDAG, que
	// ahí cuesta menos: en 132 posiciones sin comodines de partidas del
	// bot codicioso (6 por idioma), el mapa tarda 0,57 veces lo del
	// GADDAG con menos de 10 fichas, 0,81 con 10 a 19 y, con más, entre
	// 0,92 y 1,37 según la decena (1,16 en conjunto; en los rollouts de la
	// simulación, que llenan el tablero, un 15 % más). Con más de dos
	// comodines, del GADDAG con las cotas refinadas.
	g.cm.ok = false
	if g.ComodinesMano > 0 || 11*g.Tablero.Ocupadas < g.N*g.N {
		g.subconjuntos()
	}
	porMapa := g.cm.ok && g.ComodinesMano <= 2
	if porMapa {
		g.sueltas()
		g.porTramos()
		return
	}
	n := g.N
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	g.anclas = g.anclas[:0]
	g.listar()
	// La poda por tramos (ver poda en gaddag.go), con la cota rápida: la
	// cota anota la de cada tramo de cada ancla que se guarda.
	g.anotar = !g.cm.ok && g.Total <= maxSombra
	g.regCotas, g.regLargos = g.regCotas[:0], g.regLargos[:0]
	for d := range direcciones {
		for _, a := range g.listaAnclas[d] {
			i, k := int(a.i), int(a.k)
			g.Linea(d, i)
			if !g.arranca(k) {
				continue
			}
			if c := g.cota(k, false); !(c < g.Eq.Umbral) {
				g.anclas = append(g.anclas, ancla{cota: c, linea: int32(d*n + i), k: int16(k), ini: int16(g.regIni), filas: int16(g.regFilas), reg: int32(g.regDesde)})
			} else if g.anotar {
				g.regCotas, g.regLargos = g.regCotas[:g.regDesde*n], g.regLargos[:g.regDesde]
			}
		}
	}
	// Un montículo: se sacan solo las anclas que se visitan.
	h := g.anclas
	for i := len(h)/2 - 1; i >= 0; i-- {
		hundir(h, i)
	}
	for len(h) > 0 {
		a := h[0]
		if a.cota < g.Eq.Umbral {
			break
		}
		g.Linea(int(a.linea)/n, int(a.linea)%n)
		if !a.refinada && g.cm.ok {
			// Refinar y devolverla a su lugar.
			h[0].cota, h[0].refinada = g.cota(int(a.k), true), true
			h[0].porComodines = g.porComodines
			hundir(h, 0)
			continue
		}
		h[0] = h[len(h)-1]
		h = h[:len(h)-1]
		hundir(h, 0)
		// Los comodines que las jugadas de este ancla no necesitan: la
		// búsqueda pone un comodín solo cuando la mano no tiene la letra
		// (una jugada con un comodín en lugar de una ficha que la mano
		// tiene sale al terminar la palabra, busqueda.Estado.conComodines),
		// y no lo pone si las jugadas con uno más no pueden entrar entre las
		// mejores (busqueda.Equidad.ComodinesVetados, cada vez que sube el
		// umbral).
		if a.refinada {
			g.Eq.Comodines, g.Eq.CotaComodines = g.ComodinesMano, a.porComodines
			g.Vetados = g.Eq.ComodinesVetados()
		}
		g.empezarAncla(int(a.k))
		if g.podar = g.anotar; g.podar {
			g.prepararPoda(&a)
		}
		g.atras(g.ancla, g.raiz, 0, 1, 0)
		g.podar = false
		g.Eq.Comodines, g.Vetados = 0, 0
	}
	g.acotarSueltas = true
	g.sueltas()
	g.acotarSueltas = false
}

// hundir restablece el montículo de máximos h desde i: baja h[i] mientras
// algún hijo tenga más cota (el mayor, a igual cota el izquierdo), moviendo
// cada hijo una vez en lugar de intercambiarlos.
func hundir(h []ancla, i int) {
	if i >= len(h) {
		return
	}
	x := h[i]
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if r := c + 1; r < len(h) && h[r].cota > h[c].cota {
			c = r
		}
		if !(h[c].cota > x.cota) {
			break
		}
		h[i] = h[c]
		i = c
	}
	h[i] = x
}

// valoresMano ordena los valores de las fichas de la mano, de mayor a
// menor (un comodín vale 0).
func (g *buscador) valoresMano() {
	if g.mapa == nil {
		g.mapa = mapaDe(g.arcos, g.raiz, g.V.Lexico().Tamano(), g.clave)
	}
	g.hMano = 0
	g.vueltaMano++
	for l := range letra.MaxLetras - 1 {
		g.hMano += uint64(g.Cant[l]) * zMapa[l]
	}
	g.vals = g.vals[:0]
	for l := range letra.MaxLetras - 1 {
		for range g.Cant[l] {
			g.vals = append(g.vals, int32(g.Valor[l]))
		}
	}
	for range g.Comodines {
		g.vals = append(g.vals, 0)
	}
	slices.SortFunc(g.vals, func(a, b int32) int { return int(b) - int(a) })
	g.porValor = g.porValor[:0]
	for l := range letra.MaxLetras - 1 {
		if g.Cant[l] > 0 {
			g.porValor = append(g.porValor, letra.Letra(l))
		}
	}
	slices.SortStableFunc(g.porValor, func(a, b letra.Letra) int { return g.Valor[b] - g.Valor[a] })
}

// subconjuntos arma los subconjuntos de fichas de la mano (g.cm),
// ordenados por tamaño, y cuáles forman una palabra solos.
func (g *buscador) subconjuntos() {
	cm := &g.cm
	cm.ok = false
	cm.memo = cm.memo[:0]
	cm.vuelta++
	cm.libreSabida = 0
	// Las letras de la mano de mayor a menor valor, el comodín con valor 0:
	// así los valores de cada subconjunto salen ordenados.
	var letras [letra.MaxLetras]letra.Letra
	var cant [letra.MaxLetras]int
	var valor [letra.MaxLetras]int32
	d, total := 0, 1
	agregar := func(l letra.Letra, c int, v int32) {
		i := d
		for i > 0 && valor[i-1] < v {
			letras[i], cant[i], valor[i] = letras[i-1], cant[i-1], valor[i-1]
			i--
		}
		letras[i], cant[i], valor[i] = l, c, v
		d++
		total *= c + 1
	}
	for l := range letra.MaxLetras - 1 {
		if c := g.Cant[l]; c > 0 {
			agregar(letra.Letra(l), c, int32(g.Valor[l]))
		}
	}
	if g.Comodines > 0 {
		agregar(letra.Comodin, g.Comodines, 0)
	}
	if total > maxSubs || g.Total > maxFichasSubs {
		return
	}
	if g.mapa == nil {
		g.mapa = mapaDe(g.arcos, g.raiz, g.V.Lexico().Tamano(), g.clave)
	}
	if g.palabras == nil {
		g.palabras = palabrasDe(g.arcos, g.raiz, g.N, g.clave)
	}
	if g.Comodines > 0 {
		g.palabras.conMenosUna()
	}
	cm.ok = true
	// Dos pasadas del cuentakilómetros: cuántos hay de cada tamaño, y
	// cada uno en su lugar.
	var k [letra.MaxLetras]int
	siguiente := func() {
		for i := range d {
			if k[i] < cant[i] {
				k[i]++
				return
			}
			k[i] = 0
		}
	}
	var cuantos [len(cm.desde)]int
	for range total {
		t, c := 0, 0
		for i := range d {
			t += k[i]
			if letras[i] == letra.Comodin {
				c = k[i]
			}
		}
		cuantos[grupo(t, c)]++
		siguiente()
	}
	cm.desde[0] = 0
	for i := 1; i < len(cm.desde); i++ {
		cm.desde[i] = cm.desde[i-1] + cuantos[i-1]
	}
	var lugar [len(cm.desde)]int
	copy(lugar[:], cm.desde[:])
	if cap(cm.subs) < total {
		cm.subs = make([]subconjunto, total)
	}
	cm.subs = cm.subs[:total]
	for range total {
		s := subconjunto{hoja: int32(g.Eq.Entera)}
		for i := range d {
			l := letras[i]
			s.hoja -= int32(k[i] * g.Eq.Paso[l])
			if l == letra.Comodin {
				s.comodines = int8(k[i])
			} else if k[i] > 0 {
				s.h += uint64(k[i]) * zMapa[l]
				s.letras |= 1 << l
			}
			for range k[i] {
				s.vals[s.t] = valor[i]
				s.t++
			}
		}
		gr := grupo(int(s.t), int(s.comodines))
		// En su grupo, de la mejor hoja a la peor.
		i := lugar[gr]
		for i > cm.desde[gr] && g.Eq.Hojas[cm.subs[i-1].hoja] < g.Eq.Hojas[s.hoja] {
			cm.subs[i] = cm.subs[i-1]
			i--
		}
		cm.subs[i] = s
		lugar[gr]++
		siguiente()
	}
	// Los que forman palabra solos, cuando se pidan (hojaLibreDe).
	cm.libre = memoLetras{}
}

// hojaLibreDe devuelve la mejor hoja de los subconjuntos de t fichas que
// forman palabra solos (−∞ si ninguno): en cada grupo de t fichas, el
// primero que forma palabra, porque van de la mejor hoja a la peor. La
// calcula la primera vez que se pide en la búsqueda.
func (g *buscador) hojaLibreDe(t int) float64 {
	cm := &g.cm
	if cm.libreSabida&(1<<t) != 0 {
		return cm.hojaLibre[t]
	}
	cm.libreSabida |= 1 << t
	mejor := math.Inf(-1)
	if t >= 2 && t <= maxFichasSubs {
		for c := range 3 {
			gr := grupo(t, c)
			for i := cm.desde[gr]; i < cm.desde[gr+1]; i++ {
				h := g.Eq.Hojas[cm.subs[i].hoja]
				if !(h > mejor) {
					break
				}
				if g.forma(&cm.libre, i) {
					mejor = h
					break
				}
			}
		}
	}
	cm.hojaLibre[t] = mejor
	return mejor
}

// forma informa si el subconjunto i, con las letras del tablero de m.h,
// forma quizá una palabra (ver mapaPalabras), mirándolo si m no lo sabe.
// Con más de dos comodines cuenta como que sí.
func (g *buscador) forma(m *memoLetras, i int) bool {
	b, w := uint64(1)<<(i&63), i>>6
	if m.sabidos[w]&b == 0 {
		m.sabidos[w] |= b
		s := &g.cm.subs[i]
		if s.comodines > 2 || g.mapa.tieneCon(m.h+s.h, int(s.comodines), g.Letras) {
			m.forman[w] |= b
		}
	}
	return m.forman[w]&b != 0
}

// memoDe devuelve lo que se sabe de los subconjuntos con las letras del
// tablero de resumen h.
func (g *buscador) memoDe(h uint64) *memoLetras {
	cm := &g.cm
	i := mezclar64(h) >> 56
	for range len(cm.indice) {
		e := &cm.indice[i]
		if e.vuelta != cm.vuelta {
			cm.memo = append(cm.memo, memoLetras{h: h})
			e.pos, e.vuelta = uint32(len(cm.memo)), cm.vuelta
			return &cm.memo[len(cm.memo)-1]
		}
		if m := &cm.memo[e.pos-1]; m.h == h {
			return m
		}
		i = (i + 1) % uint64(len(cm.indice))
	}
	// El índice está lleno: uno sin guardar, que se volverá a mirar.
	cm.memo = append(cm.memo, memoLetras{h: h})
	return &cm.memo[len(cm.memo)-1]
}

// cota devuelve una cota de la equidad de las jugadas de dos fichas o más
// que la búsqueda encuentra desde el ancla k de la línea en curso (ver
// metodoEquidad): la rápida o, con refinar, la que mira los subconjuntos
// de la mano que forman palabras.
func (g *buscador) cota(k int, refinar bool) float64 {
	if g.Total > maxSombra {
		return math.Inf(1)
	}
	cs := g.Celdas[g.Base : g.Base+g.N]
	n, r := g.N, g.Total
	disp := g.disponibles()
	for c := range g.porComodines {
		g.porComodines[c] = math.Inf(-1)
	}
	anotar := g.anotar && !refinar
	if anotar {
		g.regDesde, g.regFilas = len(g.regLargos), 0
	}
	// En la búsqueda restringida, un tramo de L a R que no toca una celda
	// marcada de la línea de L−1 a R+1 (busqueda.Estado.Marcada) no
	// cuenta: sus jugadas no cambiaron y pueden faltar.
	marcas, filtrar := uint64(0), false
	if g.Restringida {
		marcas, filtrar = g.MarcasLinea(g.Dir, g.Base/n)
	}
	// Sin refinar ni subconjuntos, la cota de un tramo que no pone la mano
	// entera (o sin mapa) es la de cotaSimple, en línea; la de los demás,
	// la de cotaTramo. tMapa: las fichas de los tramos que van a cotaTramo.
	simple := !refinar && !g.cm.ok
	tMapa := -1
	if g.mapa != nil {
		tMapa = g.Total
	}
	s := sombra{w: 1}
	izq := k - 1
	ini := k // la primera celda de las palabras de los tramos que se miran
	if cs[k].Letra != 0 {
		// El tramo de fichas que termina en el ancla.
		a := k
		for {
			c := &cs[a]
			s.tablero(c, g)
			if a == 0 || cs[a-1].Letra == 0 {
				break
			}
			a--
		}
		izq, ini = a-1, a
	} else if c := &cs[k]; g.simple(c) {
		s.agregarSimple(c, g)
		s.insertar(s.t-1, int32(c.LM)*int32(s.w), g.vals)
	} else {
		s.agregar(c, g)
	}
	if anotar {
		g.regIni = ini
	}
	mejor := math.Inf(-1)
	for {
		// La palabra puede terminar en el ancla (la celda siguiente está
		// libre) o seguir hacia la derecha.
		d := s
		var fila []float64 // con anotar, fila[R−k]: la cota del tramo hasta R
		if anotar {
			fila = g.anotarFila()
		}
		// Con filtrar, un tramo hasta R cuenta si la primera celda marcada
		// desde izq (marcada) está a lo sumo en R+1.
		marcada := -1
		if filtrar {
			marcada = primeraMarcada(marcas, izq)
		}
		// (Un tramo de menos de dos fichas vale −∞: cotaTramo ni se llama.)
		ct := math.Inf(-1)
		if d.t >= 2 && marcada <= k+1 {
			if simple && d.t != tMapa {
				ct = g.cotaSimple(&d)
			} else {
				ct = g.cotaTramo(&d, refinar)
			}
			if ct > mejor {
				mejor = ct
			}
		}
		largo := n - k
		for j := k + 1; j < n; j++ {
			if anotar {
				fila[j-k-1] = ct
			}
			c := &cs[j]
			if c.Letra != 0 {
				d.tablero(c, g)
			} else {
				if d.t == r || c.Cruce&disp == 0 {
					largo = j - k
					break
				}
				if g.simple(c) {
					d.agregarSimple(c, g)
					d.insertar(d.t-1, int32(c.LM)*int32(d.w), g.vals)
				} else {
					d.agregar(c, g)
				}
			}
			ct = math.Inf(-1)
			if c.DerLibre && d.t >= 2 && marcada <= j+1 {
				if simple && d.t != tMapa {
					ct = g.cotaSimple(&d)
				} else {
					ct = g.cotaTramo(&d, refinar)
				}
				if ct > mejor {
					mejor = ct
				}
			}
		}
		if anotar {
			fila[largo-1] = ct
			g.regLargos[len(g.regLargos)-1] = int16(largo)
		}
		if izq < 0 || s.t == r {
			break
		}
		c := &cs[izq]
		if c.Letra != 0 || c.Tope || c.Cruce&disp == 0 {
			break
		}
		if g.simple(c) {
			s.agregarSimple(c, g)
			s.insertar(s.t-1, int32(c.LM)*int32(s.w), g.vals)
		} else {
			s.agregar(c, g)
		}
		izq--
	}
	return mejor
}

// primeraMarcada devuelve la primera celda marcada en marcas (el bit i: la
// celda i) desde la celda a (desde 0 si a es negativa), o math.MaxInt si no
// hay: un tramo cuyas palabras van de L a R toca una celda marcada de L−1 a
// R+1 si primeraMarcada(marcas, L−1) ≤ R+1.
func primeraMarcada(marcas uint64, a int) int {
	a = max(a, 0)
	if a < 64 {
		if m := marcas >> a; m != 0 {
			return a + bits.TrailingZeros64(m)
		}
	}
	return math.MaxInt
}

// tablero suma al tramo la celda ocupada c.
func (s *sombra) tablero(c *busqueda.Celda, g *buscador) {
	if !c.Comodin {
		s.p += g.Valor[c.Letra-1]
	}
	s.nl++
	s.hl += zMapa[c.Letra-1]
}

// cotaTramo devuelve la cota de la equidad de las jugadas del tramo s, la
// rápida o la refinada: −∞ si pone menos de dos fichas o si ninguna
// palabra cabe.
func (g *buscador) cotaTramo(s *sombra, refinar bool) float64 {
	if s.t < 2 {
		return math.Inf(-1)
	}
	base := s.w*s.p + s.c
	if s.t == g.Fichas {
		base += g.Bingo
	}
	cm := &g.cm
	if !refinar || !cm.ok {
		// Con todas las fichas de la mano, la palabra principal es la mano
		// más las letras del tablero del tramo: si el mapa dice que no hay
		// tal palabra, no hay jugadas (el mapa no dice que no de más).
		if s.t == g.Total && g.mapa != nil && !g.manoForma(s.hl) {
			return math.Inf(-1)
		}
		hoja := g.Eq.MejorHoja[s.t]
		if s.nl == 0 && cm.ok {
			hoja = g.hojaLibreDe(s.t)
		}
		return float64(base+s.rapida()) + hoja
	}
	m := &cm.libre
	if s.nl > 0 {
		m = g.memoDe(s.hl)
	}
	// Por cantidad de comodines, los subconjuntos de la mejor hoja a la
	// peor: los puntos de uno son a lo sumo los de los t mayores valores,
	// así que se para cuando con esos puntos no superaría lo ya visto o no
	// llegaría al umbral. Lo que no se mira vale a lo sumo el primero que no
	// se miró, que queda como cota: menor que el umbral, que solo sube.
	tope := base + s.rapida()
	mejor := math.Inf(-1)
	for c := range g.porComodines {
		gr := grupo(s.t, c)
		for i := cm.desde[gr]; i < cm.desde[gr+1]; i++ {
			sub := &cm.subs[i]
			h := g.Eq.Hojas[sub.hoja]
			cota := float64(tope) + h
			if !(cota > g.porComodines[c]) {
				break
			}
			if cota < g.Eq.Umbral {
				g.porComodines[c] = cota
				mejor = max(mejor, cota)
				break
			}
			if !g.forma(m, i) {
				continue
			}
			e := float64(base+s.puestas(sub.vals[:])) + h
			g.porComodines[c] = max(g.porComodines[c], e)
			mejor = max(mejor, e)
		}
	}
	return mejor
}

// cotaSimple es cotaTramo sin refinar, sin subconjuntos de la mano
// (cotasMano.ok falso) y para un tramo de dos fichas o más que no pone la
// mano entera o sin mapa de palabras: cabe en línea.
func (g *buscador) cotaSimple(s *sombra) float64 {
	base := s.w*s.p + s.c
	if s.t == g.Fichas {
		base += g.Bingo
	}
	return float64(base+s.rapida()) + g.Eq.MejorHoja[s.t]
}

// manoForma informa si la mano entera con las letras del tablero de
// resumen hl forma quizá una palabra (mapaPalabras.tieneCon), con una
// memoria por búsqueda: muchos tramos tienen las mismas letras del tablero
// (ninguna, los que no tocan fichas), y cada consulta al mapa lee memoria
// lejana.
func (g *buscador) manoForma(hl uint64) bool {
	m := &g.memoMano[mezclar64(hl)>>(64-6)]
	if m.vuelta == g.vueltaMano && m.h == hl {
		return m.forma
	}
	f := g.mapa.tieneCon(hl+g.hMano, g.ComodinesMano, g.Letras)
	*m = memoMano{h: hl, vuelta: g.vueltaMano, forma: f}
	return f
}

// memoMano es una respuesta de manoForma.
type memoMano struct {
	h      uint64
	vuelta uint32
	forma  bool
}
