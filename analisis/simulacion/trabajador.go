package simulacion

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// trabajador simula en su gorutina con su árbol y su juego de prueba: no
// comparte nada mutable con los demás. El árbol tiene el tablero de la
// raíz con sus conjuntos cruzados y anclas; cada turno de un rollout pone
// sus fichas con Arbol.Hacer (que los recalcula solo alrededor de ellas) y
// al terminar se deshacen: el tablero no se vuelve a copiar del juego.
type trabajador struct {
	s      *simulador
	arbol  *generador.Arbol
	n      int // el lado del tablero
	puesta []generador.Puesta
	// g: el generador de la referencia (simulador.referencia), que copia
	// el tablero del juego de prueba en cada turno.
	g      generador.Generador
	prueba *juego.Juego
	buf    []generador.Eleccion
	fichas []ocurrencia.Ficha // las jugadas de una iteración (ocurrencia.NuevaEn)
	pozo   []letra.Letra
	bolsa  []letra.Letra
	manos  []letra.Multiconjunto
	cierre generador.Cierre
	azar   rand.PCG
	mano   letra.Multiconjunto // la mano del rival en esta iteración
	// respuesta: la mejor respuesta del rival en la raíz en la iteración
	// en curso, si hayRespuesta (ver respuestaRaiz); bolsaRaiz: las fichas
	// de la bolsa en la raíz.
	respuesta    []generador.Eleccion
	hayRespuesta bool
	bolsaRaiz    int
	// cortada: el plazo cortó la simulación en curso.
	cortada bool
	// hojas: las de la simulación, con la memoria de las últimas manos
	// (memoHojas); memo, esa memoria.
	hojas generador.Hojas
	memo  memoHojas
}

func nuevoTrabajador(s *simulador) (*trabajador, error) {
	v := s.raiz.Variante()
	a, err := generador.NuevoArbol(v)
	if err != nil {
		return nil, err
	}
	a.Cargar(s.raiz)
	t := &trabajador{s: s, arbol: a, n: v.TamanoTablero(), manos: make([]letra.Multiconjunto, 2), bolsaRaiz: s.raiz.LetrasEnRepositorio()}
	if s.referencia {
		if t.g, err = generador.Nuevo(v, generador.Opciones{}); err != nil {
			return nil, err
		}
	}
	t.prueba = s.raiz.CopiarEn(nil)
	t.hojas = conMemoria(&t.memo, s.op.Hojas)
	return t, nil
}

// hacer pone en el árbol las fichas fs de una jugada (las que ya están en
// el tablero no).
func (t *trabajador) hacer(fs []ocurrencia.Ficha) {
	t.puesta = t.puesta[:0]
	for _, f := range fs {
		p := f.Fila*t.n + f.Columna
		if _, _, ocupada := t.arbol.Celda(p); !ocupada {
			t.puesta = append(t.puesta, generador.Puesta{Pos: uint16(p), Letra: f.Letra, Comodin: f.Comodin})
		}
	}
	t.arbol.Hacer(t.puesta)
}

// uniforme devuelve un entero uniforme en [0, n) (método de Lemire).
func (t *trabajador) uniforme(n uint64) uint64 {
	hi, lo := bits.Mul64(t.azar.Uint64(), n)
	if lo < n {
		umbral := -n % n
		for lo < umbral {
			hi, lo = bits.Mul64(t.azar.Uint64(), n)
		}
	}
	return hi
}

// repartir elige la mano del rival y el orden de la bolsa de la iteración
// i: la misma para todas las candidatas.
func (t *trabajador) repartir(i uint64) {
	s := t.s
	t.azar.Seed(s.op.Semilla, i)
	tamano := s.raiz.LetrasEnRepositorio()
	mr, _ := s.raiz.Fichas(s.rival)
	tamRival := mr.Tamano()
	var hoja letra.Multiconjunto
	if in := s.op.Inferencia; in.Informativa() {
		u := float64(t.azar.Uint64()>>11) / (1 << 53)
		if h := in.Cuantil(u); h.Tamano() <= tamRival && s.noVistas.Incluye(h) {
			hoja = h
		}
	}
	resto := s.noVistas.Diferencia(hoja)
	t.pozo = t.pozo[:0]
	for l := range letra.Letra(letra.MaxLetras) {
		for range resto.Cantidad(l) {
			t.pozo = append(t.pozo, l)
		}
	}
	for k := len(t.pozo) - 1; k > 0; k-- {
		x := t.uniforme(uint64(k) + 1)
		t.pozo[k], t.pozo[x] = t.pozo[x], t.pozo[k]
	}
	falta := tamRival - hoja.Tamano()
	t.mano = hoja
	for _, l := range t.pozo[:falta] {
		t.mano.Agregar(l)
	}
	t.bolsa = append(t.bolsa[:0], t.pozo[falta:falta+tamano]...)
	t.manos[s.yo], _ = s.raiz.Fichas(s.yo)
	t.manos[s.rival] = t.mano
}

