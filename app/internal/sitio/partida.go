package sitio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// partida es una partida en juego: la Mesa que la guarda jugada a jugada
// y el servidor.Servidor que reparte sus notificaciones, uno por asiento.
// mu ordena las acciones: cada una se guarda (Mesa) antes de llegar al
// servidor, que la anuncia; una rechazada no cambia nada. Los espectadores
// (y los asientos, después del final) se enteran por novedades, un canal
// que se cierra con cada cambio.
type partida struct {
	sala     *Sala
	id       int64
	reglas   reglas
	v        *variante.Variante
	asientos []almacen.Asiento
	nombres  []string
	reloj    almacen.Reloj

	mu        sync.Mutex
	mesa      *almacen.Mesa
	srv       *servidor.Servidor
	planilla  []renglon
	escritos  [][]byte // el mensaje de cada línea de la planilla en JSON, si ya se escribió (mensajeRenglon)
	fin       *final
	conexion  []*enlace       // la conexión que lee la cola de cada asiento
	abandono  context.Context // se cancela cuando la partida termina fuera del servidor (rendirse, bandera)
	abandonar context.CancelFunc
	novedades chan struct{} // se cierra (y se cambia) con cada novedad
	ultima    time.Time     // la última novedad
	miradas   int           // conexiones abiertas (asientos y espectadores)
	// La presencia en este proceso (presencia.go): las conexiones de cada
	// asiento y los espectadores; presencia se cierra (y se cambia) cuando
	// cambia la de cualquier proceso.
	conectados   []int
	espectadores int
	presencia    chan struct{}
	revancha     [2]int64    // la mesa de la revancha y, cuando empieza, su partida
	seguir       seguimiento // las puestas al día con lo que guardaron otros procesos (bus.go)
	// ultimos son los últimos movimientos guardados, desde el número
	// ultimosDesde: viajan con el encargo de la jugada de un bot
	// (trabajadores.go).
	ultimos      []almacen.Movimiento
	ultimosDesde int

	// El reloj: lo que usó cada asiento en sus turnos terminados, desde
	// cuándo corre el del turno, y el temporizador de su bandera.
	usados  []time.Duration
	desde   time.Time
	bandera *time.Timer
}

// enlace es la conexión de un asiento: quien consume su cola.
type enlace struct {
	cancelar context.CancelFunc
	listo    chan struct{} // se cierra cuando dejó de leer la cola
}

// accion es lo que un asiento pide hacer en su turno.
type accion struct {
	tipo   string // "jugar", "pasar", "cambiar", "rendirse"
	jugada ocurrencia.Ocurrencia
	cambio letra.Multiconjunto
}

// armar arma la partida de la mesa m (nueva o reanudada): un servidor con
// la misma bolsa en el que se repiten los movimientos guardados, la
// planilla y el reloj. Las colas quedan vacías: cada cliente recibe una
// foto al entrar.
func armar(s *Sala, m *almacen.Mesa, p almacen.Partida, r reglas, nombres []string) (*partida, error) {
	k := len(p.Asientos)
	v := m.Juego().Variante()
	bolsa, err := v.Repositorio(k, p.Semilla)
	if err != nil {
		return nil, err
	}
	srv, err := servidor.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, err
	}
	for range k {
		if _, err := srv.Conectar(); err != nil {
			return nil, err
		}
	}
	j, err := juego.Nuevo(k, v, bolsa)
	if err != nil {
		return nil, err
	}
	pa := &partida{sala: s, id: p.ID, reglas: r, v: v, asientos: p.Asientos, nombres: nombres, reloj: p.Reloj, mesa: m, srv: srv,
		conexion: make([]*enlace, k), novedades: make(chan struct{}), conectados: make([]int, k), presencia: make(chan struct{}), ultima: p.Actualizada, usados: m.Usados()}
	pa.abandono, pa.abandonar = context.WithCancel(context.Background())
	conAjustes := false
	for n, mov := range p.Movimientos {
		err = repetir(j, srv, mov)
		conAjustes = conAjustes || mov.Tipo == juego.SucesoAjuste
		if err != nil {
			return nil, fmt.Errorf("partida %d, movimiento %d: %w", p.ID, n, err)
		}
		pa.planilla = append(pa.planilla, renglonDe(n, mov, j, pa.totalAntes(mov.Jugador)))
	}
	for i := range k {
		if _, err := srv.Consultar(i); err != nil {
			return nil, err
		}
	}
	// El servidor debe haber quedado igual que la mesa (salvo los ajustes,
	// que el servidor no conoce).
	sj, err := srv.Partida()
	if err != nil {
		return nil, err
	}
	if !conAjustes && !reflect.DeepEqual(sj.Posicion(), m.Juego().Posicion()) {
		return nil, fmt.Errorf("partida %d: el servidor no quedó como la mesa", p.ID)
	}
	if p.Estado == almacen.Terminada {
		pa.fin = finalDe(j, p.Puntajes, motivoPerdida(p, j))
		pa.abandonar()
		return pa, nil
	}
	// El reloj del turno corre desde la última jugada, pero no mientras el
	// servidor estuvo caído: solo hasta el último latido.
	corrido := time.Duration(0)
	if !s.ultimo.IsZero() && s.ultimo.After(p.Actualizada) {
		corrido = min(s.ultimo.Sub(p.Actualizada), time.Since(p.Actualizada))
	}
	pa.desde = time.Now().Add(-corrido)
	pa.mu.Lock()
	pa.vigilarBandera()
	pa.mu.Unlock()
	return pa, nil
}

