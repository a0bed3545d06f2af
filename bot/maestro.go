package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
)

// OmisionTiempoMaestro es el tiempo por jugada del maestro por omisión.
const OmisionTiempoMaestro = time.Second

// OpcionesMaestro configuran el nivel Maestro ([NuevoMaestro]). El valor
// cero da las de omisión.
type OpcionesMaestro struct {
	// Tiempo es el presupuesto por jugada (el medio: ver TiempoFijo); 0
	// es OmisionTiempoMaestro.
	Tiempo time.Duration
	// Iteraciones acota las iteraciones de la simulación de cada jugada;
	// 0 es sin cota (hasta el tiempo).
	Iteraciones int
	// Candidatas y Plies son los de simulacion.Opciones (0: los de
	// omisión).
	Candidatas, Plies int
	// Trabajadores es cuántas gorutinas simulan; 0 es
	// runtime.GOMAXPROCS(0).
	Trabajadores int
	// SinInferencia da al rival manos al azar, sin mirar su último turno.
	SinInferencia bool
	// Hojas valoran las hojas en la simulación y en las jugadas del
	// experto que el maestro hace; nil: las del experto (ValoracionPara).
	// Si tienen el método ProbabilidadDeGanar de hojas.Tabla, las
	// victorias de la simulación se estiman con él (y con poca bolsa las
	// candidatas se ordenan por victorias: simulacion.OmisionBolsaVictorias).
	Hojas generador.Hojas
	// TiempoFijo da a cada jugada exactamente Tiempo. Sin él, Tiempo es
	// el presupuesto medio: el tiempo que una jugada no gasta (la
	// simulación paró antes porque una candidata era claramente mejor, o
	// porque las vivas daban lo mismo) se guarda para las jugadas
	// siguientes de la misma partida. Cada jugada tiene Tiempo por su peso
	// (ver PesoJugada) si el peso es a lo sumo 1; lo que pase de Tiempo
	// (el peso de más y la mitad de lo guardado) sale de lo guardado, y
	// ninguna pasa de MaxFactorTiempo veces Tiempo: el tiempo medio por
	// jugada no pasa de Tiempo.
	TiempoFijo bool
}

// MaxFactorTiempo: una jugada del maestro gasta a lo sumo este múltiplo de
// OpcionesMaestro.Tiempo; y lo guardado no pasa de 2·MaxFactorTiempo
// veces Tiempo.
const MaxFactorTiempo = 3

// PesoJugada es la parte del tiempo medio que el maestro da a la jugada
// del jugador en turno de j, por lo que puede importar: las primeras
// jugadas (con la bolsa casi llena: el tablero está abierto, las
// candidatas se parecen y la partida es larga) valen 0,75; las del final
// de la mitad de la partida (a lo sumo 2·F + 7 fichas en la bolsa, con F
// las de la mano: lo que se juegue decide el final) 1,5; las demás, 1. Es
// una heurística: no está medida.
func PesoJugada(j *juego.Juego) float64 {
	v := j.Variante()
	total := v.Distribucion().Tamano()
	bolsa := j.LetrasEnRepositorio()
	switch {
	case bolsa <= 2*v.Fichas()+7:
		return 1.5
	case total > 0 && bolsa*10 >= total*7:
		return 0.75
	}
	return 1
}

// NuevoMaestro devuelve un bot del nivel Maestro con las opciones op (Nuevo
// con Maestro usa las de omisión). Devuelve ErrSinGenerador si g es nil, o
// un error que envuelve a [ErrOpcionFueraDeRango] si Candidatas, Plies o
// Trabajadores pasan del máximo de analisis/simulacion (entonces cada
// simulación fallaría).
func NuevoMaestro(g generador.Generador, op OpcionesMaestro) (*Bot, error) {
	if g == nil {
		return nil, ErrSinGenerador
	}
	if op.Candidatas > simulacion.MaxCandidatas || op.Plies > simulacion.MaxPlies || op.Trabajadores > simulacion.MaxTrabajadores {
		return nil, fmt.Errorf("%w: Candidatas = %d (a lo sumo %d), Plies = %d (a lo sumo %d), Trabajadores = %d (a lo sumo %d)", ErrOpcionFueraDeRango,
			op.Candidatas, simulacion.MaxCandidatas, op.Plies, simulacion.MaxPlies, op.Trabajadores, simulacion.MaxTrabajadores)
	}
	if op.Tiempo <= 0 {
		op.Tiempo = OmisionTiempoMaestro
	}
	b := &Bot{nivel: Maestro, gen: g, maestro: op, valoracion: op.Hojas, propia: op.Hojas != nil, final: plazoInterno(op.Tiempo)}
	return b, nil
}

// plazoInterno es el plazo de las búsquedas del maestro para un tiempo t
// por jugada: un 5 % menos, lo que cuesta, después del plazo, armar el
// resultado y la jugada (medido: un final que no se prueba vuelve entre 15
// y 80 ms después de su plazo de 1 s).
func plazoInterno(t time.Duration) time.Duration { return t - t/20 }

