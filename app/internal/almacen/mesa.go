package almacen

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Mesa es una partida en curso que se guarda jugada a jugada en un
// repositorio de Partidas: cada jugada aceptada queda guardada antes de que
// la llamada que la hizo vuelva, y una jugada rechazada (por el juego o
// porque el almacén falló) no cambia ni el juego ni lo guardado. Es segura
// para usar desde varias gorutinas; las jugadas se hacen de a una.
//
// Si dos Mesas de la misma partida juegan a la vez (dos procesos, por
// ejemplo), la segunda en guardar recibe ErrConflicto y debe reanudarse.
type Mesa struct {
	mu     sync.Mutex
	a      Partidas
	p      Partida // sin los movimientos
	j      *juego.Juego
	n      int
	usados []time.Duration // lo que corrió el reloj de cada asiento
}

// Empezar crea la partida np en a, con la variante que vs da para su
// diccionario, y devuelve su Mesa. Los errores son los de
// Partidas.CrearPartida y Variantes.Variante; si falla no queda nada
// guardado.
func Empezar(ctx context.Context, a Partidas, vs Variantes, np NuevaPartida) (*Mesa, error) {
	p, err := a.CrearPartida(ctx, np)
	if err != nil {
		return nil, err
	}
	v, err := vs.Variante(ctx, p.Diccionario, p.Version)
	if err == nil {
		var j *juego.Juego
		if j, err = nuevoJuego(p, v); err == nil {
			return &Mesa{a: a, p: p, j: j, usados: make([]time.Duration, len(p.Asientos))}, nil
		}
	}
	return nil, errors.Join(err, a.BorrarPartida(context.WithoutCancel(ctx), p.ID))
}

// Reanudar carga la partida id de a y la sigue exactamente donde quedó
// (Reconstruir): la misma bolsa, las mismas manos, el mismo turno. Antes
// comprueba que repetir sus movimientos la deje como dice estar (en curso o
// terminada con sus puntajes): una partida dañada nunca se reanuda a
// medias. Errores: ErrPartidaInexistente, ErrPartidaCorrupta (que nombra la
// partida) y los de Variantes.Variante. Una partida terminada se puede
// reanudar para mirarla, pero no admite jugadas.
func Reanudar(ctx context.Context, a Partidas, vs Variantes, id int64) (*Mesa, error) {
	p, err := a.Partida(ctx, id)
	if err != nil {
		return nil, err
	}
	v, err := vs.Variante(ctx, p.Diccionario, p.Version)
	if err != nil {
		return nil, err
	}
	j, err := Reconstruir(p, v)
	if err != nil {
		return nil, err
	}
	if err := comprobarEstado(p, j); err != nil {
		return nil, err
	}
	n := len(p.Movimientos)
	usados := make([]time.Duration, len(p.Asientos))
	for _, mov := range p.Movimientos {
		if mov.Jugador >= 0 && mov.Jugador < len(usados) {
			usados[mov.Jugador] += mov.Duracion
		}
	}
	p.Movimientos = nil
	return &Mesa{a: a, p: p, j: j, n: n, usados: usados}, nil
}

// ID devuelve el identificador de la partida.
func (m *Mesa) ID() int64 { return m.p.ID }

// Partida devuelve los datos de la partida, sin sus movimientos (sí su
// cantidad, Movimientos).
func (m *Mesa) Partida() Resumen {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.p
	return Resumen{ID: p.ID, Nombre: p.Nombre, Variante: p.Variante, Diccionario: p.Diccionario, Version: p.Version,
		Asientos: slices.Clone(p.Asientos), Reloj: p.Reloj, Estado: p.Estado, Movimientos: m.n, Puntajes: slices.Clone(p.Puntajes),
		Creada: p.Creada, Actualizada: p.Actualizada}
}

// Juego devuelve una copia del juego (juego.Juego.Clonar): lo que se haga
// con ella no toca la partida.
func (m *Mesa) Juego() *juego.Juego {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.j.Clonar()
}

