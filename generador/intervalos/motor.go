package intervalos

import (
	"errors"
	"iter"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/motor/cruces"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// ErrOtroLexico indica que las tablas no son del léxico de la variante.
var ErrOtroLexico = errors.New("intervalos: las tablas no son del léxico de la variante")

// ErrTablasCortas indica que las tablas no tienen las palabras largas que
// caben en el tablero de la variante.
var ErrTablasCortas = errors.New("intervalos: las tablas no tienen todas las palabras que caben en el tablero")

// Intervalo es un intervalo del tablero (§4.1): las celdas Inicio, …,
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

// Estadisticas cuenta el trabajo de la última generación (Figs. 6.1–6.3).
type Estadisticas struct {
	Intervalos int // intervalos del tablero
	Instancias int // problemas Mano-Intervalo resueltos (los no podados)
	Consultas  int // consultas a las tablas
	Candidatas int // palabras candidatas validadas
	Jugadas    int // jugadas válidas
}

// Motor es lo común a los generadores por intervalos: el tablero con sus
// conjuntos cruzados (los mismos que usa generador.Generador), los
// intervalos, la validación de candidatas con sus comodines, el puntaje y
// la entrega de jugadas, con la misma API que generador.Generador. Lo que
// cambia de un método a otro es su [Resolver].
//
// Como generador.Generador, no es seguro para usar desde varias gorutinas a
// la vez (las tablas sí pueden compartirse) ni desde dentro de la función
// que recibe sus jugadas.
type Motor struct {
	v         *variante.Variante
	palabras  *tablas.Palabras
	pt        *paridad.Tablas
	metodo    Resolver
	n         int
	fichas    int
	bingo     int
	conexion  bool
	maxLong   int
	nLetras   int
	valor     [letra.MaxLetras]int
	porLetra  [2][]int
	porPal    [2][]int
	simetrica bool
	reglas    cruces.Reglas
	tablero   cruces.Tablero

	// La mano.
	cant      [paridad.MaxLetras]int
	comodines int
	total     int
	mano      paridad.Multiconjunto // sin comodines
	manoOK    bool

	// La generación en curso.
	iv       Intervalo
	base     int // celda de la línea 0 del intervalo: Linea·N
	nuevas   []int
	letrasN  []letra.Letra
	comodin  []bool
	espejo   bool
	est      Estadisticas
	modo     modo
	parar    bool
	yield    func(generador.Jugada) bool
	salida   []ocurrencia.Ficha
	mejor    []ocurrencia.Ficha
	mejorPts int
}

type modo uint8

const (
	contar modo = iota
	buscarMejor
	entregar
)

// Nuevo devuelve un motor para los juegos de v con las palabras p (de las
// tablas del método) y el método r. Devuelve [ErrOtroLexico] si p no es del
// léxico de v y [ErrTablasCortas] si le faltan palabras que caben en el
// tablero. Si el alfabeto de v tiene más de paridad.MaxLetras letras
// devuelve paridad.ErrAlfabetoGrande.
func Nuevo(v *variante.Variante, p *tablas.Palabras, r Resolver) (*Motor, error) {
	if v.Alfabeto().Tamano() > paridad.MaxLetras {
		return nil, paridad.ErrAlfabetoGrande
	}
	d, lx := p.Lexico(), v.Lexico()
	if lx != d && (lx.Tamano() != d.Tamano() || lx.Estados() != d.Estados() || lx.Aristas() != d.Aristas()) {
		return nil, ErrOtroLexico
	}
	n := v.TamanoTablero()
	if p.LongitudMaxima() < min(n, lx.LongitudMaxima()) {
		return nil, ErrTablasCortas
	}
	m := &Motor{v: v, palabras: p, pt: p.Paridad, metodo: r, n: n, fichas: v.Fichas(), bingo: v.Bingo(),
		conexion: v.Conexion(), maxLong: min(n, p.LongitudMaxima()), nLetras: v.Alfabeto().Tamano()}
	var letras uint64
	for l := range m.nLetras {
		letras |= 1 << l
		m.valor[l] = v.PuntajeLetra(letra.Letra(l))
	}
	f, c := v.Centro()
	m.simetrica = f == c
	for dd := range 2 {
		m.porLetra[dd] = make([]int, n*n)
		m.porPal[dd] = make([]int, n*n)
		for i := range n {
			for k := range n {
				ff, cc := i, k
				if dd == 1 {
					ff, cc = k, i
				}
				pr := v.Premio(ff, cc)
				m.porLetra[dd][i*n+k], m.porPal[dd][i*n+k] = pr.PorLetra(), pr.PorPalabra()
			}
		}
	}
	for q := range n * n {
		m.simetrica = m.simetrica && m.porLetra[0][q] == m.porLetra[1][q] && m.porPal[0][q] == m.porPal[1][q]
	}
	m.reglas = cruces.Reglas{Lexico: lx, Letras: letras, Valor: m.valor, Conexion: m.conexion, Centro: f*n + c}
	m.tablero.Iniciar(n)
	return m, nil
}

// Jugadas recorre las jugadas válidas del jugador en turno de j con su
// mano: [Motor.JugadasDe] con esa mano.
func (m *Motor) Jugadas(j *juego.Juego) iter.Seq[generador.Jugada] { return m.JugadasDe(j, mano(j)) }

// JugadasDe recorre las jugadas que serían válidas en j si el jugador en
// turno tuviera la mano h, con sus puntos: exactamente las de
// generador.Generador.JugadasDe, quizás en otro orden. [generador.Jugada.Fichas]
// vale solo durante la iteración.
func (m *Motor) JugadasDe(j *juego.Juego, h letra.Multiconjunto) iter.Seq[generador.Jugada] {
	return func(yield func(generador.Jugada) bool) {
		m.modo, m.yield = entregar, yield
		m.generar(j, &h)
		m.yield = nil
	}
}

// Contar devuelve cuántas jugadas válidas tiene el jugador en turno de j.
func (m *Motor) Contar(j *juego.Juego) int { return m.ContarDe(j, mano(j)) }

// ContarDe es como [Motor.Contar] con la mano h.
func (m *Motor) ContarDe(j *juego.Juego, h letra.Multiconjunto) int {
	m.modo = contar
	m.generar(j, &h)
	return m.est.Jugadas
}

// Mejor devuelve la jugada de más puntos del jugador en turno de j, o false
// si no tiene ninguna.
func (m *Motor) Mejor(j *juego.Juego) (generador.Jugada, bool) { return m.MejorDe(j, mano(j)) }

// MejorDe es como [Motor.Mejor] con la mano h. Entre jugadas de igual
// puntaje elige la primera que encuentra; sus fichas tienen memoria propia.
func (m *Motor) MejorDe(j *juego.Juego, h letra.Multiconjunto) (generador.Jugada, bool) {
	m.modo = buscarMejor
	m.mejor, m.mejorPts = m.mejor[:0], -1
	m.generar(j, &h)
	if m.mejorPts < 0 {
		return generador.Jugada{}, false
	}
	return generador.Jugada{Fichas: append([]ocurrencia.Ficha(nil), m.mejor...), Puntos: m.mejorPts}, true
}

// Estadisticas devuelve lo que contó la última generación.
func (m *Motor) Estadisticas() Estadisticas { return m.est }

// Tablas devuelve las tablas de la RPE de las palabras del motor.
func (m *Motor) Tablas() *paridad.Tablas { return m.pt }

func mano(j *juego.Juego) letra.Multiconjunto {
	h, _ := j.Fichas(j.Turno())
	return h
}

func (m *Motor) generar(j *juego.Juego, h *letra.Multiconjunto) {
	m.est, m.parar = Estadisticas{}, false
	if _, fin := j.Terminada(); fin || j.Variante() != m.v {
		return
	}
	m.tablero.Actualizar(&m.reglas, j)
	m.comodines, m.total = h.Cantidad(letra.Comodin), h.Cantidad(letra.Comodin)
	var real letra.Multiconjunto
	for l := range paridad.MaxLetras {
		c := 0
		if l < m.nLetras {
			c = h.Cantidad(letra.Letra(l))
		}
		m.cant[l] = c
		m.total += c
		real.AgregarN(letra.Letra(l), c)
	}
	if m.total == 0 {
		return
	}
	m.mano, m.manoOK = m.pt.Codificar(real)
	m.espejo = m.simetrica && m.tablero.Simetrico
	m.recorrer()
}

// recorrer enumera los intervalos y se los pasa al método.
func (m *Motor) recorrer() {
	n, t := m.n, &m.tablero
	for d := range 2 {
		for i := range n {
			base := i * n
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
					if vacias > m.total || largo > m.maxLong {
						break
					}
					if b+1 < n && ls[b+1] != 0 || vacias == 0 || !ancla {
						continue
					}
					if !m.esIntervalo(d, base, a, largo, vacias) {
						continue
					}
					m.est.Intervalos++
					m.iv, m.base = Intervalo{Dir: d, Linea: i, Inicio: a, Largo: largo, Vacias: vacias}, base
					m.metodo.Resolver(m, m.iv)
					if m.parar {
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
		return d == 0 || !m.espejo
	}
	p := base + a
	for m.tablero.Letras[d][p] != 0 {
		p++
	}
	if largo == 1 { // aislada
		return d == 0 && !m.conexion && m.tablero.Cruzada[0][p] < 0
	}
	return d == 0 || m.tablero.Cruzada[1][p] < 0
}

// Fija devuelve la letra de la celda k del intervalo en curso (contando
// desde su inicio) y true, o false si está libre.
func (m *Motor) Fija(k int) (letra.Letra, bool) {
	l := m.tablero.Letras[m.iv.Dir][m.base+m.iv.Inicio+k]
	return l - 1, l != 0
}

// Cruce devuelve el conjunto cruzado de la celda libre k del intervalo en
// curso.
func (m *Motor) Cruce(k int) letra.Conjunto {
	return letra.Conjunto(m.tablero.Cruce[m.iv.Dir][m.base+m.iv.Inicio+k])
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
func (m *Motor) Mano() (paridad.Multiconjunto, int, bool) { return m.mano, m.comodines, m.manoOK }

// Consulta cuenta una consulta a una tabla.
func (m *Motor) Consulta() { m.est.Consultas++ }

// Instancia cuenta un problema Mano-Intervalo resuelto.
func (m *Motor) Instancia() { m.est.Instancias++ }

// Parar informa si quien recorre las jugadas pidió terminar.
func (m *Motor) Parar() bool { return m.parar }

// Submulticonjuntos llama a f con base ⊎ S para cada multiconjunto S de
// tantas letras como celdas libres tiene el intervalo en curso que la mano
// puede poner (los comodines, como cualquier letra del alfabeto), cada S
// una vez. Sin comodines son a lo sumo C(7, v). Los S cuya suma con base no
// es factible se saltean con todos sus supermulticonjuntos: ninguna
// palabra los tiene.
func (m *Motor) Submulticonjuntos(base paridad.Multiconjunto, f func(paridad.Multiconjunto)) {
	disponibles := m.comodines
	for l := range m.nLetras {
		disponibles += m.cant[l]
	}
	m.sub(0, m.iv.Vacias, m.comodines, disponibles, base, f)
}

func (m *Motor) sub(x, resto, comodines, disponibles int, acum paridad.Multiconjunto, f func(paridad.Multiconjunto)) {
	if resto == 0 {
		f(acum)
		return
	}
	if disponibles < resto || m.parar {
		return
	}
	for x < m.nLetras && m.cant[x] == 0 && comodines == 0 {
		x++
	}
	if x >= m.nLetras {
		return
	}
	c := m.cant[x]
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
