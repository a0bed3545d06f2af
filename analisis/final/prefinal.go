package final

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Candidata es una jugada de un prefinal con lo que vale en promedio
// sobre las fichas que puede robar.
type Candidata struct {
	Paso Paso
	// Diferencia es cuánto cambia en promedio la diferencia de puntos
	// entre el jugador en turno y su rival de aquí al fin de la partida:
	// el promedio, pesado por cuántas fichas de cada letra puede robar,
	// de los puntos de la jugada menos el valor del final que sigue.
	Diferencia float64
	// Victoria es la probabilidad de ganar la partida (un empate cuenta
	// medio), con la diferencia de puntos de ahora.
	Victoria float64
	// Probada: los finales de todas las robadas se resolvieron exactos, o
	// (si Cota) se acotaron con cotas probadas.
	Probada bool
	// Cota: la candidata se descartó sin resolver exactos todos sus
	// finales, porque con las cotas de sus finales no alcanza la
	// Diferencia de la primera: Diferencia y Victoria son cotas superiores
	// (menores que las de la primera). La primera nunca es Cota, y con
	// Opciones.PreFinalExacto ninguna lo es.
	Cota bool
}

// PreFinal evalúa las jugadas del jugador en turno de j cuando queda una
// ficha en la bolsa: para cada candidata (las Opciones.Candidatas
// colocaciones de más puntos, 10 si es 0), cada ficha que puede robar (las
// que no ve: la mano del rival y la bolsa, cada letra pesada por cuántas
// hay: las fichas de una misma letra dan el mismo final) da un final con
// la bolsa vacía que se resuelve con el Resolvedor. Devuelve las
// candidatas de mayor a menor Diferencia (a igual, mayor Victoria). No
// evalúa pasar.
//
// La primera es exacta; las demás se descartan en cuanto cotas probadas
// de sus finales (búsquedas con ventana nula, que cuestan mucho menos que
// el valor exacto) muestran que no la alcanzan (Candidata.Cota), salvo con
// Opciones.PreFinalExacto. Los finales se resuelven en paralelo, uno por
// hilo (Opciones.Hilos), con la tabla de transposición del Resolvedor.
//
// Si ctx vence antes de terminar, devuelve las candidatas que alcanzó a
// decidir (exactas o descartadas; quizá ninguna) con el error de ctx: el
// plazo acota el tiempo. j no cambia.
//
// Devuelve [ErrNoPreFinal], [ErrManoDesconocida], [ErrJugadores],
// [ErrOtraVariante] o juego.ErrPartidaTerminada si j no es un prefinal
// que pueda evaluar, o el error de armar el generador de la variante.
func (r *Resolvedor) PreFinal(ctx context.Context, j *juego.Juego) ([]Candidata, error) {
	if err := r.comprobar(j, 1, ErrNoPreFinal); err != nil {
		return nil, err
	}
	if r.gen == nil {
		g, err := generador.Nuevo(r.c.v, generador.Opciones{})
		if err != nil {
			return nil, err
		}
		r.gen = g
	}
	if err := r.prepararAuxiliares(); err != nil {
		return nil, err
	}
	yo := j.Turno()
	rival := 1 - yo
	var noVistas letra.Multiconjunto // la mano del rival y la bolsa
	m, _ := j.Fichas(rival)
	noVistas = m
	for _, l := range j.Repositorio() {
		noVistas.Agregar(l)
	}
	// Generar todas las jugadas con comodines cuesta milisegundos: si el
	// plazo vence a mitad, las candidatas salen de las generadas.
	var js []generador.Jugada
	for x := range generador.Jugadas(r.gen, j) {
		x.Fichas = slices.Clone(x.Fichas)
		js = append(js, x)
		if len(js)&63 == 0 && ctx.Err() != nil {
			break
		}
	}
	slices.SortFunc(js, generador.Comparar)
	n := r.c.op.Candidatas
	if n <= 0 {
		n = 10
	}
	js = js[:min(n, len(js))]

	p := &prefinal{r: r, antes: diferencia(j, yo), total: noVistas.Tamano()}
	p.exacto = r.c.op.PreFinalExacto || r.c.op.Plies > 0
	t := j.Tablero()
	for _, x := range js {
		ev := &evaluacion{x: x, paso: paso(yo, ocurrenciaAPuestas(x.Fichas, r.c.v.TamanoTablero()), x.Puntos, t, r.c.v)}
		for l := range letra.MaxLetras {
			l := letra.Letra(l)
			k := noVistas.Cantidad(l)
			if k == 0 {
				continue
			}
			fin, err := conRobo(j, x, l, noVistas)
			if err != nil {
				return nil, fmt.Errorf("final: la jugada %v con la ficha %d: %w", x.Fichas, l, err)
			}
			rb := robo{k: k, fin: fin, lo: -inf, hi: inf}
			if _, termino := fin.Terminada(); termino {
				v := diferencia(fin, yo) - p.antes
				rb.fin, rb.lo, rb.hi, rb.probado = nil, v, v, true
			}
			ev.robos = append(ev.robos, rb)
		}
		// Los robos de más peso primero: deciden más.
		slices.SortStableFunc(ev.robos, func(a, b robo) int { return b.k - a.k })
		p.evs = append(p.evs, ev)
	}
	err := p.evaluar(ctx)
	var res []Candidata
	for _, ev := range p.evs {
		if ev.estado != sinDecidir {
			res = append(res, p.candidata(ev))
		}
	}
	slices.SortStableFunc(res, func(a, b Candidata) int {
		switch {
		case a.Diferencia != b.Diferencia:
			if a.Diferencia > b.Diferencia {
				return -1
			}
			return 1
		case a.Victoria > b.Victoria:
			return -1
		case a.Victoria < b.Victoria:
			return 1
		}
		return 0
	})
	return res, err
}

