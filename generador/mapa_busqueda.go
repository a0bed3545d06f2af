package generador

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/letra"
)

// metodoMapa: las jugadas de dos fichas o más con el mapa de palabras, en
// vez del recorrido del GADDAG, en la búsqueda por equidad con uno o dos
// comodines en la mano (buscador.porTramos; ver metodoEquidad).
//
// Las jugadas de un ancla son las de sus tramos: los mismos que recorre su
// cota (buscador.cota), cada uno con t celdas libres y las letras L del
// tablero de su palabra principal, y cada jugada está en un solo tramo de
// una sola ancla. Se arman los tramos de todas las anclas con su cota
// rápida (buscador.cotaTramo: los puntos, con la menor de las cotas del
// reordenamiento y de las fichas que caben en cada celda, más la mejor
// hoja de t fichas, o la mejor de los S que forman palabra solos si el
// tramo no tiene letras del tablero) y se visitan de la mayor a la menor,
// hasta la primera menor que el umbral, como las anclas en metodoEquidad.
//
// Un tramo se recorre así: una jugada pone un multiconjunto S de t fichas
// de la mano (con c comodines) y su palabra es un anagrama de S ∪ L con c
// letras más: las palabras de largo t + |L| del índice exacto (c = 0), de
// menosUna (c = 1) o de menosUna con cada letra x agregada (c = 2: x es la
// de uno de los comodines, así que está en el conjunto cruzado de alguna
// celda libre del tramo y el filtro de Bloom de menosUna la deja pasar; la
// palabra sale una vez por cada letra de sus dos comodines y se toma solo
// con la menor). Cada palabra se verifica letra por letra contra el tramo
// (las letras del tablero y los conjuntos cruzados de las celdas libres) y
// se pone con la mano reducida a S, como la apertura por equidad: una
// ficha de la mano para cada letra mientras haya, y un comodín forzado para
// las demás; busqueda.Estado.Terminar reparte los comodines entre las
// fichas de su letra y compara cada jugada con las mejores. Cada jugada
// sale una vez: de su tramo (sus celdas) y de su S (sus fichas).
//
// Poda. Los S de un tramo van, por cantidad de comodines, de la mejor hoja
// a la peor, y se para en el primero que ni con la cota de los puntos del
// tramo llega al umbral; un S no se busca si sus propios valores contra
// los pesos más su hoja no llegan, o si el filtro de Bloom dice que S ∪ L
// no forma palabra (buscador.forma, que recuerda la respuesta por L); una
// palabra no se pone si sus puntos sin comodines más la hoja de S no
// llegan. El umbral solo sube, así que lo que se salta no entraría entre
// las mejores.
//
// La apertura (el tablero vacío) busca igual las palabras de cada S en el
// mapa, con o sin comodines (buscador.aperturaPorEquidad).

// tramoCola es un tramo de un ancla con su cota, para visitarlos de la
// mayor a la menor: las celdas ini a fin de la línea (d·N + i).
type tramoCola struct {
	cota     float64
	linea    int32
	ini, fin int16
}

// porTramos busca las jugadas de dos fichas o más con el mapa de palabras
// (ver metodoMapa): arma los tramos de todas las anclas con su cota
// rápida y los visita de la mayor a la menor, hasta la primera menor que
// el umbral.
func (g *buscador) porTramos() {
	n := g.N
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	g.tramos = g.tramos[:0]
	g.listar()
	for d := range direcciones {
		for _, a := range g.listaAnclas[d] {
			i, k := int(a.i), int(a.k)
			g.Linea(d, i)
			if !g.arranca(k) {
				continue
			}
			g.tramosDe(k, int32(d*n+i))
		}
	}
	h := g.tramos
	for i := len(h)/2 - 1; i >= 0; i-- {
		hundirTramos(h, i)
	}
	for len(h) > 0 {
		t := h[0]
		if t.cota < g.Eq.Umbral {
			break
		}
		h[0] = h[len(h)-1]
		h = h[:len(h)-1]
		hundirTramos(h, 0)
		g.Linea(int(t.linea)/n, int(t.linea)%n)
		s := sombra{w: 1}
		for p := int(t.ini); p <= int(t.fin); p++ {
			if c := &g.Celdas[g.Base+p]; c.Letra != 0 {
				s.tablero(c, g)
			} else {
				s.agregar(c, g)
			}
		}
		g.tramoMapa(&s, int(t.ini), int(t.fin))
	}
}

