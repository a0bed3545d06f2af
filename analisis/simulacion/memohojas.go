package simulacion

import (
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
		vals []float64
		ok   bool
	}
	sig int
}

// memoManos es cuántas manos recuerda memoHojas.
const memoManos = 4

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
	for i := range m.entradas {
		if e := &m.entradas[i]; e.ok && e.mano == mano {
			return append(dst[:0], e.vals...)
		}
	}
	e := &m.entradas[m.sig]
	m.sig = (m.sig + 1) % memoManos
	e.vals = m.sh.Subhojas(mano, e.vals[:0])
	e.mano, e.ok = mano, true
	return append(dst[:0], e.vals...)
}
