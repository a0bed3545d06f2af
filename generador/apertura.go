package generador

import (
	"math"
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// apertura genera las jugadas del tablero vacío con la regla de conexión
// (la primera jugada clásica, docs/reglas.md, C2): todas cubren el centro,
// así que son las palabras de dos letras o más que la mano forma, cada una
// en cada posición de la línea del centro que lo cubre, en las dos
// direcciones.
//
// Desde el ancla del centro, el GADDAG encontraría cada palabra una vez por
// cada letra suya que cae en el centro. Aquí cada palabra se lee una sola
// vez, hacia adelante, con la copia del DAWG que el GADDAG lleva tras el
// giro (raíz, primera letra, giro), poniendo cada letra como la búsqueda
// del GADDAG (con una ficha de la mano si queda, si no con un comodín
// forzado); después se pone en cada posición. Contar ni siquiera la pone:
// suma posiciones por repartos de comodines. Si el tablero es simétrico
// solo se recorre la dirección horizontal y busqueda.Estado.Emitir entrega
// además la traspuesta, como en el resto del tablero.
func (g *buscador) apertura() {
	maxLargo := min(g.N, g.Total)
	if maxLargo < 2 {
		return
	}
	g.Izquierda = 0
	a := g.arcos
	m := a.Salidas(g.raiz)
	primero := g.raiz + 1 + uint32(m>>63)
	for posibles := m & g.disponibles(); posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := a.En(primero + uint32(bits.OnesCount64(m&(1<<x-1))))
		s := uint32(e) >> desplHijo
		if s == 0 || a.Salidas(s)>>63 == 0 {
			continue
		}
		// El giro es el primer arco de s: lleva al estado del DAWG tras x.
		u := uint32(a.En(s+1)) >> desplHijo
		if u == 0 {
			continue
		}
		f := g.poner(0, x)
		g.aperturaDesde(u, 1, maxLargo)
		g.sacar(x, f)
		if g.Parar {
			return
		}
	}
}

// aperturaDesde sigue la palabra de las largo fichas puestas desde el
// estado nodo de la copia del DAWG, y coloca cada palabra que encuentra.
func (g *buscador) aperturaDesde(nodo uint32, largo, maxLargo int) {
	a := g.arcos
	m := a.Salidas(nodo)
	for posibles := m & g.disponibles(); posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := a.En(nodo + 1 + uint32(bits.OnesCount64(m&(1<<x-1))))
		f := g.poner(largo, x)
		if uint32(e)&arcoAcepta != 0 && (g.largoExacto == 0 || largo+1 == g.largoExacto) {
			g.colocarApertura()
		}
		if h := uint32(e) >> desplHijo; h != 0 && largo+1 < maxLargo && !g.Parar {
			g.aperturaDesde(h, largo+1, maxLargo)
		}
		g.sacar(x, f)
		if g.Parar {
			return
		}
	}
}

// posicionesApertura devuelve la línea y las posiciones de la primera
// ficha de una palabra de largo letras en la dirección d que cubren el
// centro.
func (g *buscador) posicionesApertura(d, largo int) (linea, desde, hasta int) {
	f, c := g.Centro/g.N, g.Centro%g.N
	if d == 1 {
		f, c = c, f
	}
	return f, max(0, c-largo+1), min(c, g.N-largo)
}

// colocarApertura entrega la palabra de las fichas puestas en cada
// posición que cubre el centro: en las dos direcciones, o en la horizontal
// si el tablero es simétrico (Emitir entrega la traspuesta). Al contar,
// suma las jugadas sin ponerla.
func (g *buscador) colocarApertura() {
	largo := g.NP
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	if g.Modo == busqueda.Contar {
		n := 0
		for d := range direcciones {
			_, desde, hasta := g.posicionesApertura(d, largo)
			n += hasta - desde + 1
		}
		if g.Espejo {
			n *= 2
		}
		g.Cuenta += n * g.Formas()
		return
	}
	// El atajo entrega con la función de Empezar (busqueda.Estado.Entregar):
	// sirve igual a JugadasDe y al Motor de busqueda.
	if g.Modo == busqueda.Entregar && largo <= maxLargoReparto {
		if g.ComodinesMano > 0 {
			g.aperturaRepartir()
		} else {
			g.ponerReparto()
		}
		return
	}
	for d := range direcciones {
		linea, desde, hasta := g.posicionesApertura(d, largo)
		g.Linea(d, linea)
		celdas := g.Celdas[g.Base : g.Base+g.N]
		for p := desde; p <= hasta; p++ {
			suma, mult := 0, 1
			for k := range largo {
				q := &g.Puestas[k]
				q.Pos = int32(p + k)
				c := &celdas[p+k]
				suma += g.Valor[q.Letra] * int(c.LM)
				mult *= int(c.WM)
			}
			g.Terminar(suma, mult, 0)
			if g.Parar {
				return
			}
		}
	}
}