// hundirTramos restablece el montículo de máximos h desde i.
func hundirTramos(h []tramoCola, i int) {
	for {
		m := i
		if l := 2*i + 1; l < len(h) && h[l].cota > h[m].cota {
			m = l
		}
		if r := 2*i + 2; r < len(h) && h[r].cota > h[m].cota {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// tramosDe agrega a g.tramos los tramos del ancla k de la línea en curso
// (la linea de tramoCola) cuya cota rápida llega al umbral: los mismos que
// recorre buscador.cota, cada jugada del ancla en uno solo.
func (g *buscador) tramosDe(k int, linea int32) {
	cs := g.Celdas[g.Base : g.Base+g.N]
	n, r := g.N, g.Total
	disp := g.disponibles()
	s := sombra{w: 1}
	izq := k - 1
	if cs[k].Letra != 0 {
		a := k
		for {
			s.tablero(&cs[a], g)
			if a == 0 || cs[a-1].Letra == 0 {
				break
			}
			a--
		}
		izq = a - 1
	} else {
		s.agregar(&cs[k], g)
	}
	agregar := func(d *sombra, fin int) {
		if c := g.cotaTramo(d, false); !(c < g.Eq.Umbral) {
			g.tramos = append(g.tramos, tramoCola{cota: c, linea: linea, ini: int16(izq + 1), fin: int16(fin)})
		}
	}
	for {
		d := s
		agregar(&d, k)
		for j := k + 1; j < n; j++ {
			c := &cs[j]
			if c.Letra != 0 {
				d.tablero(c, g)
			} else {
				if d.t == r || c.Cruce&disp == 0 {
					break
				}
				d.agregar(c, g)
			}
			if j+1 == n || cs[j+1].Letra == 0 {
				agregar(&d, j)
			}
		}
		if izq < 0 || s.t == r {
			break
		}
		c := &cs[izq]
		if c.Letra != 0 || c.Tope || c.Cruce&disp == 0 {
			break
		}
		s.agregar(c, g)
		izq--
	}
}

// tramoMapa busca las jugadas del tramo s, de las celdas ini a fin de la
// línea en curso (ver metodoMapa).

func (g *buscador) tramoMapa(s *sombra, ini, fin int) {
	if s.t < 2 {
		return
	}
	base := s.w*s.p + s.c
	if s.t == g.Fichas {
		base += g.Bingo
	}
	tope := base + s.rapida()
	cm := &g.cm
	hoja := g.Eq.MejorHoja[s.t]
	if s.nl == 0 {
		hoja = g.hojaLibreDe(s.t) // sin letras del tablero, S forma la palabra solo
	}
	if float64(tope)+hoja < g.Eq.Umbral {
		return
	}
	m := &cm.libre
	if s.nl > 0 {
		m = g.memoDe(s.hl)
	}
	for c := range 3 {
		gr := grupo(s.t, c)
		for i := cm.desde[gr]; i < cm.desde[gr+1]; i++ {
			w, b := i>>6, uint64(1)<<(i&63)
			sabido := m.sabidos[w]&b != 0
			if sabido && m.forman[w]&b == 0 {
				continue // no forma palabra con L
			}
			sub := &cm.subs[i]
			h := g.Eq.Hojas[sub.hoja]
			if float64(tope)+h < g.Eq.Umbral {
				break // los que siguen tienen hojas peores
			}
			if sub.letras&^s.cruces != 0 {
				continue // una de sus letras no cabe en ninguna celda libre
			}
			if pts := base + s.puestas(sub.vals[:]); float64(pts)+h < g.Eq.Umbral {
				continue
			}
			if c == 2 {
				// Con dos comodines, forma palabra con L si con alguna
				// letra de una celda libre (la de uno de los comodines)
				// está en menosUna: letrasDos lo recuerda por letra.
				g.palabrasDos(sub, sub.h+s.hl, g.letrasDos(sub.h+s.hl, s.cruces&g.Letras), ini, fin)
				continue
			}
			if !sabido && !g.forma(m, i) {
				continue
			}
			g.palabrasTramo(sub, sub.h+s.hl, s.cruces, ini, fin)
		}
	}
}

// palabrasTramo pone las palabras del multiconjunto de resumen h (S ∪ L)
// con los comodines de sub en las celdas ini a fin de la línea en curso,
// en cuyas celdas libres caben las letras de letras;
// ini = fin = −1 es la apertura, que coloca cada una en cada posición que
// cubre el centro.
func (g *buscador) palabrasTramo(sub *subconjunto, h uint64, letras uint64, ini, fin int) {
	p := g.palabras
	switch sub.comodines {
	case 0:
		g.probarPalabras(&p.exacto, p.exacto.buscar(h), sub, ini, fin, -1)
	case 1:
		g.probarPalabras(&p.menosUna, p.menosUna.buscar(h), sub, ini, fin, -1)
	case 2:
		// x es la letra de uno de los comodines: está en el conjunto
		// cruzado de alguna celda libre del tramo (letras).
		g.palabrasDos(sub, h, g.letrasDos(h, letras&g.Letras), ini, fin)
	}
}

// palabrasDos pone las palabras del multiconjunto de resumen h con los dos
// comodines de sub, uno de ellos con alguna letra de xs (las que
// letrasDos deja pasar): las de h más x en menosUna, cada una solo con la
// menor letra de sus comodines.
func (g *buscador) palabrasDos(sub *subconjunto, h uint64, xs uint64, ini, fin int) {
	p := g.palabras
	for ; xs != 0; xs &= xs - 1 {
		x := bits.TrailingZeros64(xs)
		g.probarPalabras(&p.menosUna, p.menosUna.buscar(h+zMapa[x]), sub, ini, fin, x)
	}
}

// memoDos es lo que letrasDos sabe del multiconjunto de resumen h en la
// búsqueda número vuelta (cotasMano.vuelta): de las letras sabidas, las
// que con h forman quizá una palabra con un comodín más (si).
type memoDos struct {
	h           uint64
	vuelta      uint32
	sabidas, si uint64
}

// letrasDos devuelve las letras x de xs tales que h más x está quizá en
// menosUna (el filtro de Bloom del mapa): con dos comodines, x es la
// letra de uno de ellos. Recuerda las respuestas de cada h durante la
// búsqueda: muchos tramos tienen las mismas letras del tablero, y cada
// consulta al filtro lee memoria lejana. (Valdrían mientras el mapa sea el
// mismo, pero se olvidan en cada búsqueda para no medir en los benchmarks,
// que repiten la misma posición, lo que no se repite al jugar.)
func (g *buscador) letrasDos(h uint64, xs uint64) uint64 {
	e := &g.memoDos[mezclar64(h)>>(64-8)]
	if e.vuelta != g.cm.vuelta || e.h != h {
		*e = memoDos{h: h, vuelta: g.cm.vuelta}
	}
	for f := xs &^ e.sabidas; f != 0; f &= f - 1 {
		x := bits.TrailingZeros64(f)
		if g.mapa.menosUna.tiene(h + zMapa[x]) {
			e.si |= 1 << x
		}
	}
	e.sabidas |= xs
	return e.si & xs
}

// probarPalabras pone cada palabra del grupo r del índice x que cabe en
// las celdas ini a fin de la línea en curso (o en la apertura, con
// ini = −1) con las fichas de sub; con menor ≥ 0 (dos comodines), solo si
// la menor letra de sus comodines es menor.
func (g *buscador) probarPalabras(x *indiceMapa, r *ranuraMapa, sub *subconjunto, ini, fin int, menor int) {
	if r == nil {
		return
	}
	p := g.palabras
	largo := int(sub.t)
	apertura := ini < 0
	if !apertura {
		largo = fin - ini + 1
	}
	if r.largo() != largo { // otro multiconjunto con el mismo resumen
		return
	}
	var cs []busqueda.Celda
	if !apertura {
		cs = g.Celdas[g.Base+ini : g.Base+fin+1]
	}
	hoja := g.Eq.Hojas[sub.hoja]
	// Las celdas ocupadas del tramo y sus letras: casi todas las palabras
	// del grupo que no caben tienen otra letra en alguna, y se miran antes
	// que todo lo demás.
	var fijas [maxLargoMapa]int8
	var fijasLetras [maxLargoMapa]letra.Letra
	nf := 0
	for i := range cs {
		if c := &cs[i]; c.Letra != 0 && nf < len(fijas) {
			fijas[nf], fijasLetras[nf] = int8(i), c.Letra-1
			nf++
		}
	}
	var guardada manoGuardada
	cargada := false
palabras:
	for k := range r.cuantas() {
		letras := p.palabra(x, r, k)
		for i := range nf {
			if letras[fijas[i]] != fijasLetras[i] {
				continue palabras
			}
		}
		if !apertura {
			// Los puntos sin comodines, que solo restan: si ni con ellos
			// y la hoja de S entra entre las mejores, se salta.
			pts, ok := g.puntosTramo(letras, cs)
			if !ok || float64(pts)+hoja < g.Eq.Umbral {
				continue
			}
		}
		if !cargada {
			guardada = g.cargarSubconjunto(sub)
			cargada = true
		}
		suma, mult, cruces := 0, 1, 0
		g.NP, g.Forzados, g.Izquierda = 0, 0, 0
		minimo := letra.MaxLetras
		for i, x := range letras {
			if apertura {
				if g.poner(i, uint32(x)) {
					minimo = min(minimo, int(x))
				}
				continue
			}
			c := &cs[i]
			if c.Letra != 0 {
				if !c.Comodin {
					suma += g.Valor[x]
				}
				continue
			}
			v := g.Valor[x] * int(c.LM)
			suma += v
			mult *= int(c.WM)
			if c.Cruzada >= 0 {
				cruces += (c.Cruzada + v) * int(c.WM)
			}
			if g.poner(ini+i, uint32(x)) {
				minimo = min(minimo, int(x))
			}
		}
		if g.Comodines == 0 && (menor < 0 || minimo == menor) {
			if apertura {
				g.colocarApertura()
			} else {
				g.Terminar(suma, mult, cruces)
			}
		}
		for g.NP > 0 {
			q := &g.Puestas[g.NP-1]
			g.sacar(uint32(q.Letra), q.Forzado)
		}
	}
	if cargada {
		g.restaurarMano(&guardada)
	}
}

// maxLargoMapa es cuántas celdas ocupadas de un tramo mira primero
// probarPalabras.
const maxLargoMapa = 32

// puntosTramo devuelve los puntos de la palabra de letras en las celdas
// cs si ninguna ficha puesta es un comodín, y si cabe: las letras del
// tablero son las suyas y las demás están en sus conjuntos cruzados.
func (g *buscador) puntosTramo(letras []letra.Letra, cs []busqueda.Celda) (int, bool) {
	suma, mult, cruces, t := 0, 1, 0, 0
	for i := range cs {
		c, x := &cs[i], letras[i]
		if c.Letra != 0 {
			if c.Letra-1 != x {
				return 0, false
			}
			if !c.Comodin {
				suma += g.Valor[x]
			}
			continue
		}
		if c.Cruce&(1<<x) == 0 {
			return 0, false
		}
		t++
		v := g.Valor[x] * int(c.LM)
		suma += v
		mult *= int(c.WM)
		if c.Cruzada >= 0 {
			cruces += (c.Cruzada + v) * int(c.WM)
		}
	}
	pts := suma*mult + cruces
	if t == g.Fichas {
		pts += g.Bingo
	}
	return pts, true
}

// manoGuardada es la mano de la búsqueda mientras se reduce a un
// subconjunto.
type manoGuardada struct {
	cant                          [letra.MaxLetras]int
	mascara                       uint64
	comodines, comodinesMano, tot int
}

// cargarSubconjunto reduce la mano de la búsqueda a las fichas de s y
// devuelve la que había.
func (g *buscador) cargarSubconjunto(s *subconjunto) manoGuardada {
	m := manoGuardada{g.Cant, g.Mascara, g.Comodines, g.ComodinesMano, g.Total}
	g.Mascara, g.Total = 0, int(s.t)
	for l := range letra.MaxLetras - 1 {
		c := m.cant[l]
		g.Cant[l] = 0
		if c > 0 {
			g.Cant[l] = c - int(s.hoja)/g.Eq.Paso[l]%(c+1) // las que S pone
			if g.Cant[l] > 0 {
				g.Mascara |= 1 << l
			}
		}
	}
	g.Comodines, g.ComodinesMano = int(s.comodines), int(s.comodines)
	return m
}

// restaurarMano vuelve a la mano m de cargarSubconjunto.
func (g *buscador) restaurarMano(m *manoGuardada) {
	g.Cant, g.Mascara, g.Comodines, g.ComodinesMano, g.Total = m.cant, m.mascara, m.comodines, m.comodinesMano, m.tot
}