// Los estados de la evaluación de una candidata.
const (
	sinDecidir = iota
	exacta
	descartada
)

// robo es el final que sigue a una candidata si roba una letra: k es
// cuántas fichas de la letra puede robar, fin el final (nil si la jugada
// termina la partida) y lo ≤ v ≤ hi las cotas de v, los puntos de la
// jugada menos el valor del final; probado, si las cotas son probadas.
type robo struct {
	k       int
	fin     *juego.Juego
	lo, hi  int
	probado bool
}

func (rb *robo) exacto() bool { return rb.lo == rb.hi }

// evaluacion es la de una candidata del prefinal.
type evaluacion struct {
	x      generador.Jugada
	paso   Paso
	vp     *variante.Variante // el léxico podado de sus finales
	robos  []robo
	estado int
}

// suma devuelve la suma pesada de las cotas superiores de los robos de ev
// (inf si alguno no tiene).
func (ev *evaluacion) suma() int {
	s := 0
	for _, rb := range ev.robos {
		if rb.hi >= inf {
			return inf
		}
		s += rb.k * rb.hi
	}
	return s
}

// prefinal es la evaluación de un prefinal en curso.
type prefinal struct {
	r      *Resolvedor
	antes  int // la diferencia de puntos de ahora
	total  int // las fichas que puede robar
	exacto bool
	evs    []*evaluacion
	mejor  *evaluacion
}

// candidata arma la Candidata de ev, ya decidida: con los valores exactos,
// o con las cotas superiores si se descartó.
func (p *prefinal) candidata(ev *evaluacion) Candidata {
	c := Candidata{Paso: ev.paso, Probada: true, Cota: ev.estado == descartada}
	for _, rb := range ev.robos {
		c.Probada = c.Probada && rb.probado
		c.Diferencia += float64(rb.k * rb.hi)
		switch final := p.antes + rb.hi; {
		case final > 0:
			c.Victoria += float64(rb.k)
		case final == 0:
			c.Victoria += float64(rb.k) / 2
		}
	}
	c.Diferencia /= float64(p.total)
	c.Victoria /= float64(p.total)
	return c
}