// victoria es lo que tiene una tabla de hojas que estima la probabilidad
// de ganar (hojas.Tabla).
type victoria interface {
	ProbabilidadDeGanar(diferencia, noVistas int) float64
}

// maestroElegir es el nivel Maestro: con la bolsa vacía resuelve el final
// (como el experto con OpcionesExperto.Final, en su tiempo); con una ficha,
// el prefinal en la mitad de su tiempo; si no lo termina o no es un
// prefinal, simula las mejores candidatas por equidad dentro de
// su tiempo, con la mano del rival inferida de su último turno (una quinta
// parte del tiempo como mucho). Si algo de eso no da jugada, juega como el
// experto.
func (b *Bot) maestroElegir(ctx context.Context, j *juego.Juego) Decision {
	if j.LetrasEnRepositorio() == 0 || j.Jugadores() != 2 {
		return b.experto(ctx, j)
	}
	padre := ctx
	tiempo := b.tiempoJugada(j)
	inicio := time.Now()
	defer func() { b.anotarTiempo(time.Since(inicio)) }()
	// El plazo de la jugada, dentro de ctx: si ctx termina antes, las
	// búsquedas vuelven con lo que tienen.
	ctx, cancel := context.WithTimeout(ctx, plazoInterno(tiempo))
	defer cancel()
	if j.LetrasEnRepositorio() == 1 {
		// El prefinal tiene la mitad del tiempo: si no evalúa todas sus
		// candidatas, la simulación usa lo que queda.
		cp, cancelar := context.WithTimeout(ctx, tiempo/2)
		d, ok := b.prefinal(cp, j)
		cancelar()
		if ok {
			return d
		}
		if padre.Err() != nil {
			return b.experto(padre, j) // cancelado: sin simular
		}
	}
	hs := b.valoracionPara(j.Variante())
	op := simulacion.Opciones{
		Candidatas: b.maestro.Candidatas, Plies: b.maestro.Plies, Iteraciones: b.maestro.Iteraciones,
		Trabajadores: b.maestro.Trabajadores, Hojas: hs, Semilla: uint64(j.Tiempo()),
	}
	if v, ok := hs.(victoria); ok {
		op.Victoria = v.ProbabilidadDeGanar
	}
	if !b.maestro.SinInferencia {
		if antes, turno, noVistas, err := inferencia.UltimoTurno(j); err == nil {
			ci, cancelar := context.WithTimeout(ctx, tiempo/5)
			op.Inferencia, _ = inferencia.Inferir(ci, antes, turno, noVistas, hs, inferencia.Opciones{Trabajadores: b.maestro.Trabajadores})
			cancelar()
		}
	}
	r, err := simulacion.Simular(ctx, j, op)
	mejor, ok := r.Mejor()
	if err != nil || !ok {
		return b.experto(padre, j)
	}
	return decisionDe(&mejor.Eleccion, mejor.Media)
}

// tiempoJugada es el tiempo de la jugada de j (ver
// OpcionesMaestro.TiempoFijo): empieza la cuenta de lo guardado si j es
// otra partida (su turno no es posterior al de la jugada anterior).
func (b *Bot) tiempoJugada(j *juego.Juego) time.Duration {
	t := b.maestro.Tiempo
	if b.maestro.TiempoFijo {
		return t
	}
	if j.Tiempo() <= b.turnoAnterior {
		b.guardado = 0
	}
	b.turnoAnterior = j.Tiempo()
	// Lo que pasa de Tiempo sale de lo guardado: así el tiempo medio por
	// jugada no pasa de Tiempo.
	peso := PesoJugada(j)
	extra := min(b.guardado/2+time.Duration(float64(t)*max(peso-1, 0)), b.guardado)
	b.asignado = min(time.Duration(float64(t)*min(peso, 1))+extra, MaxFactorTiempo*t)
	return b.asignado
}

// anotarTiempo guarda lo que la jugada no gastó de su parte (o descuenta
// lo que gastó de más).
func (b *Bot) anotarTiempo(gastado time.Duration) {
	if b.maestro.TiempoFijo {
		return
	}
	b.guardado = min(max(b.guardado+b.maestro.Tiempo-gastado, 0), 2*MaxFactorTiempo*b.maestro.Tiempo)
}

// prefinal evalúa con analisis/final las jugadas con una ficha en la bolsa
// y devuelve la de mayor diferencia esperada, si las evaluó todas antes del
// plazo de ctx.
func (b *Bot) prefinal(ctx context.Context, j *juego.Juego) (Decision, bool) {
	if b.resolvedor == nil || b.resolvedorVariante != j.Variante() {
		r, err := final.Nuevo(j.Variante(), final.Opciones{MBTabla: 16})
		if err != nil {
			return Decision{}, false
		}
		b.resolvedor, b.resolvedorVariante = r, j.Variante()
	}
	cs, err := b.resolvedor.PreFinal(ctx, j)
	if err != nil || len(cs) == 0 || cs[0].Paso.Jugada.Vacia() {
		return Decision{}, false
	}
	p := cs[0].Paso
	return Decision{Tipo: juego.SucesoColocacion, Jugada: p.Jugada, Puntos: p.Puntos, Equidad: cs[0].Diferencia}, true
}
