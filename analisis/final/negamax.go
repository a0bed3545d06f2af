package final

import (
	"context"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// inf es más que cualquier diferencia de puntos.
const inf = 30000

// saltoProf es la última profundidad de la profundización iterativa antes
// de buscar sin horizonte: las búsquedas cortas llenan la tabla con las
// mejores jugadas y dan el valor desde el que empieza la búsqueda
// completa, pero cada profundidad intermedia cuesta casi tanto como la
// completa en un final (las líneas de pases alargan el árbol sin cambiar el
// valor), y las jugadas que eligen las de 3 y 4 plies (con la estimación
// del horizonte) ordenan peor la búsqueda completa que el orden propio
// (las que se quedan sin fichas primero): en los 17 finales de 7 fichas,
// 2 plies visitan la mitad de los nodos que 4 (la mediana).
const saltoProf = 2

// maxPlies es la profundidad máxima de la búsqueda: más que cualquier
// final (cada jugada pone al menos una ficha y entre dos jugadas hay menos
// de 6 pases).
const maxPlies = 200

// raiz es una jugada de la raíz, con sus fichas propias y su valor en la
// última búsqueda.
type raiz struct {
	fs     []generador.Puesta
	m      jugada
	valor  int
	exacto bool
}

// iteracion es el resultado de una búsqueda a una profundidad.
type iteracion struct {
	prof     int
	valor    int
	completo bool
	jugadas  []raiz // las de la raíz, de mejor a peor
	// lo y hi acotan el valor: lo ≤ valor ≤ hi. Son iguales salvo que la
	// búsqueda parara al salir de la ventana pedida (ver
	// compartido.ventana): entonces valor es una cota.
	lo, hi int
}

// resolver busca el final de j (ya comprobado) con sinPuntos turnos
// seguidos sin puntos. Con linea, arma también la línea.
func (r *Resolvedor) resolver(ctx context.Context, j *juego.Juego, sinPuntos int, linea bool) Resultado {
	res, _ := r.resolverVentana(ctx, j, sinPuntos, linea, nil, nil, -inf, inf)
	return res
}

// resolverVentana es resolver con una ventana (alfa, beta): la búsqueda
// para en cuanto prueba que el valor es a lo sumo alfa o al menos beta, y
// devuelve las cotas que probó (lo ≤ valor ≤ hi; iguales si es exacto;
// −inf, inf si no probó ninguna), también si la cortaron antes. vp, si no es nil, es
// la variante con el léxico podado para el final de j (variantePodada, o
// una que contenga sus palabras). raices, si no es nil, guarda las jugadas
// de la raíz de una búsqueda a la siguiente del mismo final (PreFinal
// busca varias veces cada uno): si tiene alguna, no se generan de nuevo
// (deben ser las de j con el léxico vp), y al volver quedan las del primer
// hilo, en el orden en que las dejó la búsqueda.
func (r *Resolvedor) resolverVentana(ctx context.Context, j *juego.Juego, sinPuntos int, linea bool, vp *variante.Variante, raices *[]raiz, alfa, beta int) (Resultado, [2]int) {
	c := r.c
	c.ventana = [2]int{alfa, beta}
	c.probadas = [2]int{-inf, inf}
	c.parar.Store(false)
	c.mejor = iteracion{}
	c.plazo, _ = ctx.Deadline()
	c.reservarTabla(ctx.Done() != nil)
	// El vigía para a los hilos cuando ctx termina, desde el principio
	// (podar el léxico y generar la raíz también lo miran) hasta el final
	// (armar la línea busca).
	// Al volver se espera a que el vigía termine: si ctx termina justo
	// cuando la búsqueda acaba, el vigía de esta búsqueda podría poner
	// parar en true durante la siguiente del mismo Resolvedor (que la
	// cortaría sin probar nada).
	hecho, salio := make(chan struct{}), make(chan struct{})
	defer func() {
		close(hecho)
		<-salio
	}()
	go func() {
		defer close(salio)
		select {
		case <-ctx.Done():
			c.parar.Store(true)
		case <-hecho:
		}
	}()
	limite := maxPlies
	if c.op.Plies > 0 {
		limite = min(c.op.Plies, maxPlies)
	}
	var quedan letra.Multiconjunto
	for i := range 2 {
		m, _ := j.Fichas(i)
		quedan = quedan.Suma(m)
	}
	if vp == nil {
		var err error
		vp, err = variantePodada(c.v, j, quedan, c.vencido)
		if err != nil || c.vencido() {
			// Sin plazo no se arma el GADDAG del léxico podado: el de la
			// variante ya está armado.
			vp = c.v
		}
	}
	// Con el plazo vencido solo se prepara el primer hilo: su raíz da la
	// jugada del resultado. Los demás copian su raíz.
	listos := r.trab[:0:0]
	for i, w := range r.trab {
		if i > 0 && c.vencido() {
			break
		}
		if err := w.usar(vp); err != nil {
			_ = w.usar(c.v)
		}
		w.cargar(j, sinPuntos)
		w.nodos, w.generaciones, w.salidas, w.salidasVacias = 0, 0, 0, 0
		switch {
		case i == 0 && raices != nil && len(*raices) > 0:
			w.usarRaiz(*raices)
		case i == 0:
			w.prepararRaiz()
		default:
			w.copiarRaiz(r.trab[0])
		}
		w.raizPrevia = raices != nil && len(*raices) > 0
		listos = append(listos, w)
	}
	var wg sync.WaitGroup
	if !c.vencido() {
		for _, w := range listos {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.profundizar(limite)
			}()
		}
	}
	wg.Wait()

	res := Resultado{Valor: c.mejor.valor, Probado: c.mejor.completo, Plies: c.mejor.prof}
	cotas := c.probadas
	w := r.trab[0]
	if raices != nil {
		*raices = append((*raices)[:0], w.raices...)
	}
	if len(c.mejor.jugadas) == 0 { // ni una búsqueda terminada: la primera jugada
		c.mejor.jugadas = []raiz{w.raices[0]}
		res.Valor = w.raices[0].valor
	}
	if linea {
		res.Linea = w.armarLinea(ctx, j, c.mejor)
	}
	for _, w := range listos { // los de la línea también
		res.Nodos += w.nodos
	}
	if n := c.op.Alternativas; n > 1 {
		t := j.Tablero()
		for _, rz := range c.mejor.jugadas[:min(n, len(c.mejor.jugadas))] {
			if !rz.exacto && len(res.Alternativas) > 0 {
				break
			}
			res.Alternativas = append(res.Alternativas, Alternativa{Paso: paso(j.Turno(), rz.fs, int(rz.m.puntos), t, c.v), Valor: rz.valor})
		}
	}
	return res, cotas
}

