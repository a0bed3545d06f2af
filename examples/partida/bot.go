package main

import (
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
)

// mejorJugada busca la jugada de más puntos del jugador en turno de j con
// una búsqueda simple: para cada fila y columna y cada celda donde puede
// empezar una palabra, extiende hacia adelante letra a letra siguiendo el
// DAWG del léxico, con las fichas de la mano en las celdas libres y las del
// tablero en las ocupadas; cada palabra completa que usa alguna ficha propia
// se valida con JugadaValida (que mira las cruzadas) y se puntúa con
// PuntajeObtenido. Ante empates gana la primera encontrada, así que el bot es
// determinista. Si no hay ninguna devuelve la jugada vacía: pasar.
//
// Con las reglas clásicas (premios, centro y conexión, bingo) no hace falta
// nada más: la validación y el puntaje son los del juego, así que solo
// propone jugadas que JugadaValida acepta, con sus premios y bingos. Un
// comodín de la mano se prueba en cada celda libre como cada letra que el
// léxico permite ahí, después de la ficha de esa letra si la tiene (así,
// ante empates, gana la jugada sin comodín).
//
// Es deliberadamente sencilla (la generación de jugadas rápida es otra
// cosa): prueba solo palabras que el léxico tiene y deja las cruzadas a la
// validación.
func mejorJugada(j *juego.Juego) (ocurrencia.Ocurrencia, int) {
	b := buscador{j: j, lexico: j.Variante().Lexico(), n: j.TamanoTablero(), mejorPuntos: -1}
	b.mano, _ = j.Fichas(j.Turno())
	for _, d := range [][2]int{{0, 1}, {1, 0}} {
		for f := range b.n {
			for c := range b.n {
				if j.HayFicha(f-d[0], c-d[1]) {
					continue // una palabra no empieza pegada a una ficha
				}
				b.extender(f, c, d[0], d[1], b.lexico.Raiz())
			}
		}
	}
	return b.mejor, max(b.mejorPuntos, 0)
}

type buscador struct {
	j           *juego.Juego
	lexico      *trie.DAWG
	n           int
	mano        letra.Multiconjunto
	puestas     []ocurrencia.Ficha
	mejor       ocurrencia.Ocurrencia
	mejorPuntos int
}

// extender sigue la palabra en (f, c) en la dirección (df, dc) desde el
// estado nodo del léxico.
func (b *buscador) extender(f, c, df, dc int, nodo trie.Nodo) {
	if !b.j.EnTablero(f, c) {
		return
	}
	if l, ok := b.j.Letra(f, c); ok {
		if h, ok := b.lexico.Hijo(nodo, l); ok {
			b.despues(f, c, df, dc, h)
		}
		return
	}
	for l := range b.lexico.Salidas(nodo).Todas() {
		for _, comodin := range [...]bool{false, true} {
			deLaMano := l
			if comodin {
				deLaMano = letra.Comodin
			}
			if !b.mano.Sacar(deLaMano) {
				continue
			}
			b.puestas = append(b.puestas, ocurrencia.Ficha{Fila: f, Columna: c, Letra: l, Comodin: comodin})
			h, _ := b.lexico.Hijo(nodo, l)
			b.despues(f, c, df, dc, h)
			b.puestas = b.puestas[:len(b.puestas)-1]
			b.mano.Agregar(deLaMano)
		}
	}
}

// despues considera la palabra que termina en (f, c) y sigue extendiéndola.
func (b *buscador) despues(f, c, df, dc int, nodo trie.Nodo) {
	sf, sc := f+df, c+dc
	if len(b.puestas) > 0 && b.lexico.EsFinal(nodo) && !b.j.HayFicha(sf, sc) {
		o := ocurrencia.Nueva(b.puestas...)
		if p, err := b.j.PuntajeObtenido(o); err == nil && p > b.mejorPuntos {
			b.mejor, b.mejorPuntos = o, p
		}
	}
	b.extender(sf, sc, df, dc, nodo)
}