// iteracion hace la iteración i de cada candidata viva y escribe su valor y
// su victoria en valores y ganadas. Devuelve false si el plazo del lote la
// cortó (los valores quedan a medias).
func (t *trabajador) iteracion(i uint64, valores, ganadas []float64) bool {
	t.repartir(i)
	t.cortada = false
	t.respuestaRaiz()
	for _, c := range t.s.orden {
		if t.s.vivas_[c] {
			if t.s.vencido() {
				return false
			}
			valores[c], ganadas[c] = t.simular(c)
			if t.cortada {
				return false
			}
		}
	}
	return true
}

// respuestaRaiz busca la mejor respuesta del rival, con su mano de la
// iteración, en el tablero de la raíz (con la bolsa de la raíz y las hojas
// de la simulación): después de cada candidata, la respuesta se busca solo
// en las líneas que la candidata cambió (ver responder). Sin plies, con la
// bolsa vacía (el rival juega con la regla del cierre) o en la referencia,
// no.
func (t *trabajador) respuestaRaiz() {
	s := t.s
	t.hayRespuesta = false
	if s.op.Plies <= 0 || s.referencia || t.bolsaRaiz == 0 {
		return
	}
	t.respuesta = t.arbol.MejoresPorEquidad(t.mano, t.hojas, respuestasRaiz, t.bolsaRaiz, t.respuesta)
	t.hayRespuesta = len(t.respuesta) > 0
}

// respuestasRaiz es cuántas de las mejores respuestas de la raíz se
// guardan: si la candidata cambió la mejor (generador.Arbol.Cambiada), la
// primera que no cambió sirve de piso (todas las demás jugadas de la raíz
// le pierden).
const respuestasRaiz = 8

// responder busca la mejor elección del rival en su primer turno, con la
// mano mano, la bolsa bolsa y las hojas hs, y la deja en t.buf[0]; o
// devuelve una respuesta de la raíz si sigue siendo la mejor. Si la bolsa
// no cambió lo que se puede hacer (cambiar o no; las hojas de la
// simulación, no las del cierre), sea r la primera de las mejores
// respuestas de la raíz que la candidata no cambió
// (generador.Arbol.Cambiada): las jugadas que no cambiaron eran jugadas
// de la raíz, así que le pierden (las anteriores a r cambiaron); basta
// buscar entre las cambiadas, con la equidad de r como piso
// (generador.Arbol.MejoresCambiadas).
func (t *trabajador) responder(mano letra.Multiconjunto, hs generador.Hojas, bolsa int) *generador.Eleccion {
	f := t.s.raiz.Variante().Fichas()
	var r0 *generador.Eleccion
	if t.hayRespuesta && bolsa > 0 && (bolsa >= f) == (t.bolsaRaiz >= f) {
		for i := range t.respuesta {
			r := &t.respuesta[i]
			if r.Tipo != juego.SucesoColocacion || !t.arbol.Cambiada(r.Jugada.Fichas) {
				r0 = r
				break
			}
		}
	}
	if r0 == nil {
		t.buf = t.arbol.MejoresPorEquidad(mano, hs, 1, bolsa, t.buf)
		if len(t.buf) == 0 {
			return nil
		}
		return &t.buf[0]
	}
	piso := r0.Equidad
	if r0.Tipo == juego.SucesoPase {
		piso = math.Inf(-1)
	}
	t.buf = t.arbol.MejoresCambiadas(mano, hs, 1, bolsa, piso, t.buf)
	// Pasar es la respuesta solo si no hay otra, sea cual sea su equidad:
	// una r0 que pasa pierde con cualquier elección de las líneas cambiadas.
	if len(t.buf) == 0 || r0.Tipo != juego.SucesoPase && (t.buf[0].Tipo == juego.SucesoPase || generador.CompararElecciones(*r0, t.buf[0]) < 0) {
		return r0
	}
	return &t.buf[0]
}