// Ver llama a f con el juego de la partida sin copiarlo (Juego lo copia),
// para leer lo que haga falta de él después de un movimiento sin pagar la
// copia: f solo debe leerlo, no guardarlo ni usarlo después de volver, y
// no debe llamar a la Mesa (Ver la tiene tomada mientras f corre).
func (m *Mesa) Ver(f func(j *juego.Juego)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(m.j)
}

// Movimientos devuelve cuántos movimientos lleva guardados la partida.
func (m *Mesa) Movimientos() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n
}

// Turno devuelve el asiento al que le toca jugar.
func (m *Mesa) Turno() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.j.Turno()
}

// Terminada informa si la partida terminó, y cómo.
func (m *Mesa) Terminada() (juego.Fin, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.j.Terminada()
}

// Usados devuelve lo que corrió el reloj de cada asiento: la suma de la
// Duracion de sus movimientos guardados.
func (m *Mesa) Usados() []time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.usados)
}

// Ubicar hace la jugada o del asiento en turno (juego.Juego.Ubicar), la
// guarda y devuelve sus puntos. Si el juego la rechaza devuelve su error
// (*juego.ErrorJugada); si el almacén falla, el suyo; en los dos casos no
// cambia nada.
func (m *Mesa) Ubicar(ctx context.Context, o ocurrencia.Ocurrencia) (int, error) {
	return m.Jugar(ctx, Movimiento{Tipo: juego.SucesoColocacion, Jugada: o})
}

// Pasar pasa el turno del asiento en turno y lo guarda.
func (m *Mesa) Pasar(ctx context.Context) error {
	_, err := m.Jugar(ctx, Movimiento{Tipo: juego.SucesoPase})
	return err
}

// Cambiar cambia las fichas devueltas del asiento en turno
// (juego.Juego.Cambiar) y lo guarda.
func (m *Mesa) Cambiar(ctx context.Context, devueltas letra.Multiconjunto) error {
	_, err := m.Jugar(ctx, Movimiento{Tipo: juego.SucesoCambio, Cambiadas: devueltas})
	return err
}