// copiarRaiz copia las jugadas de la raíz de w0, que tiene cargada la
// misma posición: generarlas de nuevo costaría lo mismo en cada hilo.
func (w *trabajador) copiarRaiz(w0 *trabajador) {
	if len(w.niveles) == 0 {
		w.niveles = make([]nivel, maxPlies+2)
	}
	w.raices = append(w.raices[:0], w0.raices...)
}

// usarRaiz pone como jugadas de la raíz las de rs (de la posición
// cargada, de una búsqueda anterior), en su orden.
func (w *trabajador) usarRaiz(rs []raiz) {
	if len(w.niveles) == 0 {
		w.niveles = make([]nivel, maxPlies+2)
	}
	w.raices = append(w.raices[:0], rs...)
}

// raizComun son las jugadas de la raíz de los finales de una candidata de
// PreFinal con todas las fichas que el rival puede tener (las que el
// jugador no ve): en todos es el rival quien juega primero, en el mismo
// tablero, con esas fichas menos la que robó el jugador. Las de cada final
// son las que caben en su mano (ver raicesDeComun): generarlas una vez
// por candidata y no una por ficha robada.
type raizComun struct {
	once    sync.Once
	ok      bool // la generación terminó (el plazo no la cortó)
	jugadas []jugada
	pool    []generador.Puesta
}

// generarComun llena rc con las jugadas de la mano m en el tablero
// cargado, todas (también las que dejan la mano vacía).
func (w *trabajador) generarComun(m letra.Multiconjunto, rc *raizComun) {
	if len(w.niveles) == 0 {
		w.niveles = make([]nivel, maxPlies+2)
	}
	nv := &w.niveles[0]
	nv.jugadas, nv.pool = nv.jugadas[:0], nv.pool[:0]
	w.parar = false
	w.nivel, w.podarSalidas, w.salida, w.umbral = 0, false, -1, inf
	w.a.Jugadas(&m, w.anotar)
	if w.parar {
		return
	}
	rc.jugadas, rc.pool, rc.ok = slices.Clone(nv.jugadas), slices.Clone(nv.pool), true
}