// mejorQue informa si la candidata exacta a es mejor que la exacta b: más
// Diferencia o, a igual, más Victoria.
func (p *prefinal) mejorQue(a, b *evaluacion) bool {
	sa, sb := a.suma(), b.suma()
	if sa != sb {
		return sa > sb
	}
	return p.candidata(a).Victoria > p.candidata(b).Victoria
}

// evaluar decide cada candidata: la primera con todos sus finales
// exactos; cada una de las demás se compara con la mejor hasta entonces.
// Primero cada final se prueba con una ventana nula contra el valor del
// mismo robo en la mejor (¿vale menos?): si todos valen menos, o si la
// suma de las cotas superiores no la alcanza, se descarta. Si no, los
// robos que no se acotaron se resuelven exactos y se vuelve a probar; si
// tampoco, se resuelven todos y se compara. Devuelve el error de ctx si
// vence antes de decidirlas todas.
func (p *prefinal) evaluar(ctx context.Context) error {
	for _, ev := range p.evs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if ev.vp == nil {
			for _, rb := range ev.robos {
				if rb.fin != nil {
					var quedan letra.Multiconjunto
					for i := range 2 {
						m, _ := rb.fin.Fichas(i)
						quedan = quedan.Suma(m)
					}
					vp, err := variantePodada(p.r.c.v, rb.fin, quedan, func() bool { return ctx.Err() != nil })
					if err == nil {
						ev.vp = vp
					}
					break
				}
			}
		}
		if p.mejor != nil && !p.exacto {
			mejor := p.mejor.suma()
			// Cada robo: ¿vale menos que el mismo robo en la mejor?
			var ts []tarea
			for i := range ev.robos {
				rb := &ev.robos[i]
				if !rb.exacto() {
					ts = append(ts, tarea{ev: ev, i: i, umbral: p.mejor.robos[i].hi - 1, prueba: true})
				}
			}
			if err := p.correr(ctx, ts); err != nil {
				return err
			}
			if ev.suma() < mejor {
				ev.estado = descartada
				continue
			}
			// Los que no se acotaron por arriba, exactos.
			ts = ts[:0]
			for i := range ev.robos {
				if ev.robos[i].hi >= inf {
					ts = append(ts, tarea{ev: ev, i: i})
				}
			}
			if err := p.correr(ctx, ts); err != nil {
				return err
			}
			if ev.suma() < mejor {
				ev.estado = descartada
				continue
			}
		}
		var ts []tarea
		for i := range ev.robos {
			if !ev.robos[i].exacto() {
				ts = append(ts, tarea{ev: ev, i: i})
			}
		}
		if err := p.correr(ctx, ts); err != nil {
			return err
		}
		ev.estado = exacta
		if p.mejor == nil || p.mejorQue(ev, p.mejor) {
			p.mejor = ev
		}
	}
	return nil
}

// tarea es una búsqueda de un final del prefinal: el robo i de la
// candidata ev, exacto, o con prueba, solo si v ≤ umbral.
type tarea struct {
	ev     *evaluacion
	i      int
	umbral int
	prueba bool

	cotas   [2]int // las del valor del final
	probado bool
}