// Jugar hace el turno mov del asiento en turno: una colocación (mov.Jugada),
// un pase o un cambio (mov.Cambiadas), con lo que tardó (mov.Duracion, que
// se suma a su reloj); mov.Jugador y mov.Puntos se ignoran. Lo guarda y
// devuelve sus puntos, como Ubicar, Pasar y Cambiar.
//
// Si el turno termina la partida y tiene reloj con penalización, en la
// misma transacción se guardan las penalizaciones por tiempo de cada
// asiento que se pasó (Reloj.PenalizacionPor, ajustes con AjusteTiempo,
// después del fin: regla C7), y el resultado ya las descuenta.
func (m *Mesa) Jugar(ctx context.Context, mov Movimiento) (int, error) {
	var f func(*juego.Juego) (int, error)
	switch mov.Tipo {
	case juego.SucesoColocacion:
		f = func(j *juego.Juego) (int, error) { return j.Ubicar(mov.Jugada) }
	case juego.SucesoPase:
		f = func(j *juego.Juego) (int, error) { return 0, j.Pasar() }
	case juego.SucesoCambio:
		f = func(j *juego.Juego) (int, error) { return 0, j.Cambiar(mov.Cambiadas) }
	default:
		return 0, fmt.Errorf("almacen: %v no es un turno", mov.Tipo)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.p.Estado == Terminada {
		return 0, fmt.Errorf("%w: partida %d", ErrPartidaTerminada, m.p.ID)
	}
	mov.Jugador = m.j.Turno()
	mov.Motivo = AjusteOtro
	mov.Duracion = max(mov.Duracion, 0)
	copia := m.j.Clonar()
	pts, err := f(copia)
	if err != nil {
		return 0, err
	}
	mov.Puntos = pts
	usados := slices.Clone(m.usados)
	usados[mov.Jugador] += mov.Duracion
	movs := []Movimiento{mov}
	if _, termino := copia.Terminada(); termino {
		for i, u := range usados {
			if pen := m.p.Reloj.PenalizacionPor(u); pen > 0 {
				if err := copia.Ajustar(i, -pen); err != nil {
					return 0, err
				}
				movs = append(movs, Movimiento{Tipo: juego.SucesoAjuste, Jugador: i, Puntos: -pen, Motivo: AjusteTiempo})
			}
		}
	}
	fin := resultadoSiTermino(copia)
	if err := m.a.AgregarMovimientos(ctx, m.p.ID, m.n, movs, fin); err != nil {
		return 0, err
	}
	m.j = copia
	m.n += len(movs)
	m.usados = usados
	if fin != nil {
		m.p.Estado = Terminada
		m.p.Puntajes = fin.Puntajes
	}
	return pts, nil
}

// Abandonar termina la partida porque el asiento a se rinde, y devuelve los
// puntajes finales. Quien se rinde pierde: se guarda un ajuste
// (juego.SucesoAjuste con AjusteAbandono, que Reconstruir repite y que
// ExportarGCG no escribe como puntos: escribe una nota) que lo deja un punto por debajo del rival con menos puntos,
// o de 0 puntos si ya estaba por debajo, y la partida queda terminada con
// esos puntajes, que cuentan para las estadísticas y los ratings como
// cualquier otro final. Puede rendirse en cualquier turno.
//
// Errores: ErrPartidaTerminada si ya terminó (también por las reglas del
// juego), ErrAsientosInvalidos si a no es un asiento, o el del almacén; en
// todos los casos no cambia nada.
func (m *Mesa) Abandonar(ctx context.Context, a int) ([]int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.perder(ctx, a, AjusteAbandono, 0)
}

// PerderPorTiempo termina la partida porque al asiento en turno se le
// acabó el tiempo (su reloj pasó el Exceso): pierde como en Abandonar, con
// un ajuste AjusteBandera que lleva lo que tardó en el turno (duracion).
// Devuelve los puntajes finales; los errores son los de Abandonar.
func (m *Mesa) PerderPorTiempo(ctx context.Context, duracion time.Duration) ([]int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.perder(ctx, m.j.Turno(), AjusteBandera, max(duracion, 0))
}

// perder termina la partida con la derrota del asiento a. Requiere mu.
func (m *Mesa) perder(ctx context.Context, a int, motivo MotivoAjuste, duracion time.Duration) ([]int, error) {
	if _, fin := m.j.Terminada(); fin || m.p.Estado == Terminada {
		return nil, fmt.Errorf("%w: partida %d", ErrPartidaTerminada, m.p.ID)
	}
	if a < 0 || a >= m.j.Jugadores() {
		return nil, fmt.Errorf("%w: la partida %d no tiene el asiento %d", ErrAsientosInvalidos, m.p.ID, a)
	}
	copia := m.j.Clonar()
	propio, _ := copia.Puntaje(a)
	ajuste := 0
	for i := range copia.Jugadores() {
		if p, _ := copia.Puntaje(i); i != a && propio+ajuste >= p {
			ajuste = p - 1 - propio
		}
	}
	if err := copia.Ajustar(a, ajuste); err != nil {
		return nil, err
	}
	fin := &Resultado{Puntajes: make([]int, copia.Jugadores())}
	for i := range fin.Puntajes {
		fin.Puntajes[i], _ = copia.Puntaje(i)
	}
	mov := Movimiento{Tipo: juego.SucesoAjuste, Jugador: a, Puntos: ajuste, Motivo: motivo, Duracion: duracion}
	if err := m.a.AgregarMovimiento(ctx, m.p.ID, m.n, mov, fin); err != nil {
		return nil, err
	}
	m.j = copia
	m.n++
	m.usados[a] += duracion
	m.p.Estado = Terminada
	m.p.Puntajes = fin.Puntajes
	return slices.Clone(fin.Puntajes), nil
}