// raicesDeComun pone como jugadas de la raíz las de rc que caben en la
// mano del jugador en turno de la posición cargada, como las daría
// prepararRaiz: de las que dejan la mano vacía, solo la de más puntos (la
// primera, a igualdad), más pasar, en el orden de la búsqueda.
func (w *trabajador) raicesDeComun(rc *raizComun) {
	if len(w.niveles) == 0 {
		w.niveles = make([]nivel, maxPlies+2)
	}
	var cant [letra.MaxLetras]int
	for l := range w.manos[0].Todas() {
		cant[l]++
	}
	nv := &w.niveles[0]
	nv.jugadas, nv.pool = nv.jugadas[:0], nv.pool[:0]
	salida := -1
	for _, m := range rc.jugadas {
		fs := rc.pool[m.ini : m.ini+int32(m.n)]
		if !cabe(&cant, fs) {
			continue
		}
		if int(m.n) == w.fichas[0] {
			if salida >= 0 {
				if nv.jugadas[salida].puntos < m.puntos {
					// La de más puntos, en el lugar de la primera.
					ini := nv.jugadas[salida].ini
					copy(nv.pool[ini:ini+int32(m.n)], fs)
					nv.jugadas[salida].puntos = m.puntos
				}
				continue
			}
			salida = len(nv.jugadas)
		}
		ini := int32(len(nv.pool))
		nv.pool = append(nv.pool, fs...)
		nv.jugadas = append(nv.jugadas, jugada{ini: ini, n: m.n, puntos: m.puntos})
	}
	w.armarRaices(nv)
}

// prepararRaiz genera las jugadas de la raíz.
func (w *trabajador) prepararRaiz() {
	if len(w.niveles) == 0 {
		w.niveles = make([]nivel, maxPlies+2)
	}
	w.generar(0, w.c.op.Alternativas <= 1, inf)
	w.armarRaices(&w.niveles[0])
}

// cabe dice si las fichas fs salen de una mano con cant[l] fichas de
// cada letra l (de la mano: el comodín es letra.Comodin); deja cant como
// estaba.
func cabe(cant *[letra.MaxLetras]int, fs []generador.Puesta) bool {
	ok := true
	for _, f := range fs {
		l := deLaMano(f)
		cant[l]--
		ok = ok && cant[l] >= 0
	}
	for _, f := range fs {
		cant[deLaMano(f)]++
	}
	return ok
}

// armarRaices pone como jugadas de la raíz las de la lista del nivel nv,
// más pasar, en el orden de la búsqueda.
func (w *trabajador) armarRaices(nv *nivel) {
	nv.jugadas = append(nv.jugadas, jugada{})
	w.ordenar(nv)
	if !w.c.op.SinOrden {
		slices.SortStableFunc(nv.jugadas, func(a, b jugada) int { return int(b.orden - a.orden) })
	}
	w.raices = w.raices[:0]
	for _, m := range nv.jugadas {
		fs := nv.pool[m.ini : m.ini+int32(m.n)]
		m.codigo = w.codificar(fs)
		w.raices = append(w.raices, raiz{fs: slices.Clone(fs), m: m, valor: -inf})
	}
}

// profundizar es la profundización iterativa de un hilo: busca a
// profundidad 1, 2, … hasta probar el valor, llegar al límite o que lo
// paren. Los hilos auxiliares empiezan un nivel más abajo (Lazy SMP: todos
// buscan la misma raíz y se ayudan con la tabla).
func (w *trabajador) profundizar(limite int) {
	w.parar = false
	inicio, salto := 1+w.id%2, saltoProf
	if v := w.c.ventana; v[0] > -inf && v[1] < inf && limite == maxPlies {
		// Con una ventana dada (PreFinal, que ya buscó antes este final)
		// no hace falta la guía de los primeros plies: MTD(f) empieza por
		// la ventana.
		inicio = limite
	}
	if w.raizPrevia && limite == maxPlies {
		// Las jugadas de la raíz ya vienen ordenadas por una búsqueda
		// anterior del mismo final (PreFinal), con sus valores: la guía de
		// los primeros plies no hace falta, MTD(f) empieza por el valor
		// de la primera.
		inicio = limite
	}
	if w.c.unPly {
		inicio, salto = 1, 1
	}
	for prof := inicio; prof <= limite; prof++ {
		if prof > salto {
			prof = limite
		}
		var it iteracion
		var ok bool
		if prof == maxPlies && w.c.op.Alternativas <= 1 && prof > 1 {
			it, ok = w.buscarRaizMTD(prof, w.raices[0].valor)
		} else {
			it, ok = w.buscarRaiz(prof)
		}
		if !ok {
			return
		}
		if w.c.anotar(it) {
			w.c.parar.Store(true)
			return
		}
	}
}

// probar anota una cota probada del valor de la raíz: el resultado v
// (completo) de una búsqueda con la ventana nula (beta−1, beta): al menos
// v si v ≥ beta, a lo sumo v si no.
func (c *compartido) probar(v, beta int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v >= beta {
		c.probadas[0] = max(c.probadas[0], v)
	} else {
		c.probadas[1] = min(c.probadas[1], v)
	}
}