// motivoPerdida dice si la partida terminada p terminó con un abandono o
// una bandera (el último movimiento es un ajuste que pierde; en las
// guardadas antes de que los ajustes tuvieran motivo, un ajuste final en un
// juego j que no terminó por las reglas).
func motivoPerdida(p almacen.Partida, j *juego.Juego) almacen.MotivoAjuste {
	n := len(p.Movimientos)
	if n == 0 || p.Movimientos[n-1].Tipo != juego.SucesoAjuste {
		return almacen.AjusteOtro
	}
	m := p.Movimientos[n-1].Motivo
	if m == almacen.AjusteOtro {
		if _, fin := j.Terminada(); !fin {
			return almacen.AjusteAbandono
		}
	}
	if m.Pierde() {
		return m
	}
	return almacen.AjusteOtro
}

// finalDe describe el final con los puntajes dados.
func finalDe(j *juego.Juego, puntajes []int, perdida almacen.MotivoAjuste) *final {
	f := &final{Puntajes: slices.Clone(puntajes), Ganador: -1}
	mejor := -1 << 62
	for i, p := range puntajes {
		switch {
		case p > mejor:
			mejor, f.Ganador = p, i
		case p == mejor:
			f.Ganador = -1
		}
	}
	fin, _ := j.Terminada()
	switch {
	case perdida == almacen.AjusteAbandono:
		f.Motivo = "abandono"
	case perdida == almacen.AjusteBandera:
		f.Motivo = "bandera"
	case fin.Motivo == juego.FinSinFichas:
		f.Motivo = "sin-fichas"
	default:
		f.Motivo = "sin-puntos"
	}
	return f
}

// totalAntes es el puntaje del asiento según la planilla. Requiere mu (o
// que nadie más la vea).
func (p *partida) totalAntes(asiento int) int {
	for i := len(p.planilla) - 1; i >= 0; i-- {
		if p.planilla[i].Jugador == asiento {
			return p.planilla[i].Total
		}
	}
	return 0
}

// puntajes devuelve el total de cada asiento según la planilla. Requiere
// mu.
func (p *partida) puntajes() []int {
	res := make([]int, len(p.asientos))
	for i := range res {
		res[i] = p.totalAntes(i)
	}
	return res
}

// avisar despierta a quienes esperan novedades. Requiere mu.
func (p *partida) avisar() {
	close(p.novedades)
	p.novedades = make(chan struct{})
	p.ultima = time.Now()
}

