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
	h := e.Tablero.Hechas()
	if len(e.marcosCeldas) > h {
		// El tablero se volvió a copiar: lo guardado no vale.
		e.guardadas = e.guardadas[:e.marcosCeldas[h]]
		e.marcosCeldas = e.marcosCeldas[:h]
	}
	e.guardando = len(e.marcosCeldas) == h
	if e.guardando {
		e.marcosCeldas = append(e.marcosCeldas, len(e.guardadas))
	}
	e.Tablero.Poner(&e.Reglas, fs)
	e.rehacer()
	e.guardando = false
}

// celdaGuardada es lo que había en una celda antes de que un Hacer la
// rearmara: la celda p de la dirección d (su bit de BitsAnclas es su
// Ancla) o, con d = −1, el bit p de BitsSueltas (suelta).
type celdaGuardada struct {
	c      Celda
	p      int32
	d      int8
	suelta bool
}

// Deshacer deshace el último [Estado.Hacer] que no se deshizo. Las celdas
// que ese Hacer rearmó vuelven a lo que tenían, en orden inverso (son las
// que el tablero de antes daba: rearmarlas de nuevo daría lo mismo).
func (e *Estado) Deshacer() {
	h := e.Tablero.Hechas()
	if h == 0 {
		return
	}
	e.Tablero.Quitar()
	if len(e.marcosCeldas) != h {
		if len(e.marcosCeldas) >= h {
			e.guardadas = e.guardadas[:e.marcosCeldas[h-1]]
			e.marcosCeldas = e.marcosCeldas[:h-1]
		}
		e.rehacer()
		return
	}
	e.Version++ // las anclas pueden ser otras
	desde := e.marcosCeldas[h-1]
	for i := len(e.guardadas) - 1; i >= desde; i-- {
		g := &e.guardadas[i]
		p := int(g.p)
		if g.d < 0 {
			if g.suelta {
				e.BitsSueltas[p>>6] |= 1 << (p & 63)
			} else {
				e.BitsSueltas[p>>6] &^= 1 << (p & 63)
			}
			continue
		}
		d := int(g.d)
		e.CeldasDir[d][p] = g.c
		if g.c.Ancla {
			e.BitsAnclas[d][p>>6] |= 1 << (p & 63)
		} else {
			e.BitsAnclas[d][p>>6] &^= 1 << (p & 63)
		}
	}
	e.guardadas = e.guardadas[:desde]
	e.marcosCeldas = e.marcosCeldas[:h-1]
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