// anotar guarda la iteración si es más profunda que la mejor, o probada.
// Informa si la búsqueda terminó (el valor está probado).
func (c *compartido) anotar(it iteracion) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.mejor.completo {
		return true
	}
	if it.completo || it.prof > c.mejor.prof {
		c.mejor = it
	}
	return it.completo
}

// buscarRaiz busca a profundidad prof desde la raíz. Devuelve false si la
// pararon antes de terminar.
func (w *trabajador) buscarRaiz(prof int) (iteracion, bool) {
	w.salidasRaiz()
	alts := max(1, w.c.op.Alternativas)
	var mejores []int // los valores exactos más altos, hasta alts
	completo := true
	for i := range w.raices {
		rz := &w.raices[i]
		alfa := -inf
		if len(mejores) == alts {
			alfa = mejores[alts-1]
		}
		v, c, ok := 0, false, false
		switch {
		case alfa == -inf:
			v, c = w.hijo(0, prof, -inf, inf, rz.m, rz.fs)
		default:
			v, c, ok = w.refutarRaiz(rz, alfa)
			if ok {
				break
			}
			v, c = w.hijo(0, prof, alfa, alfa+1, rz.m, rz.fs)
			if v > alfa && !w.parar {
				v, c = w.hijo(0, prof, alfa, inf, rz.m, rz.fs)
			}
		}
		if w.parar {
			return iteracion{}, false
		}
		completo = completo && c
		rz.valor, rz.exacto = v, v > alfa
		if rz.exacto {
			k, _ := slices.BinarySearchFunc(mejores, v, func(a, b int) int { return b - a })
			mejores = slices.Insert(mejores, k, v)
			if len(mejores) > alts {
				mejores = mejores[:alts]
			}
		}
	}
	slices.SortStableFunc(w.raices, func(a, b raiz) int {
		if a.exacto != b.exacto {
			if a.exacto {
				return -1
			}
			return 1
		}
		return b.valor - a.valor
	})
	v := w.raices[0].valor
	it := iteracion{prof: prof, valor: v, completo: completo, jugadas: slices.Clone(w.raices), lo: v, hi: v}
	if completo && alts == 1 {
		w.c.probar(v, v+1)
		w.c.probar(v, v)
	}
	return it, true
}

// salidasRaiz anota en el nivel 0 las salidas del rival en la posición
// de la raíz (ver salidasDelRival), una vez por posición cargada: con
// ellas refutarRaiz acota jugadas de la raíz sin hacerlas.
func (w *trabajador) salidasRaiz() {
	if w.salidasListas {
		return
	}
	w.salidasListas = true
	w.salidasDelRival(0)
}

// refutarRaiz acota la jugada rz de la raíz sin hacerla, como negamax
// con las que siguen a la primera: si no termina la partida y el rival
// puede salir después con una de sus salidas que rz no toca (refutar),
// rz vale a lo sumo eso; si eso no pasa de alfa, devuelve esa cota
// (completa: no depende del horizonte) y true.
func (w *trabajador) refutarRaiz(rz *raiz, alfa int) (int, bool, bool) {
	m, fs := rz.m, rz.fs
	nv := &w.niveles[0]
	if len(nv.salidas) == 0 || int(m.n) == w.fichas[w.turno] || m.puntos == 0 && w.sinPuntos+1 >= w.c.limite {
		return 0, false, false
	}
	if v, ok := w.refutar(nv, m, fs); ok && v <= alfa {
		w.nodos++
		return v, true, true
	}
	return 0, false, false
}

// sondear da el valor de la jugada m (de fichas fs) del jugador en turno
// como hijo, si sale sin hacerla: si termina la partida o si la tabla ya
// sabe lo bastante de la posición siguiente para la ventana (alfa, beta) a
// profundidad prof−1 (lo mismo que miraría negamax al entrar).
func (w *trabajador) sondear(prof, alfa, beta int, m jugada, fs []generador.Puesta) (int, bool, bool) {
	i := w.turno
	pts := int(m.puntos)
	if len(fs) > 0 && len(fs) == w.fichas[i] { // se queda sin fichas
		return pts + 2*w.valorMano[1-i], true, true
	}
	if pts == 0 && w.sinPuntos+1 >= w.c.limite { // turnos sin puntos
		resto := w.valorMano[i]
		for _, f := range fs {
			if !f.Comodin {
				resto -= w.val[f.Letra]
			}
		}
		return w.valorMano[1-i] - resto, true, true
	}
	if v, ok := w.unoContraUnoTras(prof, m, fs); ok {
		w.nodos++
		return v, true, true
	}
	if t := w.c.tabla.Load(); t != nil {
		if _, d, ok := t.leer(w.claveTras(m, fs)); ok {
			val, cota, p, _ := desempacar(d)
			if p >= prof-1 {
				a, b := pts-beta, pts-alfa
				switch {
				case cota == cotaExacta,
					cota == cotaInferior && val >= b,
					cota == cotaSuperior && val <= a:
					w.nodos++
					return pts - val, p == profCompleta, true
				}
			}
		}
	}
	return 0, false, false
}

