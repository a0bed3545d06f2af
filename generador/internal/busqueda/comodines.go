package busqueda

import "github.com/juegodepalabras/palabras/letra"

// La búsqueda pone cada letra una sola vez: con una ficha de la mano si
// queda alguna de esa letra y si no con un comodín (una puesta forzada).
// Así no recorre dos veces el mismo camino, una con la ficha y otra con el
// comodín. Cada palabra que encuentra vale por varias jugadas: una por
// cada forma de elegir qué fichas puestas son comodines, con los comodines
// de la mano. Las forzadas piden un comodín cada una en alguna de las
// fichas de su letra; los que sobran pueden ir en cualquier otra.

// conComodines emite las jugadas de las fichas puestas, que valen pts si
// ninguna es un comodín y mult es el premio de palabra de la palabra
// principal. Un comodín en una ficha resta de pts su valor en la palabra
// principal (por mult) y en su palabra cruzada ([Estado.resta]).
//
// Contar no las recorre: suma cuántas son ([Estado.formas]). BuscarMejor
// elige para cada letra los comodines forzados en las fichas que menos
// restan y, a igual resta, en las últimas de la línea: la de más puntos y,
// entre esas, la menor según CompararFichas (ningún comodín de más: uno
// libre nunca suma). Entregar las recorre todas, en orden: primero las que
// tienen un comodín en la primera ficha puesta, y así. MejoresPorEquidad
// también, porque cada comodín cambia la hoja, salvo si ni con pts y la
// mejor hoja posible entraría entre las mejores.
func (e *Estado) conComodines(pts, mult int) {
	puestas := e.Puestas[:e.NP]
	if e.Modo == Contar && (e.Forzados == 0 || e.ComodinesMano <= 2) {
		n := e.formasCortas()
		if e.Espejo && e.NP > 1 {
			n *= 2
		}
		e.Cuenta += n
		return
	}
	if e.Modo == MejoresPorEquidad && !e.Alcanza(pts, e.NP) {
		return // aun sin restar nada por los comodines, no entra
	}
	forzados := 0
	for _, p := range puestas {
		if p.Forzado {
			e.falta[p.Letra]++
			forzados++
		}
	}
	switch e.Modo {
	case Contar:
		n := e.formas(forzados)
		if e.Espejo && e.NP > 1 {
			n *= 2
		}
		e.Cuenta += n
	case BuscarMejor:
		for i := range puestas {
			x := puestas[i].Letra
			for e.falta[x] > 0 {
				k := -1
				for j := i; j < len(puestas); j++ {
					r := &puestas[j]
					if r.Letra != x || r.Comodin {
						continue
					}
					if k < 0 {
						k = j
						continue
					}
					if a, b := e.resta(r, mult), e.resta(&puestas[k], mult); a < b || a == b && r.Pos > puestas[k].Pos {
						k = j
					}
				}
				puestas[k].Comodin = true
				e.falta[x]--
				pts -= e.resta(&puestas[k], mult)
			}
		}
		e.Emitir(pts)
	case Entregar, MejoresPorEquidad:
		e.repartir(0, e.ComodinesMano, forzados, pts, mult)
	}
	for i := range puestas {
		puestas[i].Comodin = false
		e.falta[puestas[i].Letra] = 0
	}
}

// formasCortas devuelve de cuántas maneras se pueden elegir los comodines
// de las fichas puestas cuando no hay forzados o la mano tiene a lo sumo
// dos comodines, sin recorrer las puestas. Las fichas puestas de una letra
// forzada son todas las de la mano más las forzadas (se fuerza un comodín
// solo cuando no quedan fichas de la letra).
func (e *Estado) formasCortas() int {
	np := e.NP
	var forzadas [2]letra.Letra
	if e.Forzados > 0 {
		i := 0
		for _, p := range e.Puestas[:np] {
			if p.Forzado {
				forzadas[i] = p.Letra
				if i++; i == e.Forzados {
					break
				}
			}
		}
	}
	switch e.Forzados {
	case 0: // los comodines van en cualquier conjunto de hasta ComodinesMano fichas
		n := 0
		for k := range min(e.ComodinesMano, np) + 1 {
			n += binomial(np, k)
		}
		return n
	case 1: // k fichas de la letra y, una de ellas comodín
		k := e.CantMano[forzadas[0]] + 1
		if e.ComodinesMano == 1 {
			return k
		}
		// El otro comodín: en ninguna, en otra letra o en otra ficha de y.
		return k*(1+np-k) + k*(k-1)/2
	default: // los dos comodines forzados
		y, z := forzadas[0], forzadas[1]
		if y == z {
			k := e.CantMano[y] + 2
			return k * (k - 1) / 2
		}
		return (e.CantMano[y] + 1) * (e.CantMano[z] + 1)
	}
}

