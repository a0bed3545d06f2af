package juego

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/ocurrencia"
)

// String dibuja el tablero: una fila por línea, "·" en las celdas libres,
// los comodines en minúsculas y los números de fila y columna en los
// bordes. Por ejemplo:
//
//	  0 1 2 3
//	0 · · · ·
//	1 · S O L
//	2 · · · ·
//	3 · · · ·
func (j *Juego) String() string {
	alf := j.variante.Alfabeto()
	ancho := len(strconv.Itoa(j.n - 1))
	for _, s := range alf.Simbolos() {
		ancho = max(ancho, utf8.RuneCountInString(s))
	}
	margen := len(strconv.Itoa(j.n - 1))
	var b strings.Builder
	celda := func(s string) {
		b.WriteByte(' ')
		b.WriteString(strings.Repeat(" ", ancho-utf8.RuneCountInString(s)))
		b.WriteString(s)
	}
	b.WriteString(strings.Repeat(" ", margen))
	for c := range j.n {
		celda(strconv.Itoa(c))
	}
	b.WriteByte('\n')
	for f := range j.n {
		b.WriteString(strings.Repeat(" ", margen-len(strconv.Itoa(f))))
		b.WriteString(strconv.Itoa(f))
		for c := range j.n {
			if l, ok := j.Letra(f, c); ok && j.EsComodin(f, c) {
				celda(strings.ToLower(alf.Simbolo(l)))
			} else if ok {
				celda(alf.Simbolo(l))
			} else {
				celda("·")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// OcurrenciasDePalabras devuelve las palabras del tablero
// (ocurrenciasDePalabras), calculadas como dice R1: cada corrida horizontal o
// vertical maximal de dos fichas o más, y cada ficha sin vecinos. El orden es
// el de su primera celda, por filas; en la misma celda, la horizontal
// primero. Cuesta O(N²).
func (j *Juego) OcurrenciasDePalabras() []ocurrencia.Ocurrencia {
	var res []ocurrencia.Ocurrencia
	for f := range j.n {
		for c := range j.n {
			if !j.HayFicha(f, c) {
				continue
			}
			for _, d := range [...][2]int{{0, 1}, {1, 0}} {
				if j.HayFicha(f-d[0], c-d[1]) || !j.HayFicha(f+d[0], c+d[1]) {
					continue // aquí no empieza una corrida de dos o más
				}
				var fichas []ocurrencia.Ficha
				for i, k := f, c; j.HayFicha(i, k); i, k = i+d[0], k+d[1] {
					l, _ := j.Letra(i, k)
					fichas = append(fichas, ocurrencia.Ficha{Fila: i, Columna: k, Letra: l})
				}
				res = append(res, ocurrencia.Nueva(fichas...))
			}
			if !j.HayFicha(f-1, c) && !j.HayFicha(f+1, c) && !j.HayFicha(f, c-1) && !j.HayFicha(f, c+1) {
				l, _ := j.Letra(f, c)
				res = append(res, ocurrencia.Nueva(ocurrencia.Ficha{Fila: f, Columna: c, Letra: l}))
			}
		}
	}
	return res
}
