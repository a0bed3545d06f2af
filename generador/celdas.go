package generador

import "github.com/juegodepalabras/palabras/letra"

// celda es lo que la búsqueda sabe de una celda en una dirección: lo que
// cruces.Tablero guarda en siete arreglos, junto, para que la búsqueda lea
// todo lo de una celda de una vez (una línea de caché).
type celda struct {
	cruce   uint64 // el conjunto cruzado (celda libre)
	cruzada int    // la suma de la palabra cruzada, −1 si no hay
	letra   letra.Letra
	comodin bool
	ancla   bool
	lm, wm  uint8 // premios de letra y de palabra
}

// juntar copia el tablero de g, con sus cruces y anclas, a las celdas de
// cada dirección. Cuesta O(N²): se hace cuando el tablero cambió.
func (g *Generador) juntar() {
	t := &g.tablero
	for d := range 2 {
		for p := range g.n * g.n {
			g.celdasDir[d][p] = celda{
				cruce: t.Cruce[d][p], cruzada: t.Cruzada[d][p],
				letra: t.Letras[d][p], comodin: t.Comodin[d][p], ancla: t.Ancla[d][p],
				lm: uint8(g.porLetra[d][p]), wm: uint8(g.porPalabra[d][p]),
			}
		}
	}
}
