// Package exactitud compara un generador de jugadas con el GADDAG de
// generador (que sus pruebas comparan con la fuerza bruta) en partidas al
// azar con las dos reglas: lo usan las pruebas de los métodos por
// intervalos.
package exactitud

import (
	"maps"
	"slices"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Nuevo construye el generador a probar para una variante.
type Nuevo func(t *rapid.T, v *variante.Variante) generador.Generador

func jugadas(t *rapid.T, g generador.Generador, j *juego.Juego, m letra.Multiconjunto) map[string]int {
	res := map[string]int{}
	for jg := range g.JugadasDe(j, m) {
		clave := jg.Ocurrencia().String()
		_, repetida := res[clave]
		require.False(t, repetida, "la jugada %s sale dos veces\n%s", clave, j)
		res[clave] = jg.Puntos
	}
	return res
}

// comparar verifica que g dé exactamente las jugadas del GADDAG con la mano
// m, con los mismos puntos, que Contar coincida y que Mejor dé la misma
// jugada (la primera según generador.Comparar).
func comparar(t *rapid.T, g generador.Generador, gd *generador.GADDAG, j *juego.Juego, m letra.Multiconjunto) map[string]int {
	esperadas := jugadas(t, gd, j, m)
	obtenidas := jugadas(t, g, j, m)
	for clave, p := range esperadas {
		q, ok := obtenidas[clave]
		require.True(t, ok, "falta la jugada %s (%d puntos), mano %v\n%s", clave, p, m, j)
		require.Equal(t, p, q, "puntos de %s\n%s", clave, j)
	}
	for clave := range obtenidas {
		_, ok := esperadas[clave]
		require.True(t, ok, "la jugada %s no es válida, mano %v\n%s", clave, m, j)
	}
	require.Equal(t, len(esperadas), generador.ContarDe(g, j, m))
	mejor, hay := generador.MejorDe(g, j, m)
	require.Equal(t, len(esperadas) > 0, hay)
	if hay {
		require.Equal(t, slices.Max(slices.Collect(maps.Values(esperadas))), mejor.Puntos)
		require.Equal(t, esperadas[mejor.Ocurrencia().String()], mejor.Puntos)
		deGADDAG, _ := generador.MejorDe(gd, j, m)
		require.Equal(t, deGADDAG, mejor, "la mejor jugada, mano %v\n%s", m, j)
	}
	return esperadas
}

func partida(t *rapid.T, nuevo Nuevo, j *juego.Juego, conComodines bool) {
	g := nuevo(t, j.Variante())
	gd, err := generador.Nuevo(j.Variante(), generador.Opciones{})
	require.NoError(t, err)
	for range rapid.IntRange(1, 8).Draw(t, "turnos") {
		m, _ := j.Fichas(j.Turno())
		if conComodines && rapid.Bool().Draw(t, "comodines en la mano") {
			// Una mano al azar con comodines, aunque las reglas no los tengan.
			m = letra.Multiconjunto{}
			for range rapid.IntRange(1, j.Variante().Fichas()).Draw(t, "fichas") {
				l := letra.Comodin
				if rapid.IntRange(0, 3).Draw(t, "¿comodín?") > 0 {
					l = letra.Letra(rapid.IntRange(0, j.Variante().Alfabeto().Tamano()-1).Draw(t, "letra"))
				}
				m.Agregar(l)
			}
			comparar(t, g, gd, j, m)
			m, _ = j.Fichas(j.Turno())
		}
		validas := comparar(t, g, gd, j, m)
		if _, fin := j.Terminada(); fin {
			return
		}
		if len(validas) == 0 {
			require.NoError(t, j.Pasar())
			continue
		}
		clave := rapid.SampledFrom(slices.Sorted(maps.Keys(validas))).Draw(t, "jugada")
		o, err := ocurrencia.Parsear(clave, j.Variante().Alfabeto())
		require.NoError(t, err)
		_, err = j.Ubicar(o)
		require.NoError(t, err)
	}
}

// Especificacion compara en partidas al azar con las reglas de la
// especificación (jugadas en cualquier parte, palabras de una letra), y a
// veces con manos al azar con comodines.
func Especificacion(t *rapid.T, nuevo Nuevo) {
	p := pruebas.NuevaPartida(t, pruebas.Configuracion{MaxN: 5, MaxK: 2, MaxF: 4, MaxPalabras: 12})
	j, err := juego.Nuevo(p.K, p.Variante, p.Repositorio)
	require.NoError(t, err)
	partida(t, nuevo, j, true)
}

// Clasica compara en partidas al azar con reglas clásicas: premios,
// comodines, bingo y, a veces, centro y conexión.
func Clasica(t *rapid.T, nuevo Nuevo) {
	partida(t, nuevo, pruebas.JuegoClasico(t), false)
}