// actuar hace la acción a del asiento. Un rechazo del juego (no es su
// turno, jugada inválida, cambio imposible) llega al asiento como el Mal de
// su cola, con el motivo; actuar devuelve error solo si la acción no llegó
// al juego (la partida terminó, el almacén falló, se le acabó el tiempo).
// En los casos de error nada cambia, salvo que el tiempo se haya acabado:
// entonces la partida termina por la bandera.
func (p *partida) actuar(ctx context.Context, asiento int, a accion) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if a.tipo == "rendirse" {
		if p.fin != nil {
			return ErrPartidaCerrada
		}
		return p.perder(ctx, asiento, almacen.AjusteAbandono, 0)
	}
	if p.fin != nil {
		return ErrPartidaCerrada
	}
	// Fuera de turno o terminada: el servidor responde Mal con el motivo.
	if _, fin := p.mesa.Terminada(); fin || p.mesa.Turno() != asiento {
		p.enviarAlServidor(asiento, a)
		return nil
	}
	dur := time.Since(p.desde)
	if p.reloj.Activo() && p.usados[asiento]+dur > p.reloj.Inicial+p.reloj.Exceso {
		if err := p.perder(ctx, asiento, almacen.AjusteBandera, dur); err != nil {
			return err
		}
		return ErrSinTiempo
	}
	mov := almacen.Movimiento{Duracion: dur}
	switch a.tipo {
	case "jugar":
		mov.Tipo, mov.Jugada = juego.SucesoColocacion, a.jugada
	case "pasar":
		mov.Tipo = juego.SucesoPase
	case "cambiar":
		mov.Tipo, mov.Cambiadas = juego.SucesoCambio, a.cambio
	default:
		return fmt.Errorf("%w: acción %q", ErrMensajeInvalido, a.tipo)
	}
	antes := p.mesa.Movimientos()
	var err error
	mov.Puntos, err = p.mesa.Jugar(ctx, mov)
	if err != nil {
		if errors.Is(err, juego.ErrJugadaInvalida) || errors.Is(err, juego.ErrCambioInvalido) || errors.Is(err, juego.ErrPartidaTerminada) {
			p.enviarAlServidor(asiento, a) // el mismo juego: el mismo rechazo, en la cola
			return nil
		}
		if errors.Is(err, almacen.ErrConflicto) { // otro proceso guardó antes: llegó tarde
			return p.tarde(ctx, asiento, a)
		}
		return p.errorDeMesa(err)
	}
	mov.Jugador = asiento
	p.desde = time.Now()
	p.usados = p.mesa.Usados()
	// Las penalizaciones por tiempo que siguieron al final: los últimos
	// sucesos de ajuste del juego (solo si las hubo: copiar los sucesos
	// cuesta lo que la partida lleva).
	extra := p.mesa.Movimientos() - antes - 1
	nuevos := []almacen.Movimiento{mov}
	p.mesa.Ver(func(j *juego.Juego) { // sin copiar el juego: solo se lee
		var penal []juego.Suceso
		if extra > 0 {
			sucesos := j.Sucesos()
			for i := len(sucesos) - 1; i >= 0 && len(penal) < extra; i-- {
				if sucesos[i].Tipo == juego.SucesoAjuste {
					penal = append([]juego.Suceso{sucesos[i]}, penal...)
				}
			}
		}
		p.planilla = append(p.planilla, renglonDe(len(p.planilla), mov, j, p.totalAntes(asiento)))
		for _, x := range penal {
			pm := almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: x.Jugador, Puntos: x.Puntos, Motivo: almacen.AjusteTiempo}
			p.planilla = append(p.planilla, renglonDe(len(p.planilla), pm, j, p.totalAntes(x.Jugador)))
			nuevos = append(nuevos, pm)
		}
		if _, ok := j.Terminada(); ok {
			puntajes := make([]int, j.Jugadores())
			for i := range puntajes {
				puntajes[i], _ = j.Puntaje(i)
			}
			p.fin = finalDe(j, puntajes, almacen.AjusteOtro)
		}
	})
	if p.fin != nil { // terminó con este movimiento
		p.terminar()
	} else {
		p.vigilarBandera()
	}
	p.enviarAlServidor(asiento, a)
	p.ultimos, p.ultimosDesde = nuevos, p.mesa.Movimientos()-len(nuevos)
	p.avisar()
	p.sala.anunciar(p.id, p.mesa.Movimientos(), nuevos)
	p.sala.movimientos.Add(1)
	p.sala.ultimoMovimiento.Store(time.Now().UnixNano())
	return nil
}

