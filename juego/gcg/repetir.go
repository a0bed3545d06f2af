package gcg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// conocida es lo que el registro dice de un suceso del juego: las fichas de
// la mano del jugador que mostraba (todas, si completa) y si el cambio se
// escribió como una cantidad ("-4").
type conocida struct {
	mano     compacta
	completa bool
	contado  bool
}

// repetir juega los sucesos sobre un juego nuevo de la variante v y guarda
// en p el juego y lo que se sabe de él. Con bolsa, antes de cada turno la
// mano del jugador pasa a tener las fichas que el registro muestra (y las
// que se sabe que tiene), y las demás son fichas que no se ven (ver
// prepararMano); sin bolsa, el repositorio se arma para que cada jugador
// reciba las manos que el registro le da (colaInicial). Después cada suceso
// se repite y se comprueba.
func repetir(p *Partida, v *variante.Variante, sucesos []suceso, racks []pragmaMano, ctl *control) error {
	k := len(p.Jugadores)
	manos, err := leerManos(v.Alfabeto(), sucesos)
	if err != nil {
		return err
	}
	var repo []letra.Letra
	if v.Bolsa() {
		repo = bolsaInicial(v, k, sucesos, manos)
	} else if repo, err = colaInicial(v, k, sucesos, manos); err != nil {
		return err
	}
	j, err := juego.Nuevo(k, v, repo)
	if err != nil {
		return &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	r := &repeticion{
		j: j, alf: v.Alfabeto(), sucesos: sucesos, manos: manos,
		finales: make([]*letra.Multiconjunto, k), sabidas: make([]letra.Multiconjunto, k),
		finVisto: make([]bool, k), antesDe: make([]int, len(sucesos)+1),
		h:            nuevaHistoria(k, v, sucesos),
		conocidas:    make([]conocida, 0, len(sucesos)+k),
		tableroSucio: true, repoSucio: true,
		ctl: ctl, racks: racks, ultimoTurno: -1,
		conservadas: make([]*letra.Multiconjunto, k), lineaAnterior: make([]int, k), tiempos: make([]int, k),
	}
	r.proximo = make([]int, len(sucesos))
	ultimo := make([]int, k) // la última línea de turno de cada jugador vista desde el final
	for i := range ultimo {
		ultimo[i] = -1
	}
	for x := len(sucesos) - 1; x >= 0; x-- {
		q := sucesos[x].jugador
		r.proximo[x] = ultimo[q]
		if sucesos[x].esTurno() {
			ultimo[q] = x
		}
	}
	if err := r.leerFinales(); err != nil {
		return err
	}
	r.vistas = r.fichasVistas(v)
	for x := range sucesos {
		r.antesDe[x] = len(r.conocidas)
		if err := r.suceso(x); err != nil {
			return err
		}
	}
	r.antesDe[len(sucesos)] = len(r.conocidas)
	if err := r.faltanFines(); err != nil {
		return err
	}
	if err := r.revisarRacks(); err != nil {
		return err
	}
	r.tomarMomento()
	// Cada pragma va después de los sucesos del juego de las líneas que lo
	// preceden.
	for i, x := range p.pragmaTras {
		p.pragmaTras[i] = r.antesDe[x]
	}
	p.Juego, p.conocidas, p.historia, p.Ilegitimas = j, r.conocidas, r.h, r.ilegitimas
	return nil
}

// leerManos lee la mano registrada en cada suceso; nil si no tiene.
func leerManos(alf *letra.Alfabeto, sucesos []suceso) ([]*letra.Multiconjunto, error) {
	manos := make([]*letra.Multiconjunto, len(sucesos))
	for x, s := range sucesos {
		if s.mano == "" {
			continue
		}
		m, err := leerMano(alf, s.mano)
		if err != nil {
			return nil, errorLinea(s.linea, s.texto, err)
		}
		manos[x] = &m
	}
	return manos, nil
}

// bolsaInicial ordena la bolsa de v para que cada jugador empiece con la
// mano registrada en su primer turno, si cabe; el resto de la bolsa sigue
// en orden de letras. Lo que no cabe lo arregla prepararMano, o lo informa.
func bolsaInicial(v *variante.Variante, k int, sucesos []suceso, manos []*letra.Multiconjunto) []letra.Letra {
	primeras := make([]*letra.Multiconjunto, k)
	visto := make([]bool, k)
	resto := v.Distribucion()
	for x, s := range sucesos {
		if !s.esTurno() || visto[s.jugador] {
			continue
		}
		visto[s.jugador] = true
		if m := manos[x]; m != nil && resto.Incluye(*m) && m.Tamano() <= v.Fichas() {
			resto = resto.Diferencia(*m)
			primeras[s.jugador] = m
		}
	}
	restantes := resto.Letras()
	var bolsa []letra.Letra
	for _, m := range primeras {
		var mano []letra.Letra
		if m != nil {
			mano = m.Letras()
		}
		faltan := min(v.Fichas()-len(mano), len(restantes))
		bolsa = append(append(bolsa, mano...), restantes[:faltan]...)
		restantes = restantes[faltan:]
	}
	return append(bolsa, restantes...)
}

// repeticion repite los sucesos de un registro, uno por uno, sobre j.
type repeticion struct {
	j        *juego.Juego
	alf      *letra.Alfabeto
	sucesos  []suceso
	manos    []*letra.Multiconjunto // la mano registrada de cada suceso, o nil
	finales  []*letra.Multiconjunto // la mano final de cada jugador según las líneas finales, o nil
	sabidas  []letra.Multiconjunto  // por jugador, las fichas de su mano que se conocen
	finVisto []bool                 // qué jugadores ya tuvieron su ajuste final
	proximo  []int                  // por línea, la del próximo turno del mismo jugador, o -1
	vistas   []*letra.Multiconjunto // por línea de turno, las fichas que muestra: su mano y las que juega

	antesDe    []int      // cuántos sucesos del juego hay antes de cada línea
	pendiente  conocida   // lo que se sabe del turno en curso
	conocidas  []conocida // por suceso del juego
	ilegitimas []PalabraIlegitima

	// La historia de las posiciones antes de cada turno, y lo que hace
	// falta para armarla sin copiar lo que no cambió.
	h            *historia
	comp         compactador
	sinPuntos    int  // turnos seguidos sin puntos (juego.Posicion.SinPuntos)
	tableroSucio bool // el tablero cambió desde el último momento
	repoSucio    bool // el repositorio cambió desde el último momento

	// Las reglas del formato (reglas.go).
	ctl           *control
	racks         []pragmaMano
	ultimoTurno   int                    // la última línea de turno, o −1
	retiradaJuega letra.Multiconjunto    // las fichas de la colocación que la línea siguiente retira
	conservadas   []*letra.Multiconjunto // por jugador, lo que conservó de una mano registrada completa, o nil
	lineaAnterior []int                  // por jugador, la línea de esa mano
	tiempos       []int                  // por jugador, la línea de su penalización por tiempo, o 0
	robada        *robo                  // una ficha que asignar sacó de lo que se sabía de otra mano
}

// robo es una ficha que [repeticion.asignar] tuvo que sacar de lo que se
// sabía de la mano de otro jugador: el registro se contradice.
type robo struct {
	l letra.Letra
	q int
}

// faltaEn anota la falta a la regla en la línea del suceso x (ver
// control.falta).
func (r *repeticion) faltaEn(x int, regla Regla, base error, formato string, args ...any) error {
	s := r.sucesos[x]
	return r.ctl.falta(s.linea, s.texto, regla, base, formato, args...)
}

// falla es un error de ErrInconsistente en la línea del suceso x.
func (r *repeticion) falla(x int, formato string, args ...any) error {
	s := r.sucesos[x]
	return errorLinea(s.linea, s.texto, fmt.Errorf("%w: "+formato, append([]any{ErrInconsistente}, args...)...))
}

// fallaDe pone err, que ya envuelve a su centinela, en la línea del suceso x.
func (r *repeticion) fallaDe(x int, err error) error {
	s := r.sucesos[x]
	return errorLinea(s.linea, s.texto, err)
}

// leerFinales lee las manos que muestran las líneas finales: la propia en
// "FICHAS (FICHAS) -N" y, con dos jugadores, la del otro en "(FICHAS) +N".
func (r *repeticion) leerFinales() error {
	k := r.j.Jugadores()
	for x, s := range r.sucesos {
		if s.tipo != lineaFin {
			continue
		}
		m, err := leerMano(r.alf, s.cambio)
		if err != nil {
			return r.fallaDe(x, err)
		}
		switch {
		case s.mano != "":
			r.finales[s.jugador] = &m
		case k == 2:
			r.finales[1-s.jugador] = &m
		}
	}
	return nil
}

// suceso repite el suceso x y comprueba el acumulado de su línea.
func (r *repeticion) suceso(x int) error {
	s := r.sucesos[x]
	_, terminadaAntes := r.j.Terminada()
	var err error
	switch s.tipo {
	case lineaColocacion, lineaPase, lineaCambio:
		err = r.turno(x)
	case lineaRetirada:
		err = r.retirar(x)
	case lineaAjuste:
		if err := r.reglaAjuste(x); err != nil {
			return err
		}
		r.manoDelAjuste(x)
		if err = r.j.Ajustar(s.jugador, s.puntos); err != nil {
			err = r.falla(x, "%w", err)
		}
	case lineaFin:
		err = r.terminar(x)
	}
	if err != nil {
		return err
	}
	if s.esTurno() {
		r.ultimoTurno = x
	}
	r.registrar(x, terminadaAntes)
	return r.acumulado(x)
}

// reglaAjuste comprueba dónde está el ajuste de la línea x: un premio por
// desafío sigue a una colocación no retirada del mismo jugador (después
// pueden venir otros ajustes y las líneas finales); cada jugador tiene a
// lo sumo una penalización por tiempo.
func (r *repeticion) reglaAjuste(x int) error {
	s := r.sucesos[x]
	if !s.desafio {
		if primera := r.tiempos[s.jugador]; primera > 0 {
			return r.faltaEn(x, ReglaTiempo, ErrInconsistente, "segunda penalización por tiempo del jugador %d (la primera en la línea %d)", s.jugador+1, primera)
		}
		r.tiempos[s.jugador] = s.linea
		return nil
	}
	y := r.ultimoTurno
	switch {
	case y < 0:
		return r.faltaEn(x, ReglaDesafio, ErrInconsistente, "un premio por desafío antes del primer turno")
	case r.sucesos[y].jugador != s.jugador:
		return r.faltaEn(x, ReglaDesafio, ErrInconsistente, "un premio por desafío para el jugador %d, y el último turno (línea %d) fue del %d", s.jugador+1, r.sucesos[y].linea, r.sucesos[y].jugador+1)
	case r.sucesos[y].tipo != lineaColocacion:
		return r.faltaEn(x, ReglaDesafio, ErrInconsistente, "un premio por desafío después de un turno sin fichas (línea %d): solo se desafía una colocación", r.sucesos[y].linea)
	case retirada(r.sucesos, y):
		return r.faltaEn(x, ReglaDesafio, ErrInconsistente, "un premio por desafío de una colocación retirada (línea %d)", r.sucesos[y].linea)
	}
	return nil
}

// reglaManoSiguiente comprueba, con bolsa, que la mano registrada completa
// del turno x tenga lo que el jugador conservó de su mano registrada
// completa anterior.
func (r *repeticion) reglaManoSiguiente(x int, mano letra.Multiconjunto) error {
	s := r.sucesos[x]
	c, m := r.conservadas[s.jugador], r.manos[x]
	if c == nil || m == nil || m.Tamano() != mano.Tamano() || m.Incluye(*c) {
		return nil
	}
	return r.faltaEn(x, ReglaManoSiguiente, ErrInconsistente, "la mano %s no tiene %s, que el jugador conservó de su mano de la línea %d",
		cita.Texto(s.mano), cita.Texto(escribirMano(r.alf, c.Diferencia(*m))), r.lineaAnterior[s.jugador])
}

// conservar anota lo que el jugador del turno x conserva de su mano, si la
// línea la registró completa (tantas fichas como tenía) y sale es lo que
// sale de ella; si no se sabe, nada.
func (r *repeticion) conservar(x int, mano, sale letra.Multiconjunto, contado bool) {
	s := r.sucesos[x]
	r.conservadas[s.jugador] = nil
	if m := r.manos[x]; m != nil && m.Tamano() == mano.Tamano() && !contado && m.Incluye(sale) {
		c := m.Diferencia(sale)
		r.conservadas[s.jugador] = &c
		r.lineaAnterior[s.jugador] = s.linea
	}
}

// revisarRacks comprueba cada #rackN con el estado final: una mano bien
// formada, que la bolsa permite (con las fichas del tablero y las que se
// saben de las otras manos) y que es la del jugador (con bolsa: tantas
// fichas como tiene y las que se sabe que tiene).
func (r *repeticion) revisarRacks() error {
	bolsa := r.j.Variante().Bolsa()
	for _, rk := range r.racks {
		p := rk.n - 1
		falta := func(base error, formato string, args ...any) error {
			return r.ctl.falta(rk.linea, rk.texto, ReglaManoFinal, base, formato, args...)
		}
		m, err := leerMano(r.alf, rk.mano)
		if err != nil {
			if err := falta(ErrFormato, "%s", strings.TrimPrefix(err.Error(), ErrFormato.Error()+": ")); err != nil {
				return err
			}
			continue
		}
		mano, _ := r.j.Fichas(p)
		if !bolsa {
			if m != mano {
				err = falta(ErrInconsistente, "#rack%d es %s y al jugador le quedaron %s", rk.n, cita.Texto(rk.mano), cita.Texto(escribirMano(r.alf, mano)))
			}
		} else {
			disponibles := r.j.Variante().Distribucion().Diferencia(r.j.Tablero().DeLaMano())
			for q := range r.j.Jugadores() {
				if q != p {
					disponibles = disponibles.Diferencia(r.sabidas[q])
				}
			}
			switch {
			case !disponibles.Incluye(m):
				err = falta(ErrInconsistente, "la bolsa no permite #rack%d %s: no quedan %s fuera del tablero y de las otras manos", rk.n, cita.Texto(rk.mano), cita.Texto(escribirMano(r.alf, m.Diferencia(disponibles))))
			case m.Tamano() != mano.Tamano():
				err = falta(ErrInconsistente, "#rack%d tiene %d fichas y al jugador le quedaron %d", rk.n, m.Tamano(), mano.Tamano())
			case !m.Incluye(r.sabidas[p]):
				err = falta(ErrInconsistente, "#rack%d %s no tiene %s, que el jugador tenía al final", rk.n, cita.Texto(rk.mano), cita.Texto(escribirMano(r.alf, r.sabidas[p].Diferencia(m))))
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// manoDelAjuste toma la mano de la línea de ajuste x como la del jugador,
// si es completa (tantas fichas como tiene), incluye lo que ya se sabía de
// su mano y puede armarse con su mano y las fichas que no se ven; si no, no
// hace nada. Así un registro escrito por [Escribir], que pone en cada
// ajuste la mano de ese momento, se repite igual. Los registros que ponen
// en un desafío la mano de antes de la jugada desafiada no cumplen lo
// primero o lo segundo, y los puntajes no dependen de las manos.
func (r *repeticion) manoDelAjuste(x int) {
	s := r.sucesos[x]
	m := r.manos[x]
	if m == nil {
		return
	}
	mano, _ := r.j.Fichas(s.jugador)
	if m.Tamano() != mano.Tamano() || !m.Incluye(r.sabidas[s.jugador]) {
		return
	}
	if r.asignar(s.jugador, *m) == nil {
		r.sabidas[s.jugador] = *m
	}
}

// registrar anota lo que se sabe de los sucesos que el juego agregó con la
// línea x (sin copiar el registro del juego: la línea dice cuáles son).
// Un ajuste lleva la mano de su línea, si la tiene: no se usa para repetir
// (no se sabe si es la de antes o la de después de la jugada desafiada),
// solo para volver a escribirla.
func (r *repeticion) registrar(x int, terminadaAntes bool) {
	s := r.sucesos[x]
	switch {
	case s.tipo == lineaAjuste:
		mano, _ := r.j.Fichas(s.jugador)
		c := conocida{mano: r.comp.de(s.jugador, r.sabidas[s.jugador]), completa: r.sabidas[s.jugador] == mano}
		if m := r.manos[x]; m != nil {
			c = conocida{mano: compactar(*m), completa: *m == mano}
		}
		r.conocidas = append(r.conocidas, c)
	case s.esTurno() && !terminadaAntes:
		r.conocidas = append(r.conocidas, r.pendiente)
		if _, terminada := r.j.Terminada(); terminada {
			for i := range r.j.Jugadores() {
				mano, _ := r.j.Fichas(i)
				r.conocidas = append(r.conocidas, conocida{mano: r.comp.de(i, mano), completa: true})
			}
		}
	}
}

// turno repite el turno de la línea x: le da al jugador las fichas que el
// registro muestra, anota la posición y juega.
func (r *repeticion) turno(x int) error {
	s := r.sucesos[x]
	if fin, terminada := r.j.Terminada(); terminada {
		if s.tipo == lineaPase && fin.Motivo == juego.FinSinFichas && s.jugador != fin.Jugador {
			// El turno que pierde quien desafió sin razón la jugada que
			// terminó la partida: no cambia nada.
			return nil
		}
		return r.falla(x, "la partida ya terminó")
	}
	if s.jugador != r.j.Turno() {
		return r.falla(x, "no es el turno de este jugador sino del %d", r.j.Turno()+1)
	}
	var o ocurrencia.Ocurrencia
	var err error
	if s.tipo == lineaColocacion {
		if o, err = colocacion(r.j.Tablero(), s); err != nil {
			return r.fallaDe(x, err)
		}
	}
	bolsa := r.j.Variante().Bolsa()
	if bolsa {
		antes, _ := r.j.Fichas(s.jugador)
		if err := r.reglaManoSiguiente(x, antes); err != nil {
			return err
		}
	}
	if retirada(r.sucesos, x) {
		r.retiradaJuega = o.DeLaMano()
	}
	if bolsa {
		err = r.prepararMano(x, o)
	} else {
		err = r.comprobarMano(x)
	}
	if err != nil {
		return err
	}
	r.tomarMomento()
	mano, _ := r.j.Fichas(s.jugador)
	r.pendiente = conocida{mano: r.comp.de(s.jugador, r.sabidas[s.jugador]), completa: r.sabidas[s.jugador] == mano}
	// Lo que sale de la mano y lo que se sabe que entra.
	var sale letra.Multiconjunto
	switch {
	case retirada(r.sucesos, x) || s.tipo == lineaPase:
	case s.tipo == lineaColocacion:
		sale = o.DeLaMano()
	case s.tipo == lineaCambio:
		if sale, err = r.devueltas(x); err != nil {
			return err
		}
		_, errCantidad := strconv.Atoi(s.cambio)
		r.pendiente.contado = errCantidad == nil
	}
	r.conservar(x, mano, sale, r.pendiente.contado)
	var entran letra.Multiconjunto
	if bolsa && !sale.Vacio() {
		entran = r.proximas(x, mano.Diferencia(sale), sale.Tamano())
	}
	puntos := 0
	switch {
	case retirada(r.sucesos, x) || s.tipo == lineaPase:
		// Una colocación retirada es un turno perdido: se pasa.
		if err := r.j.Pasar(); err != nil {
			return r.falla(x, "%w", err)
		}
	case s.tipo == lineaColocacion:
		if err := r.colocar(x, o); err != nil {
			return err
		}
		puntos, r.tableroSucio, r.repoSucio = s.puntos, true, true
	case s.tipo == lineaCambio:
		if s.puntos != 0 {
			return r.falla(x, "un cambio no suma puntos")
		}
		if err := r.j.Cambiar(sale); err != nil {
			return r.falla(x, "%w", err)
		}
		r.repoSucio = true
	}
	// Los turnos sin puntos, como los cuenta el juego.
	if r.j.Variante().TurnosSinPuntos() > 0 {
		r.sinPuntos++
		if puntos != 0 {
			r.sinPuntos = 0
		}
	}
	despues, _ := r.j.Fichas(s.jugador)
	if bolsa {
		r.sabidas[s.jugador] = interseccion(r.sabidas[s.jugador].Diferencia(sale).Suma(entran), despues)
	} else {
		r.sabidas[s.jugador] = despues
	}
	return nil
}

// devueltas son las fichas que devuelve el cambio de la línea x: las
// escritas o, si se escribió la cantidad, esa cantidad de fichas de la
// mano, primero las que el registro muestra.
func (r *repeticion) devueltas(x int) (letra.Multiconjunto, error) {
	s := r.sucesos[x]
	n, err := strconv.Atoi(s.cambio)
	if err != nil {
		m, err := leerFichas(r.alf, s.cambio, "cambio malformado")
		if err != nil {
			return m, r.fallaDe(x, err)
		}
		return m, nil
	}
	mano, _ := r.j.Fichas(s.jugador)
	if n < 1 || n > mano.Tamano() {
		return letra.Multiconjunto{}, r.falla(x, "cambia %d fichas y tiene %d", n, mano.Tamano())
	}
	orden := append(r.sabidas[s.jugador].Letras(), mano.Diferencia(r.sabidas[s.jugador]).Letras()...)
	return letra.NuevoMulticonjunto(orden[:n]...), nil
}

// comprobarMano comprueba, sin bolsa, que la mano registrada en el suceso x
// sea la que el jugador tiene: el repositorio no se puede reordenar, así que
// una mano que no coincide es un registro inconsistente.
func (r *repeticion) comprobarMano(x int) error {
	s := r.sucesos[x]
	mano, _ := r.j.Fichas(s.jugador)
	r.sabidas[s.jugador] = mano
	if r.manos[x] == nil {
		return nil
	}
	if m := *r.manos[x]; m.Tamano() != mano.Tamano() || !m.Incluye(mano) {
		return r.falla(x, "la mano registrada es %s y el jugador tiene %s", cita.Texto(s.mano), cita.Texto(escribirMano(r.alf, mano)))
	}
	return nil
}

// retirada informa si el suceso x es una colocación que el mismo jugador
// retira en la línea siguiente ("--").
func retirada(sucesos []suceso, x int) bool {
	return sucesos[x].tipo == lineaColocacion && x+1 < len(sucesos) &&
		sucesos[x+1].tipo == lineaRetirada && sucesos[x+1].jugador == sucesos[x].jugador
}

// colocar ubica la jugada o del suceso x, aunque forme palabras que el
// léxico no tiene (que anota), y comprueba sus puntos.
func (r *repeticion) colocar(x int, o ocurrencia.Ocurrencia) error {
	s := r.sucesos[x]
	tiempo := r.j.Tiempo()
	puntos, err := r.j.UbicarSinLexico(o)
	if err != nil {
		return r.falla(x, "%w", err)
	}
	if puntos != s.puntos {
		return r.falla(x, "la jugada vale %d y el registro dice %d", puntos, s.puntos)
	}
	celdas := map[[2]int]bool{}
	for f := range o.Fichas() {
		celdas[[2]int{f.Fila, f.Columna}] = true
	}
	for _, w := range r.j.PalabrasIlegitimas() {
		for f := range w.Fichas() {
			if celdas[[2]int{f.Fila, f.Columna}] {
				p, _ := w.Palabra()
				r.ilegitimas = append(r.ilegitimas, PalabraIlegitima{Linea: s.linea, Tiempo: tiempo, Palabra: r.alf.Formatear(p)})
				break
			}
		}
	}
	return nil
}

// retirar comprueba la línea "--" del suceso x: la colocación que retira ya
// se repitió como un pase. Los puntos son los de la colocación con signo
// menos o, como escriben algunos programas, +0: el acumulado dice lo mismo.
func (r *repeticion) retirar(x int) error {
	s := r.sucesos[x]
	if x == 0 || r.sucesos[x-1].tipo != lineaColocacion || r.sucesos[x-1].jugador != s.jugador {
		return r.falla(x, "\"--\" no sigue a una colocación del mismo jugador")
	}
	if s.puntos != -r.sucesos[x-1].puntos && s.puntos != 0 {
		return r.falla(x, "retira %d puntos y la colocación sumó %d", -s.puntos, r.sucesos[x-1].puntos)
	}
	if s.puntos != -r.sucesos[x-1].puntos {
		if err := r.faltaEn(x, ReglaRetirada, ErrInconsistente, "una retirada resta los puntos de la colocación, %+d, y el registro dice %+d", -r.sucesos[x-1].puntos, s.puntos); err != nil {
			return err
		}
	}
	m, anterior := r.manos[x], r.manos[x-1]
	switch {
	case m == nil:
	case anterior != nil && *m != *anterior:
		return r.faltaEn(x, ReglaRetirada, ErrInconsistente, "la mano es %s y la de la colocación que retira (línea %d), %s", cita.Texto(s.mano), r.sucesos[x-1].linea, cita.Texto(r.sucesos[x-1].mano))
	case !m.Incluye(r.retiradaJuega):
		return r.faltaEn(x, ReglaRetirada, ErrInconsistente, "la mano %s no tiene %s, que jugó la colocación que retira (línea %d)", cita.Texto(s.mano), cita.Texto(escribirMano(r.alf, r.retiradaJuega.Diferencia(*m))), r.sucesos[x-1].linea)
	}
	return nil
}

// terminar comprueba el ajuste final del suceso x con el del juego.
func (r *repeticion) terminar(x int) error {
	s := r.sucesos[x]
	fin, terminada := r.j.Terminada()
	if !terminada {
		return r.falla(x, "un ajuste final con la partida sin terminar")
	}
	if r.finVisto[s.jugador] {
		return r.falla(x, "segundo ajuste final del jugador")
	}
	r.finVisto[s.jugador] = true
	if fin.Ajustes[s.jugador] != s.puntos {
		return r.falla(x, "el ajuste final es %+d (regla %s) y el registro dice %+d", fin.Ajustes[s.jugador], r.j.Variante().ReglaFin(), s.puntos)
	}
	return r.reglaFichasFinales(x)
}

// reglaFichasFinales compara las fichas de la línea final x con las que
// quedaron: en "MANO (MANO) -N", las dos manos entre sí y con la del
// jugador; en "(FICHAS) +N", con las de los demás.
func (r *repeticion) reglaFichasFinales(x int) error {
	s := r.sucesos[x]
	fichas, err := leerMano(r.alf, s.cambio)
	if err != nil {
		return r.fallaDe(x, err)
	}
	if s.mano != "" {
		hoja, _ := r.j.Fichas(s.jugador)
		switch {
		case *r.manos[x] != fichas:
			return r.faltaEn(x, ReglaFichasFinales, ErrInconsistente, "la mano %s y las fichas entre paréntesis, %s, no son las mismas", cita.Texto(s.mano), cita.Texto(s.cambio))
		case fichas != hoja:
			return r.faltaEn(x, ReglaFichasFinales, ErrInconsistente, "las fichas entre paréntesis son %s y al jugador le quedaron %s", cita.Texto(s.cambio), cita.Texto(escribirMano(r.alf, hoja)))
		}
		return nil
	}
	var demas letra.Multiconjunto
	for q := range r.j.Jugadores() {
		if q != s.jugador {
			m, _ := r.j.Fichas(q)
			demas = demas.Suma(m)
		}
	}
	if fichas != demas {
		return r.faltaEn(x, ReglaFichasFinales, ErrInconsistente, "las fichas entre paréntesis son %s y a los demás les quedaron %s", cita.Texto(s.cambio), cita.Texto(escribirMano(r.alf, demas)))
	}
	return nil
}

// acumulado comprueba el acumulado de la línea del suceso x con el puntaje
// del jugador en el juego.
func (r *repeticion) acumulado(x int) error {
	s := r.sucesos[x]
	p, _ := r.j.Puntaje(s.jugador)
	if retirada(r.sucesos, x) {
		p += s.puntos // el acumulado de la colocación retirada cuenta sus puntos
	}
	if fin, terminada := r.j.Terminada(); terminada && !r.finVisto[s.jugador] {
		// El acumulado es el de antes del ajuste final, que viene en su
		// propia línea.
		p -= fin.Ajustes[s.jugador]
	}
	if p != s.acumulado {
		return r.falla(x, "el acumulado es %d y el juego tiene %d", s.acumulado, p)
	}
	return nil
}

// faltanFines comprueba, al terminar el registro, que tuvo el ajuste final
// de cada jugador que lo tiene distinto de 0.
func (r *repeticion) faltanFines() error {
	fin, terminada := r.j.Terminada()
	if !terminada {
		return nil
	}
	for i, a := range fin.Ajustes {
		if a != 0 && !r.finVisto[i] {
			return &ErrorLinea{Err: fmt.Errorf("%w: falta el ajuste final del jugador %d (%+d)", ErrInconsistente, i+1, a)}
		}
	}
	return nil
}

// tomarMomento anota la posición actual con las manos como se conocen, en
// la historia: el tablero y el repositorio solo si cambiaron.
func (r *repeticion) tomarMomento() {
	h := r.h
	k := r.j.Jugadores()
	if r.tableroSucio {
		h.tableros = append(h.tableros, r.j.Tablero())
		r.tableroSucio = false
	}
	if r.repoSucio && !r.j.Variante().Bolsa() {
		h.repos = append(h.repos, r.j.Repositorio())
	}
	r.repoSucio = false
	m := momento{tablero: int32(len(h.tableros) - 1), repo: int32(len(h.repos) - 1), turno: int32(r.j.Turno()), sinPuntos: int32(r.sinPuntos)}
	for i := range k {
		mano, _ := r.j.Fichas(i)
		if !r.j.Variante().Bolsa() {
			r.sabidas[i] = mano
		}
		if r.sabidas[i] == mano {
			m.completas |= 1 << i
		}
		p, _ := r.j.Puntaje(i)
		h.puntajes = append(h.puntajes, p)
		h.manos = append(h.manos, r.comp.de(i, r.sabidas[i]))
	}
	h.momentos = append(h.momentos, m)
}
