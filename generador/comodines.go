package generador

import "github.com/juegodepalabras/palabras/letra"

// La búsqueda pone cada letra una sola vez: con una ficha de la mano si
// queda alguna de esa letra y si no con un comodín (una puesta forzada).
// Así no recorre dos veces el mismo camino del GADDAG, una con la ficha y
// otra con el comodín. Cada palabra que encuentra vale por varias jugadas:
// una por cada forma de elegir qué fichas puestas son comodines, con los
// comodines de la mano. Las forzadas piden un comodín cada una en alguna
// de las fichas de su letra; los que sobran pueden ir en cualquier otra.

// conComodines emite las jugadas de las fichas puestas, que valen pts si
// ninguna es un comodín y mult es el premio de palabra de la palabra
// principal. Un comodín en una ficha resta de pts su valor en la palabra
// principal (por mult) y en su palabra cruzada ([Generador.resta]).
//
// Contar no las recorre: suma cuántas son ([Generador.formas]). Mejor elige
// para cada letra los comodines forzados en las fichas que menos restan (a
// igual resta, las primeras). Entregar las recorre todas, en orden: primero
// las que tienen un comodín en la primera ficha puesta, y así.
func (g *Generador) conComodines(pts, mult int) {
	puestas := g.puestas[:g.np]
	if g.modo == contar && (g.forzados == 0 || g.comodinesMano <= 2) {
		n := g.formasCortas()
		if g.espejo {
			n *= 2
		}
		g.cuenta += n
		return
	}
	forzados := 0
	for _, p := range puestas {
		if p.forzado {
			g.falta[p.letra]++
			forzados++
		}
	}
	switch g.modo {
	case contar:
		n := g.formas(forzados)
		if g.espejo {
			n *= 2
		}
		g.cuenta += n
	case buscarMejor:
		for i := range puestas {
			x := puestas[i].letra
			for g.falta[x] > 0 {
				k := -1
				for j := i; j < len(puestas); j++ {
					if r := &puestas[j]; r.letra == x && !r.comodin && (k < 0 || g.resta(r, mult) < g.resta(&puestas[k], mult)) {
						k = j
					}
				}
				puestas[k].comodin = true
				g.falta[x]--
				pts -= g.resta(&puestas[k], mult)
			}
		}
		g.emitir(pts)
	case entregar:
		g.repartir(0, g.comodinesMano, forzados, pts, mult)
	}
	for i := range puestas {
		puestas[i].comodin = false
		g.falta[puestas[i].letra] = 0
	}
}

// formasCortas devuelve de cuántas maneras se pueden elegir los comodines
// de las fichas puestas cuando no hay forzados o la mano tiene a lo sumo
// dos comodines, sin recorrer las puestas. Las fichas puestas de una letra
// forzada son todas las de la mano más las forzadas (se fuerza un comodín
// solo cuando no quedan fichas de la letra).
func (g *Generador) formasCortas() int {
	np := g.np
	var forzadas [2]letra.Letra
	if g.forzados > 0 {
		i := 0
		for _, p := range g.puestas[:np] {
			if p.forzado {
				forzadas[i] = p.letra
				if i++; i == g.forzados {
					break
				}
			}
		}
	}
	switch g.forzados {
	case 0: // los comodines van en cualquier conjunto de hasta comodinesMano fichas
		n := 0
		for e := range min(g.comodinesMano, np) + 1 {
			n += binomial(np, e)
		}
		return n
	case 1: // k fichas de la letra y, una de ellas comodín
		k := g.cantMano[forzadas[0]] + 1
		if g.comodinesMano == 1 {
			return k
		}
		// El otro comodín: en ninguna, en otra letra o en otra ficha de y.
		return k*(1+np-k) + k*(k-1)/2
	default: // los dos comodines forzados
		y, z := forzadas[0], forzadas[1]
		if y == z {
			k := g.cantMano[y] + 2
			return k * (k - 1) / 2
		}
		return (g.cantMano[y] + 1) * (g.cantMano[z] + 1)
	}
}

