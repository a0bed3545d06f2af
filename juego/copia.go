package juego

import (
	"fmt"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/letra"
)

// CopiarEn hace de dst una copia independiente de j, como [Juego.Clonar],
// reutilizando la memoria de dst (su tablero, sus historiales, su registro y
// sus celdas): copiar una y otra vez la misma posición en el mismo dst, como
// hace una simulación en cada iteración, no reserva memoria una vez que dst
// creció lo necesario. Con dst nil es Clonar. Devuelve dst.
//
// dst y j no deben ser el mismo juego. Lo que dst devolvió antes (sucesos,
// ocurrencias) sigue valiendo: solo se reutiliza memoria que nadie más ve.
// Varias gorutinas pueden copiar a la vez el mismo j en destinos distintos
// si j ya fue copiado o clonado antes (si nada más lo cambia).
// Cuesta O(N² + K + T + B) para T jugadas hechas y B letras del
// repositorio.
func (j *Juego) CopiarEn(dst *Juego) *Juego {
	if dst == nil {
		return j.Clonar()
	}
	if dst == j {
		return dst
	}
	// Las celdas de j pasan a verse desde dst: j ya no reutiliza su bloque.
	// (Solo se escribe si cambia: así varias gorutinas pueden copiar a la
	// vez el mismo j, ya cedido, en sus destinos.)
	if !j.cedido {
		j.cedido = true
	}
	libres, bloque, cedido := dst.libres, dst.bloque, dst.cedido
	if bloque != nil && !cedido {
		libres = bloque // nadie más apunta a esas celdas: se reutilizan
	}
	tablero := append(dst.tablero[:0], j.tablero...)
	jugadores := dst.jugadores
	if cap(jugadores) < len(j.jugadores) {
		jugadores = make([]jugador, len(j.jugadores))
	}
	jugadores = jugadores[:len(j.jugadores)]
	for i := range j.jugadores {
		h, hs := jugadores[i].historial[:0], jugadores[i].historialSinVacias[:0]
		jugadores[i] = j.jugadores[i]
		jugadores[i].historial = append(h, j.jugadores[i].historial...)
		jugadores[i].historialSinVacias = append(hs, j.jugadores[i].historialSinVacias...)
	}
	sucesos := append(dst.sucesos[:0], j.sucesos...)
	reserva := dst.reserva
	var repo []letra.Letra
	if dst.repoPropio {
		repo = dst.repo[:0]
	}
	repo = append(repo, j.repo...)
	*dst = *j
	dst.tablero, dst.jugadores, dst.sucesos, dst.repo = tablero, jugadores, sucesos, repo
	dst.libres, dst.bloque, dst.cedido, dst.repoPropio, dst.reserva = libres, bloque, cedido, true, reserva
	if j.fin != nil {
		fin := *j.fin
		dst.fin = &fin
	}
	return dst
}

// versiones da la versión de cada tablero nuevo, única en el proceso.
var versiones atomic.Uint64

// nuevaVersion devuelve una versión de tablero que nadie tuvo antes.
func nuevaVersion() uint64 { return versiones.Add(1) }

// VersionTablero identifica el tablero de j en el proceso: cambia cada vez
// que una jugada pone fichas, y dos juegos tienen la misma solo si uno es
// copia del otro ([Juego.Clonar], [Juego.CopiarEn]) y ninguno puso fichas
// desde entonces; nunca es 0. No es parte del TAD: sirve a quien guarda
// algo calculado del tablero (un generador guarda sus conjuntos cruzados),
// que sigue valiendo mientras la versión sea la misma. Es O(1).
func (j *Juego) VersionTablero() uint64 { return j.version }

// Repartir reemplaza a la vez la mano de cada jugador i por manos[i] y la
// bolsa por bolsa, en ese orden (bolsa[0] sale primero): las fichas pueden
// pasar de una mano a otra o a la bolsa, siempre que sean las mismas que
// entre todas las manos y la bolsa hay ahora. Sirve para analizar una
// posición con las fichas que un jugador no ve repartidas al azar (una
// simulación), o para repetir una partida que dice el orden de la bolsa.
// No gasta un turno ni queda en el registro. Después de la primera vez, en
// un juego hecho con [Juego.CopiarEn], no reserva memoria.
//
// Solo vale con bolsa ([ErrSinBolsa]), con la partida sin terminar
// ([ErrPartidaTerminada]), con una mano por jugador, cada una con tantas
// fichas como la actual, y si las fichas de las manos y la bolsa son las
// que hay ([ErrManoInvalida]). Si devuelve un error no cambia nada. Cuesta
// O(K + B) para B fichas en la bolsa.
func (j *Juego) Repartir(manos []letra.Multiconjunto, bolsa []letra.Letra) error {
	antes, despues, err := j.manosNuevas(manos)
	if err != nil {
		return err
	}
	if len(bolsa) != j.LetrasEnRepositorio() {
		return fmt.Errorf("%w: la bolsa tiene %d fichas y se dan %d", ErrManoInvalida, j.LetrasEnRepositorio(), len(bolsa))
	}
	for _, l := range j.repo[j.frente:] {
		antes.Agregar(l)
	}
	for _, l := range bolsa {
		if l >= letra.MaxLetras {
			return fmt.Errorf("%w: la letra %d no existe", ErrManoInvalida, l)
		}
		despues.Agregar(l)
	}
	if antes != despues {
		return fmt.Errorf("%w: las manos y la bolsa no tienen las fichas que hay (%s de más, %s de menos)", ErrManoInvalida,
			despues.Diferencia(antes).Formatear(j.alfabeto), antes.Diferencia(despues).Formatear(j.alfabeto))
	}
	var repo []letra.Letra
	if j.repoPropio {
		repo = j.repo[:0]
	}
	j.repo, j.frente, j.repoPropio = append(repo, bolsa...), 0, true
	for i, m := range manos {
		j.jugadores[i].fichas = m
	}
	return nil
}