// tantear devuelve los puntos que le daría al asiento la jugada fs
// (juego.Juego.PuntajeObtenido, con el bingo) sin hacerla, o el error que
// daría hacerla: el de leerJugada, ErrPartidaCerrada o el *juego.ErrorJugada
// del juego. Fuera de turno, los que le daría si le tocara ahora: sobre una
// copia del juego, los demás pasan hasta su turno (pasar no cambia el
// tablero ni las manos). No toma mu: no espera a las acciones de la partida
// ni las demora; la copia se toma con el candado de la Mesa, por un momento.
func (p *partida) tantear(asiento int, fs []revision.Ficha) (int, error) {
	o, err := leerJugada(fs, p.v.Alfabeto(), p.v.TamanoTablero(), p.v.Comodines() > 0)
	if err != nil {
		return 0, err
	}
	if p.abandono.Err() != nil { // se rindió alguien o cayó una bandera
		return 0, ErrPartidaCerrada
	}
	j := p.mesa.Juego()
	if _, fin := j.Terminada(); fin {
		return 0, ErrPartidaCerrada
	}
	for range j.Jugadores() {
		if j.Turno() == asiento || j.Pasar() != nil {
			break
		}
	}
	if j.Turno() != asiento {
		return 0, servidor.ErrNoEsSuTurno // los pases terminaron la copia antes de su turno
	}
	return j.PuntajeObtenido(o)
}

// perder termina la partida con la derrota del asiento: se rinde o se le
// acabó el tiempo (dur es lo que corrió su reloj en el turno). Requiere mu.
func (p *partida) perder(ctx context.Context, asiento int, motivo almacen.MotivoAjuste, dur time.Duration) error {
	var puntajes []int
	var err error
	if motivo == almacen.AjusteBandera {
		puntajes, err = p.mesa.PerderPorTiempo(ctx, dur)
	} else {
		puntajes, err = p.mesa.Abandonar(ctx, asiento)
	}
	if errors.Is(err, almacen.ErrConflicto) { // otro proceso guardó antes
		return p.tarde(ctx, asiento, accion{tipo: "rendirse"})
	}
	if err != nil {
		return p.errorDeMesa(err)
	}
	j := p.mesa.Juego()
	p.usados = p.mesa.Usados()
	mov := almacen.Movimiento{Tipo: juego.SucesoAjuste, Jugador: asiento, Puntos: puntajes[asiento] - p.totalAntes(asiento),
		Motivo: motivo, Duracion: max(dur, 0)}
	defer p.sala.anunciar(p.id, p.mesa.Movimientos(), []almacen.Movimiento{mov})
	p.planilla = append(p.planilla, renglonDe(len(p.planilla), mov, j, p.totalAntes(asiento)))
	p.fin = finalDe(j, puntajes, motivo)
	p.abandonar()
	p.terminar()
	p.avisar()
	return nil
}

// terminar detiene el reloj y encarga el análisis de la partida que acaba
// de terminar. Requiere mu.
func (p *partida) terminar() {
	if p.bandera != nil {
		p.bandera.Stop()
	}
	p.sala.encargarRevision(p.id)
}

func (p *partida) errorDeMesa(err error) error {
	if errors.Is(err, almacen.ErrPartidaTerminada) {
		return ErrPartidaCerrada
	}
	p.sala.registrar("partida %d: %v", p.id, err)
	return fmt.Errorf("%w (%v)", ErrAlmacen, err)
}

// enviarAlServidor pasa la acción al servidor, que la anuncia o responde
// Mal. Requiere mu.
func (p *partida) enviarAlServidor(asiento int, a accion) {
	switch a.tipo {
	case "jugar":
		p.srv.Recibir(asiento, a.jugada)
	case "pasar":
		p.srv.Recibir(asiento, ocurrencia.Ocurrencia{})
	case "cambiar":
		p.srv.RecibirCambio(asiento, a.cambio)
	}
}

