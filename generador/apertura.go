package generador

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/internal/motor/busqueda"
)

// apertura genera las jugadas del tablero vacío con la regla de conexión
// (la primera jugada clásica, docs/reglas.md, C2): todas cubren el centro,
// así que son las palabras de dos letras o más que la mano forma, cada una
// en cada posición de la línea del centro que lo cubre, en las dos
// direcciones.
//
// Desde el ancla del centro, el GADDAG encontraría cada palabra una vez por
// cada letra suya que cae en el centro. Aquí cada palabra se lee una sola
// vez, hacia adelante, con la copia del DAWG que el GADDAG lleva tras el
// giro (raíz, primera letra, giro), poniendo cada letra como la búsqueda
// del GADDAG (con una ficha de la mano si queda, si no con un comodín
// forzado); después se pone en cada posición. Contar ni siquiera la pone:
// suma posiciones por repartos de comodines. Si el tablero es simétrico
// solo se recorre la dirección horizontal y busqueda.Estado.Emitir entrega
// además la traspuesta, como en el resto del tablero.
func (g *buscador) apertura() {
	maxLargo := min(g.N, g.Total)
	if maxLargo < 2 {
		return
	}
	g.Izquierda = 0
	a := g.arcos
	m := a.Salidas(g.raiz)
	primero := g.raiz + 1 + uint32(m>>63)
	for posibles := m & g.disponibles(); posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := a.En(primero + uint32(bits.OnesCount64(m&(1<<x-1))))
		s := uint32(e) >> desplHijo
		if s == 0 || a.Salidas(s)>>63 == 0 {
			continue
		}
		// El giro es el primer arco de s: lleva al estado del DAWG tras x.
		u := uint32(a.En(s+1)) >> desplHijo
		if u == 0 {
			continue
		}
		f := g.poner(0, x)
		g.aperturaDesde(u, 1, maxLargo)
		g.sacar(x, f)
		if g.Parar {
			return
		}
	}
}

// aperturaDesde sigue la palabra de las largo fichas puestas desde el
// estado nodo de la copia del DAWG, y coloca cada palabra que encuentra.
func (g *buscador) aperturaDesde(nodo uint32, largo, maxLargo int) {
	a := g.arcos
	m := a.Salidas(nodo)
	for posibles := m & g.disponibles(); posibles != 0; posibles &= posibles - 1 {
		x := uint32(bits.TrailingZeros64(posibles))
		e := a.En(nodo + 1 + uint32(bits.OnesCount64(m&(1<<x-1))))
		f := g.poner(largo, x)
		if uint32(e)&arcoAcepta != 0 {
			g.colocarApertura()
		}
		if h := uint32(e) >> desplHijo; h != 0 && largo+1 < maxLargo && !g.Parar {
			g.aperturaDesde(h, largo+1, maxLargo)
		}
		g.sacar(x, f)
		if g.Parar {
			return
		}
	}
}

// posicionesApertura devuelve la línea y las posiciones de la primera
// ficha de una palabra de largo letras en la dirección d que cubren el
// centro.
func (g *buscador) posicionesApertura(d, largo int) (linea, desde, hasta int) {
	f, c := g.Centro/g.N, g.Centro%g.N
	if d == 1 {
		f, c = c, f
	}
	return f, max(0, c-largo+1), min(c, g.N-largo)
}

// colocarApertura entrega la palabra de las fichas puestas en cada
// posición que cubre el centro: en las dos direcciones, o en la horizontal
// si el tablero es simétrico (Emitir entrega la traspuesta). Al contar,
// suma las jugadas sin ponerla.
func (g *buscador) colocarApertura() {
	largo := g.NP
	direcciones := 2
	if g.Espejo {
		direcciones = 1
	}
	if g.Modo == busqueda.Contar {
		n := 0
		for d := range direcciones {
			_, desde, hasta := g.posicionesApertura(d, largo)
			n += hasta - desde + 1
		}
		if g.Espejo {
			n *= 2
		}
		g.Cuenta += n * g.Formas()
		return
	}
	for d := range direcciones {
		linea, desde, hasta := g.posicionesApertura(d, largo)
		g.Linea(d, linea)
		celdas := g.Celdas[g.Base : g.Base+g.N]
		for p := desde; p <= hasta; p++ {
			suma, mult := 0, 1
			for k := range largo {
				q := &g.Puestas[k]
				q.Pos = int32(p + k)
				c := &celdas[p+k]
				suma += g.Valor[q.Letra] * int(c.LM)
				mult *= int(c.WM)
			}
			g.Terminar(suma, mult, 0)
			if g.Parar {
				return
			}
		}
	}
}
