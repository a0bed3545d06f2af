package gcg

import (
	"fmt"
	"strconv"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// repetir juega los sucesos sobre un juego nuevo de k jugadores. El
// repositorio inicial se arma para que cada jugador reciba las manos que el
// registro le da (ver bolsaInicial y, sin bolsa, colaInicial), así que la
// partida repetida es la misma; después cada suceso se repite y se
// comprueba (ver repeticion).
func repetir(v *variante.Variante, k int, sucesos []suceso) (*juego.Juego, error) {
	manos, err := leerManos(v.Alfabeto(), sucesos)
	if err != nil {
		return nil, err
	}
	var repo []letra.Letra
	if v.Bolsa() {
		repo, err = bolsaInicial(v, k, sucesos, manos)
	} else {
		repo, err = colaInicial(v, k, sucesos, manos)
	}
	if err != nil {
		return nil, err
	}
	j, err := juego.Nuevo(k, v, repo)
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	r := &repeticion{j: j, alf: v.Alfabeto(), sucesos: sucesos, manos: manos, finVisto: make([]bool, k)}
	for x := range sucesos {
		if err := r.suceso(x); err != nil {
			return nil, err
		}
	}
	if err := r.faltanFines(); err != nil {
		return nil, err
	}
	return j, nil
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
			return nil, &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: err}
		}
		manos[x] = &m
	}
	return manos, nil
}

// bolsaInicial ordena la bolsa de v para que cada jugador reciba la primera
// mano que el registro le da; el resto de la bolsa sigue en orden de letras.
func bolsaInicial(v *variante.Variante, k int, sucesos []suceso, manos []*letra.Multiconjunto) ([]letra.Letra, error) {
	primeras := make([]*letra.Multiconjunto, k)
	resto := v.Distribucion()
	for x, s := range sucesos {
		m := manos[x]
		if m == nil || primeras[s.jugador] != nil {
			continue
		}
		if !resto.Incluye(*m) || m.Tamano() > v.Fichas() {
			return nil, &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: fmt.Errorf("%w: la mano %s no sale de la bolsa", ErrInconsistente, s.mano)}
		}
		resto = resto.Diferencia(*m)
		primeras[s.jugador] = m
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
	return append(bolsa, restantes...), nil
}

// repeticion repite los sucesos de un registro, uno por uno, sobre j.
type repeticion struct {
	j        *juego.Juego
	alf      *letra.Alfabeto
	sucesos  []suceso
	manos    []*letra.Multiconjunto // la mano registrada de cada suceso, o nil
	finVisto []bool                 // qué jugadores ya tuvieron su ajuste final
}

// falla es un error de ErrInconsistente en la línea del suceso x.
func (r *repeticion) falla(x int, formato string, args ...any) error {
	s := r.sucesos[x]
	return &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: fmt.Errorf("%w: "+formato, append([]any{ErrInconsistente}, args...)...)}
}

// fallaDe pone err, que ya envuelve a su centinela, en la línea del suceso x.
func (r *repeticion) fallaDe(x int, err error) error {
	s := r.sucesos[x]
	return &ErrorLinea{Linea: s.linea, Texto: s.texto, Err: err}
}

// suceso repite el suceso x y comprueba el acumulado de su línea.
func (r *repeticion) suceso(x int) error {
	switch r.sucesos[x].tipo {
	case lineaColocacion, lineaPase, lineaCambio:
		if err := r.empezarTurno(x); err != nil {
			return err
		}
	}
	if err := r.comprobarMano(x); err != nil {
		return err
	}
	if err := r.jugar(x); err != nil {
		return err
	}
	return r.acumulado(x)
}

// empezarTurno comprueba que al jugador del suceso x le toque jugar y, con
// bolsa, le da la mano registrada y pone al frente de la bolsa las fichas
// que sacará.
func (r *repeticion) empezarTurno(x int) error {
	s := r.sucesos[x]
	if _, terminada := r.j.Terminada(); terminada {
		return r.falla(x, "la partida ya terminó")
	}
	if s.jugador != r.j.Turno() {
		return r.falla(x, "no es el turno de este jugador sino del %d", r.j.Turno()+1)
	}
	if !r.j.Variante().Bolsa() {
		return nil // la cola inicial ya tiene las fichas que sacará
	}
	if r.manos[x] != nil {
		if err := r.j.AsignarMano(s.jugador, *r.manos[x]); err != nil {
			return r.falla(x, "la mano %s: %w", s.mano, err)
		}
	}
	proximas(r.j, r.sucesos, r.manos, x)
	return nil
}