// correr hace las tareas ts en paralelo, una por Resolvedor auxiliar, y
// anota sus cotas en los robos. Devuelve el error de ctx si vence antes
// (las cotas de las búsquedas cortadas no se anotan).
func (p *prefinal) correr(ctx context.Context, ts []tarea) error {
	if len(ts) == 0 {
		return ctx.Err()
	}
	var sig atomic.Int64
	var wg sync.WaitGroup
	for _, aux := range p.r.aux[:min(len(p.r.aux), len(ts))] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				x := int(sig.Add(1)) - 1
				if x >= len(ts) || ctx.Err() != nil {
					return
				}
				t := &ts[x]
				rb := &t.ev.robos[t.i]
				pts := t.ev.x.Puntos
				alfa, beta := -inf, inf
				if t.prueba {
					// v ≤ umbral si y solo si el valor del final s = pts − v
					// es al menos pts − umbral.
					alfa, beta = pts-t.umbral-1, pts-t.umbral
				}
				res, cotas := aux.resolverVentana(ctx, rb.fin, rb.fin.Posicion().SinPuntos, false, t.ev.vp, alfa, beta)
				t.cotas, t.probado = cotas, res.Probado
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for x := range ts {
		t := &ts[x]
		rb := &t.ev.robos[t.i]
		pts := t.ev.x.Puntos
		lo, hi := pts-t.cotas[1], pts-t.cotas[0]
		if t.cotas[1] >= inf {
			lo = -inf
		}
		if t.cotas[0] <= -inf {
			hi = inf
		}
		if !t.probado {
			// Con un límite de plies: una estimación, como exacta.
			rb.lo, rb.hi, rb.probado = (lo+hi)/2, (lo+hi)/2, false
			if lo == hi {
				rb.lo, rb.hi = lo, hi
			}
			continue
		}
		rb.lo, rb.hi, rb.probado = max(rb.lo, lo), min(rb.hi, hi), true
	}
	return nil
}

// prepararAuxiliares arma los Resolvedores auxiliares del prefinal, uno
// por hilo, de un hilo cada uno, con la tabla de transposición de r.
func (r *Resolvedor) prepararAuxiliares() error {
	if len(r.aux) > 0 {
		return nil
	}
	r.c.reservarTabla(false)
	op := r.c.op
	op.Hilos, op.Alternativas = 1, 0
	for range r.c.op.Hilos {
		c := &compartido{v: r.c.v, claves: r.c.claves, op: op, limite: r.c.limite}
		c.reserva.Do(func() {})
		if t := r.c.tabla.Load(); t != nil {
			c.tabla.Store(t)
		}
		w, err := nuevoTrabajador(c, 0)
		if err != nil {
			r.aux = nil
			return err
		}
		r.aux = append(r.aux, &Resolvedor{c: c, trab: []*trabajador{w}})
	}
	return nil
}

// PreFinal evalúa el prefinal de j con las opciones op: un Resolvedor
// nuevo ([Nuevo]) y [Resolvedor.PreFinal].
func PreFinal(ctx context.Context, j *juego.Juego, op Opciones) ([]Candidata, error) {
	r, err := Nuevo(j.Variante(), op)
	if err != nil {
		return nil, err
	}
	return r.PreFinal(ctx, j)
}

// conRobo devuelve el final que sigue a la jugada x del jugador en turno de
// j si roba la ficha l: la mano del rival son las demás de noVistas.
func conRobo(j *juego.Juego, x generador.Jugada, l letra.Letra, noVistas letra.Multiconjunto) (*juego.Juego, error) {
	c := j.Clonar()
	yo := c.Turno()
	robada := c.Repositorio()
	if _, err := c.Ubicar(x.Ocurrencia()); err != nil {
		return nil, err
	}
	p := c.Posicion()
	mano := p.Manos[yo]
	for _, b := range robada {
		mano.Sacar(b)
	}
	mano.Agregar(l)
	p.Manos[yo] = mano
	otra := noVistas
	otra.Sacar(l)
	p.Manos[1-yo] = otra
	p.Repositorio = []letra.Letra{}
	return juego.DesdePosicion(j.Variante(), p)
}

// ocurrenciaAPuestas devuelve las fichas fs en un tablero de n×n como
// puestas de cruces.
func ocurrenciaAPuestas(fs []ocurrencia.Ficha, n int) []generador.Puesta {
	res := make([]generador.Puesta, len(fs))
	for i, f := range fs {
		res[i] = generador.Puesta{Pos: uint16(f.Fila*n + f.Columna), Letra: f.Letra, Comodin: f.Comodin}
	}
	return res
}

// diferencia es el puntaje del jugador i de j menos el de su rival.
func diferencia(j *juego.Juego, i int) int {
	a, _ := j.Puntaje(i)
	b, _ := j.Puntaje(1 - i)
	return a - b
}