// foto devuelve el estado visto desde el asiento (−1: un espectador, que
// no ve ninguna mano). Requiere mu.
func (p *partida) foto(asiento int) *estado {
	j := p.mesa.Juego()
	alf := p.v.Alfabeto()
	e := &estado{Partida: p.id, Asiento: asiento, Reglas: p.reglas.ID, NombreReg: p.reglas.Nombre, Idioma: p.reglas.Idioma,
		Nombres: p.nombres, Tamano: p.v.TamanoTablero(), Premios: premiosJSON(p.v), Comodin: p.v.Comodines() > 0,
		Cambios: p.v.Cambios(), Fichas: p.v.Fichas(), Bingo: p.v.Bingo(), Turno: j.Turno(), Bolsa: j.LetrasEnRepositorio(),
		Movimientos: len(p.planilla), Planilla: slices.Clone(p.planilla), Fin: p.fin, Revancha: p.revancha[0],
		Manos: make([]int, j.Jugadores()), ConBolsa: p.v.Bolsa()}
	for _, a := range p.asientos {
		e.Bots = append(e.Bots, a.Nivel)
	}
	dist := p.v.Distribucion()
	for i, s := range alf.Simbolos() {
		e.Alfabeto = append(e.Alfabeto, s)
		e.Valores = append(e.Valores, p.v.ValorFicha(letra.Letra(i)))
		e.Reparto = append(e.Reparto, dist.Cantidad(letra.Letra(i)))
	}
	e.Blancos = dist.Cantidad(letra.Comodin)
	t := j.Tablero()
	e.Tablero = []revision.Ficha{} // [] y no null en el JSON
	for f := range e.Tamano {
		for c := range e.Tamano {
			if fi, ok := t.Ficha(f, c); ok {
				e.Tablero = append(e.Tablero, revision.Ficha{F: f, C: c, L: alf.Simbolo(fi.Letra), Comodin: fi.Comodin})
			}
		}
	}
	e.Mano = []string{}
	if asiento >= 0 {
		mano, _ := j.Fichas(asiento)
		e.Mano = revision.Simbolos(mano, alf)
	}
	for i := range j.Jugadores() {
		pt, _ := j.Puntaje(i)
		e.Puntajes = append(e.Puntajes, pt)
		m, _ := j.Fichas(i)
		e.Manos[i] = m.Tamano()
	}
	if e.Planilla == nil {
		e.Planilla = []renglon{}
	}
	if p.reloj.Activo() {
		e.Reloj = &relojEstado{relojJSON: relojDe(p.reloj)}
		for _, u := range p.usados {
			e.Reloj.Usados = append(e.Reloj.Usados, u.Milliseconds())
		}
		if p.fin == nil {
			e.Reloj.Corre = time.Since(p.desde).Milliseconds()
		}
	}
	return e
}

// renglon devuelve la línea n de la planilla y el mensaje que la anuncia
// (mensajeDe) ya escrito en JSON: se escribe una vez y lo reciben igual
// todos los asientos y espectadores.
func (p *partida) renglon(n int) (renglon, []byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n < 0 || n >= len(p.planilla) {
		return renglon{}, nil, false
	}
	return p.planilla[n], p.mensajeRenglon(n), true
}

// mensajeRenglon devuelve el mensaje de la línea n de la planilla en JSON,
// escrito la primera vez que se pide. Requiere mu y que la línea exista.
func (p *partida) mensajeRenglon(n int) []byte {
	if len(p.escritos) < len(p.planilla) {
		p.escritos = append(p.escritos, make([][]byte, len(p.planilla)-len(p.escritos))...)
	}
	if p.escritos[n] == nil {
		b, err := json.Marshal(mensajeDe(p.planilla[n]))
		if err != nil {
			return nil // no pasa: un renglón siempre se escribe
		}
		p.escritos[n] = b
	}
	return p.escritos[n]
}

// final devuelve cómo terminó, o nil.
func (p *partida) final() *final {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fin
}

// tomar registra una conexión nueva del asiento y devuelve su foto: antes
// corta la anterior y espera a que deje de leer la cola; luego vacía la
// cola (la foto ya la incluye). Desde entonces las notificaciones del
// asiento son de la conexión nueva.
func (p *partida) tomar(asiento int, e *enlace) *estado {
	for {
		p.mu.Lock()
		vieja := p.conexion[asiento]
		if vieja == nil {
			break
		}
		p.mu.Unlock()
		vieja.cancelar()
		<-vieja.listo
		p.mu.Lock()
		if p.conexion[asiento] == vieja {
			p.conexion[asiento] = nil
		}
		p.mu.Unlock()
	}
	defer p.mu.Unlock()
	p.conexion[asiento] = e
	p.srv.Consultar(asiento)
	return p.foto(asiento)
}

// soltar quita la conexión e del asiento, si sigue siendo la suya.
func (p *partida) soltar(asiento int, e *enlace) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conexion[asiento] == e {
		p.conexion[asiento] = nil
	}
}

// mirando cuenta una conexión más (d = 1) o una menos (d = −1).
func (p *partida) mirando(d int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.miradas += d
	p.ultima = time.Now()
}

