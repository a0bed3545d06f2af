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
	// Tiempo es el presupuesto por jugada; 0 es OmisionTiempoMaestro.
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
	// victorias de la simulación se estiman con él.
	Hojas generador.Hojas
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
	// El plazo de la jugada, dentro de ctx: si ctx termina antes, las
	// búsquedas vuelven con lo que tienen.
	ctx, cancel := context.WithTimeout(ctx, plazoInterno(b.maestro.Tiempo))
	defer cancel()
	if j.LetrasEnRepositorio() == 1 {
		// El prefinal tiene la mitad del tiempo: si no evalúa todas sus
		// candidatas, la simulación usa lo que queda.
		cp, cancelar := context.WithTimeout(ctx, b.maestro.Tiempo/2)
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
			ci, cancelar := context.WithTimeout(ctx, b.maestro.Tiempo/5)
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
