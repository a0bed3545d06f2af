package intervalos

import (
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Probar valida la palabra candidata w (de la longitud del intervalo en
// curso) y entrega sus jugadas: debe coincidir con las letras ya puestas,
// cada letra nueva debe estar en el conjunto cruzado de su celda, y la mano
// debe alcanzar, con sus comodines, para las letras nuevas. Cada forma de
// repartir los comodines entre las celdas nuevas (un comodín en lugar de
// una letra que la mano tiene, o de una que le falta) es otra jugada.
//
// Cada palabra debe probarse una sola vez por intervalo: así cada jugada
// sale una vez.
func (m *Motor) Probar(w []letra.Letra) {
	m.est.Candidatas++
	if len(w) != m.iv.Largo || m.parar {
		return
	}
	d, p0 := m.iv.Dir, m.base+m.iv.Inicio
	t := &m.tablero
	var falta [letra.MaxLetras]int8
	deficit := 0
	m.nuevas, m.letrasN = m.nuevas[:0], m.letrasN[:0]
	fijas := 0
	for k, x := range w {
		p := p0 + k
		if l := t.Letras[d][p]; l != 0 {
			if l-1 != x {
				return
			}
			if !t.Comodin[d][p] {
				fijas += m.valor[x]
			}
			continue
		}
		if t.Cruce[d][p]&(1<<x) == 0 {
			return
		}
		m.nuevas = append(m.nuevas, p)
		m.letrasN = append(m.letrasN, x)
		falta[x]++
		if int(falta[x]) > m.cant[x] {
			deficit++
		}
	}
	if deficit > m.comodines {
		return
	}
	m.comodin = m.comodin[:0]
	for range m.nuevas {
		m.comodin = append(m.comodin, false)
	}
	if m.comodines == 0 {
		m.puntuar(fijas)
		return
	}
	var usadas [letra.MaxLetras]int8
	m.repartir(0, m.comodines, &usadas, fijas)
}

// repartir elige, celda nueva por celda nueva desde la i, si la letra sale
// de la mano o de un comodín, y puntúa cada reparto completo.
func (m *Motor) repartir(i, comodines int, usadas *[letra.MaxLetras]int8, fijas int) {
	if m.parar {
		return
	}
	if i == len(m.nuevas) {
		m.puntuar(fijas)
		return
	}
	x := m.letrasN[i]
	if int(usadas[x]) < m.cant[x] {
		usadas[x]++
		m.repartir(i+1, comodines, usadas, fijas)
		usadas[x]--
	}
	if comodines > 0 {
		m.comodin[i] = true
		m.repartir(i+1, comodines-1, usadas, fijas)
		m.comodin[i] = false
	}
}

// puntuar suma los puntos de la jugada de las celdas nuevas (con sus
// letras y comodines) y la entrega.
func (m *Motor) puntuar(fijas int) {
	d, t := m.iv.Dir, &m.tablero
	suma, mult, cruces := fijas, 1, 0
	for i, p := range m.nuevas {
		v := 0
		if !m.comodin[i] {
			v = m.valor[m.letrasN[i]] * m.porLetra[d][p]
		}
		wm := m.porPal[d][p]
		suma += v
		mult *= wm
		if cz := t.Cruzada[d][p]; cz >= 0 {
			cruces += (cz + v) * wm
		}
	}
	pts := suma*mult + cruces
	if len(m.nuevas) == m.fichas {
		pts += m.bingo
	}
	m.emitir(pts)
}

// emitir entrega la jugada de las celdas nuevas; con el tablero simétrico,
// la de dos fichas o más también traspuesta, con los mismos puntos.
func (m *Motor) emitir(pts int) {
	espejo := m.espejo && len(m.nuevas) > 1
	m.est.Jugadas++
	if espejo {
		m.est.Jugadas++
	}
	switch m.modo {
	case contar:
		return
	case buscarMejor:
		if pts <= m.mejorPts {
			return
		}
		m.mejorPts = pts
		m.mejor = m.fichas_(m.mejor[:0])
	case entregar:
		m.salida = m.fichas_(m.salida[:0])
		if !m.yield(generador.Jugada{Fichas: m.salida, Puntos: pts}) {
			m.parar = true
			return
		}
		if espejo {
			for i, f := range m.salida {
				m.salida[i].Fila, m.salida[i].Columna = f.Columna, f.Fila
			}
			if !m.yield(generador.Jugada{Fichas: m.salida, Puntos: pts}) {
				m.parar = true
			}
		}
	}
}

// fichas_ agrega a dst las fichas de la jugada en curso, en orden a lo
// largo de su línea.
func (m *Motor) fichas_(dst []ocurrencia.Ficha) []ocurrencia.Ficha {
	linea := m.iv.Linea
	for i, p := range m.nuevas {
		k := p - m.base
		f := ocurrencia.Ficha{Fila: linea, Columna: k, Letra: m.letrasN[i], Comodin: m.comodin[i]}
		if m.iv.Dir == 1 {
			f.Fila, f.Columna = k, linea
		}
		dst = append(dst, f)
	}
	return dst
}