// simular juega la candidata c y los plies de respuesta sobre el juego de
// prueba, con el reparto de la iteración, y devuelve su valor y su
// victoria. El árbol vuelve al tablero de la raíz.
func (t *trabajador) simular(c int) (float64, float64) {
	hechas := t.arbol.Hechas()
	v, g, ok := t.jugarRapido(c)
	if !ok {
		for t.arbol.Hechas() > hechas {
			t.arbol.Deshacer()
		}
		v, g = t.jugar(c)
	}
	for t.arbol.Hechas() > hechas {
		t.arbol.Deshacer()
	}
	return v, g
}

// jugarRapido es jugar sin el juego de prueba, cuando la partida no puede
// terminar en el rollout: lleva las manos y la bolsa por su cuenta, así no
// copia el juego de la raíz ni vuelve a puntuar cada jugada. Cada
// colocación saca sus fichas de la mano y repone de la bolsa en orden, como
// juego.Juego.UbicarSinLexico; un cambio repone primero de la bolsa en
// orden y después la bolsa (con las devueltas) queda mezclada, como
// juego.Juego.Cambiar: desde ahí se sabe cuántas fichas tiene, no cuáles
// ni en qué orden, así que una mano que repone de ella ya no se conoce
// (ver rapido); pasar no cambia nada. Vale solo si la bolsa nunca se vacía
// y los turnos seguidos sin puntos (desde los de la raíz) no llegan a los
// que terminan la partida: entonces la partida no termina, las hojas son
// las de la simulación y el valor es la diferencia de los puntos del
// generador más la última hoja, lo mismo que da jugar. Si no (la bolsa
// vacía, la partida terminada por turnos sin puntos, un turno con una
// mano que no se conoce, o la referencia), devuelve false sin valor, con
// lo hecho en el árbol por deshacer, y el rollout se juega con jugar, que
// da lo mismo que antes.
func (t *trabajador) jugarRapido(c int) (valor, gana float64, ok bool) {
	s := t.s
	if s.referencia || s.op.Plies <= 0 || max(abs(s.puntos[0]), abs(s.puntos[1])) > juego.MaxPuntaje/2 {
		return 0, 0, false
	}
	r := rapido{manos: [2]letra.Multiconjunto{t.manos[0], t.manos[1]}, quedan: len(t.bolsa), sinPuntos: s.sinPuntos}
	turno := s.yo
	t.arbol.Marcar()
	e := &s.cands[c].Eleccion
	if !t.turnoRapido(&r, turno, e) {
		return 0, 0, false
	}
	if e.Tipo == juego.SucesoColocacion {
		t.hacer(e.Jugada.Fichas)
	}
	turno = 1 - turno
	hoja := e.Hoja
	ganado := e.Jugada.Puntos
	if e.Tipo != juego.SucesoColocacion {
		ganado = 0
	}
	signo := 1.0
	for p := 0; p < s.op.Plies; p++ {
		if r.quedan == 0 || r.desconocida[turno] {
			return 0, 0, false
		}
		if p > 0 && s.vencido() {
			t.cortada = true
			return math.NaN(), 0, true
		}
		quien := turno
		var el *generador.Eleccion
		if p == 0 {
			el = t.responder(r.manos[quien], t.hojas, r.quedan)
		} else {
			t.buf = t.arbol.MejoresPorEquidad(r.manos[quien], t.hojas, 1, r.quedan, t.buf)
			if len(t.buf) > 0 {
				el = &t.buf[0]
			}
		}
		if el == nil || !t.turnoRapido(&r, quien, el) {
			return 0, 0, false
		}
		// Después del último turno no se busca más: el árbol no lo
		// necesita.
		if el.Tipo == juego.SucesoColocacion && p+1 < s.op.Plies {
			t.hacer(el.Jugada.Fichas)
		}
		turno = 1 - turno
		hoja, signo = el.Hoja, 1
		if quien != s.yo {
			signo = -1
		}
		if el.Tipo == juego.SucesoColocacion {
			ganado += int(signo) * el.Jugada.Puntos
		}
	}
	if r.quedan == 0 {
		return 0, 0, false
	}
	valor = float64(ganado) + signo*hoja
	return valor, s.ganar(valor, turno, r.quedan+r.manos[1-turno].Tamano()+r.sinConocer[1-turno], false), true
}