// maxLargoReparto es el largo de palabra más grande que aperturaRepartir
// pone (las variantes con manos más grandes usan Terminar).
const maxLargoReparto = 16

// aperturaRepartir entrega, con comodines en la mano, la palabra de las
// fichas puestas en cada posición que cubre el centro con cada reparto de
// los comodines. Es lo que haría Terminar en cada posición
// (busqueda.Estado.Terminar reparte los comodines de nuevo en cada una),
// con los bucles al revés: cada reparto se elige una vez y se pone en cada
// posición, porque en el tablero vacío no hay palabras cruzadas y el
// comodín solo quita su valor (por los premios de su celda) a la palabra.
func (g *buscador) aperturaRepartir() {
	g.faltan = [letra.MaxLetras]int8{}
	forzados := 0
	for _, p := range g.Puestas[:g.NP] {
		if p.Forzado {
			g.faltan[p.Letra]++
			forzados++
		}
	}
	g.repartirApertura(0, g.ComodinesMano, forzados)
	for i := range g.Puestas[:g.NP] {
		g.Puestas[i].Comodin = false
	}
}

// repartirApertura recorre los repartos de comodines de las fichas puestas
// desde la i-ésima, con quedan comodines por poner y pendientes de ellos
// forzados (g.faltan: los forzados de cada letra que faltan, negativo si
// hay de más), como busqueda.Estado.repartir: un comodín va en una ficha
// de una letra forzada mientras falten, o en cualquiera si sobran; sin
// comodín, las fichas de la letra que siguen deben alcanzar para los que
// faltan.
func (g *buscador) repartirApertura(i, quedan, pendientes int) {
	if g.Parar {
		return
	}
	if i == g.NP {
		g.ponerReparto()
		return
	}
	q := &g.Puestas[i]
	x := q.Letra
	if quedan > 0 && (g.faltan[x] > 0 || quedan > pendientes) {
		p := pendientes
		if g.faltan[x] > 0 {
			p--
		}
		q.Comodin = true
		g.faltan[x]--
		g.repartirApertura(i+1, quedan-1, p)
		g.faltan[x]++
		q.Comodin = false
	}
	despues := 0
	for _, r := range g.Puestas[i+1 : g.NP] {
		if r.Letra == x {
			despues++
		}
	}
	if int(g.faltan[x]) <= despues {
		g.repartirApertura(i+1, quedan, pendientes)
	}
}

// ponerReparto entrega la palabra de las fichas puestas, con sus comodines
// ya elegidos, en cada posición que cubre el centro, en las dos
// direcciones (en la horizontal y su traspuesta si el tablero es
// simétrico). Es lo que harían Terminar y Emitir en el modo Entregar, sin
// sus pasos generales: las fichas van en orden desde la primera posición
// y no hay palabras cruzadas.
func (g *buscador) ponerReparto() {
	largo := g.NP
	var val [maxLargoReparto]int
	for k, q := range g.Puestas[:largo] {
		if !q.Comodin {
			val[k] = g.Valor[q.Letra]
		}
	}
	bingo := 0
	if largo == g.Fichas {
		bingo = g.Bingo
	}
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	fs := g.fichasApertura[:largo]
	for d := range direcciones {
		linea, desde, hasta := g.posicionesApertura(d, largo)
		premios := g.CeldasDir[d][linea*g.N : (linea+1)*g.N]
		for p := desde; p <= hasta; p++ {
			suma, mult := 0, 1
			for k := range largo {
				c := &premios[p+k]
				suma += val[k] * int(c.LM)
				mult *= int(c.WM)
				q := &g.Puestas[k]
				fs[k] = ocurrencia.Ficha{Fila: linea, Columna: p + k, Letra: q.Letra, Comodin: q.Comodin}
				if d == 1 {
					fs[k].Fila, fs[k].Columna = p+k, linea
				}
			}
			pts := suma*mult + bingo
			g.Cuenta++
			if !g.Entregar(fs, pts) {
				g.Parar = true
				return
			}
			if g.Espejo {
				for k := range fs {
					fs[k].Fila, fs[k].Columna = p+k, linea
				}
				g.Cuenta++
				if !g.Entregar(fs, pts) {
					g.Parar = true
					return
				}
			}
		}
	}
}