// olvidable informa si la partida terminó hace más de diez minutos y nadie
// la mira: se puede sacar de la memoria (queda en el almacén).
func (p *partida) olvidable(ahora time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fin != nil && p.miradas == 0 && ahora.Sub(p.ultima) > 10*time.Minute
}

// detener para el reloj de una partida que se deja de atender.
func (p *partida) detener() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bandera != nil {
		p.bandera.Stop()
	}
}

// ofrecerRevancha anota la mesa de la revancha (si no había otra) y, si
// partida no es 0, la partida en que empezó; avisa a quienes miran.
// Devuelve la mesa anotada.
func (p *partida) ofrecerRevancha(mesa, partida int64) int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.revancha[0] == 0 || p.revancha[0] == mesa {
		p.revancha = [2]int64{mesa, partida}
		p.avisar()
	}
	return p.revancha[0]
}

// olvidarRevancha borra la revancha anotada si es la mesa dada (que ya no
// espera).
func (p *partida) olvidarRevancha(mesa int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.revancha[0] == mesa {
		p.revancha = [2]int64{}
	}
}

// revanchaOfrecida devuelve la mesa de la revancha y su partida, si
// empezó.
func (p *partida) revanchaOfrecida() (int64, int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.revancha[0], p.revancha[1]
}

// jugarBot juega el asiento del bot b mientras la partida siga: cada vez que
// le toca, elige sobre una copia del juego y actúa como cualquier asiento.
// Se despierta con las notificaciones de su cola, sin consultar en un
// bucle.
func (p *partida) jugarBot(ctx context.Context, asiento int, b *bot.Bot) {
	ctx, cancelar := context.WithCancel(ctx)
	defer cancelar()
	stop := context.AfterFunc(p.abandono, cancelar)
	defer stop()
	for {
		j := p.mesa.Juego()
		if _, fin := j.Terminada(); !fin && j.Turno() == asiento && p.final() == nil {
			if d := p.sala.op.RetardoBot; d > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(d):
				}
			}
			d, err := b.Elegir(ctx, j)
			if err != nil {
				return // la partida se abandonó: ctx terminó
			}
			a := accion{tipo: "pasar"}
			switch d.Tipo {
			case juego.SucesoColocacion:
				a = accion{tipo: "jugar", jugada: d.Jugada}
			case juego.SucesoCambio:
				a = accion{tipo: "cambiar", cambio: d.Cambiadas}
			}
			if err := p.actuar(ctx, asiento, a); err != nil {
				if ctx.Err() == nil && !errors.Is(err, ErrPartidaCerrada) && !errors.Is(err, ErrSinTiempo) {
					p.sala.registrar("bot de la partida %d: %v", p.id, err)
				}
				return
			}
			continue
		}
		if _, err := p.srv.Esperar(ctx, asiento); err != nil {
			return // terminó, o se cierra la sala
		}
	}
}

// vigilarBandera programa la caída de la bandera del asiento en turno: el
// momento en que su reloj pasa Inicial + Exceso. Requiere mu.
func (p *partida) vigilarBandera() {
	if p.bandera != nil {
		p.bandera.Stop()
	}
	if !p.reloj.Activo() || p.fin != nil {
		return
	}
	turno, n := p.mesa.Turno(), len(p.planilla)
	queda := p.reloj.Inicial + p.reloj.Exceso - p.usados[turno] - time.Since(p.desde)
	p.bandera = time.AfterFunc(max(queda, 0)+time.Millisecond, func() { p.caerBandera(n) })
}

// caerBandera termina la partida por tiempo si sigue en el turno de la
// planilla n y el reloj se pasó.
func (p *partida) caerBandera(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fin != nil || len(p.planilla) != n || p.sala.ctx.Err() != nil {
		return
	}
	turno := p.mesa.Turno()
	dur := time.Since(p.desde)
	if p.usados[turno]+dur <= p.reloj.Inicial+p.reloj.Exceso {
		p.vigilarBandera()
		return
	}
	if err := p.perder(p.sala.ctx, turno, almacen.AjusteBandera, dur); err != nil && !errors.Is(err, ErrPartidaCerrada) {
		p.sala.registrar("partida %d: la bandera: %v", p.id, err)
		p.bandera = time.AfterFunc(time.Second, func() { p.caerBandera(n) })
	}
}
