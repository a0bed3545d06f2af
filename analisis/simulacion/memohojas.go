package simulacion

import (
	"math/bits"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
)

// memoHojas son las Hojas de la simulación con una memoria de los valores
// de las últimas manos cargadas (generador.Subhojas): en una iteración, la
// mano del rival es la misma en la búsqueda de la raíz y en su respuesta a
// cada candidata, y el generador carga los valores de todas sus hojas en
// cada búsqueda. Cada trabajador tiene la suya (no se comparte). Los
// valores son los de las Hojas, que son una función de la hoja.
type memoHojas struct {
	h  generador.Hojas
	sh generador.Subhojas
	// entradas: las manos recordadas, con sus valores; sig: la que se
	// reemplaza la próxima vez.
	entradas [memoManos]struct {
		mano letra.Multiconjunto
		h    uint64 // resumen de la mano (resumir)
		vals []float64
		ok   bool
	}
	sig int
}

// memoManos es cuántas manos recuerda memoHojas: en una iteración, la
// del rival y las de quien simula en el último turno de cada candidata
// (las candidatas que dejan la misma hoja y ponen tantas fichas como otra
// tienen la misma), unas 10 de 20 en BenchmarkSimular.
const memoManos = 16

// conMemoria devuelve hs con la memoria de memoHojas en m (nil sigue
// siendo nil: el generador valora las hojas en cero). Si hs no tiene el
// camino rápido de Subhojas (las hojas lineales del bot inglés), los
// valores de una mano salen de Valor, uno por hoja, como los calcularía
// el generador.
func conMemoria(m *memoHojas, hs generador.Hojas) generador.Hojas {
	if hs == nil {
		return nil
	}
	sh, _ := hs.(generador.Subhojas)
	*m = memoHojas{h: hs, sh: sh}
	return m
}

// Valor es el de las Hojas.
func (m *memoHojas) Valor(h letra.Multiconjunto) float64 { return m.h.Valor(h) }

// Subhojas es el de las Hojas, de la memoria si la mano está en ella.
func (m *memoHojas) Subhojas(mano letra.Multiconjunto, dst []float64) []float64 {
	h := resumir(&mano)
	for i := range m.entradas {
		if e := &m.entradas[i]; e.ok && e.h == h && e.mano == mano {
			return append(dst[:0], e.vals...)
		}
	}
	e := &m.entradas[m.sig]
	m.sig = (m.sig + 1) % memoManos
	if m.sh != nil {
		e.vals = m.sh.Subhojas(mano, e.vals[:0])
	} else {
		e.vals = subhojasDeValor(m.h, mano, e.vals[:0])
	}
	e.mano, e.h, e.ok = mano, h, true
	return append(dst[:0], e.vals...)
}

// subhojasDeValor agrega a dst los valores de hs de todas las hojas de la
// mano, en el orden de generador.Subhojas (la primera letra de la mano es
// la cifra que más rápido cambia).
func subhojasDeValor(hs generador.Hojas, mano letra.Multiconjunto, dst []float64) []float64 {
	var letras, copias, k [letra.MaxLetras]int
	d, total := 0, 1
	for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
		l := bits.TrailingZeros64(sop)
		letras[d], copias[d] = l, mano.Cantidad(letra.Letra(l))
		total *= copias[d] + 1
		d++
	}
	var hoja letra.Multiconjunto
	for range total {
		dst = append(dst, hs.Valor(hoja))
		for i := range d {
			if k[i] < copias[i] {
				k[i]++
				hoja.Agregar(letra.Letra(letras[i]))
				break
			}
			for ; k[i] > 0; k[i]-- {
				hoja.Sacar(letra.Letra(letras[i]))
			}
		}
	}
	return dst
}

// resumir devuelve un resumen de la mano m: manos iguales, el mismo (se
// compara antes que la mano entera).
func resumir(m *letra.Multiconjunto) uint64 {
	h := uint64(m.Tamano())
	for s := uint64(m.Soporte()); s != 0; s &= s - 1 {
		l := bits.TrailingZeros64(s)
		h = (h^uint64(l)<<8^uint64(m.Cantidad(letra.Letra(l))))*0x9e3779b97f4a7c15 + 1
	}
	return h
}