// resta devuelve cuánto resta a los puntos de la jugada que la ficha p sea
// un comodín: su valor en la palabra principal, por mult, y en la palabra
// cruzada que forma, si forma una.
func (g *Generador) resta(p *puesta, mult int) int {
	c := &g.celdas[g.base+int(p.pos)]
	v := g.valor[p.letra] * int(c.lm)
	if c.cruzada >= 0 {
		return v * (mult + int(c.wm))
	}
	return v * mult
}

// formas devuelve de cuántas maneras se pueden elegir los comodines de las
// fichas puestas, con forzados comodines forzados según g.falta (que deja
// en 0).
func (g *Generador) formas(forzados int) int {
	puestas := g.puestas[:g.np]
	libres := g.comodinesMano - forzados
	total := 1
	if libres == 0 {
		// Solo se elige en qué fichas de cada letra van los forzados.
		for _, p := range puestas {
			if f := g.falta[p.letra]; f > 0 {
				total *= binomial(g.cuantas(p.letra), f)
				g.falta[p.letra] = 0
			}
		}
		return total
	}
	// formas[e]: elecciones con e comodines libres usados, letra por letra
	// (cada letra una vez: g.falta = −1 marca las ya contadas).
	var formas [8]int
	if libres >= len(formas) {
		return g.formasRecorriendo(forzados)
	}
	formas[0] = 1
	for _, p := range puestas {
		if g.falta[p.letra] < 0 {
			continue
		}
		k, f := g.cuantas(p.letra), g.falta[p.letra]
		g.falta[p.letra] = -1
		var nuevas [8]int
		for e := 0; e <= libres; e++ {
			for b := f; b <= k && e+b-f <= libres; b++ {
				nuevas[e+b-f] += formas[e] * binomial(k, b)
			}
		}
		formas = nuevas
	}
	total = 0
	for _, x := range formas[:libres+1] {
		total += x
	}
	for _, p := range puestas {
		g.falta[p.letra] = 0
	}
	return total
}

// formasRecorriendo cuenta las elecciones de comodines recorriéndolas:
// para manos con muchos comodines, que solo tienen las variantes
// inventadas.
func (g *Generador) formasRecorriendo(forzados int) int {
	modo, cuenta, espejo := g.modo, g.cuenta, g.espejo
	g.modo, g.cuenta, g.espejo = contar, 0, false
	g.repartir(0, g.comodinesMano, forzados, 0, 0)
	n := g.cuenta
	g.modo, g.cuenta, g.espejo = modo, cuenta, espejo
	for _, p := range g.puestas[:g.np] {
		g.falta[p.letra] = 0
	}
	return n
}

// cuantas devuelve cuántas fichas puestas tienen la letra x.
func (g *Generador) cuantas(x letra.Letra) int {
	n := 0
	for _, p := range g.puestas[:g.np] {
		if p.letra == x {
			n++
		}
	}
	return n
}

// binomial devuelve C(n, k), para k chico.
func binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// repartir recorre las elecciones de comodines de las fichas puestas desde
// la i-ésima, con quedan comodines por poner, pendientes de ellos forzados,
// y emite cada una con sus puntos. g.falta[x] son los comodines forzados de
// la letra x que todavía faltan (negativo si ya hay de más).
func (g *Generador) repartir(i, quedan, pendientes, pts, mult int) {
	if g.parar {
		return
	}
	if i == g.np {
		g.emitir(pts)
		return
	}
	q := &g.puestas[i]
	x := q.letra
	if quedan > 0 && (g.falta[x] > 0 || quedan > pendientes) {
		p := pendientes
		if g.falta[x] > 0 {
			p--
		}
		q.comodin = true
		g.falta[x]--
		g.repartir(i+1, quedan-1, p, pts-g.resta(q, mult), mult)
		g.falta[x]++
		q.comodin = false
	}
	// Sin comodín en esta: las fichas de la letra que siguen deben
	// alcanzar para los forzados que le faltan.
	despues := 0
	for _, r := range g.puestas[i+1 : g.np] {
		if r.letra == x {
			despues++
		}
	}
	if g.falta[x] <= despues {
		g.repartir(i+1, quedan, pendientes, pts, mult)
	}
}
