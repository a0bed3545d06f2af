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

// conMemoria devuelve hs con la memoria de memoHojas en m, si hs tiene el
// camino rápido de Subhojas; si no, hs.
func conMemoria(m *memoHojas, hs generador.Hojas) generador.Hojas {
	sh, ok := hs.(generador.Subhojas)
	if !ok {
		return hs
	}
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
	e.vals = m.sh.Subhojas(mano, e.vals[:0])
	e.mano, e.h, e.ok = mano, h, true
	return append(dst[:0], e.vals...)
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
