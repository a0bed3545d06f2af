package juego

import (
	"fmt"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// falla es el resultado de evaluar una jugada: nil en err si es válida. No
// reserva memoria: JugadaValida la usa en el camino rápido y solo Validar la
// convierte en un *ErrorJugada.
type falla struct {
	err   error
	ficha ocurrencia.Ficha
	tramo tramo // la palabra ilegítima
}

// JugadaValida informa si o es una jugada válida para el jugador en turno:
// jugadaVálida? de la especificación (R3: todas las fichas en celdas libres
// del tablero, sin dos en la misma celda, alguna palabra que las contenga a
// todas y todas las palabras legítimas) y además que el jugador tenga las
// letras (R5). La jugada vacía, pasar, siempre es válida.
//
// Acepta cualquier o (fuera del tablero, superpuestas, letras fuera del
// alfabeto) y no modifica el juego. Cuesta O(m + Lmax²) para las m fichas
// de o, sin importar N ni cuánto lleve la partida, y no reserva memoria:
// mira cada ficha una vez, rechaza las jugadas de más de Lmax fichas y
// luego solo mira las palabras que pasan por las fichas nuevas, que en un
// tablero válido miden a lo sumo Lmax.
func (j *Juego) JugadaValida(o ocurrencia.Ocurrencia) bool {
	_, f := j.evaluar(o, j.tiempo, true, true)
	return f.err == nil
}

// Validar es como [Juego.JugadaValida] pero dice por qué una jugada no es
// válida: devuelve nil o un [*ErrorJugada].
func (j *Juego) Validar(o ocurrencia.Ocurrencia) error {
	_, f := j.evaluar(o, j.tiempo, true, true)
	return j.validar(o, f)
}

// validar convierte la falla f de la jugada o en un *ErrorJugada, o nil.
func (j *Juego) validar(o ocurrencia.Ocurrencia, f falla) error {
	if f.err == nil {
		return nil
	}
	e := &ErrorJugada{Motivo: f.err}
	switch f.err {
	case ErrFaltanLetras, tablero.ErrFueraDelTablero, tablero.ErrCeldaOcupada:
		ficha := f.ficha
		e.Ficha = &ficha
	case ErrPalabraIlegitima:
		e.Palabra = j.variante.Alfabeto().Formatear(j.letrasDe(o, f.tramo))
		e.Desde = [2]int{f.tramo.fila, f.tramo.columna}
		e.Horizontal = f.tramo.dc == 1
	}
	return e
}

// PuntajeObtenido devuelve los puntos que ganaría el jugador en turno con la
// jugada o, sin hacerla (puntajeObtenido): la suma, para cada palabra del
// tablero resultante que contiene alguna ficha de o, de los valores de todas
// sus letras (R4). Si o no es válida devuelve el error de [Juego.Validar].
func (j *Juego) PuntajeObtenido(o ocurrencia.Ocurrencia) (int, error) {
	puntos, f := j.evaluar(o, j.tiempo, true, true)
	if f.err != nil {
		return 0, j.validar(o, f)
	}
	return puntos, nil
}

// evaluar valida o y calcula su puntaje sobre el tablero en el instante
// hasta (las celdas con tiempo ≤ hasta; todas si hasta = j.tiempo).
//
// Si nueva, las fichas de o no están en el tablero y se superponen a él
// (validar o puntuar una jugada por hacer). Si no, ya están en el tablero con
// tiempo hasta (puntuar una jugada hecha, de forma perezosa) y la validación
// sobra: se salta. En los dos casos las fichas nuevas, las únicas que
// cuentan sus premios, son las superpuestas y las de tiempo hasta.
//
// Si lexico, una palabra que el léxico no tiene es una falla (R3.4) y la
// jugada no puede tener más fichas que la palabra más larga; si no, las
// palabras se puntúan igual, sean legítimas o no: así se puntúan las
// jugadas ya hechas y las de [Juego.UbicarSinLexico].
//
// Por R1, las palabras que contienen alguna ficha de o son: la fila o
// columna de la jugada (si tiene dos fichas o más), las palabras cruzadas de
// largo ≥ 2 de cada ficha y, si o es una sola ficha sin vecinos, esa ficha.
func (j *Juego) evaluar(o ocurrencia.Ocurrencia, hasta int, nueva, lexico bool) (int, falla) {
	puntos, f := j.evaluarSinTope(o, hasta, nueva, lexico)
	if f.err == nil && nueva && puntos > MaxPuntaje {
		return 0, falla{err: fmt.Errorf("%w: la jugada vale %d o más", ErrPuntajeDesbordado, topePuntaje)}
	}
	return puntos, f
}

// evaluarSinTope es evaluar sin comprobar que los puntos estén en rango:
// las cuentas se saturan en topePuntaje.
func (j *Juego) evaluarSinTope(o ocurrencia.Ocurrencia, hasta int, nueva, lexico bool) (int, falla) {
	m := o.Tamano()
	if nueva && j.fin != nil {
		return 0, falla{err: ErrPartidaTerminada}
	}
	if m == 0 {
		return 0, falla{}
	}
	if nueva {
		if f := j.verificarFichas(o); f.err != nil && (lexico || f.err != ErrDemasiadasFichas) {
			return 0, f
		}
	}
	superpuestas := 0 // cuántas fichas de o superponer en cada recorrido
	if nueva {
		superpuestas = m
	}
	primera := o.Ficha(0)
	extra := 0
	if m == j.variante.Fichas() {
		extra = min(j.bingo, topePuntaje)
	}
	if m == 1 {
		h := j.recorrer(o, 0, superpuestas, primera.Fila, primera.Columna, 0, 1, hasta)
		v := j.recorrer(o, 0, superpuestas, primera.Fila, primera.Columna, 1, 0, hasta)
		if h.largo == 1 && v.largo == 1 { // aislada: es una palabra de una letra
			if nueva && j.conexion {
				return 0, j.fallaDeConexion(o)
			}
			p, f := h.palabra(lexico)
			return sumaAcotada(p, extra), f
		}
		puntos := extra
		for _, t := range [...]tramo{h, v} {
			if t.largo >= 2 { // una ficha dentro de otra palabra no es palabra (R2)
				p, f := t.palabra(lexico)
				if f.err != nil {
					return 0, f
				}
				puntos = sumaAcotada(puntos, p)
			}
		}
		return puntos, falla{} // con vecinos: toca otras fichas

	}

	// Dos fichas o más: verificarFichas ya comprobó que están alineadas.
	df, dc := 0, 1
	if !o.EsHorizontal() {
		df, dc = 1, 0
	}
	principal := j.recorrer(o, 0, superpuestas, primera.Fila, primera.Columna, df, dc, hasta)
	if principal.cubiertas < superpuestas {
		return 0, falla{err: ErrNoContiguas}
	}
	tocaOtras := principal.largo > m
	puntos, f := principal.palabra(lexico)
	puntos = sumaAcotada(puntos, extra)
	sup := min(superpuestas, 1) // cada cruzada superpone solo su ficha
	for i := 0; i < m && f.err == nil; i++ {
		x := o.Ficha(i)
		if cruzada := j.recorrer(o, i, i+sup, x.Fila, x.Columna, dc, df, hasta); cruzada.largo >= 2 {
			var p int
			p, f = cruzada.palabra(lexico)
			puntos = sumaAcotada(puntos, p)
			tocaOtras = true
		}
	}
	if f.err == nil && nueva && j.conexion {
		fila, columna := j.variante.Centro()
		if j.ocupadas > 0 && !tocaOtras || j.ocupadas == 0 && !cubre(o, fila, columna) {
			return 0, j.fallaDeConexion(o)
		}
	}
	return puntos, f
}

// fallaDeConexion explica por qué o, una jugada con palabras legítimas, no
// cumple las reglas de colocación clásicas: sin fichas en el tablero debe
// cubrir el centro y formar una palabra de dos letras o más; con fichas,
// tocar alguna.
func (j *Juego) fallaDeConexion(o ocurrencia.Ocurrencia) falla {
	if j.ocupadas > 0 {
		return falla{err: ErrDesconectada}
	}
	if fila, columna := j.variante.Centro(); !cubre(o, fila, columna) {
		return falla{err: ErrFueraDelCentro}
	}
	return falla{err: ErrPalabraCorta}
}

// cubre informa si o tiene una ficha en (fila, columna).
func cubre(o ocurrencia.Ocurrencia, fila, columna int) bool {
	for x := range o.Fichas() {
		if x.Fila == fila && x.Columna == columna {
			return true
		}
	}
	return false
}

// verificarFichas comprueba, en O(m), todo lo que no depende de las
// palabras, en el orden en que lo espera quien juega: cada ficha en el
// tablero y en una celda libre (R3.1), sin dos en la misma celda (R3.2),
// con letras del alfabeto que el jugador tiene (R5), las fichas alineadas
// (R3.3) y no más que las letras de la palabra más larga.
func (j *Juego) verificarFichas(o ocurrencia.Ocurrencia) falla {
	m := o.Tamano()
	for i := range m {
		if f := o.Ficha(i); !j.EnTablero(f.Fila, f.Columna) {
			return falla{err: tablero.ErrFueraDelTablero, ficha: f}
		}
	}
	for i := range m {
		if f := o.Ficha(i); j.tablero[f.Fila*j.n+f.Columna] != nil {
			return falla{err: tablero.ErrCeldaOcupada, ficha: f}
		}
	}
	if o.HaySuperpuestas() {
		return falla{err: ErrSuperpuestas}
	}
	mano := &j.jugadores[j.Turno()].fichas
	var usadas [letra.MaxLetras]int32
	for i := range m {
		f := o.Ficha(i)
		if !j.alfabeto.Contiene(f.Letra) {
			return falla{err: ErrFaltanLetras, ficha: f}
		}
		l := f.DeLaMano()
		usadas[l]++
		if int(usadas[l]) > mano.Cantidad(l) {
			return falla{err: ErrFaltanLetras, ficha: f}
		}
	}
	if !o.EsHorizontal() && !o.EsVertical() {
		return falla{err: ErrNoAlineadas}
	}
	if m > j.lmax {
		return falla{err: ErrDemasiadasFichas}
	}
	return falla{}
}

// tramo es la corrida maximal de fichas que pasa por una celda en una
// dirección (df, dc): su primera celda, su largo, la suma de los valores de
// sus letras (con los premios de letra de las fichas nuevas), el producto de
// los premios de palabra de las fichas nuevas, si es legítima y cuántas de
// las fichas superpuestas contiene.
type tramo struct {
	fila, columna int
	df, dc        int
	largo, puntos int
	multiplicador int
	cubiertas     int
	legitima      bool
}

// palabra devuelve los puntos de t como palabra, o la falla si no es
// legítima y se mira el léxico.
func (t tramo) palabra(lexico bool) (int, falla) {
	if lexico && !t.legitima {
		return 0, falla{err: ErrPalabraIlegitima, tramo: t}
	}
	return productoAcotado(t.puntos, t.multiplicador), falla{}
}

// enTiempo devuelve la celda de (fila, columna) si tenía una ficha en el
// instante hasta, o nil.
func (j *Juego) enTiempo(fila, columna, hasta int) *celda {
	if !j.EnTablero(fila, columna) {
		return nil
	}
	c := j.tablero[fila*j.n+columna]
	if c == nil || c.tiempo > hasta {
		return nil
	}
	return c
}

// ocupada informa si (fila, columna) tenía una ficha en el instante hasta.
func (j *Juego) ocupada(fila, columna, hasta int) (letra.Letra, bool) {
	if c := j.enTiempo(fila, columna, hasta); c != nil {
		return c.letra, true
	}
	return 0, false
}

// recorrer devuelve el tramo en la dirección (df, dc) que pasa por (fila,
// columna), sobre el tablero en el instante hasta más las fichas
// o.Ficha(desde), …, o.Ficha(hasta−1) superpuestas, que deben estar en esa
// línea, en orden, en (fila, columna) o después. Lee las letras siguiendo el
// DAWG de la variante, así que decide la legitimidad sin armar la palabra.
func (j *Juego) recorrer(o ocurrencia.Ocurrencia, desde, hastaFicha, fila, columna, df, dc, hasta int) tramo {
	for {
		if _, ok := j.ocupada(fila-df, columna-dc, hasta); !ok {
			break
		}
		fila, columna = fila-df, columna-dc
	}
	t := tramo{fila: fila, columna: columna, df: df, dc: dc, multiplicador: 1, legitima: true}
	nodo := j.lexico.Raiz()
	k := desde
	for {
		var l letra.Letra
		var comodin, nueva bool
		if c := j.enTiempo(fila, columna, hasta); c != nil {
			l, comodin, nueva = c.letra, c.comodin, c.tiempo == hasta
		} else if k < hastaFicha && o.Ficha(k).Fila == fila && o.Ficha(k).Columna == columna {
			f := o.Ficha(k)
			l, comodin, nueva = f.Letra, f.Comodin, true
			k++
		} else {
			break
		}
		t.largo++
		valor := 0
		if !comodin {
			valor = min(j.variante.PuntajeLetra(l), topePuntaje)
		}
		if nueva && j.premios != nil {
			p := j.premios.Premio(fila, columna)
			valor = productoAcotado(valor, p.PorLetra())
			t.multiplicador = productoAcotado(t.multiplicador, p.PorPalabra())
		}
		t.puntos = sumaAcotada(t.puntos, valor)
		if t.legitima {
			nodo, t.legitima = j.lexico.Hijo(nodo, l)
		}
		fila, columna = fila+df, columna+dc
	}
	t.cubiertas = k - desde
	t.legitima = t.legitima && j.lexico.EsFinal(nodo)
	return t
}

// letrasDe arma las letras del tramo t con las fichas de o superpuestas.
// Solo para mensajes de error.
func (j *Juego) letrasDe(o ocurrencia.Ocurrencia, t tramo) []letra.Letra {
	p := make([]letra.Letra, 0, t.largo)
	for i := range t.largo {
		fila, columna := t.fila+i*t.df, t.columna+i*t.dc
		l, ok := j.ocupada(fila, columna, j.tiempo)
		for k := range o.Tamano() {
			if f := o.Ficha(k); f.Fila == fila && f.Columna == columna {
				l, ok = f.Letra, true
			}
		}
		if ok {
			p = append(p, l)
		}
	}
	return p
}