// buscarRaizMTD busca a profundidad prof desde la raíz solo con ventanas
// nulas, como MTD(f): cada pasada pregunta si el valor llega a beta
// (desde guia, el valor de la iteración anterior) y lo acota por arriba o
// por abajo, hasta que las cotas se juntan o salen de la ventana pedida
// (compartido.ventana: basta saber que el valor es a lo sumo alfa o al
// menos beta). La jugada que lo alcanza pasa al frente. Devuelve false si
// la pararon antes de terminar.
func (w *trabajador) buscarRaizMTD(prof, guia int) (iteracion, bool) {
	w.salidasRaiz()
	lo, hi := -inf, inf
	completoLo, completoHi := false, false
	va, vb := w.c.ventana[0], w.c.ventana[1]
	g := guia
	if g <= -inf {
		g = 0
	}
	g = min(max(g, va+1), vb)
	for lo < hi && hi > va && lo < vb {
		beta := g
		if g <= lo {
			beta = lo + 1
		}
		if beta > hi {
			beta = hi
		}
		mejor, elegida := -inf, -1
		completo := true
		diferidas := w.diferidas[:0]
		// una busca la jugada i de la raíz e informa si corta.
		una := func(i int) bool {
			rz := &w.raices[i]
			v, c, ok := w.refutarRaiz(rz, beta-1)
			if !ok {
				v, c = w.hijo(0, prof, beta-1, beta, rz.m, rz.fs)
			}
			if w.parar {
				return true
			}
			rz.valor, rz.exacto = v, false
			if v > mejor {
				mejor, elegida = v, i
			}
			if v >= beta {
				completo = c
				return true
			}
			completo = completo && c
			return false
		}
		cortada := false
		for i := range w.raices {
			// Con más de un hilo, la que otro está buscando queda para
			// después: si la pasada no corta hay que buscarlas todas, y
			// así los hilos se las reparten (y después encuentran en la
			// tabla las que terminó el otro).
			if w.c.ocupadas != nil && w.c.ocupada(w.claveTras(w.raices[i].m, w.raices[i].fs)) {
				diferidas = append(diferidas, i)
				continue
			}
			if cortada = una(i); cortada {
				break
			}
		}
		for x := 0; x < len(diferidas) && !cortada; x++ {
			cortada = una(diferidas[x])
		}
		w.diferidas = diferidas
		if w.parar {
			return iteracion{}, false
		}
		if completo {
			w.c.probar(mejor, beta)
		}
		if mejor >= beta {
			lo, completoLo = mejor, completo
			rz := w.raices[elegida]
			copy(w.raices[1:elegida+1], w.raices[:elegida])
			w.raices[0] = rz
		} else {
			hi, completoHi = mejor, completo
		}
		g = mejor
	}
	it := iteracion{prof: prof, lo: lo, hi: hi}
	switch {
	case lo == hi:
		w.raices[0].valor, w.raices[0].exacto = lo, true
		it.valor, it.completo = lo, completoLo && completoHi
	case hi <= va: // ninguna llega a alfa: el valor es una cota superior
		it.valor, it.completo = hi, completoHi
	default: // lo ≥ beta: la primera jugada llega a beta
		w.raices[0].valor, w.raices[0].exacto = lo, false
		it.valor, it.completo = lo, completoLo
	}
	it.jugadas = slices.Clone(w.raices)
	return it, true
}

// hijo devuelve el valor, desde el jugador en turno en el nivel k, de
// hacer la jugada m (de fichas fs) y seguir buscando a profundidad prof−1
// con la ventana (alfa, beta); y si es completo (no depende del
// horizonte).
func (w *trabajador) hijo(k, prof, alfa, beta int, m jugada, fs []generador.Puesta) (int, bool) {
	if v, c, ok := w.sondear(prof, alfa, beta, m, fs); ok {
		return v, c
	}
	pts := int(m.puntos)
	nv := &w.niveles[k]
	w.hacer(nv, m, fs)
	v, c := w.negamax(k+1, prof-1, pts-beta, pts-alfa)
	w.deshacer(nv, fs)
	return pts - v, c
}

