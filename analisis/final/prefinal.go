package final

import (
	"context"
	"fmt"
	"math/bits"
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
	// Cota: no todos los finales de la candidata se resolvieron exactos, y
	// Diferencia y Victoria son cotas: en la primera, inferiores (vale al
	// menos eso, y más que las cotas superiores de todas las demás); en
	// las demás, superiores (se descartó porque no alcanza a la primera).
	// Con Opciones.PreFinalExacto ninguna es Cota.
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
// Solo el orden es exacto: la primera es la mejor, pero los finales se
// acotan con búsquedas de ventana nula (que cuestan mucho menos que el
// valor exacto) y una candidata se descarta en cuanto sus cotas muestran
// que no alcanza a otra (Candidata.Cota), salvo con
// Opciones.PreFinalExacto, que los resuelve todos exactos. Los finales se
// buscan en paralelo, uno por hilo (Opciones.Hilos), con la tabla de
// transposición del Resolvedor, que agranda entre rondas si las búsquedas
// ya no caben en ella (hasta Opciones.MBPreFinal; queda agrandada). Si
// todavía no la había reservado, empieza con una de 4 MB (a lo sumo
// MBTabla), salvo con PreFinalExacto o Plies; el Resolver siguiente la
// lleva a MBTabla.
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
	// Los finales que se resuelven con r mismo (ver correr) buscan solo
	// la mejor jugada, con su tope de nodos.
	op := r.c.op
	r.c.op.Alternativas = 0
	if !r.c.op.PreFinalExacto && r.c.op.Plies == 0 {
		// Si la tabla no está reservada, empieza chica: los prefinales
		// fáciles no pagan poner en cero la de MBTabla, y agrandarTabla
		// la agranda cuando hace falta.
		r.c.mbInicial = min(r.c.op.MBTabla, mbPreFinalInicial)
	}
	defer func() { r.c.op, r.c.mbInicial = op, 0 }()
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

	p := &prefinal{r: r, antes: diferencia(j, yo), total: noVistas.Tamano(), noVistas: noVistas}
	p.exacto = r.c.op.PreFinalExacto || r.c.op.Plies > 0
	t := j.Tablero()
	for _, x := range js {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ev := &evaluacion{x: x, paso: paso(yo, ocurrenciaAPuestas(x.Fichas, r.c.v.TamanoTablero()), x.Puntos, t, r.c.v), vp: r.c.v}
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
			rb := robo{k: k, fin: fin, lo: -inf, hi: inf, sinPuntos: fin.Posicion().SinPuntos}
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
	tope    int64 // el tope de nodos de su próxima búsqueda; 0, sin tope
	// busquedas es cuántas veces se buscó: la primera empieza sin la
	// búsqueda de 2 plies (compartido.unPly), con un tope menor.
	busquedas int
	sinPuntos int    // los turnos seguidos sin puntos de fin
	raices    []raiz // las jugadas de la raíz de fin, de la última búsqueda
}

func (rb *robo) exacto() bool { return rb.lo == rb.hi }

// evaluacion es la de una candidata del prefinal.
type evaluacion struct {
	x    generador.Jugada
	paso Paso
	// vp es la variante con que se buscan sus finales: la del Resolvedor
	// hasta que se arma la del léxico podado (ver podar); nil si la poda
	// se cortó.
	vp     *variante.Variante
	podada bool // ya se armó (o se intentó) el léxico podado
	comun  raizComun
	// nodos son los que visitaron hasta ahora las búsquedas de sus
	// finales (de varios hilos a la vez).
	nodos  atomic.Int64
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
	// noVistas son las fichas que el jugador no ve: la mano del rival y
	// la bolsa.
	noVistas letra.Multiconjunto
	evs      []*evaluacion
	mejor    *evaluacion
}

// candidata arma la Candidata de ev, ya decidida: con los valores
// exactos; si no lo son, con las cotas inferiores si es la mejor y las
// superiores si se descartó.
func (p *prefinal) candidata(ev *evaluacion) Candidata {
	c := Candidata{Paso: ev.paso, Probada: true}
	for _, rb := range ev.robos {
		c.Probada = c.Probada && rb.probado
		v := rb.hi
		if !rb.exacto() {
			c.Cota = true
			if ev.estado != descartada {
				v = rb.lo
			}
		}
		c.Diferencia += float64(rb.k * v)
		switch final := p.antes + v; {
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

// inferior devuelve la suma pesada de las cotas inferiores de los robos de
// ev (−inf si alguno no tiene).
func (ev *evaluacion) inferior() int {
	s := 0
	for _, rb := range ev.robos {
		if rb.lo <= -inf {
			return -inf
		}
		s += rb.k * rb.lo
	}
	return s
}

// exacta informa si todos los robos de ev tienen su valor exacto.
func (ev *evaluacion) exacta() bool {
	for _, rb := range ev.robos {
		if !rb.exacto() {
			return false
		}
	}
	return true
}

// topeInicial es el tope de nodos de la primera búsqueda de cada final;
// cada vez que el tope corta una búsqueda sin probar nada, el del final se
// multiplica por 4. Es chico a propósito: la primera búsqueda casi solo
// genera las jugadas de la raíz (que quedan para las siguientes) y, en los
// finales chicos, ya los resuelve; los demás crecen de a poco, y las
// rondas dirigen los nodos a las candidatas que siguen en juego. Con
// 5.000 (antes) los prefinales reales costaban de 1,5 a 3,3 veces más
// (BenchmarkPreFinalReales), y con 300, ct38790 1,8 veces más.
const topeInicial = 100

// evaluar decide el orden de las candidatas acotando el valor de cada
// final (lo ≤ v ≤ hi) con búsquedas de ventana nula con un tope de nodos,
// en rondas. Primero, cada final con la ventana entera (MTD(f) hasta el
// tope: da las primeras cotas). Después, en cada ronda, se descarta toda
// candidata cuya suma de cotas superiores no llega a la mayor suma de
// cotas inferiores, y si queda más de una, la más prometedora (la de
// mayor suma de cotas superiores) prueba en cada final si llega a su cota
// superior menos la holgura que le lleva a la segunda (para subir su cota
// inferior), y las demás, si llegan a su cota superior menos lo que les
// falta para quedar debajo de la cota inferior de la primera (para
// bajarla). Termina cuando queda una, o cuando las que quedan son exactas
// (se ordenan por Diferencia y Victoria). Con exacto, resuelve todos los
// finales exactos, sin tope. Devuelve el error de ctx si vence antes.
func (p *prefinal) evaluar(ctx context.Context) error {
	var ts []tarea
	for _, ev := range p.evs {
		for i := range ev.robos {
			if !ev.robos[i].exacto() {
				ev.robos[i].tope = topeInicial
				if t := p.r.c.op.topePreFinal; t > 0 {
					ev.robos[i].tope = t
				}
				ts = append(ts, tarea{ev: ev, i: i, a: -inf})
			}
		}
	}
	if p.exacto {
		for i := range ts {
			ts[i].ev.robos[ts[i].i].tope = 0
		}
		if err := p.podar(ctx, ts); err != nil {
			return err
		}
		if err := p.correr(ctx, ts); err != nil {
			return err
		}
		for _, ev := range p.evs {
			ev.estado = exacta
		}
		return nil
	}
	for ronda := 0; ; ronda++ {
		p.agrandarTabla(ts)
		if err := p.podar(ctx, ts); err != nil {
			return err
		}
		if err := p.correr(ctx, ts); err != nil {
			return err
		}
		var vivas []*evaluacion
		lmax := -inf
		for _, ev := range p.evs {
			if ev.estado == sinDecidir {
				vivas = append(vivas, ev)
				lmax = max(lmax, ev.inferior())
			}
		}
		quedan := vivas[:0]
		for _, ev := range vivas {
			if lmax > -inf && ev.suma() < lmax {
				ev.estado = descartada
				continue
			}
			quedan = append(quedan, ev)
		}
		vivas = quedan
		// La más prometedora.
		var primera *evaluacion
		for _, ev := range vivas {
			if primera == nil || ev.suma() > primera.suma() || ev.suma() == primera.suma() && ev.inferior() > primera.inferior() {
				primera = ev
			}
		}
		todas := true
		for _, ev := range vivas {
			todas = todas && ev.exacta()
		}
		if len(vivas) == 1 || todas {
			for _, ev := range vivas {
				ev.estado = exacta
			}
			return nil
		}
		segunda := -inf
		for _, ev := range vivas {
			if ev != primera {
				segunda = max(segunda, ev.suma())
			}
		}
		ts = ts[:0]
		lp := primera.inferior()
		up := primera.suma()
		// El corte m reparte la distancia entre la primera y la segunda:
		// la primera prueba llegar a más de m (subir su cota inferior) y
		// las demás, no pasar de m (bajar la superior), o de la cota
		// inferior de la primera si ya es mayor. La holgura de cada lado
		// se reparte por igual entre los robos que no son exactos.
		m := segunda
		if up < inf && segunda > -inf {
			m = min(up-(up-segunda)/2, up-1)
		}
		if up >= inf {
			// Sin cota superior: primero la de los robos que no la tienen
			// (los demás la tienen, y buscarlos con la ventana entera no
			// la daría).
			for i := range primera.robos {
				if rb := &primera.robos[i]; !rb.exacto() && rb.hi >= inf {
					ts = append(ts, tarea{ev: primera, i: i, a: -inf})
				}
			}
		} else {
			holgura := 0
			if mp := min(m, segunda); segunda > -inf && up > mp {
				holgura = up - mp - 1
			}
			n := primera.pesoInexacto()
			for i := range primera.robos {
				rb := &primera.robos[i]
				if !rb.exacto() {
					d := holgura / n
					ts = append(ts, tarea{ev: primera, i: i, a: max(rb.hi-d, rb.lo+1)})
				}
			}
		}
		mc := m
		if lp > -inf {
			mc = max(m, lp-1)
		}

		for _, ev := range vivas {
			if ev == primera {
				continue
			}
			u := ev.suma()
			for i := range ev.robos {
				rb := &ev.robos[i]
				switch {
				case rb.exacto():
				case rb.hi >= inf:
					// Sin cota superior no se puede descartar.
					ts = append(ts, tarea{ev: ev, i: i, a: -inf})
				case u < inf && mc > -inf && u > mc:
					n := ev.pesoInexacto()
					d := max(1, (u-mc+n-1)/n)
					ts = append(ts, tarea{ev: ev, i: i, a: max(rb.hi-d+1, rb.lo+1)})
				}
			}
		}
		if len(ts) == 0 {
			// No debería pasar: sin preguntas que acoten, las que quedan
			// se resuelven exactas (sin tope), y la ronda siguiente decide.
			for _, ev := range vivas {
				for i := range ev.robos {
					if !ev.robos[i].exacto() {
						ev.robos[i].tope = 0
						ts = append(ts, tarea{ev: ev, i: i, a: -inf})
					}
				}
			}
		}
	}
}

// mbPreFinalInicial son los megabytes de la tabla con que empieza
// PreFinal si no estaba reservada (a lo sumo MBTabla).
const mbPreFinalInicial = 4

// nodosPoda son los nodos desde los que los finales de una candidata se
// buscan con su léxico podado: armarlo (las palabras posibles, su DAWG y
// su GADDAG) cuesta milisegundos, más que las primeras búsquedas con el
// léxico entero, que dan las mismas jugadas (la poda es exacta), y muchas
// candidatas se deciden antes. Medido en los prefinales reales: podar
// desde que un final llega a 1.600 nodos de tope hacía a ct54545 un 40 %
// más lento; no podar nunca, a ct38790 un 15 %.
const nodosPoda = 50_000

// podar arma el léxico podado de las candidatas de las tareas ts que lo
// necesitan: las que ya buscaron nodosPoda nodos entre todos sus finales,
// o que buscan sin tope. Una poda que ctx corta no se repite (sus finales podan cada
// uno el suyo, ver resolverVentana). Devuelve el error de ctx.
func (p *prefinal) podar(ctx context.Context, ts []tarea) error {
	for _, t := range ts {
		ev := t.ev
		if tope := ev.robos[t.i].tope; ev.podada || tope > 0 && ev.nodos.Load() < nodosPoda {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		ev.podada = true
		for _, rb := range ev.robos {
			if rb.fin == nil {
				continue
			}
			var quedan letra.Multiconjunto
			for i := range 2 {
				m, _ := rb.fin.Fichas(i)
				quedan = quedan.Suma(m)
			}
			ev.vp = nil
			if vp, err := variantePodada(p.r.c.v, rb.fin, quedan, func() bool { return ctx.Err() != nil }); err == nil {
				ev.vp = vp
			}
			break
		}
	}
	return ctx.Err()
}

// agrandarTabla agranda la tabla de transposición del Resolvedor si no
// alcanza para las tareas ts: hasta la de Opciones.MBTabla si la suma de
// sus topes de nodos pasa de sus entradas (PreFinal la empieza chica), y
// hasta Opciones.MBPreFinal si el mayor tope pasa: una búsqueda de tantos
// nodos ya no cabe, y cada vez que el tope la corta vuelve a empezar con
// lo que la tabla retuvo. Solo entre rondas, cuando ninguna búsqueda
// corre. Si la tabla aún se está reservando (en su gorutina), no la toca.
func (p *prefinal) agrandarTabla(ts []tarea) {
	c := p.r.c
	t := c.tabla.Load()
	if t == nil {
		return
	}
	var tope, suma int64
	for _, x := range ts {
		tope = max(tope, x.ev.robos[x.i].tope)
		suma += x.ev.robos[x.i].tope
	}
	// Los finales de la ronda comparten la tabla: entre todos, hasta la
	// de MBTabla (PreFinal empieza con una chica); una sola búsqueda,
	// hasta MBPreFinal.
	necesarias := min(uint64(suma), entradasDe(c.op.MBTabla))
	if c.op.MBPreFinal > c.op.MBTabla {
		necesarias = max(necesarias, uint64(tope))
	}
	n := uint64(len(t.e))
	if necesarias <= n {
		return
	}
	m := min(entradasDe(max(c.op.MBPreFinal, c.op.MBTabla)), uint64(1)<<(64-bits.LeadingZeros64(necesarias-1)))
	if m <= n {
		return
	}
	c.tabla.Store(t.agrandada(m))
}

// pesoInexacto devuelve la suma de los pesos de los robos de ev que no
// son exactos (al menos 1): la holgura se reparte por igual entre ellos.
func (ev *evaluacion) pesoInexacto() int {
	n := 0
	for _, rb := range ev.robos {
		if !rb.exacto() {
			n += rb.k
		}
	}
	return max(n, 1)
}

// tarea es una búsqueda de un final del prefinal: el robo i de la
// candidata ev, con la ventana nula que pregunta si v ≥ a (−inf: con la
// ventana entera), con el tope de nodos del robo.
type tarea struct {
	ev *evaluacion
	i  int
	a  int

	cotas   [2]int // las probadas del valor del final
	probado bool
}

// correr hace las tareas ts en paralelo, una por Resolvedor auxiliar, y
// anota sus cotas en los robos. Devuelve el error de ctx si vence antes
// (las cotas de las búsquedas cortadas no se anotan).
func (p *prefinal) correr(ctx context.Context, ts []tarea) error {
	if len(ts) == 0 {
		return ctx.Err()
	}
	// La tabla de r, quizá reservada en otra gorutina (con plazo).
	p.r.c.reservarTabla(ctx.Done() != nil)
	for _, aux := range p.r.aux {
		aux.c.tabla.Store(p.r.c.tabla.Load())
	}
	var sig atomic.Int64
	var wg sync.WaitGroup
	aux := p.r.aux
	if len(ts) < len(aux) {
		// Menos finales que hilos: uno tras otro, con todos los hilos.
		aux = []*Resolvedor{p.r}
	}
	for _, aux := range aux {
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
				if t.a > -inf {
					// v ≥ a si y solo si el valor del final s = pts − v es a
					// lo sumo pts − a.
					alfa, beta = pts-t.a, pts-t.a+1
				}
				if len(rb.raices) == 0 && t.ev.vp != nil {
					p.raicesComunes(ctx, aux, t.ev, rb)
				}
				aux.c.op.topeNodos = rb.tope
				aux.c.unPly = !p.exacto && rb.busquedas == 0
				rb.busquedas++
				res, cotas := aux.resolverVentana(ctx, rb.fin, rb.sinPuntos, false, t.ev.vp, &rb.raices, alfa, beta)
				t.ev.nodos.Add(res.Nodos)
				aux.c.unPly = false
				if !res.Probado {
					rb.tope *= 4 // el tope la cortó antes de responder
				}
				t.cotas, t.probado = cotas, res.Probado
				if p.exacto && !res.Probado {
					// Con un límite de plies: una estimación, como exacta.
					t.cotas = [2]int{res.Valor, res.Valor}
				}
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
		if t.cotas[1] < inf {
			rb.lo = max(rb.lo, pts-t.cotas[1])
		}
		if t.cotas[0] > -inf {
			rb.hi = min(rb.hi, pts-t.cotas[0])
		}
		rb.probado = !p.exacto || t.probado
		if t.cotas[0] == t.cotas[1] {
			rb.lo, rb.hi = pts-t.cotas[0], pts-t.cotas[0]
		}
	}
	return nil
}

// raicesComunes pone en rb, un robo de la candidata ev, las jugadas de la
// raíz de su final, de las de ev.comun (ver raizComun), que el primer
// hilo que llega genera con aux. Si el plazo cortó la generación, rb
// queda sin ellas (resolverVentana las genera).
func (p *prefinal) raicesComunes(ctx context.Context, aux *Resolvedor, ev *evaluacion, rb *robo) {
	if ctx.Err() != nil {
		return
	}
	w := aux.trab[0]
	if err := w.usar(ev.vp); err != nil {
		return
	}
	w.cargar(rb.fin, rb.sinPuntos)
	if !p.noVistas.Incluye(w.manos[0]) {
		return // no juega primero el rival: no debería pasar
	}
	aux.c.parar.Store(false) // la búsqueda anterior la dejó en true al terminar
	ev.comun.once.Do(func() { w.generarComun(p.noVistas, &ev.comun) })
	if ev.comun.ok {
		w.raicesDeComun(&ev.comun)
		rb.raices = append(rb.raices[:0], w.raices...)
	}
}

// prepararAuxiliares arma los Resolvedores auxiliares del prefinal, uno
// por hilo, de un hilo cada uno, con la tabla de transposición de r.
func (r *Resolvedor) prepararAuxiliares() error {
	if len(r.aux) > 0 {
		return nil
	}
	op := r.c.op
	op.Hilos, op.Alternativas = 1, 0
	for range r.c.op.Hilos {
		c := &compartido{v: r.c.v, claves: r.c.claves, op: op, limite: r.c.limite}
		c.reserva.Do(func() {}) // la tabla es la de r (ver correr)
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
