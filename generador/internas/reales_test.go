package internas_test

import (
	"maps"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/anagramas"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

var (
	tablasUna sync.Map // *variante.Variante → *tablas.Internas
)

func tablasDe(tb testing.TB, v *variante.Variante) *tablas.Internas {
	if t, ok := tablasUna.Load(v); ok {
		return t.(*tablas.Internas)
	}
	t, err := tablas.NuevasInternas(v.Lexico(), v.TamanoTablero(), 10)
	require.NoError(tb, err)
	tablasUna.Store(v, t)
	return t
}

func inglesa(tb testing.TB) *variante.Variante { return pruebas.Ingles(tb) }

// TestPartidasReales juega partidas codiciosas con los léxicos reales y en
// cada turno compara las jugadas de los tres métodos, y sus mejores
// jugadas. Construye las tablas de los léxicos reales: corre con
// PALABRAS_LARGAS=1.
func TestPartidasReales(t *testing.T) {
	pruebas.SoloLargas(t)
	for _, c := range []struct {
		nombre   string
		variante func(testing.TB) *variante.Variante
	}{
		{"español FISE", func(testing.TB) *variante.Variante { return espanol.Clasica() }},
		{"inglés SOWPODS", inglesa},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			v := c.variante(t)
			ti := tablasDe(t, v)
			gi, err := internas.Nuevo(v, ti)
			require.NoError(t, err)
			ga, err := anagramas.Nuevo(v, ti.Anagramas)
			require.NoError(t, err)
			gd, err := generador.Nuevo(v, generador.Opciones{})
			require.NoError(t, err)
			for semilla := range uint64(3) {
				r, err := v.Repositorio(2, semilla)
				require.NoError(t, err)
				j, err := juego.Nuevo(2, v, r)
				require.NoError(t, err)
				for turno := 0; turno < 40; turno++ {
					if _, fin := j.Terminada(); fin {
						break
					}
					m, _ := j.Fichas(j.Turno())
					esperadas := map[string]int{}
					for jg := range generador.Jugadas(gd, j) {
						esperadas[jg.Ocurrencia().String()] = jg.Puntos
					}
					for _, g := range []func() map[string]int{
						func() map[string]int { return coleccionar(gi.JugadasDe(j, m)) },
						func() map[string]int { return coleccionar(ga.JugadasDe(j, m)) },
					} {
						obtenidas := g()
						if !maps.Equal(esperadas, obtenidas) {
							for k, p := range esperadas {
								if q, ok := obtenidas[k]; !ok || p != q {
									t.Fatalf("turno %d, mano %s: falta %s (%d) u otros puntos (%d)\n%s", turno, m.Formatear(v.Alfabeto()), k, p, q, j)
								}
							}
							for k := range obtenidas {
								if _, ok := esperadas[k]; !ok {
									t.Fatalf("turno %d: sobra %s\n%s", turno, k, j)
								}
							}
						}
					}
					mejor, hay := generador.Mejor(gd, j)
					for _, g := range []generador.Generador{gi, ga} {
						otra, otraHay := generador.Mejor(g, j)
						require.Equal(t, hay, otraHay)
						require.Equal(t, mejor, otra, "turno %d: la mejor jugada\n%s", turno, j)
					}
					if !hay {
						require.NoError(t, j.Pasar())
						continue
					}
					_, err := j.Ubicar(mejor.Ocurrencia())
					require.NoError(t, err)
				}
			}
		})
	}
}

func coleccionar(seq func(func(generador.Jugada) bool)) map[string]int {
	res := map[string]int{}
	for jg := range seq {
		res[jg.Ocurrencia().String()] = jg.Puntos
	}
	return res
}
