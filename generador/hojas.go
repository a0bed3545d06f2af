package generador

import (
	"math"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// MaxSubhojas es la mayor cantidad de hojas de una mano (Π (cₓ + 1) si
// tiene cₓ fichas de cada letra x) con que la búsqueda por equidad guarda
// el valor de cada una y poda: una mano de hasta 16 fichas. Con manos
// mayores, que ningún jugador tiene, [MejoresPorEquidad] valora cada
// jugada con Hojas.Valor, recorre todas y no considera cambios.
const MaxSubhojas = 1 << 16

// tablaHojas es el valor de cada hoja que puede dejar una mano, numeradas
// como las de [Subhojas] (ver busqueda.Equidad), y la mejor hoja que
// queda al poner t fichas.
type tablaHojas struct {
	h      Hojas
	mano   letra.Multiconjunto
	letras []letra.Letra // las letras de la mano, en orden
	cant   [letra.MaxLetras]int
	paso   [letra.MaxLetras]int
	entera int
	// grande: la mano tiene más de MaxSubhojas hojas; entonces valores,
	// paso y entera no valen.
	grande  bool
	valores []float64
	mejor   []float64 // mejor[t]: la mejor hoja al poner t fichas
	tam     []int8    // tam[i]: las fichas de la hoja i
	cambios []int     // las mejores hojas de un cambio, de mejor a peor
	equid   []float64 // sus valores
}

// ceroHojas valora toda hoja en 0: las [Hojas] nil.
type ceroHojas struct{}

func (ceroHojas) Valor(letra.Multiconjunto) float64 { return 0 }

// saneado devuelve x, o −∞ si es NaN: así las equidades tienen un orden
// total.
func saneado(x float64) float64 {
	if x != x {
		return math.Inf(-1)
	}
	return x
}

// cargar calcula el valor de cada hoja de la mano m con h.
func (t *tablaHojas) cargar(m letra.Multiconjunto, h Hojas) {
	if h == nil {
		h = ceroHojas{}
	}
	t.h, t.mano = h, m
	t.letras = t.letras[:0]
	total, tamano := 1, m.Tamano()
	t.grande = false
	// Solo las letras de la mano (su soporte), en orden.
	clear(t.cant[:])
	for s := uint64(m.Soporte()); s != 0; s &= s - 1 {
		l := bits.TrailingZeros64(s)
		c := m.Cantidad(letra.Letra(l))
		t.cant[l] = c
		t.letras = append(t.letras, letra.Letra(l))
		t.paso[l] = total
		if total > MaxSubhojas/(c+1) {
			t.grande = true
		} else {
			total *= c + 1
		}
	}
	if t.grande {
		return
	}
	t.entera = total - 1
	t.valores = t.valores[:0]
	if s, ok := h.(Subhojas); ok {
		t.valores = s.Subhojas(m, t.valores)
	}
	if len(t.valores) != total {
		t.valores = t.recorrer(t.valores[:0], total)
	}
	if cap(t.tam) < total {
		t.tam = make([]int8, total)
	}
	t.tam = t.tam[:total]
	if cap(t.mejor) < tamano+1 {
		t.mejor = make([]float64, tamano+1)
	}
	t.mejor = t.mejor[:tamano+1]
	for i := range t.mejor {
		t.mejor[i] = math.Inf(-1)
	}
	// Un cuentakilómetros sobre las fichas que se conservan de cada letra,
	// la primera la cifra que más rápido cambia.
	// lim[d]: las fichas de la cifra d (la letra t.letras[d]).
	var k, lim [letra.MaxLetras]int
	for d, l := range t.letras {
		lim[d] = t.cant[l]
	}
	cifras := lim[:len(t.letras)]
	n := 0
	// En variables: si no, se vuelven a leer de t en cada hoja.
	valores, tam, mejor := t.valores[:total], t.tam[:total], t.mejor
	for i := range total {
		v := saneado(valores[i])
		valores[i] = v
		tam[i] = int8(min(n, math.MaxInt8))
		if p := tamano - n; v > mejor[p] {
			mejor[p] = v
		}
		for d, c := range cifras {
			if k[d] < c {
				k[d]++
				n++
				break
			}
			n -= k[d]
			k[d] = 0
		}
	}
}

// recorrer escribe en dst el valor de cada hoja con Valor, en orden.
func (t *tablaHojas) recorrer(dst []float64, total int) []float64 {
	var k [letra.MaxLetras]int
	var hoja letra.Multiconjunto
	for range total {
		dst = append(dst, t.h.Valor(hoja))
		for d, l := range t.letras {
			if k[d] < t.cant[l] {
				k[d]++
				hoja.Agregar(l)
				break
			}
			for ; k[d] > 0; k[d]-- {
				hoja.Sacar(l)
			}
		}
	}
	return dst
}

// hoja devuelve la hoja número i.
func (t *tablaHojas) hoja(i int) letra.Multiconjunto {
	var h letra.Multiconjunto
	for _, l := range t.letras {
		h.AgregarN(l, i/t.paso[l]%(t.cant[l]+1))
	}
	return h
}

// valorJugada devuelve el valor de la hoja que deja la jugada de las
// fichas fs.
func (t *tablaHojas) valorJugada(fs []ocurrencia.Ficha) float64 {
	if t.grande {
		h := t.mano
		for _, f := range fs {
			h.Sacar(f.DeLaMano())
		}
		return saneado(t.h.Valor(h))
	}
	i := t.entera
	for _, f := range fs {
		i -= t.paso[f.DeLaMano()]
	}
	return t.valores[i]
}

// compararCambios ordena dos cambios de igual equidad, por las hojas a y b
// que conservan: primero el que devuelve menos fichas y, a igual cantidad,
// el de letras devueltas menores (en orden, la primera distinta).
func (t *tablaHojas) compararCambios(a, b int) int {
	if ta, tb := t.tam[a], t.tam[b]; ta != tb {
		if ta > tb {
			return -1
		}
		return 1
	}
	for _, l := range t.letras {
		c := t.cant[l] + 1
		ka, kb := a/t.paso[l]%c, b/t.paso[l]%c
		if ka != kb {
			// Devuelve más fichas de l (conserva menos) el primero en
			// orden: sus letras devueltas son menores.
			if ka < kb {
				return -1
			}
			return 1
		}
	}
	return 0
}

// elegirCambios guarda los k mejores cambios (cada hoja salvo la mano
// entera, que es pasar) y sus equidades, si cambiar vale.
func (t *tablaHojas) elegirCambios(vale bool, k int) {
	t.cambios, t.equid = t.cambios[:0], t.equid[:0]
	if !vale || t.grande || t.mano.Vacio() {
		return
	}
	// peor: con k elegidos, el valor del último; una hoja que vale menos no
	// entra (antes pide un valor mayor o igual), sin compararla.
	peor := math.Inf(-1)
	for i := range t.entera {
		v := t.valores[i]
		n := len(t.cambios)
		if n == k && (v < peor || !t.antes(v, i, n-1)) {
			continue
		}
		p := n
		for p > 0 && t.antes(v, i, p-1) {
			p--
		}
		if n < k {
			t.cambios = append(t.cambios, 0)
		}
		copy(t.cambios[p+1:], t.cambios[p:])
		t.cambios[p] = i
		if len(t.cambios) == k {
			peor = t.valores[t.cambios[k-1]]
		}
	}
	for _, i := range t.cambios {
		t.equid = append(t.equid, t.valores[i])
	}
}

// antes informa si el cambio que conserva la hoja i, de equidad v, va
// antes que el j-ésimo de t.cambios.
func (t *tablaHojas) antes(v float64, i, j int) bool {
	w := t.valores[t.cambios[j]]
	return v > w || v == w && t.compararCambios(i, t.cambios[j]) < 0
}

// cambiadas devuelve las fichas que devuelve el cambio que conserva la
// hoja i.
func (t *tablaHojas) cambiadas(i int) letra.Multiconjunto {
	return t.mano.Diferencia(t.hoja(i))
}