// rapido es lo que jugarRapido sabe de la partida del rollout: las manos,
// las fichas de la bolsa (quedan; las primeras sin sacar son
// trabajador.bolsa[frente:] mientras no esté revuelta, es decir, antes de
// un cambio), los turnos seguidos sin puntos y, desde un cambio, qué manos
// repusieron de la bolsa revuelta (desconocida) y cuántas fichas que no
// se conocen tiene cada una (sinConocer, aparte de las de manos).
type rapido struct {
	manos       [2]letra.Multiconjunto
	frente      int
	quedan      int
	sinPuntos   int
	revuelta    bool
	desconocida [2]bool
	sinConocer  [2]int
}

// turnoRapido juega en r la elección e del jugador quien (sin el árbol):
// saca sus fichas de la mano y la repone, o cambia, o pasa, y cuenta los
// turnos sin puntos. Devuelve false si con ese turno la partida termina
// (los turnos seguidos sin puntos de la variante).
func (t *trabajador) turnoRapido(r *rapido, quien int, e *generador.Eleccion) bool {
	m := &r.manos[quien]
	puntos := 0
	switch e.Tipo {
	case juego.SucesoColocacion:
		puntos = e.Jugada.Puntos
		for _, f := range e.Jugada.Fichas {
			m.Sacar(f.DeLaMano())
		}
		n := min(len(e.Jugada.Fichas), r.quedan)
		t.reponer(r, quien, n)
		r.quedan -= n
	case juego.SucesoCambio:
		*m = m.Diferencia(e.Cambiadas)
		// Repone antes de devolver: la bolsa tiene al menos tantas fichas
		// como las de una mano (si no, el generador no cambia).
		t.reponer(r, quien, e.Cambiadas.Tamano())
		r.revuelta = true
	}
	if puntos == 0 {
		r.sinPuntos++
	} else {
		r.sinPuntos = 0
	}
	return t.s.limiteSinPuntos == 0 || r.sinPuntos < t.s.limiteSinPuntos
}

// reponer agrega a la mano de quien n fichas de la bolsa: las siguientes
// del reparto o, con la bolsa revuelta, unas que no se conocen.
func (t *trabajador) reponer(r *rapido, quien, n int) {
	if r.revuelta {
		r.desconocida[quien] = true
		r.sinConocer[quien] += n
		return
	}
	for _, l := range t.bolsa[r.frente : r.frente+n] {
		r.manos[quien].Agregar(l)
	}
	r.frente += n
}

