package exactitud

import (
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Oraculo devuelve todas las jugadas válidas del jugador en turno de j, con
// sus puntos, sin el generador: prueba cada palabra del léxico en cada
// casilla y dirección, con cada forma de cubrir sus casillas libres con la
// mano (cada letra con su ficha o con un comodín), y se queda con las que
// juego.Juego.JugadaValida acepta, con juego.Juego.PuntajeObtenido. Es
// exhaustivo: toda jugada válida tiene una palabra principal del léxico que
// la contiene. Cuesta O(P·N²·2^c) para P palabras y c comodines en la
// mano: sirve con listas de palabras chicas, en tableros de cualquier
// tamaño. Las claves son ocurrencia.Ocurrencia.String.
func Oraculo(j *juego.Juego) map[string]int {
	res := map[string]int{}
	mano, _ := j.Fichas(j.Turno())
	n := j.TamanoTablero()
	for palabra := range j.Variante().Lexico().Palabras() {
		for _, dir := range [2][2]int{{0, 1}, {1, 0}} {
			for f := range n {
				for c := range n {
					ff, fc := f+dir[0]*(len(palabra)-1), c+dir[1]*(len(palabra)-1)
					if ff >= n || fc >= n || j.HayFicha(f-dir[0], c-dir[1]) || j.HayFicha(ff+dir[0], fc+dir[1]) {
						continue
					}
					cubrir(j, palabra, f, c, dir, mano, res)
				}
			}
		}
	}
	return res
}

// cubrir prueba cada forma de poner palabra desde (f, c) en la dirección
// dir con las fichas de mano.
func cubrir(j *juego.Juego, palabra []letra.Letra, f, c int, dir [2]int, mano letra.Multiconjunto, res map[string]int) {
	var fichas []ocurrencia.Ficha
	var rec func(i int, quedan letra.Multiconjunto)
	rec = func(i int, quedan letra.Multiconjunto) {
		if i == len(palabra) {
			if len(fichas) == 0 {
				return
			}
			o := ocurrencia.Nueva(fichas...)
			clave := o.String()
			if _, visto := res[clave]; visto || !j.JugadaValida(o) {
				return
			}
			p, err := j.PuntajeObtenido(o)
			if err == nil {
				res[clave] = p
			}
			return
		}
		fi, ci := f+dir[0]*i, c+dir[1]*i
		if l, ok := j.Letra(fi, ci); ok {
			if l == palabra[i] {
				rec(i+1, quedan)
			}
			return
		}
		for _, comodin := range []bool{false, true} {
			usada := palabra[i]
			if comodin {
				usada = letra.Comodin
			}
			if quedan.Cantidad(usada) == 0 {
				continue
			}
			resto := quedan
			resto.Sacar(usada)
			fichas = append(fichas, ocurrencia.Ficha{Fila: fi, Columna: ci, Letra: palabra[i], Comodin: comodin})
			rec(i+1, resto)
			fichas = fichas[:len(fichas)-1]
		}
	}
	rec(0, mano)
}
