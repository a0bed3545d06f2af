package variantes_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// finalDe juega las mejores jugadas de unos turnos de una partida de v y
// arma con esa posición un final: cada mano se queda con a lo sumo 3 de
// sus fichas y la bolsa queda vacía, en una variante igual a v cuya bolsa
// tiene exactamente las fichas del tablero y de las manos. Informa false
// si la partida termina antes.
func finalDe(t *testing.T, v *variante.Variante, g *generador.GADDAG, semilla uint64) (*juego.Juego, bool) {
	r, err := v.Repositorio(2, semilla)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	for range 2 + semilla%3 {
		if _, fin := j.Terminada(); fin {
			return nil, false
		}
		m, hay := generador.Mejor(g, j)
		if !hay {
			require.NoError(t, j.Pasar())
			continue
		}
		_, err := j.Ubicar(m.Ocurrencia())
		require.NoError(t, err)
	}
	if _, fin := j.Terminada(); fin {
		return nil, false
	}
	pos := j.Posicion()
	todas := pos.Tablero.DeLaMano()
	for i, m := range pos.Manos {
		var chica letra.Multiconjunto
		for _, l := range m.Letras()[:min(3, m.Tamano())] {
			chica.Agregar(l)
		}
		pos.Manos[i] = chica
		todas = todas.Suma(chica)
	}
	op := v.Opciones()
	op.Distribucion = map[letra.Letra]int{}
	for l := range todas.Soporte().Todas() {
		if l != letra.Comodin {
			op.Distribucion[l] = todas.Cantidad(l)
		}
	}
	op.Comodines = todas.Cantidad(letra.Comodin)
	vf, err := v.Con(op)
	require.NoError(t, err)
	pos.Repositorio, pos.SinPuntos = nil, 0
	nuevo, err := juego.DesdePosicion(vf, pos)
	require.NoError(t, err)
	require.Zero(t, nuevo.LetrasEnRepositorio())
	return nuevo, true
}

// diferencia es el puntaje del jugador i menos el de su rival.
func diferencia(t *testing.T, j *juego.Juego, i int) int {
	a, err := j.Puntaje(i)
	require.NoError(t, err)
	b, err := j.Puntaje(1 - i)
	require.NoError(t, err)
	return a - b
}

// TestFinalesPorVariante resuelve un final de cada variante descrita con
// fin de partida (ver finalDe) y juega la línea que da: la partida termina y la
// diferencia de puntos cambia exactamente en el valor anunciado. Simula
// además la primera posición de la partida.
func TestFinalesPorVariante(t *testing.T) {
	resueltos := 0
	for nombre, v := range descritas(t) {
		if v.TurnosSinPuntos() == 0 {
			continue // la de la especificación no termina: no tiene finales
		}
		t.Run(nombre, func(t *testing.T) {
			g, err := generador.Nuevo(v, generador.Opciones{})
			require.NoError(t, err)

			r, err := v.Repositorio(2, 1)
			require.NoError(t, err)
			inicio, err := juego.Nuevo(2, v, r)
			require.NoError(t, err)
			ctx, cancelar := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancelar()
			sim, err := simulacion.Simular(ctx, inicio, simulacion.Opciones{Candidatas: 3, Plies: 2, Iteraciones: 20, Trabajadores: 1, Semilla: 1})
			require.NoError(t, err)
			if generador.Contar(g, inicio) > 0 {
				mejor, hay := sim.Mejor()
				require.True(t, hay)
				require.Positive(t, mejor.Iteraciones)
			}

			for semilla := range uint64(20) {
				j, ok := finalDe(t, v, g, semilla)
				if !ok {
					continue
				}
				gf, err := generador.Nuevo(j.Variante(), generador.Opciones{})
				require.NoError(t, err)
				if generador.Contar(gf, j) == 0 {
					continue // sin jugadas, el final es solo pasar
				}
				res, err := final.Resolver(ctx, j, final.Opciones{Hilos: 1, MBTabla: 1})
				require.NoError(t, err)
				require.True(t, res.Probado, "semilla %d", semilla)
				quien := j.Turno()
				antes := diferencia(t, j, quien)
				for _, paso := range res.Linea {
					require.Equal(t, j.Turno(), paso.Jugador)
					if paso.Jugada.Vacia() {
						require.NoError(t, j.Pasar())
						continue
					}
					puntos, err := j.Ubicar(paso.Jugada)
					require.NoError(t, err, paso.Texto)
					if _, fin := j.Terminada(); !fin {
						require.Equal(t, paso.Puntos, puntos, paso.Texto)
					}
				}
				_, fin := j.Terminada()
				require.True(t, fin, "la línea llega al fin de la partida")
				require.Equal(t, res.Valor, diferencia(t, j, quien)-antes, "semilla %d", semilla)
				resueltos++
				return
			}
			t.Errorf("%s: ninguna partida llegó a un final con jugadas", nombre)
		})
	}
	require.Positive(t, resueltos)
}