// resta devuelve cuánto resta a los puntos de la jugada que la ficha p sea
// un comodín: su valor en la palabra principal, por mult, y en la palabra
// cruzada que forma, si forma una.
func (e *Estado) resta(p *Puesta, mult int) int {
	c := &e.Celdas[e.Base+int(p.Pos)]
	v := e.Valor[p.Letra] * int(c.LM)
	if c.Cruzada >= 0 {
		return v * (mult + int(c.WM))
	}
	return v * mult
}

// formas devuelve de cuántas maneras se pueden elegir los comodines de las
// fichas puestas, con forzados comodines forzados según e.falta (que deja
// en 0).
func (e *Estado) formas(forzados int) int {
	puestas := e.Puestas[:e.NP]
	libres := e.ComodinesMano - forzados
	total := 1
	if libres == 0 {
		// Solo se elige en qué fichas de cada letra van los forzados.
		for _, p := range puestas {
			if f := e.falta[p.Letra]; f > 0 {
				total *= binomial(e.cuantas(p.Letra), f)
				e.falta[p.Letra] = 0
			}
		}
		return total
	}
	// formas[k]: elecciones con k comodines libres usados, letra por letra
	// (cada letra una vez: e.falta = −1 marca las ya contadas).
	var formas [8]int
	if libres >= len(formas) {
		return e.formasRecorriendo(forzados)
	}
	formas[0] = 1
	for _, p := range puestas {
		if e.falta[p.Letra] < 0 {
			continue
		}
		k, f := e.cuantas(p.Letra), e.falta[p.Letra]
		e.falta[p.Letra] = -1
		var nuevas [8]int
		for u := 0; u <= libres; u++ {
			for b := f; b <= k && u+b-f <= libres; b++ {
				nuevas[u+b-f] += formas[u] * binomial(k, b)
			}
		}
		formas = nuevas
	}
	total = 0
	for _, x := range formas[:libres+1] {
		total += x
	}
	for _, p := range puestas {
		e.falta[p.Letra] = 0
	}
	return total
}

// formasRecorriendo cuenta las elecciones de comodines recorriéndolas:
// para manos con muchos comodines, que solo tienen las variantes
// inventadas.
func (e *Estado) formasRecorriendo(forzados int) int {
	modo, cuenta, espejo := e.Modo, e.Cuenta, e.Espejo
	e.Modo, e.Cuenta, e.Espejo = Contar, 0, false
	e.repartir(0, e.ComodinesMano, forzados, 0, 0)
	n := e.Cuenta
	e.Modo, e.Cuenta, e.Espejo = modo, cuenta, espejo
	for _, p := range e.Puestas[:e.NP] {
		e.falta[p.Letra] = 0
	}
	return n
}

// cuantas devuelve cuántas fichas puestas tienen la letra x.
func (e *Estado) cuantas(x letra.Letra) int {
	n := 0
	for _, p := range e.Puestas[:e.NP] {
		if p.Letra == x {
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
// y emite cada una con sus puntos. e.falta[x] son los comodines forzados de
// la letra x que todavía faltan (negativo si ya hay de más).
func (e *Estado) repartir(i, quedan, pendientes, pts, mult int) {
	if e.Parar {
		return
	}
	if i == e.NP {
		e.Emitir(pts)
		return
	}
	q := &e.Puestas[i]
	x := q.Letra
	if quedan > 0 && (e.falta[x] > 0 || quedan > pendientes) {
		p := pendientes
		if e.falta[x] > 0 {
			p--
		}
		q.Comodin = true
		e.falta[x]--
		e.repartir(i+1, quedan-1, p, pts-e.resta(q, mult), mult)
		e.falta[x]++
		q.Comodin = false
	}
	// Sin comodín en esta: las fichas de la letra que siguen deben
	// alcanzar para los forzados que le faltan.
	despues := 0
	for _, r := range e.Puestas[i+1 : e.NP] {
		if r.Letra == x {
			despues++
		}
	}
	if e.falta[x] <= despues {
		e.repartir(i+1, quedan, pendientes, pts, mult)
	}
}
