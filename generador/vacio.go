package generador

import (
	"errors"
	"math/bits"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/letra"
)

// ErrTablasCortas indica que la tabla de anagramas dada a
// [Generador.UsarAnagramas] no tiene las palabras que caben en la primera
// jugada.
var ErrTablasCortas = errors.New("generador: la tabla de anagramas no tiene todas las palabras de la primera jugada")

// UsarAnagramas hace que el generador use la tabla de anagramas t (del
// Método de los Anagramas, generador/anagramas) para el tablero vacío con
// la regla de conexión, la etapa en que ese método le gana al GADDAG
// (app/tesis): las jugadas son los anagramas de los
// submulticonjuntos de la mano puestos en cada posición que cubre el
// centro, sin conjuntos cruzados que mirar. Con t nil deja de usarla. Con
// fichas en el tablero, o sin la regla de conexión, sigue con el GADDAG.
//
// Es opcional porque la tabla ocupa decenas de MB y se construye en un
// segundo o dos (tablas.NuevosAnagramas). t debe ser del léxico de la
// variante y tener sus palabras de hasta min(N, F) letras, y el alfabeto
// debe tener a lo sumo 32 letras: si no, devuelve [ErrOtroLexico],
// [ErrTablasCortas] o paridad.ErrAlfabetoGrande y no cambia nada.
func (g *Generador) UsarAnagramas(t *tablas.Anagramas) error {
	if t == nil {
		g.anagramas = nil
		return nil
	}
	if g.v.Alfabeto().Tamano() > paridad.MaxLetras {
		return paridad.ErrAlfabetoGrande
	}
	d, lx := t.Lexico(), g.v.Lexico()
	if lx != d && (lx.Tamano() != d.Tamano() || lx.Estados() != d.Estados() || lx.Aristas() != d.Aristas()) {
		return ErrOtroLexico
	}
	if t.LongitudMaxima() < min(g.n, g.fichas, lx.LongitudMaxima()) {
		return ErrTablasCortas
	}
	g.anagramas = t
	return nil
}

// vacio genera las jugadas del tablero vacío con la tabla de anagramas:
// recorre cada multiconjunto de dos letras o más que la mano puede poner
// (un comodín como cualquier letra; cada multiconjunto una vez), en la RPE,
// y pone cada anagrama en cada posición de la línea del centro que lo
// cubre, con cada reparto de los comodines.
func (g *Generador) vacio() {
	var usadas [letra.MaxLetras]int8
	g.vacioDesde(0, 0, 0, g.comodines, &usadas)
}

func (g *Generador) vacioDesde(x letra.Letra, acum paridad.Multiconjunto, tam, comodines int, usadas *[letra.MaxLetras]int8) {
	if tam >= 2 {
		for _, id := range g.anagramas.Buscar(acum) {
			g.vacioPalabra(g.anagramas.Palabra(id))
			if g.parar {
				return
			}
		}
	}
	if tam == min(g.total, g.n) {
		return
	}
	pt := g.anagramas.Paridad
	posibles := g.mascara &^ (1<<x - 1)
	if comodines > 0 {
		posibles = g.letras &^ (1<<x - 1)
	}
	for ; posibles != 0; posibles &= posibles - 1 {
		y := letra.Letra(bits.TrailingZeros64(posibles))
		sig, ok := pt.Sumar(acum, paridad.Letra(y))
		if !ok {
			continue
		}
		c := comodines
		if int(usadas[y]) >= g.cant[y] {
			if c == 0 {
				continue
			}
			c--
		}
		usadas[y]++
		g.vacioDesde(y, sig, tam+1, c, usadas)
		usadas[y]--
		if g.parar {
			return
		}
	}
}

// vacioPalabra pone la palabra w, con cada reparto de comodines posible.
func (g *Generador) vacioPalabra(w []letra.Letra) {
	g.np = len(w)
	for k, x := range w {
		g.puestas[k] = puesta{letra: x}
	}
	if g.comodines == 0 {
		g.vacioPoner()
		return
	}
	var usadas [letra.MaxLetras]int8
	g.vacioRepartir(0, g.comodines, &usadas)
}

func (g *Generador) vacioRepartir(i, comodines int, usadas *[letra.MaxLetras]int8) {
	if i == g.np {
		g.vacioPoner()
		return
	}
	x := g.puestas[i].letra
	if int(usadas[x]) < g.cant[x] {
		usadas[x]++
		g.vacioRepartir(i+1, comodines, usadas)
		usadas[x]--
	}
	if comodines > 0 && !g.parar {
		g.puestas[i].comodin = true
		g.vacioRepartir(i+1, comodines-1, usadas)
		g.puestas[i].comodin = false
	}
}

// vacioPoner entrega las jugadas de g.puestas (sus letras y comodines) en
// cada posición de la línea del centro que cubre el centro, en las dos
// direcciones (una si el tablero es simétrico: emitir entrega la
// traspuesta).
func (g *Generador) vacioPoner() {
	n, largo := g.n, g.np
	var val [16]int
	for k, p := range g.puestas[:g.np] {
		if !p.comodin && k < len(val) {
			val[k] = g.valor[p.letra]
		}
	}
	bingo := 0
	if largo == g.fichas {
		bingo = g.bingo
	}
	f, c := g.centro/n, g.centro%n
	direcciones := 2
	if g.espejo {
		direcciones = 1
	}
	for d := range direcciones {
		linea, ancla := f, c
		if d == 1 {
			linea, ancla = c, f
		}
		g.dir, g.base = d, linea*n
		lm, wm := g.porLetra[d][g.base:g.base+n], g.porPalabra[d][g.base:g.base+n]
		for a := max(0, ancla-largo+1); a <= min(ancla, n-largo); a++ {
			suma, mult := 0, 1
			for k := range largo {
				suma += val[k] * lm[a+k]
				mult *= wm[a+k]
			}
			if g.modo != contar {
				for k := range g.np {
					g.puestas[k].pos = int32(a + k)
				}
			}
			g.emitir(suma*mult + bingo)
			if g.parar {
				return
			}
		}
	}
}
