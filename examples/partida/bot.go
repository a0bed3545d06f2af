package main

import (
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// nuevoGenerador devuelve un generador de jugadas para la variante v. El
// GADDAG lo tiene la variante (variante.Variante.GADDAG): se obtiene una
// vez por proceso y lo comparten los generadores de todos los bots.
func nuevoGenerador(v *variante.Variante) (*generador.GADDAG, error) {
	return generador.Nuevo(v, generador.Opciones{})
}

// mejorJugada devuelve la jugada de más puntos del jugador en turno de j,
// con sus puntos, según el generador g: el bot es codicioso. Ante empates
// gana la primera según generador.Comparar, así que el bot es
// determinista. Si no hay ninguna devuelve la jugada vacía: pasar.
//
// Con las reglas clásicas no hace falta nada más: el generador ya respeta
// el centro y la conexión, prueba cada comodín como cada letra y cuenta
// premios y bingos.
func mejorJugada(g generador.Generador, j *juego.Juego) (ocurrencia.Ocurrencia, int) {
	if m, ok := generador.Mejor(g, j); ok {
		return m.Ocurrencia(), m.Puntos
	}
	return ocurrencia.Ocurrencia{}, 0
}