// comprobarMano comprueba, sin bolsa, que la mano registrada en el suceso x
// sea la que el jugador tiene: el repositorio no se puede reordenar, así que
// una mano que no coincide es un registro inconsistente. Con bolsa no hace
// nada: empezarTurno ya le dio la mano.
func (r *repeticion) comprobarMano(x int) error {
	s := r.sucesos[x]
	if r.j.Variante().Bolsa() || r.manos[x] == nil || s.tipo == lineaFin {
		return nil
	}
	mano, _ := r.j.Fichas(s.jugador)
	if m := *r.manos[x]; m.Tamano() != mano.Tamano() || !m.Incluye(mano) {
		return r.falla(x, "la mano registrada es %s y el jugador tiene %s", s.mano, escribirMano(r.alf, mano))
	}
	return nil
}

// retirada informa si el suceso x es una colocación que el mismo jugador
// retira en la línea siguiente ("--").
func retirada(sucesos []suceso, x int) bool {
	return sucesos[x].tipo == lineaColocacion && x+1 < len(sucesos) &&
		sucesos[x+1].tipo == lineaRetirada && sucesos[x+1].jugador == sucesos[x].jugador
}

// jugar hace lo que dice el suceso x, según su tipo.
func (r *repeticion) jugar(x int) error {
	s := r.sucesos[x]
	switch {
	case retirada(r.sucesos, x) || s.tipo == lineaPase:
		// Una colocación retirada es un turno perdido: se pasa.
		if err := r.j.Pasar(); err != nil {
			return r.falla(x, "%w", err)
		}
	case s.tipo == lineaColocacion:
		return r.colocar(x)
	case s.tipo == lineaCambio:
		return r.cambiar(x)
	case s.tipo == lineaRetirada:
		return r.retirar(x)
	case s.tipo == lineaAjuste:
		if err := r.j.Ajustar(s.jugador, s.puntos); err != nil {
			return r.falla(x, "%w", err)
		}
	case s.tipo == lineaFin:
		return r.terminar(x)
	}
	return nil
}

// colocar ubica la jugada del suceso x y comprueba sus puntos.
func (r *repeticion) colocar(x int) error {
	s := r.sucesos[x]
	o, err := colocacion(r.j, r.alf, s)
	if err != nil {
		return r.fallaDe(x, err)
	}
	puntos, err := r.j.Ubicar(o)
	if err != nil {
		return r.falla(x, "%w", err)
	}
	if puntos != s.puntos {
		return r.falla(x, "la jugada vale %d y el registro dice %d", puntos, s.puntos)
	}
	return nil
}

// cambiar hace el cambio de fichas del suceso x.
func (r *repeticion) cambiar(x int) error {
	s := r.sucesos[x]
	var devueltas letra.Multiconjunto
	if n, err := strconv.Atoi(s.cambio); err == nil {
		// Solo se sabe cuántas: se devuelven las primeras; la mano del
		// turno siguiente dirá cuáles quedaron.
		mano, _ := r.j.Fichas(s.jugador)
		devueltas = letra.NuevoMulticonjunto(mano.Letras()[:min(max(n, 0), mano.Tamano())]...)
	} else if devueltas, err = leerMano(r.alf, s.cambio); err != nil {
		return r.fallaDe(x, err)
	}
	if s.puntos != 0 {
		return r.falla(x, "un cambio no suma puntos")
	}
	if err := r.j.Cambiar(devueltas); err != nil {
		return r.falla(x, "%w", err)
	}
	return nil
}

// retirar comprueba la línea "--" del suceso x: la colocación que retira ya
// se repitió como un pase.
func (r *repeticion) retirar(x int) error {
	s := r.sucesos[x]
	if x == 0 || r.sucesos[x-1].tipo != lineaColocacion || r.sucesos[x-1].jugador != s.jugador {
		return r.falla(x, "\"--\" no sigue a una colocación del mismo jugador")
	}
	if s.puntos != -r.sucesos[x-1].puntos {
		return r.falla(x, "retira %d puntos y la colocación sumó %d", -s.puntos, r.sucesos[x-1].puntos)
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
		return r.falla(x, "el ajuste final es %d y el registro dice %d", fin.Ajustes[s.jugador], s.puntos)
	}
	return nil
}