// aperturaPorEquidad es la apertura de la búsqueda por equidad (ver
// metodoEquidad): en vez de recorrer todas las palabras de la mano, recorre
// los subconjuntos S de fichas de la mano que forman alguna palabra (el
// mapa de palabras), de la mayor cota a la menor, y para cuando la cota es
// menor que el umbral. La cota de S es la de sus valores contra los
// premios de letra de la mejor posición (con el premio de palabra), más
// el bingo si pone F fichas, más el valor de su hoja, la mano menos S:
// toda jugada que pone exactamente S vale a lo sumo eso. Cada S se recorre
// con la mano reducida a S y solo las palabras de |S| letras, que son las
// que ponen S entero (una ficha de la mano para cada letra mientras haya,
// y los comodines de S para las demás): cada jugada sale una vez, de su S.
func (g *buscador) aperturaPorEquidad() {
	g.valoresMano()
	g.subconjuntos()
	cm := &g.cm
	if !cm.ok {
		g.apertura()
		return
	}
	// Los pesos de cada posición de cada largo: LM·W de sus celdas, de
	// mayor a menor.
	n := g.N
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	g.pesosApertura = g.pesosApertura[:0]
	var inicio [maxFichasSubs + 2]int
	for t := range min(g.Total, n) + 1 {
		inicio[t] = len(g.pesosApertura)
		if t < 2 {
			continue
		}
		for d := range direcciones {
			linea, desde, hasta := g.posicionesApertura(d, t)
			for p := desde; p <= hasta; p++ {
				var w [maxFichasSubs]int32
				mult := int32(1)
				for k := range t {
					mult *= int32(g.PorPalabra[d][linea*n+p+k])
				}
				for k := range t {
					x := int32(g.PorLetra[d][linea*n+p+k]) * mult
					i := k
					for i > 0 && w[i-1] < x {
						w[i] = w[i-1]
						i--
					}
					w[i] = x
				}
				g.pesosApertura = append(g.pesosApertura, w)
			}
		}
	}
	inicio[min(g.Total, n)+1] = len(g.pesosApertura)
	// Las cotas de los subconjuntos que forman palabra.
	g.anclas = g.anclas[:0]
	for i := range cm.subs {
		s := &cm.subs[i]
		t := int(s.t)
		if t < 2 || t > n || !g.forma(&cm.libre, i) {
			continue
		}
		mejor := math.MinInt
		for _, w := range g.pesosApertura[inicio[t]:inicio[t+1]] {
			pts := 0
			for k := range t {
				pts += int(s.vals[k]) * int(w[k])
			}
			mejor = max(mejor, pts)
		}
		if t == g.Fichas {
			mejor += g.Bingo
		}
		if c := float64(mejor) + g.Eq.Hojas[s.hoja]; !(c < g.Eq.Umbral) {
			g.anclas = append(g.anclas, ancla{cota: c, k: int16(i)})
		}
	}
	slices.SortFunc(g.anclas, func(a, b ancla) int {
		if a.cota > b.cota {
			return -1
		}
		if a.cota < b.cota {
			return 1
		}
		return 0
	})
	// Cada S, con la mano reducida a S.
	cant, mascara, comodines, total := g.Cant, g.Mascara, g.Comodines, g.Total
	comodinesMano := g.ComodinesMano
	for _, a := range g.anclas {
		if a.cota < g.Eq.Umbral {
			break
		}
		s := &cm.subs[a.k]
		if g.ComodinesMano <= 2 {
			// Las palabras de S, del mapa de palabras (metodoMapa).
			g.palabrasTramo(s, s.h, g.Letras, -1, -1)
			continue
		}
		g.Mascara, g.Total = 0, int(s.t)
		for l := range letra.MaxLetras - 1 {
			g.Cant[l] = 0
			if c := cant[l]; c > 0 {
				paso := g.Eq.Paso[l]
				g.Cant[l] = c - int(s.hoja)/paso%(c+1) // las que S pone
				if g.Cant[l] > 0 {
					g.Mascara |= 1 << l
				}
			}
		}
		g.Comodines, g.ComodinesMano = int(s.comodines), int(s.comodines)
		g.largoExacto = int(s.t)
		g.apertura()
		g.largoExacto = 0
	}
	g.Cant, g.Mascara, g.Comodines, g.Total = cant, mascara, comodines, total
	g.ComodinesMano = comodinesMano
}