// abs es el valor absoluto de x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// jugar es simular sin deshacer lo hecho en el árbol.
func (t *trabajador) jugar(c int) (float64, float64) {
	s := t.s
	j := s.raiz.CopiarEn(t.prueba)
	if err := j.Repartir(t.manos, t.bolsa); err != nil {
		return math.NaN(), 0 // no ocurre: el reparto sale de las no vistas
	}
	t.fichas = t.fichas[:0]
	t.arbol.Marcar()
	e := &s.cands[c].Eleccion
	var err error
	switch e.Tipo {
	case juego.SucesoColocacion:
		if _, err = j.UbicarSinLexico(s.jugadas[c]); err == nil && s.op.Plies > 0 {
			t.hacer(e.Jugada.Fichas)
		}
	case juego.SucesoCambio:
		err = j.Cambiar(e.Cambiadas)
	default:
		err = j.Pasar()
	}
	if err != nil {
		return math.NaN(), 0
	}
	hoja, signo := e.Hoja, 1.0
	// ganado: los puntos de las jugadas de la línea, con el signo de
	// quien simula (los del generador, que son los de juego.Juego.Ubicar):
	// sin el final de la partida, es la diferencia ganada, sin pedirle a
	// juego los puntajes (que vuelve a calcular de cada jugada).
	ganado := 0
	if e.Tipo == juego.SucesoColocacion {
		ganado = e.Jugada.Puntos
	}
	terminada := false
	for p := 0; p < s.op.Plies; p++ {
		if terminada = haTerminado(j); terminada {
			break
		}
		if p > 0 && s.vencido() {
			t.cortada = true
			return math.NaN(), 0
		}
		quien := j.Turno()
		mano, _ := j.Fichas(quien)
		hs := valoracion(j, t.hojas, &t.cierre)
		var r *generador.Eleccion
		switch {
		case s.referencia:
			t.buf = generador.MejoresPorEquidad(t.g, j, mano, hs, 1, t.buf)
			if len(t.buf) > 0 {
				r = &t.buf[0]
			}
		case p == 0:
			r = t.responder(mano, hs, j.LetrasEnRepositorio())
		default:
			t.buf = t.arbol.MejoresPorEquidad(mano, hs, 1, j.LetrasEnRepositorio(), t.buf)
			if len(t.buf) > 0 {
				r = &t.buf[0]
			}
		}
		if r == nil {
			break
		}
		switch r.Tipo {
		case juego.SucesoColocacion:
			var o ocurrencia.Ocurrencia
			o, t.fichas = ocurrencia.NuevaEn(t.fichas, r.Jugada.Fichas...)
			// Después del último turno no se busca más: el árbol no lo
			// necesita.
			if _, err = j.UbicarSinLexico(o); err == nil && p+1 < s.op.Plies {
				t.hacer(r.Jugada.Fichas)
			}
		case juego.SucesoCambio:
			err = j.Cambiar(r.Cambiadas)
		default:
			err = j.Pasar()
		}
		if err != nil {
			return math.NaN(), 0
		}
		hoja, signo = r.Hoja, 1
		if quien != s.yo {
			signo = -1
		}
		if r.Tipo == juego.SucesoColocacion {
			ganado += int(signo) * r.Jugada.Puntos
		}
	}
	terminada = terminada || haTerminado(j)
	diferencia := float64(ganado)
	if terminada || s.referencia {
		// Con el ajuste del final de la partida (y en la referencia).
		py, _ := j.Puntaje(s.yo)
		pr, _ := j.Puntaje(s.rival)
		diferencia = float64((py - pr) - (s.puntos[s.yo] - s.puntos[s.rival]))
	}
	if terminada {
		hoja = 0
	}
	valor := diferencia + signo*hoja
	mo, _ := j.Fichas(1 - j.Turno())
	return valor, s.ganar(valor, j.Turno(), j.LetrasEnRepositorio()+mo.Tamano(), terminada)
}

// ganar es la victoria de quien simula al final de una línea que le
// ganó valor puntos: con Opciones.Victoria y la partida sin terminar, la
// probabilidad del jugador en turno en el horizonte (turno), con las
// noVistas fichas que él no ve (la bolsa y la mano del otro); si no, 1, ½
// o 0 según la diferencia final.
func (s *simulador) ganar(valor float64, turno, noVistas int, terminada bool) float64 {
	final := float64(s.puntos[s.yo]-s.puntos[s.rival]) + valor
	switch {
	case s.op.Victoria != nil && !terminada:
		dif := int(math.Round(final))
		if turno == s.yo {
			return s.op.Victoria(dif, noVistas)
		}
		return 1 - s.op.Victoria(-dif, noVistas)
	case final > 0:
		return 1
	case final == 0:
		return 0.5
	}
	return 0
}

// haTerminado dice si la partida terminó. Con fichas en la bolsa, solo
// la terminan los turnos seguidos sin puntos (si la variante tiene ese
// límite): sin él, no hace falta la copia de Juego.Terminada (que copia
// solo si terminó).
func haTerminado(j *juego.Juego) bool {
	if j.LetrasEnRepositorio() > 0 && j.Variante().TurnosSinPuntos() == 0 {
		return false
	}
	_, fin := j.Terminada()
	return fin
}

// valoracion da las hojas con que juega el experto en j: hs con fichas en
// la bolsa; sin ellas, la regla del cierre (c, que se carga; nil: uno
// nuevo).
func valoracion(j *juego.Juego, hs generador.Hojas, c *generador.Cierre) generador.Hojas {
	if j.LetrasEnRepositorio() > 0 {
		return hs
	}
	if c == nil {
		c = &generador.Cierre{}
	}
	c.Cargar(j)
	return c
}
