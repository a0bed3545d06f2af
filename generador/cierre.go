package generador

import (
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Cierre son las [Hojas] de la bolsa vacía, con las reglas clásicas de fin
// de partida: una hoja vale −2 veces el valor de sus fichas (lo que se
// resta a quien las tiene y se suma a quien sale), y quedarse sin fichas
// vale 2 veces el de las fichas de los rivales. Así juegan el final el bot
// experto sin resolvedor y las respuestas de la simulación. [Cierre.Cargar]
// lo prepara para una posición.
type Cierre struct {
	v       *variante.Variante
	rivales int
}

// Cargar prepara c para valorar las hojas del jugador en turno de j: toma
// la variante y suma las fichas de sus rivales.
func (c *Cierre) Cargar(j *juego.Juego) {
	c.v, c.rivales = j.Variante(), 0
	for i := range j.Jugadores() {
		if i != j.Turno() {
			m, _ := j.Fichas(i)
			c.rivales += c.suma(m)
		}
	}
}

// Valor es el valor de la hoja h (ver [Cierre]).
func (c *Cierre) Valor(h letra.Multiconjunto) float64 {
	if h.Vacio() {
		return float64(2 * c.rivales)
	}
	return float64(-2 * c.suma(h))
}

// suma es el valor de las fichas de m.
func (c *Cierre) suma(m letra.Multiconjunto) int {
	s := 0
	for l := range m.Todas() {
		s += c.v.ValorFicha(l)
	}
	return s
}
