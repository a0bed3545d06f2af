package generador

import "github.com/juegodepalabras/palabras/letra"

// celda es lo que la búsqueda sabe de una celda en una dirección: lo que
// cruces.Tablero guarda en siete arreglos, junto, para que la búsqueda lea
// todo lo de una celda de una vez (una línea de caché).
type celda struct {
	cruce   uint64 // el conjunto cruzado si está libre; 0 si está ocupada
	lleva   uint64 // si está ocupada, el bit de su letra; 0 si está libre
	cruzada int    // la suma de la palabra cruzada, −1 si no hay
	letra   letra.Letra
	comodin bool
	// ancla: la búsqueda parte de esta celda (ver juntar).
	ancla bool
	// tope: yendo hacia la izquierda no se pone una ficha en esta celda
	// libre: es un ancla, o la celda de su izquierda está ocupada.
	tope   bool
	lm, wm uint8 // premios de letra y de palabra
}

// juntar copia el tablero de g, con sus cruces, a las celdas de cada
// dirección, y marca sus anclas. Cuesta O(N²): se hace cuando el tablero
// cambió.
//
// Las anclas son las de Macondo y MAGPIE, no las de Gordon: en cada línea,
// la última ficha de cada tramo de fichas seguidas, y las celdas libres
// que cruces.Tablero marca (vecinas de una ficha, el centro, o todas con
// las reglas de la especificación) cuyas dos vecinas de la línea están
// libres. Partir de la última ficha de un tramo lee primero, hacia la
// izquierda, las letras que ya están: el GADDAG poda enseguida, en vez de
// probar cada letra de la mano en la celda vecina al tramo.
//
// Cada jugada sale una vez, de la primera ancla de su palabra principal:
// toda palabra de una jugada contiene un tramo entero o, si no toca
// ninguno, una ficha puesta en un ancla libre; y hacia la izquierda no se
// pone una ficha en un ancla ni junto a un tramo (tope), que es lo que
// haría falta para llegar a otra ancla anterior de la misma palabra.
func (g *Generador) juntar() {
	t, n := &g.tablero, g.n
	for d := range 2 {
		cs := g.celdasDir[d]
		for p := range n * n {
			cs[p] = celda{
				cruce: t.Cruce[d][p], cruzada: t.Cruzada[d][p],
				letra: t.Letras[d][p], comodin: t.Comodin[d][p],
				lm: uint8(g.porLetra[d][p]), wm: uint8(g.porPalabra[d][p]),
			}
		}
		for p := range n * n {
			k := p % n
			izq := k > 0 && cs[p-1].letra != 0
			der := k+1 < n && cs[p+1].letra != 0
			c := &cs[p]
			if c.letra != 0 {
				c.cruce, c.lleva = 0, 1<<(c.letra-1)
				c.ancla = !der
				continue
			}
			c.ancla = t.Ancla[d][p] && !izq && !der
			c.tope = c.ancla || izq
		}
	}
}