// evaluar estima el valor de una posición en el horizonte.
func (w *trabajador) evaluar() int {
	return w.valorMano[1-w.turno] - w.valorMano[w.turno]
}

// pesoFicha es lo que suma cada ficha puesta a la prioridad de una
// jugada que no se queda sin fichas (ver ordenar). Con muchas fichas el
// que juega se acerca a salir y los árboles que siguen son más chicos: en
// la pasada de MTD(f) que prueba que nada llega al valor, casi todo el
// costo, las respuestas que cortan primero son las de más fichas. Con un
// hilo, en-bot-01 pasa de 29,46 a 10,04 millones de nodos (con 6, 26,9;
// con 10, 21,5; con 40 o 1000, las de más fichas primero siempre, 10,16),
// y los 17 finales de 7 fichas con un tope de 20 millones, de 84,6
// millones y 13 probados a 67,7 y 15 probados (en-bot-06 también).
const pesoFicha = 20

// pesoValor es lo que suma a la prioridad de una jugada que no se queda
// sin fichas cada punto de valor de las fichas que pone: las que quedan
// en la mano restan al final (y suman al rival si sale), y sacarse de
// encima las caras acerca a los valores altos. Con un hilo,
// en-flexo_vignette_quackle_vs_boys pasa de 48,35 a 19,90 millones de
// nodos (con 3, 36,7; con 16, 19,87; con 40, 28,7), y los 17 finales de 7
// fichas con un tope de 20 millones, de 67.653.869 nodos y 15 probados a
// 67.659.886 y 16 probados (con 12, 67.938.104).
const pesoValor = 8

// ordenar da a cada jugada del nivel su prioridad: primero las que se
// quedan sin fichas, por lo que valen; después por puntos más pesoFicha
// por ficha puesta más pesoValor por punto de valor de esas fichas;
// pasar al final. Anota el código de cada jugada.
func (w *trabajador) ordenar(nv *nivel) {
	rival := w.valorMano[1-w.turno]
	mias := w.fichas[w.turno]
	for i := range nv.jugadas {
		m := &nv.jugadas[i]
		m.codigo = w.codificar(nv.pool[m.ini : m.ini+int32(m.n)])
		switch {
		case m.n == 0:
			m.orden = -1000
		case int(m.n) == mias:
			m.orden = 1<<21 + int32(m.puntos) + int32(2*rival)
		default:
			val := 0
			for _, f := range nv.pool[m.ini : m.ini+int32(m.n)] {
				val += w.val[deLaMano(f)]
			}
			m.orden = int32(m.puntos) + pesoFicha*int32(m.n) + int32(pesoValor*val)
		}
	}
}

