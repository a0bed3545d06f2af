package hojas

import (
	"iter"
	"math"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Resolucion es la resolución de los valores de una tabla, en puntos: se
// guardan como enteros de 16 bits en centésimos de punto, entre −327,68 y
// 327,67.
const Resolucion = 0.01

// Tabla da el valor de cada hoja de una variante: las fichas que un jugador
// conserva después de jugar o de cambiar, en puntos de las jugadas que
// siguen, relativo a no conservar nada (la hoja vacía vale 0). Tiene un
// valor por cada multiconjunto de 1 a F−1 fichas que la bolsa de la
// variante permite, comodines incluidos, y la probabilidad de ganar según
// la diferencia de puntos y las fichas no vistas
// ([Tabla.ProbabilidadDeGanar]).
//
// Una Tabla no cambia después de creada y puede usarse desde varias
// gorutinas. Se crea con [Nueva] (toda en 0), se lee con [Decodificar] o
// [Leer] y se aprende con [Muestras.Tabla].
type Tabla struct {
	forma   *forma
	valores []int16
	// victorias: por fichas no vistas u, la recta a + b·diferencia de la
	// logística de ProbabilidadDeGanar; vacía si no se aprendió.
	victorias []recta
}

// recta es a + b·x.
type recta struct{ a, b float32 }

// Nueva devuelve la tabla de la variante v con todas las hojas en 0 y sin
// probabilidades de ganar. Devuelve un error que envuelve a
// [ErrDemasiadasHojas] si v tiene más de [MaxValores] hojas.
func Nueva(v *variante.Variante) (*Tabla, error) {
	f, err := formaDe(v)
	if err != nil {
		return nil, err
	}
	return &Tabla{forma: f, valores: make([]int16, f.total)}, nil
}

// Tamano devuelve cuántas hojas tiene la tabla, sin contar la vacía.
func (t *Tabla) Tamano() int { return t.forma.total - 1 }

// MaxHoja devuelve cuántas fichas tiene la hoja más grande de la tabla: las
// de una mano menos una.
func (t *Tabla) MaxHoja() int { return t.forma.max }

// Valor devuelve el valor de la hoja h en puntos. Una hoja que la tabla no
// tiene vale 0: la vacía, la de más de [Tabla.MaxHoja] fichas (conservar la
// mano entera es pasar, y la tabla no lo valora) y la que la bolsa no
// permite (letras sin fichas, más copias de las que hay). Recorre las
// letras de la bolsa hasta la última de h y no reserva memoria.
func (t *Tabla) Valor(h letra.Multiconjunto) float64 {
	if p, ok := t.forma.posicion(&h); ok {
		return float64(t.valores[p]) * Resolucion
	}
	return 0
}

// Contiene informa si h es una hoja de la tabla: de 1 a [Tabla.MaxHoja]
// fichas que la bolsa permite.
func (t *Tabla) Contiene(h letra.Multiconjunto) bool {
	_, ok := t.forma.posicion(&h)
	return ok && !h.Vacio()
}

// Hojas recorre las hojas de la tabla con sus valores, de a una por
// multiconjunto (sin la vacía), en un orden fijo.
func (t *Tabla) Hojas() iter.Seq2[letra.Multiconjunto, float64] {
	return func(yield func(letra.Multiconjunto, float64) bool) {
		f := t.forma
		n := make([]int8, len(f.letras))
		seguir := true
		var rec func(s, r int)
		pos := 0
		rec = func(s, r int) {
			if !seguir {
				return
			}
			if s == len(n) {
				if pos > 0 {
					seguir = yield(f.multiconjunto(n), float64(t.valores[pos])*Resolucion)
				}
				pos++
				return
			}
			for k := 0; k <= min(f.tope[s], r) && seguir; k++ {
				n[s] = int8(k)
				rec(s+1, r-k)
			}
			n[s] = 0
		}
		rec(0, f.max)
	}
}

// Subhojas escribe en dst, reutilizando su memoria, el valor de cada hoja
// que puede quedar de la mano: es el camino rápido de quien valora muchas
// jugadas de la misma mano. Si la mano tiene cₓ copias de la letra x, la
// hoja que conserva kₓ copias de cada x está en la posición Σₓ kₓ·pₓ, con
// pₓ el producto de (c_y + 1) sobre las letras y < x de la mano (pₓ no
// depende de la hoja: quitar de la hoja una copia de x resta pₓ). La hoja
// vacía está en la posición 0 y la mano entera en la última, Π (cₓ + 1) − 1.
// Los valores son los de [Tabla.Valor]. Reserva memoria solo si dst no
// alcanza; cuesta O(2ᵏ·k) para una mano de k fichas distintas.
func (t *Tabla) Subhojas(mano letra.Multiconjunto, dst []float64) []float64 {
	f := t.forma
	var letras, copias, k [letra.MaxLetras]int
	d, total := 0, 1
	for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
		l := bits.TrailingZeros64(sop)
		letras[d], copias[d] = l, mano.Cantidad(letra.Letra(l))
		total *= copias[d] + 1
		d++
	}
	if cap(dst) < total {
		dst = make([]float64, total)
	}
	dst = dst[:total]
	// Un cuentakilómetros sobre las copias conservadas, con la primera
	// letra como la cifra que más rápido cambia.
	M1 := f.max + 1
	tam := 0
	for p := range total {
		x := 0.0
		if tam > 0 && tam <= f.max {
			r, pos, ok := f.max, int32(0), true
			for i := range d {
				if n := k[i]; n > 0 {
					if n > f.topeLetra[letras[i]] {
						ok = false
						break
					}
					pos += f.porLetra[(letras[i]*M1+r)*M1+n]
					r -= n
				}
			}
			if ok {
				x = float64(t.valores[pos]) * Resolucion
			}
		}
		dst[p] = x
		for i := range d {
			if k[i] < copias[i] {
				k[i]++
				tam++
				break
			}
			tam -= k[i]
			k[i] = 0
		}
	}
	return dst
}

// ProbabilidadDeGanar estima la probabilidad de que gane el jugador en
// turno (antes de jugar) si lleva diferencia puntos de ventaja (negativa si
// va perdiendo) y no ve noVistas fichas (las de la bolsa y las de las manos
// de los demás): una logística en la diferencia, creciente, con su centro y
// su pendiente aprendidos para cada cantidad de fichas no vistas con las
// partidas de autojuego de la tabla. Un empate cuenta como media victoria.
// Con noVistas ≤ 0 la partida terminó: 1, ½ o 0. Sin probabilidades
// aprendidas (una tabla de [Nueva]) da ½ salvo con noVistas ≤ 0.
func (t *Tabla) ProbabilidadDeGanar(diferencia, noVistas int) float64 {
	if noVistas <= 0 {
		switch {
		case diferencia > 0:
			return 1
		case diferencia < 0:
			return 0
		}
		return 0.5
	}
	if len(t.victorias) == 0 {
		return 0.5
	}
	r := t.victorias[min(noVistas, len(t.victorias)-1)]
	return 1 / (1 + math.Exp(-(float64(r.a) + float64(r.b)*float64(diferencia))))
}

// EsDe informa si t es una tabla de la variante v: del mismo alfabeto, la
// misma bolsa y el mismo tamaño de mano (las demás reglas no cambian las
// hojas).
func (t *Tabla) EsDe(v *variante.Variante) bool {
	f, err := formaDe(v)
	return err == nil && f.huella == t.forma.huella && f.total == t.forma.total
}
