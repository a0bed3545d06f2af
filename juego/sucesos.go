package juego

import (
	"fmt"

	"github.com/juegodepalabras/palabras/internal/azar"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// TipoSuceso dice qué pasó en un [Suceso].
type TipoSuceso uint8

// Los tipos de suceso. Los tres primeros son turnos: avanzan el tiempo y
// pasan el turno al siguiente jugador.
const (
	SucesoColocacion TipoSuceso = iota // ubicó fichas ([Juego.Ubicar])
	SucesoPase                         // pasó el turno ([Juego.Ubicar] con la jugada vacía)
	SucesoCambio                       // cambió fichas ([Juego.Cambiar])
	SucesoAjuste                       // sumó o perdió puntos fuera de turno ([Juego.Ajustar])
	SucesoFin                          // el ajuste final de un jugador al terminar la partida
)

var nombresSuceso = [...]string{"colocación", "pase", "cambio", "ajuste", "fin"}

// String devuelve el nombre del tipo en español ("colocación", "pase"…).
func (t TipoSuceso) String() string {
	if int(t) < len(nombresSuceso) {
		return nombresSuceso[t]
	}
	return fmt.Sprintf("TipoSuceso(%d)", uint8(t))
}

// Suceso es una entrada del registro de la partida ([Juego.Sucesos]): un
// turno, un ajuste de puntos o el ajuste final de un jugador. Es lo que
// hace falta para escribir la partida (por ejemplo como GCG) o repetirla.
type Suceso struct {
	Tipo    TipoSuceso
	Jugador int
	// Tiempo es la cantidad de turnos hechos antes de este suceso.
	Tiempo int
	// Mano es la mano del jugador antes del suceso (en el fin, la que le
	// quedó).
	Mano letra.Multiconjunto
	// Jugada son las fichas ubicadas, en una colocación, con el alfabeto
	// de la variante (se escriben legibles con String).
	Jugada ocurrencia.Ocurrencia
	// Cambiadas son las fichas devueltas a la bolsa, en un cambio.
	Cambiadas letra.Multiconjunto
	// Puntos es lo que sumó (o restó, si es negativo) el jugador.
	Puntos int
}

// MotivoFin dice por qué terminó una partida.
type MotivoFin uint8

// Los motivos por los que termina una partida con variante.Opciones.FinDePartida.
const (
	// FinSinFichas: un jugador se quedó sin fichas con la bolsa vacía.
	FinSinFichas MotivoFin = iota + 1
	// FinTurnosSinPuntos: hubo variante.Variante.TurnosSinPuntos turnos
	// seguidos sin puntos.
	FinTurnosSinPuntos
)

// String devuelve el nombre del motivo en español.
func (m MotivoFin) String() string {
	switch m {
	case FinSinFichas:
		return "un jugador se quedó sin fichas"
	case FinTurnosSinPuntos:
		return "turnos seguidos sin puntos"
	}
	return fmt.Sprintf("MotivoFin(%d)", uint8(m))
}

// Fin describe cómo terminó una partida.
type Fin struct {
	Motivo MotivoFin
	// Jugador es el que se quedó sin fichas (FinSinFichas), o −1.
	Jugador int
	// Ajustes es lo que sumó o perdió cada jugador en el ajuste final: el
	// valor de las fichas que le quedaron, con signo menos, y el que se
	// quedó sin fichas la suma de lo que perdieron los demás.
	Ajustes []int
}

// Terminada informa si la partida terminó, y cómo. Solo termina con
// variante.Opciones.FinDePartida; la de la especificación no termina nunca.
func (j *Juego) Terminada() (Fin, bool) {
	if j.fin == nil {
		return Fin{Jugador: -1}, false
	}
	fin := *j.fin
	fin.Ajustes = append([]int(nil), fin.Ajustes...)
	return fin, true
}

// Sucesos devuelve el registro de la partida, en orden: cada turno (con la
// mano de antes y los puntos obtenidos), cada ajuste y, si terminó, el
// ajuste final de cada jugador. El resultado es una copia.
func (j *Juego) Sucesos() []Suceso { return append([]Suceso(nil), j.sucesos...) }

// Ajustar suma puntos (o los resta, si son negativos) al jugador i fuera de
// sus jugadas, sin gastar un turno: el premio por un desafío fallido o la
// penalización por tiempo de los torneos, por ejemplo. Queda en el registro
// como un [SucesoAjuste]. También vale con la partida terminada (las
// penalizaciones por tiempo se cuentan al final): el suceso va después de
// los de fin. Devuelve un error que envuelve a [ErrJugadorInexistente] si i
// no es un jugador, o a [ErrPuntajeDesbordado] si el puntaje del jugador
// pasaría de ±[MaxPuntaje]; en los dos casos no cambia nada.
func (j *Juego) Ajustar(i, puntos int) error {
	p, err := j.jugador(i)
	if err != nil {
		return err
	}
	total, err := sumarPuntaje(p.total, puntos)
	if err != nil {
		return fmt.Errorf("%w (el ajuste del jugador %d)", err, i)
	}
	p.extra += puntos
	p.total = total
	j.sucesos = append(j.sucesos, Suceso{Tipo: SucesoAjuste, Jugador: i, Tiempo: j.tiempo, Mano: p.fichas, Puntos: puntos})
	return nil
}

// Cambiar es el turno de cambiar fichas (variante.Opciones.Cambios): el jugador en
// turno devuelve a la bolsa las fichas de devueltas, saca otras tantas y
// pasa el turno sin sumar puntos. Las fichas nuevas se sacan antes de
// devolver las viejas, que luego se mezclan en la bolsa: la mezcla depende
// solo del repositorio inicial y del momento, así que una partida se repite
// igual.
//
// Devuelve un error que envuelve a [ErrCambioInvalido], y no cambia nada, si
// la variante no permite cambios, si la bolsa tiene menos de F fichas, si
// devueltas es vacío o si el jugador no tiene esas fichas; o
// [ErrPartidaTerminada]; o un error que envuelve a [ErrPuntajeDesbordado]
// si el cambio termina la partida y un ajuste del fin llevaría un puntaje
// fuera de rango. Cuesta O(F + fichas en la bolsa).
func (j *Juego) Cambiar(devueltas letra.Multiconjunto) error {
	p := &j.jugadores[j.Turno()]
	switch {
	case j.fin != nil:
		return ErrPartidaTerminada
	case !j.variante.Cambios():
		return fmt.Errorf("%w: la variante no permite cambiar fichas", ErrCambioInvalido)
	case j.LetrasEnRepositorio() < j.variante.Fichas():
		return fmt.Errorf("%w: quedan %d fichas en la bolsa y hacen falta %d", ErrCambioInvalido, j.LetrasEnRepositorio(), j.variante.Fichas())
	case devueltas.Vacio():
		return fmt.Errorf("%w: no se devuelve ninguna ficha (para pasar, Pasar)", ErrCambioInvalido)
	case !p.fichas.Incluye(devueltas):
		return fmt.Errorf("%w: el jugador no tiene %s", ErrCambioInvalido, devueltas.Formatear(j.alfabeto))
	}
	m := devueltas.Tamano()
	despues := p.fichas.Diferencia(devueltas)
	for _, l := range j.repo[j.frente : j.frente+m] {
		despues.Agregar(l)
	}
	if err := j.comprobarTurno(j.Turno(), 0, despues, j.LetrasEnRepositorio()); err != nil {
		return err
	}
	antes := p.fichas
	p.fichas = p.fichas.Diferencia(devueltas)
	for _, l := range j.repo[j.frente : j.frente+m] {
		p.fichas.Agregar(l)
	}
	// El repositorio se comparte con los clones: se arma uno nuevo (en la
	// memoria de reserva si el repositorio es propio, ver CopiarEn).
	var bolsa []letra.Letra
	if j.repoPropio {
		bolsa = j.reserva[:0]
	} else {
		bolsa = make([]letra.Letra, 0, len(j.repo)-j.frente)
	}
	bolsa = append(bolsa, j.repo[j.frente+m:]...)
	for l := range letra.Letra(letra.MaxLetras) {
		for range devueltas.Cantidad(l) {
			bolsa = append(bolsa, l)
		}
	}
	azar.Mezclar(bolsa, j.semilla, uint64(j.tiempo))
	if j.repoPropio {
		j.reserva = j.repo
	}
	j.repo, j.frente = bolsa, 0
	j.turnoSinJugada(Suceso{Tipo: SucesoCambio, Mano: antes, Cambiadas: devueltas})
	return nil
}

// AsignarMano reemplaza la mano del jugador i por mano, intercambiando
// fichas con la bolsa: las que mano tiene de más salen de la bolsa y las que
// tiene de menos vuelven a ella. Sirve para repetir una partida registrada
// (cada turno de un GCG dice la mano del jugador) o para analizar una
// posición. No gasta un turno ni queda en el registro.
//
// Solo vale con bolsa (variante.Opciones.Bolsa; si no, [ErrSinBolsa]) y si mano
// tiene tantas fichas como la actual y todas están en ella o en la bolsa
// (si no, [ErrManoInvalida]); devuelve también [ErrJugadorInexistente] y
// [ErrPartidaTerminada]. Si devuelve un error no cambia nada.
func (j *Juego) AsignarMano(i int, mano letra.Multiconjunto) error {
	if _, err := j.jugador(i); err != nil {
		return err
	}
	manos := make([]letra.Multiconjunto, len(j.jugadores))
	for x := range j.jugadores {
		manos[x] = j.jugadores[x].fichas
	}
	manos[i] = mano
	return j.AsignarManos(manos)
}

// AsignarManos reemplaza la mano de cada jugador i por manos[i], a la vez:
// las fichas pueden pasar de una mano a otra, y las que faltan salen de la
// bolsa y las que sobran vuelven a ella (al final, en orden de letras; las
// demás fichas de la bolsa conservan su orden). Como [Juego.AsignarMano],
// sirve para repetir una partida registrada que no dice todas las manos:
// una ficha que el registro muestra en la mano de un jugador puede estar en
// la de otro, que la tenía en lugar de una desconocida. No gasta un turno
// ni queda en el registro.
//
// Solo vale con bolsa ([ErrSinBolsa]), con la partida sin terminar
// ([ErrPartidaTerminada]), con una mano por jugador, cada una con tantas
// fichas como la actual, y si las fichas de todas las manos están en las
// manos actuales o en la bolsa ([ErrManoInvalida]). Si devuelve un error no
// cambia nada. Cuesta O(K + fichas en la bolsa).
func (j *Juego) AsignarManos(manos []letra.Multiconjunto) error {
	antes, despues, err := j.manosNuevas(manos)
	if err != nil {
		return err
	}
	sacar := despues.Diferencia(antes)
	devolver := antes.Diferencia(despues)
	var bolsa letra.Multiconjunto
	for _, l := range j.repo[j.frente:] {
		bolsa.Agregar(l)
	}
	if !bolsa.Incluye(sacar) {
		return fmt.Errorf("%w: %s no está en las manos ni en la bolsa", ErrManoInvalida, sacar.Diferencia(bolsa).Formatear(j.alfabeto))
	}
	nueva := make([]letra.Letra, 0, len(j.repo)-j.frente)
	for _, l := range j.repo[j.frente:] {
		if !sacar.Sacar(l) {
			nueva = append(nueva, l)
		}
	}
	j.repo, j.frente = append(nueva, devolver.Letras()...), 0
	for i, m := range manos {
		j.jugadores[i].fichas = m
	}
	return nil
}

// ProximasFichas pone las fichas de primeras al frente de la bolsa, en orden
// de letras: serán las próximas en salir. Como [Juego.AsignarMano], sirve
// para repetir una partida registrada, donde se sabe qué fichas sacó cada
// jugador. Solo vale con bolsa ([ErrSinBolsa]) y si la bolsa tiene esas
// fichas ([ErrManoInvalida]); si devuelve un error no cambia nada.
func (j *Juego) ProximasFichas(primeras letra.Multiconjunto) error {
	if !j.variante.Bolsa() {
		return ErrSinBolsa
	}
	resto := primeras
	nueva := make([]letra.Letra, 0, len(j.repo)-j.frente)
	nueva = append(nueva, primeras.Letras()...)
	for _, l := range j.repo[j.frente:] {
		if !resto.Sacar(l) {
			nueva = append(nueva, l)
		}
	}
	if !resto.Vacio() {
		return fmt.Errorf("%w: la bolsa no tiene %s", ErrManoInvalida, resto.Formatear(j.alfabeto))
	}
	j.repo, j.frente = nueva, 0
	return nil
}

// turnoSinJugada termina un turno que no ubicó fichas (pasar o cambiar):
// lo anota en el historial del jugador como jugada vacía, como pide la
// especificación para pasar, y en el registro.
func (j *Juego) turnoSinJugada(s Suceso) {
	i := j.Turno()
	p := &j.jugadores[i]
	p.historial = append(p.historial, jugada{tiempo: j.tiempo})
	s.Jugador, s.Tiempo = i, j.tiempo
	j.sucesos = append(j.sucesos, s)
	j.tiempo++
	j.despuesDelTurno(i, 0)
}

// despuesDelTurno aplica las reglas de fin de partida (si la variante las
// tiene) después del turno del jugador i, que sumó puntos.
func (j *Juego) despuesDelTurno(i, puntos int) {
	if j.turnosSinPuntos == 0 {
		return
	}
	if puntos == 0 {
		j.sinPuntos++
	} else {
		j.sinPuntos = 0
	}
	switch {
	case j.jugadores[i].fichas.Vacio() && j.LetrasEnRepositorio() == 0:
		j.terminar(FinSinFichas, i)
	case j.sinPuntos >= j.turnosSinPuntos:
		j.terminar(FinTurnosSinPuntos, -1)
	}
	// terminaria, que comprobó los puntajes antes del turno, decide lo
	// mismo: las dos miran la misma mano, la misma bolsa y los mismos
	// turnos sin puntos.
}

// terminar hace el ajuste final: con la regla internacional, cada jugador
// pierde el valor de sus fichas y el que se quedó sin fichas (ganador ≥ 0)
// gana la suma; con la norteamericana, si hay ganador, gana el doble de la
// suma y nadie pierde nada.
func (j *Juego) terminar(motivo MotivoFin, ganador int) {
	fin := &Fin{Motivo: motivo, Jugador: ganador, Ajustes: j.ajustesFin(ganador, -1, letra.Multiconjunto{})}
	for i := range j.jugadores {
		p := &j.jugadores[i]
		p.extra += fin.Ajustes[i]
		p.total += fin.Ajustes[i] // comprobarTurno vio que queda en rango
		j.sucesos = append(j.sucesos, Suceso{Tipo: SucesoFin, Jugador: i, Tiempo: j.tiempo, Mano: p.fichas, Puntos: fin.Ajustes[i]})
	}
	j.fin = fin
}

// manosNuevas comprueba lo que comparten [Juego.AsignarManos] y
// [Juego.Repartir]: bolsa, partida sin terminar, una mano por jugador con
// tantas fichas como la actual; devuelve la suma de las manos actuales y la
// de las nuevas.
func (j *Juego) manosNuevas(manos []letra.Multiconjunto) (antes, despues letra.Multiconjunto, err error) {
	if !j.variante.Bolsa() {
		return antes, despues, ErrSinBolsa
	}
	if j.fin != nil {
		return antes, despues, ErrPartidaTerminada
	}
	if len(manos) != len(j.jugadores) {
		return antes, despues, fmt.Errorf("%w: %d manos para %d jugadores", ErrManoInvalida, len(manos), len(j.jugadores))
	}
	for i, m := range manos {
		actual := j.jugadores[i].fichas
		if m.Tamano() != actual.Tamano() {
			return antes, despues, fmt.Errorf("%w: la mano del jugador %d tiene %d fichas y la actual %d", ErrManoInvalida, i, m.Tamano(), actual.Tamano())
		}
		antes, despues = antes.Suma(actual), despues.Suma(m)
	}
	return antes, despues, nil
}