// negamax devuelve el valor de la posición para el jugador en turno, en
// el nivel k, buscando a profundidad prof con la ventana (alfa, beta)
// (fail-soft: fuera de la ventana es una cota), y si es completo.
func (w *trabajador) negamax(k, prof, alfa, beta int) (int, bool) {
	w.nodos++
	nodos0 := w.nodos
	// El plazo se mira en cada nodo (una lectura atómica que nadie escribe
	// mientras se busca): un nodo con comodines puede costar un
	// milisegundo, y mil nodos, más que el margen del plazo.
	if w.c.vencido() || w.c.op.topeNodos > 0 && w.nodos >= w.c.op.topeNodos {
		w.parar = true
	}
	if w.parar {
		return 0, false
	}
	if w.fichas[0] == 1 && w.fichas[1] == 1 && prof > w.c.limite+1 && w.sinPuntos < w.c.limite && !w.c.op.SinOrden {
		// Uno contra uno: el valor sale sin buscar (ver uno.go). Con prof
		// más que limite+1, la búsqueda también llegaría al fin de la
		// partida en cada rama: da lo mismo.
		v, exacto := w.unoContraUno(alfa, beta)
		switch {
		case exacto:
			w.guardar(-inf, inf, profCompleta, v, true, 0, 0, 1)
		case v >= beta:
			w.guardar(-inf, beta, profCompleta, v, true, 0, 0, 1)
		default:
			w.guardar(v, inf, profCompleta, v, true, 0, 0, 1)
		}
		return v, true
	}
	t := w.c.tabla.Load()
	var deTabla uint64
	ttPuntos := 0
	if t != nil {
		if j, d, ok := t.leer(w.clave); ok {
			val, cota, p, pts := desempacar(d)
			deTabla, ttPuntos = j, pts
			if p >= prof {
				c := p == profCompleta
				switch {
				case cota == cotaExacta,
					cota == cotaInferior && val >= beta,
					cota == cotaSuperior && val <= alfa:
					return val, c
				}
			}
		}
	}
	if prof == 0 {
		return w.evaluar(), false
	}
	if prof == 1 {
		return w.frontera(k, alfa, beta)
	}
	nv := &w.niveles[k]
	if k == 1 && w.c.ocupadas != nil && w.c.ocupar(w.clave) {
		// Un hijo de la raíz: los otros hilos lo dejan para después (ver
		// buscarRaizMTD).
		defer w.c.liberar(w.clave)
	}
	if w.fichas[w.turno] == 1 && !w.c.op.SinOrden {
		return w.unaFicha(k, prof, alfa, beta, nodos0)
	}
	alfaOrig := alfa
	mejor, mejorCodigo, mejorPuntos := -inf, uint64(0), 0
	completo := true
	primera := true
	var anotar func(v int, c bool, m jugada, codigo uint64) bool
	probar := func(m jugada, fs []generador.Puesta, codigo uint64) bool {
		var v int
		var c bool
		if primera {
			v, c = w.hijo(k, prof, alfa, beta, m, fs)
			primera = false
		} else {
			v, c = w.hijo(k, prof, alfa, alfa+1, m, fs)
			if v > alfa && v < beta && !w.parar {
				v, c = w.hijo(k, prof, alfa, beta, m, fs)
			}
		}
		return anotar(v, c, m, codigo)
	}
	anotar = func(v int, c bool, m jugada, codigo uint64) bool {
		if w.parar {
			return true
		}
		if v > mejor {
			mejor, mejorCodigo, mejorPuntos = v, codigo, int(m.puntos)
		}
		if v >= beta {
			completo = c
			return true
		}
		completo = completo && c
		if v > alfa {
			alfa = v
		}
		return false
	}
	corte := false
	ttHecha := false // la jugada de la tabla ya se probó
	if deTabla != 0 {
		if fs, ok := w.decodificar(deTabla, nv.tt[:0]); ok {
			nv.tt = fs
			m := jugada{n: int16(len(fs)), puntos: int16(ttPuntos)}
			if v, c, ok := w.sondear(prof, alfa, beta, m, fs); ok {
				corte, ttHecha = anotar(v, c, m, deTabla), true
			}
		} else {
			deTabla = 0
		}
	}
	if !corte {
		// Una jugada que se queda sin fichas y corta corta también la
		// generación (salvo sin orden: sería la última de la lista).
		umbral := beta
		if w.c.op.SinOrden {
			umbral = inf
		}
		w.generar(k, true, umbral)
		if w.parar {
			return 0, false
		}
		if len(nv.jugadas) == 0 && w.sinPuntos == 0 && (deTabla == 0 || deTabla == codigoPasar) {
			// Solo puede pasar: el pase no gasta profundidad (y no se
			// extiende dos veces seguidas: cuenta como turno sin puntos).
			v, c := w.hijo(k, prof+1, alfaOrig, beta, jugada{}, nil)
			if w.parar {
				return 0, false
			}
			w.guardar(alfaOrig, beta, prof, v, c, codigoPasar, 0, w.nodos-nodos0)
			return v, c
		}
		nv.jugadas = append(nv.jugadas, jugada{})
		lista := nv.jugadas
		ordenado := w.c.op.SinOrden
		if !ordenado {
			w.ordenar(nv)
		}
		if deTabla != 0 && !ttHecha {
			// La de la tabla, después de las que se quedan sin fichas (que
			// valen lo exacto sin buscar).
			for x := range lista {
				c := lista[x].codigo
				if ordenado {
					c = w.codificar(nv.pool[lista[x].ini : lista[x].ini+int32(lista[x].n)])
				}
				if c == deTabla {
					if ordenado {
						lista[0], lista[x] = lista[x], lista[0]
					} else if lista[x].orden < 1<<21 {
						lista[x].orden = 1 << 20
					}
					break
				}
			}
		}
		conSalidas, salidasHechas := false, false
		for i := range lista {
			if !ordenado {
				if i < 4 {
					b := i
					for x := i + 1; x < len(lista); x++ {
						if lista[x].orden > lista[b].orden {
							b = x
						}
					}
					lista[i], lista[b] = lista[b], lista[i]
				} else {
					ordenarResto(lista[i:])
					ordenado = true
				}
			}
			m := lista[i]
			fs := nv.pool[m.ini : m.ini+int32(m.n)]
			codigo := m.codigo
			if w.c.op.SinOrden {
				codigo = w.codificar(fs)
			}
			if codigo == deTabla && ttHecha {
				continue
			}
			if conSalidas && int(m.n) != w.fichas[w.turno] && !(m.puntos == 0 && w.sinPuntos+1 >= w.c.limite) {
				// Si el rival sale después sin que la jugada lo estorbe y
				// con eso no llega a alfa, no hace falta buscarla.
				if v, ok := w.refutar(nv, m, fs); ok && v <= alfa {
					w.nodos++
					if anotar(v, true, m, codigo) {
						break
					}
					continue
				}
			}
			if probar(m, fs, codigo) {
				break
			}
			if !salidasHechas && w.fichas[w.turno] > 1 {
				// La primera no cortó: quizá no corte ninguna. (Con una
				// ficha, las que siguen son salidas, que no se refutan, y
				// pasar: generar las salidas del rival costaría lo mismo
				// que buscar el pase, que las genera en el nivel siguiente
				// y para en la primera que corta.)
				w.salidasDelRival(k)
				conSalidas, salidasHechas = len(nv.salidas) > 0, true
			}
		}
	}
	if w.parar {
		return 0, false
	}
	w.guardar(alfaOrig, beta, prof, mejor, completo, mejorCodigo, mejorPuntos, w.nodos-nodos0)
	return mejor, completo
}

