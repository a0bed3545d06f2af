package busqueda

import "github.com/juegodepalabras/palabras/generador/internal/cruces"

// Hacer pone en el tablero de e las fichas fs de una jugada válida en él
// (cruces.Tablero.Poner) y actualiza las celdas de cada dirección solo
// donde cambiaron: sirve para buscar sobre un árbol de jugadas sin pasar
// por un juego.Juego. [Estado.Deshacer] la deshace. Las jugadas se buscan
// después con [Estado.CargarMano] y la búsqueda del generador (la de
// generador.Arbol). No reserva memoria
// después de las primeras veces.
func (e *Estado) Hacer(fs []cruces.Puesta) {
	e.Tablero.Poner(&e.Reglas, fs)
	e.rehacer()
}

// Deshacer deshace el último [Estado.Hacer] que no se deshizo.
func (e *Estado) Deshacer() {
	if e.Tablero.Hechas() == 0 {
		return
	}
	e.Tablero.Quitar()
	e.rehacer()
}

// Hechas devuelve cuántos [Estado.Hacer] hay sin deshacer.
func (e *Estado) Hechas() int { return e.Tablero.Hechas() }

// rehacer vuelve a armar las celdas de cada dirección que cambiaron en el
// último Poner o Quitar del tablero: las de cruces.Tablero.Cambiadas y,
// donde cambió la letra, sus vecinas de la línea (de las que dependen Ancla
// y Tope). Cambia Version: lo que el generador calculó de las celdas (la
// lista de anclas) se rehace.
func (e *Estado) rehacer() {
	e.Version++ // las anclas pueden ser otras
	n := e.N
	t := &e.Tablero
	cambiadas := t.Cambiadas()
	// Primero las que cambiaron de letra: rearmar una vecina antes de
	// mirarla escondería su cambio.
	e.otraLetra = e.otraLetra[:0]
	for _, p := range cambiadas {
		if e.CeldasDir[0][p].Letra != t.Letras[0][p] {
			e.otraLetra = append(e.otraLetra, p)
		}
	}
	for _, p := range e.otraLetra {
		f, c := p/n, p%n
		pt := c*n + f
		if c > 0 {
			e.rearmar(0, p-1)
		}
		if c+1 < n {
			e.rearmar(0, p+1)
		}
		if f > 0 {
			e.rearmar(1, pt-1)
		}
		if f+1 < n {
			e.rearmar(1, pt+1)
		}
	}
	for _, p := range cambiadas {
		e.rearmar(0, p)
		e.rearmar(1, p%n*n+p/n)
		e.rearmarSuelta(p)
	}
}
