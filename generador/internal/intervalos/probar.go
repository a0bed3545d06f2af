package intervalos

import (
	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/letra"
)

// Probar valida la palabra candidata w (de la longitud del intervalo en
// curso) y entrega sus jugadas: debe coincidir con las letras ya puestas,
// cada letra nueva debe estar en el conjunto cruzado de su celda, y la mano
// debe alcanzar, con sus comodines, para las letras nuevas. Cada forma de
// repartir los comodines entre las celdas nuevas (un comodín en lugar de
// una letra que la mano tiene, o de una que le falta) es otra jugada: las
// reparte busqueda.Estado, como para el GADDAG.
//
// Cada palabra debe probarse una sola vez por intervalo: así cada jugada
// sale una vez.
func (m *Motor) Probar(w []letra.Letra) {
	m.est.Candidatas++
	if len(w) != m.iv.Largo || m.Parar {
		return
	}
	ini := m.iv.Inicio
	cs := m.Celdas[m.Base+ini : m.Base+ini+len(w)]
	var usadas [letra.MaxLetras]int8
	suma, mult, cruces := 0, 1, 0
	np, forzados := 0, 0
	for k, x := range w {
		c := &cs[k]
		if l := c.Letra; l != 0 {
			if l-1 != x {
				return
			}
			if !c.Comodin {
				suma += m.Valor[x]
			}
			continue
		}
		if c.Cruce&(1<<x) == 0 {
			return
		}
		// Como en el GADDAG, la letra va con una ficha de la mano si le
		// queda alguna y si no con un comodín forzado; los puntos cuentan
		// los forzados como fichas de su letra, y el reparto de los
		// comodines resta lo que corresponde.
		forzado := int(usadas[x]) >= m.Cant[x]
		usadas[x]++
		if forzado {
			if forzados++; forzados > m.ComodinesMano {
				return
			}
		}
		v := m.Valor[x] * int(c.LM)
		suma += v
		mult *= int(c.WM)
		if c.Cruzada >= 0 {
			cruces += (c.Cruzada + v) * int(c.WM)
		}
		m.Puestas[np] = busqueda.Puesta{Pos: int32(ini + k), Letra: x, Forzado: forzado}
		np++
	}
	m.NP, m.Forzados, m.Izquierda = np, forzados, 0
	m.Terminar(suma, mult, cruces)
}