// guardar anota en la tabla el resultado de una búsqueda con la ventana
// (alfa, beta) a profundidad prof que visitó nodos nodos.
func (w *trabajador) guardar(alfa, beta, prof, valor int, completo bool, codigo uint64, puntos int, nodos int64) {
	t := w.c.tabla.Load()
	if t == nil {
		return
	}
	cota := cotaExacta
	switch {
	case valor <= alfa:
		cota = cotaSuperior
	case valor >= beta:
		cota = cotaInferior
	}
	if completo {
		prof = profCompleta
	}
	t.escribir(w.clave, codigo, conTrabajo(empacar(valor, cota, prof, puntos), nodos))
}

// frontera es negamax a profundidad 1: el valor de cada jugada sale sin
// hacerla, con la estimación del horizonte para la posición siguiente
// (evaluar), salvo las que terminan la partida, que valen lo exacto. Es
// completo solo si lo decide una jugada que termina la partida.
func (w *trabajador) frontera(k, alfa, beta int) (int, bool) {
	i := w.turno
	nv := &w.niveles[k]
	w.generar(k, true, inf)
	if w.parar {
		return 0, false
	}
	mias, rival := w.valorMano[i], w.valorMano[1-i]
	fin := w.sinPuntos+1 >= w.c.limite
	// Pasar: la partida termina por turnos sin puntos o sigue con el rival.
	mejor, completo := rival-mias, fin
	elegida, puntos := -1, 0
	for x := range nv.jugadas {
		m := &nv.jugadas[x]
		fs := nv.pool[m.ini : m.ini+int32(m.n)]
		v, c := 0, false
		switch {
		case int(m.n) == w.fichas[i]:
			v, c = int(m.puntos)+2*rival, true
		default:
			resto := mias
			for _, f := range fs {
				if !f.Comodin {
					resto -= w.val[f.Letra]
				}
			}
			v = int(m.puntos) - resto + rival
			c = m.puntos == 0 && fin
		}
		if v > mejor || v == mejor && c && !completo {
			mejor, completo = v, c
			elegida, puntos = x, int(m.puntos)
			if c && v >= beta {
				break
			}
		}
	}
	// Sin una jugada que termine la partida por encima de beta, el valor
	// depende del horizonte, salvo que todas terminen la partida.
	if !(completo && mejor >= beta) {
		completo = true
		for x := range nv.jugadas {
			m := &nv.jugadas[x]
			if int(m.n) != w.fichas[i] && !(m.puntos == 0 && fin) {
				completo = false
				break
			}
		}
		completo = completo && fin
	}
	codigo := uint64(codigoPasar)
	if elegida >= 0 {
		m := &nv.jugadas[elegida]
		codigo = w.codificar(nv.pool[m.ini : m.ini+int32(m.n)])
	}
	w.guardar(alfa, beta, 1, mejor, completo, codigo, puntos, 0)
	return mejor, completo
}

// ordenarResto ordena ls de mayor a menor orden, estable: por inserción
// si es corta (lo común), si no con slices.SortStableFunc.
func ordenarResto(ls []jugada) {
	if len(ls) > 48 {
		slices.SortStableFunc(ls, func(a, b jugada) int { return int(b.orden - a.orden) })
		return
	}
	for i := 1; i < len(ls); i++ {
		x := ls[i]
		j := i
		for j > 0 && ls[j-1].orden < x.orden {
			ls[j] = ls[j-1]
			j--
		}
		ls[j] = x
	}
}
