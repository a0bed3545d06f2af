package intervalos

import (
	"fmt"
	"iter"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Intervalo es un intervalo del tablero: las celdas Inicio, …,
// Inicio+Largo−1 de la línea Linea en la dirección Dir (0 horizontal: la
// fila Linea; 1 vertical: la columna Linea), con celdas libres o el borde
// a los dos lados, Vacias celdas libres (entre 1 y las fichas de la mano) y
// alguna ancla. Una jugada en el intervalo llena todas sus celdas libres.
type Intervalo struct {
	Dir, Linea, Inicio, Largo, Vacias int
}

// Resolver es un método por intervalos: resuelve el problema
// Mano-Intervalo de iv, pasando cada palabra candidata a
// [Motor.Probar] (la validación), una sola vez cada una.
type Resolver interface {
	Resolver(m *Motor, iv Intervalo)
}

// Motor es lo común a los generadores por intervalos: enumera los
// intervalos, se los pasa a su [Resolver] y valida sus candidatas. El
// tablero, la mano, el puntaje, los comodines y la entrega de las jugadas
// son los de busqueda.Estado, los mismos del GADDAG de generador.
//
// No es seguro para usar desde varias gorutinas a la vez (las tablas sí
// pueden compartirse) ni desde dentro de la función que recibe sus
// jugadas.
type Motor struct {
	busqueda.Estado
	pt      *paridad.Tablas
	metodo  Resolver
	maxLong int
	nLetras int

	// La mano en la RPE, sin los comodines.
	mano   paridad.Multiconjunto
	manoOK bool

	iv  Intervalo // el intervalo en curso
	est generador.Estadisticas
}

// Nuevo devuelve un motor para los juegos de v con las palabras p (de las
// tablas del método) y el método r. Devuelve un error que envuelve a
// trie.ErrOtroLexico si p no es del léxico de v, a tablas.ErrCortas si le
// faltan palabras que caben en el tablero, o a paridad.ErrAlfabetoGrande
// si el alfabeto de v tiene más de paridad.MaxLetras letras.
func Nuevo(v *variante.Variante, p *tablas.Palabras, r Resolver) (*Motor, error) {
	if v.Alfabeto().Tamano() > paridad.MaxLetras {
		return nil, paridad.ErrAlfabetoGrande
	}
	d, lx := p.Lexico(), v.Lexico()
	if lx != d && (lx.Tamano() != d.Tamano() || lx.Estados() != d.Estados() || lx.Aristas() != d.Aristas()) {
		return nil, fmt.Errorf("intervalos: las tablas: %w", trie.ErrOtroLexico)
	}
	n := v.TamanoTablero()
	if p.LongitudMaxima() < min(n, lx.LongitudMaxima()) {
		return nil, fmt.Errorf("intervalos: las tablas no tienen todas las palabras que caben en el tablero: %w", tablas.ErrCortas)
	}
	m := &Motor{pt: p.Paridad, metodo: r, maxLong: min(n, p.LongitudMaxima()), nLetras: v.Alfabeto().Tamano()}
	m.Iniciar(v)
	return m, nil
}

// JugadasDe recorre las jugadas de la mano h en j (ver
// generador.Generador).
func (m *Motor) JugadasDe(j generador.Vista, h letra.Multiconjunto) iter.Seq[generador.Jugada] {
	return func(yield func(generador.Jugada) bool) {
		m.Empezar(busqueda.Entregar, func(f []ocurrencia.Ficha, p int) bool {
			return yield(generador.Jugada{Fichas: f, Puntos: p})
		})
		m.generar(j, &h)
		m.Terminado()
	}
}

// Estadisticas devuelve lo que contó la última generación.
func (m *Motor) Estadisticas() generador.Estadisticas { return m.est }

// Tablas devuelve las tablas de la RPE de las palabras del motor.
func (m *Motor) Tablas() *paridad.Tablas { return m.pt }

func (m *Motor) generar(j generador.Vista, h *letra.Multiconjunto) {
	m.est = generador.Estadisticas{}
	if m.Preparar(j, h) {
		var real letra.Multiconjunto
		for l := range m.nLetras {
			real.AgregarN(letra.Letra(l), m.Cant[l])
		}
		m.mano, m.manoOK = m.pt.Codificar(real)
		m.recorrer()
	}
	m.est.Jugadas = m.Cuenta
}

// recorrer enumera los intervalos y se los pasa al método.
func (m *Motor) recorrer() {
	n, t := m.N, &m.Tablero
	for d := range 2 {
		for i := range n {
			m.Linea(d, i)
			base := m.Base
			ls, anclas := t.Letras[d][base:base+n], t.Ancla[d][base:base+n]
			for a := range n {
				if a > 0 && ls[a-1] != 0 {
					continue
				}
				vacias, ancla := 0, false
				for b := a; b < n; b++ {
					if ls[b] == 0 {
						vacias++
						ancla = ancla || anclas[b]
					}
					largo := b - a + 1
					if vacias > m.Total || largo > m.maxLong {
						break
					}
					if b+1 < n && ls[b+1] != 0 || vacias == 0 || !ancla {
						continue
					}
					if !m.esIntervalo(d, base, a, largo, vacias) {
						continue
					}
					m.est.Intervalos++
					m.iv = Intervalo{Dir: d, Linea: i, Inicio: a, Largo: largo, Vacias: vacias}
					m.metodo.Resolver(m, m.iv)
					if m.Parar {
						return
					}
				}
			}
		}
	}
}

// esIntervalo decide, para las jugadas de una sola ficha, en qué dirección
// se generan, para que cada una salga una vez: en la de su palabra de dos
// letras o más (la horizontal si forma dos), y la ficha aislada (una
// palabra de una letra, sin la regla de conexión) en la horizontal. Con el
// tablero simétrico, las jugadas de dos fichas o más verticales son las
// horizontales traspuestas: se buscan solo en la horizontal.
func (m *Motor) esIntervalo(d, base, a, largo, vacias int) bool {
	if vacias > 1 {
		return d == 0 || !m.Espejo
	}
	p := base + a
	for m.Tablero.Letras[d][p] != 0 {
		p++
	}
	if largo == 1 { // aislada
		return d == 0 && !m.Conexion && m.Tablero.Cruzada[0][p] < 0
	}
	return d == 0 || m.Tablero.Cruzada[1][p] < 0
}

// Fija devuelve la letra de la celda k del intervalo en curso (contando
// desde su inicio) y true, o false si está libre.
func (m *Motor) Fija(k int) (letra.Letra, bool) {
	l := m.Celdas[m.Base+m.iv.Inicio+k].Letra
	return l - 1, l != 0
}

// Cruce devuelve el conjunto cruzado de la celda libre k del intervalo en
// curso.
func (m *Motor) Cruce(k int) letra.Conjunto {
	return letra.Conjunto(m.Celdas[m.Base+m.iv.Inicio+k].Cruce)
}

// Fijas devuelve la RPE de las letras ya puestas en el intervalo en curso,
// o false si no tiene (su excedencia no es factible: ninguna palabra las
// contiene a todas).
func (m *Motor) Fijas() (paridad.Multiconjunto, bool) {
	var res paridad.Multiconjunto
	for k := range m.iv.Largo {
		if l, ok := m.Fija(k); ok {
			var bien bool
			if res, bien = m.pt.Sumar(res, paridad.Letra(l)); !bien {
				return 0, false
			}
		}
	}
	return res, true
}

// Mano devuelve la RPE de las letras de la mano sin los comodines, la
// cantidad de comodines, y false si las letras no tienen RPE.
func (m *Motor) Mano() (paridad.Multiconjunto, int, bool) {
	return m.mano, m.ComodinesMano, m.manoOK
}

// Consulta cuenta una consulta a una tabla.
func (m *Motor) Consulta() { m.est.Consultas++ }

// Instancia cuenta un problema Mano-Intervalo resuelto.
func (m *Motor) Instancia() { m.est.Instancias++ }

// Cortado informa si quien recorre las jugadas pidió terminar.
func (m *Motor) Cortado() bool { return m.Parar }

// Submulticonjuntos llama a f con base ⊎ S para cada multiconjunto S de
// tantas letras como celdas libres tiene el intervalo en curso que la mano
// puede poner (los comodines, como cualquier letra del alfabeto), cada S
// una vez. Sin comodines son a lo sumo C(F, v). Los S cuya suma con base
// no es factible se saltean con todos sus supermulticonjuntos: ninguna
// palabra los tiene.
func (m *Motor) Submulticonjuntos(base paridad.Multiconjunto, f func(paridad.Multiconjunto)) {
	m.sub(0, m.iv.Vacias, m.ComodinesMano, m.Total, base, f)
}

func (m *Motor) sub(x, resto, comodines, disponibles int, acum paridad.Multiconjunto, f func(paridad.Multiconjunto)) {
	if resto == 0 {
		f(acum)
		return
	}
	if disponibles < resto || m.Parar {
		return
	}
	for x < m.nLetras && m.Cant[x] == 0 && comodines == 0 {
		x++
	}
	if x >= m.nLetras {
		return
	}
	c := m.Cant[x]
	// x no se usa: quedan las de x fuera de las disponibles.
	m.sub(x+1, resto, comodines, disponibles-c, acum, f)
	for k := 1; k <= min(resto, c+comodines); k++ {
		var ok bool
		if acum, ok = m.pt.Sumar(acum, paridad.Letra(letra.Letra(x))); !ok {
			return
		}
		usados := max(0, k-c)
		m.sub(x+1, resto-k, comodines-usados, disponibles-c-usados, acum, f)
	}
}