// acumulado comprueba el acumulado de la línea del suceso x con el puntaje
// del jugador en el juego.
func (r *repeticion) acumulado(x int) error {
	s := r.sucesos[x]
	p, _ := r.j.Puntaje(s.jugador)
	if fin, terminada := r.j.Terminada(); retirada(r.sucesos, x) {
		p += s.puntos // el acumulado de la colocación retirada cuenta sus puntos
	} else if terminada && s.tipo != lineaFin {
		// El turno terminó la partida: el acumulado es el de antes del
		// ajuste final, que viene en sus propias líneas.
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

// proximas pone al frente de la bolsa las fichas que el jugador del turno x
// sacó según el registro: las de su próxima mano registrada que no le
// quedan de esta. Si el registro no lo dice (no hay próxima mano, o no
// coincide) no hace nada: la próxima mano se asignará igual.
func proximas(j *juego.Juego, sucesos []suceso, manos []*letra.Multiconjunto, x int) {
	s := sucesos[x]
	mano, _ := j.Fichas(s.jugador)
	var quedan letra.Multiconjunto
	switch s.tipo {
	case lineaColocacion:
		o, err := colocacion(j, j.Variante().Alfabeto(), s)
		if err != nil {
			return
		}
		quedan = mano.Diferencia(o.DeLaMano())
	case lineaCambio:
		devueltas, err := leerMano(j.Variante().Alfabeto(), s.cambio)
		if err != nil {
			return
		}
		quedan = mano.Diferencia(devueltas)
	default:
		return
	}
	for y := x + 1; y < len(sucesos); y++ {
		t := sucesos[y]
		if t.jugador != s.jugador || t.tipo == lineaRetirada || t.tipo == lineaAjuste && manos[y] == nil {
			continue
		}
		if t.tipo == lineaFin && t.mano == "" {
			return // sale: no saca nada que importe
		}
		if manos[y] != nil && manos[y].Incluye(quedan) {
			_ = j.ProximasFichas(manos[y].Diferencia(quedan))
		}
		return
	}
}

// celdas es lo que colocacion mira de un tablero: lo tienen *juego.Juego y
// tablero.Tablero.
type celdas interface {
	EnTablero(fila, columna int) bool
	Letra(fila, columna int) (letra.Letra, bool)
	EsComodin(fila, columna int) bool
}

// casilla escribe la celda (fila, columna) como en todos los mensajes,
// "(7,3)", desde 0 como en la API, seguida de su nombre en GCG si lo tiene:
// "(7,3) 8D".
func casilla(fila, columna int) string {
	if columna < 0 || columna >= 26 || fila < 0 {
		return fmt.Sprintf("(%d,%d)", fila, columna)
	}
	return fmt.Sprintf("(%d,%d) %s", fila, columna, escribirPosicion(fila, columna, true))
}

// colocacion arma la jugada de una línea de colocación sobre el tablero t.
func colocacion(t celdas, alf *letra.Alfabeto, s suceso) (ocurrencia.Ocurrencia, error) {
	fila, columna, horizontal, err := leerPosicion(s.posicion)
	if err != nil {
		return ocurrencia.Ocurrencia{}, err
	}
	piezas, err := leerPiezas(alf, s.palabra, false)
	if err != nil {
		return ocurrencia.Ocurrencia{}, err
	}
	df, dc := 0, 1
	if !horizontal {
		df, dc = 1, 0
	}
	var fichas []ocurrencia.Ficha
	for i, p := range piezas {
		f, c := fila+i*df, columna+i*dc
		if !t.EnTablero(f, c) {
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la palabra sale del tablero en %s", ErrInconsistente, casilla(f, c))
		}
		l, ocupada := t.Letra(f, c)
		switch {
		case p.pasante && !ocupada:
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: \".\" en la casilla vacía %s", ErrInconsistente, casilla(f, c))
		case ocupada && !p.pasante && (l != p.letra || t.EsComodin(f, c) != p.comodin):
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la casilla %s ya tiene otra ficha", ErrInconsistente, casilla(f, c))
		case !ocupada:
			fichas = append(fichas, ocurrencia.Ficha{Fila: f, Columna: c, Letra: p.letra, Comodin: p.comodin})
		}
	}
	if len(fichas) == 0 {
		return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la colocación no pone ninguna ficha", ErrInconsistente)
	}
	return ocurrencia.Nueva(fichas...), nil
}
