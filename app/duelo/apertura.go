package main

import (
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// elector es lo que elige la jugada de un lado del duelo: un bot, o un
// experto con el ajuste de la apertura.
type elector interface {
	Elegir(j *juego.Juego) bot.Decision
}

// candidatasApertura son las mejores elecciones por equidad entre las que
// conApertura busca la de mejor equidad ajustada.
const candidatasApertura = 64

// conApertura es el experto con un ajuste de la primera jugada (el tablero
// vacío): cada vocal puesta junto a una casilla de letra doble o triple
// (en la dirección perpendicular a la palabra, donde el rival puede poner
// una ficha cara que cuenta en dos palabras) resta k puntos a la equidad.
// En los demás turnos es el experto.
type conApertura struct {
	experto *bot.Bot
	gen     generador.Generador
	hojas   generador.Hojas
	k       float64
	vocales letra.Conjunto
	el      []generador.Eleccion
}

func nuevoConApertura(g generador.Generador, v *variante.Variante, hs generador.Hojas, k float64) (*conApertura, error) {
	b, err := bot.NuevoExperto(g, hs)
	if err != nil {
		return nil, err
	}
	var vocales letra.Conjunto
	for _, s := range []string{"A", "E", "I", "O", "U"} {
		if l, ok := v.Alfabeto().Indice(s); ok {
			vocales = vocales.Con(l)
		}
	}
	return &conApertura{experto: b, gen: g, hojas: hs, k: k, vocales: vocales}, nil
}

func (a *conApertura) Elegir(j *juego.Juego) bot.Decision {
	v := j.Variante()
	if f, c := v.Centro(); j.HayFicha(f, c) || j.LetrasEnRepositorio() == 0 {
		return a.experto.Elegir(j)
	}
	mano, _ := j.Fichas(j.Turno())
	a.el = generador.MejoresPorEquidad(a.gen, j, mano, a.hojas, candidatasApertura, a.el)
	mejor, eq := -1, 0.0
	for i := range a.el {
		e := &a.el[i]
		x := e.Equidad
		if e.Tipo == juego.SucesoColocacion {
			x -= a.k * float64(a.expuestas(v, e.Jugada.Fichas))
		}
		if mejor < 0 || x > eq {
			mejor, eq = i, x
		}
	}
	if mejor < 0 {
		return a.experto.Elegir(j)
	}
	e := &a.el[mejor]
	switch e.Tipo {
	case juego.SucesoColocacion:
		return bot.Decision{Tipo: juego.SucesoColocacion, Jugada: ocurrencia.Nueva(e.Jugada.Fichas...), Puntos: e.Jugada.Puntos, Equidad: eq}
	case juego.SucesoCambio:
		return bot.Decision{Tipo: juego.SucesoCambio, Cambiadas: e.Cambiadas, Equidad: eq}
	}
	return bot.Decision{Tipo: juego.SucesoPase, Equidad: eq}
}

// expuestas cuenta las vocales de fichas (sin comodines) junto a una
// casilla de letra doble o triple, en la dirección perpendicular a la
// jugada.
func (a *conApertura) expuestas(v *variante.Variante, fichas []ocurrencia.Ficha) int {
	df, dc := 1, 0 // horizontal: se miran las filas de arriba y de abajo
	if len(fichas) > 1 && fichas[0].Columna == fichas[1].Columna {
		df, dc = 0, 1
	}
	n := 0
	for _, f := range fichas {
		if f.Comodin || !a.vocales.Contiene(f.Letra) {
			continue
		}
		for _, s := range []int{-1, 1} {
			if p := v.Premio(f.Fila+s*df, f.Columna+s*dc); p == variante.LetraDoble || p == variante.LetraTriple {
				n++
				break
			}
		}
	}
	return n
}
