package generador

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
)

// vacio genera las jugadas del tablero vacío con la tabla de anagramas:
// recorre cada multiconjunto de dos letras o más que la mano puede poner
// (un comodín como cualquier letra; cada multiconjunto una vez), en la RPE,
// y pone cada anagrama en cada posición de la línea del centro que lo
// cubre, con cada reparto de los comodines.
func (g *buscador) vacio() {
	var usadas [letra.MaxLetras]int8
	g.vacioDesde(0, 0, 0, g.Comodines, &usadas)
}

func (g *buscador) vacioDesde(x letra.Letra, acum paridad.Multiconjunto, tam, comodines int, usadas *[letra.MaxLetras]int8) {
	if tam >= 2 {
		for _, id := range g.anagramas.Buscar(acum) {
			g.vacioPalabra(g.anagramas.Palabra(id))
			if g.Parar {
				return
			}
		}
	}
	if tam == min(g.Total, g.N) {
		return
	}
	pt := g.anagramas.Paridad
	posibles := g.Mascara &^ (1<<x - 1)
	if comodines > 0 {
		posibles = g.Letras &^ (1<<x - 1)
	}
	for ; posibles != 0; posibles &= posibles - 1 {
		y := letra.Letra(bits.TrailingZeros64(posibles))
		sig, ok := pt.Sumar(acum, paridad.Letra(y))
		if !ok {
			continue
		}
		c := comodines
		if int(usadas[y]) >= g.Cant[y] {
			if c == 0 {
				continue
			}
			c--
		}
		usadas[y]++
		g.vacioDesde(y, sig, tam+1, c, usadas)
		usadas[y]--
		if g.Parar {
			return
		}
	}
}

// vacioPalabra pone la palabra w, con cada reparto de comodines posible.
func (g *buscador) vacioPalabra(w []letra.Letra) {
	g.NP = len(w)
	for k, x := range w {
		g.Puestas[k] = busqueda.Puesta{Letra: x}
	}
	if g.Comodines == 0 {
		g.vacioPoner()
		return
	}
	var usadas [letra.MaxLetras]int8
	g.vacioRepartir(0, g.Comodines, &usadas)
}

func (g *buscador) vacioRepartir(i, comodines int, usadas *[letra.MaxLetras]int8) {
	if i == g.NP {
		g.vacioPoner()
		return
	}
	x := g.Puestas[i].Letra
	if int(usadas[x]) < g.Cant[x] {
		usadas[x]++
		g.vacioRepartir(i+1, comodines, usadas)
		usadas[x]--
	}
	if comodines > 0 && !g.Parar {
		g.Puestas[i].Comodin = true
		g.vacioRepartir(i+1, comodines-1, usadas)
		g.Puestas[i].Comodin = false
	}
}

// vacioPoner entrega las jugadas de g.Puestas (sus letras y comodines) en
// cada posición de la línea del centro que cubre el centro, en las dos
// direcciones (una si el tablero es simétrico: emitir entrega la
// traspuesta).
func (g *buscador) vacioPoner() {
	n, largo := g.N, g.NP
	var val [16]int
	for k, p := range g.Puestas[:g.NP] {
		if !p.Comodin && k < len(val) {
			val[k] = g.Valor[p.Letra]
		}
	}
	bingo := 0
	if largo == g.Fichas {
		bingo = g.Bingo
	}
	f, c := g.Centro/n, g.Centro%n
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	for d := range direcciones {
		linea, ancla := f, c
		if d == 1 {
			linea, ancla = c, f
		}
		g.Linea(d, linea)
		lm, wm := g.PorLetra[d][g.Base:g.Base+n], g.PorPalabra[d][g.Base:g.Base+n]
		for a := max(0, ancla-largo+1); a <= min(ancla, n-largo); a++ {
			suma, mult := 0, 1
			for k := range largo {
				suma += val[k] * lm[a+k]
				mult *= wm[a+k]
			}
			if g.Modo != busqueda.Contar {
				for k := range g.NP {
					g.Puestas[k].Pos = int32(a + k)
				}
			}
			g.Emitir(suma*mult + bingo)
			if g.Parar {
				return
			}
		}
	}
}
