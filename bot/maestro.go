package bot

import (
	"context"
	"time"

	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
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
	// experto que el maestro hace; nil: las del experto (HojasPara).
	Hojas generador.Hojas
}

// NuevoMaestro devuelve un bot del nivel Maestro con las opciones op (Nuevo
// con Maestro usa las de omisión). Devuelve ErrSinGenerador si g es nil.
func NuevoMaestro(g generador.Generador, op OpcionesMaestro) (*Bot, error) {
	if g == nil {
		return nil, ErrSinGenerador
	}
	if op.Tiempo <= 0 {
		op.Tiempo = OmisionTiempoMaestro
	}
	b := &Bot{nivel: Maestro, gen: g, maestro: op}
	if hs, ok := op.Hojas.(*Hojas); ok {
		b.hojas = hs
	}
	return b, nil
}

// hojasMaestro son las hojas con que simula el maestro en j.
func (b *Bot) hojasMaestro(j *juego.Juego) generador.Hojas {
	if b.maestro.Hojas != nil {
		return b.maestro.Hojas
	}
	if hs, ok := HojasPara(j.Variante().Alfabeto()); ok {
		return hs
	}
	return nil
}

// maestroElegir es el nivel Maestro: con la bolsa vacía juega como el
// experto (la regla del cierre); si no, simula las mejores candidatas por
// equidad dentro de su tiempo, con la mano del rival inferida de su último
// turno (una quinta parte del tiempo como mucho).
func (b *Bot) maestroElegir(j *juego.Juego) Decision {
	if j.LetrasEnRepositorio() == 0 || j.Jugadores() != 2 {
		return b.experto(j)
	}
	ctx, cancel := context.WithTimeout(context.Background(), b.maestro.Tiempo)
	defer cancel()
	hs := b.hojasMaestro(j)
	op := simulacion.Opciones{
		Candidatas: b.maestro.Candidatas, Plies: b.maestro.Plies, Iteraciones: b.maestro.Iteraciones,
		Trabajadores: b.maestro.Trabajadores, Hojas: hs, Semilla: uint64(j.Tiempo()),
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
		return b.experto(j)
	}
	e := mejor.Eleccion
	switch e.Tipo {
	case juego.SucesoColocacion:
		return Decision{Tipo: juego.SucesoColocacion, Jugada: ocurrencia.Nueva(e.Jugada.Fichas...), Puntos: e.Jugada.Puntos, Equidad: mejor.Media}
	case juego.SucesoCambio:
		return Decision{Tipo: juego.SucesoCambio, Cambiadas: e.Cambiadas, Equidad: mejor.Media}
	}
	return Decision{Tipo: juego.SucesoPase, Equidad: mejor.Media}
}
