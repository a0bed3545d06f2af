package bot

import (
	"context"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// ValoracionPara devuelve las hojas (generador.Hojas) con que el experto
// valora por omisión los juegos de la variante v: la tabla embebida de
// analisis/hojas/espanol si v tiene el alfabeto, la bolsa y las manos de
// la clásica española (espanol.Clasica); si no, las del modelo lineal
// embebido para el alfabeto de v (ver OpcionesExperto.Lineal); o false si
// no hay ninguna.
func ValoracionPara(v *variante.Variante) (generador.Hojas, bool) {
	if v.Alfabeto() == letra.EspanolConDigrafos() {
		if tb := hojases.Tabla(); tb.EsDe(v) {
			return tb, true
		}
	}
	if hs, ok := lineales(v.Alfabeto()); ok {
		return hs, true
	}
	return nil, false
}

// valoracionPara devuelve las hojas del experto para los juegos de v.
func (b *Bot) valoracionPara(v *variante.Variante) generador.Hojas {
	if b.propia {
		return b.valoracion
	}
	if b.valoracion == nil || b.de != v {
		b.valoracion, b.de = &hojasLineales{}, v
		if hs, ok := lineales(v.Alfabeto()); ok && b.lineal {
			b.valoracion = hs
		} else if val, ok := ValoracionPara(v); ok && !b.lineal {
			b.valoracion = val
		}
	}
	return b.valoracion
}

// experto es el nivel Experto: la mayor equidad entre las jugadas y los
// cambios (pasar, solo si no hay ninguno), con la búsqueda por equidad del
// generador (generador.MejoresPorEquidad), que no genera las jugadas que
// no pueden ganar; las hojas valen lo que dice su valoración (una tabla de
// analisis/hojas la da de una vez para toda la mano, con Subhojas). Con la
// bolsa vacía la hoja vale −2 veces el valor de sus fichas y no dejar
// ninguna (salir) 2 veces el de las fichas de los rivales; con
// OpcionesExperto.Final, el final se resuelve (resolverFinal).
func (b *Bot) experto(ctx context.Context, j *juego.Juego) Decision {
	if b.final > 0 && j.LetrasEnRepositorio() == 0 && j.Jugadores() == 2 {
		if d, ok := b.resolverFinal(ctx, j); ok {
			return d
		}
	}
	v := j.Variante()
	val := b.valoracionPara(v)
	mano, _ := j.Fichas(j.Turno())
	if j.LetrasEnRepositorio() == 0 {
		b.cierre.Cargar(j)
		val = &b.cierre
	}
	b.elecciones = generador.MejoresPorEquidad(b.gen, j, mano, val, 1, b.elecciones)
	if len(b.elecciones) == 0 {
		return Decision{Tipo: juego.SucesoPase}
	}
	e := &b.elecciones[0]
	return decisionDe(e, e.Equidad)
}

// decisionDe es la decisión de hacer la elección e, con la equidad dada.
func decisionDe(e *generador.Eleccion, equidad float64) Decision {
	switch e.Tipo {
	case juego.SucesoColocacion:
		return Decision{Tipo: juego.SucesoColocacion, Jugada: ocurrencia.Nueva(e.Jugada.Fichas...), Puntos: e.Jugada.Puntos, Equidad: equidad}
	case juego.SucesoCambio:
		return Decision{Tipo: juego.SucesoCambio, Cambiadas: e.Cambiadas, Equidad: equidad}
	}
	return Decision{Tipo: juego.SucesoPase, Equidad: equidad}
}
