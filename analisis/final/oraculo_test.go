package final_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// diferencia es el puntaje del jugador i menos el de su rival.
func diferencia(j *juego.Juego, i int) int {
	a, _ := j.Puntaje(i)
	b, _ := j.Puntaje(1 - i)
	return a - b
}

// jugadasDe devuelve las jugadas del jugador en turno de j, pasar primero.
func jugadasDe(g *generador.GADDAG, j *juego.Juego) []ocurrencia.Ocurrencia {
	res := []ocurrencia.Ocurrencia{{}}
	for m := range generador.Jugadas(g, j) {
		res = append(res, m.Ocurrencia())
	}
	return res
}

// minimax es el oráculo: el valor exacto del final de j para el jugador en
// turno (cuánto cambia la diferencia de puntos de aquí al fin), con
// minimax sin poda, sin tabla de transposición y sin orden, jugando cada
// jugada con juego.Juego. Cuenta las posiciones en nodos.
func minimax(t require.TestingT, g *generador.GADDAG, j *juego.Juego, nodos *int) int {
	*nodos++
	turno := j.Turno()
	antes := diferencia(j, turno)
	mejor := 0
	for x, o := range jugadasDe(g, j) {
		c := j.Clonar()
		_, err := c.Ubicar(o)
		require.NoError(t, err)
		v := diferencia(c, turno) - antes
		if _, fin := c.Terminada(); !fin {
			v -= minimax(t, g, c, nodos)
		}
		if x == 0 || v > mejor {
			mejor = v
		}
	}
	return mejor
}

// repetir juega la línea sobre una copia de j con juego.Juego (cada paso
// con sus puntos) y devuelve cuánto cambió la diferencia de puntos del
// jugador en turno. Si completa, la línea debe terminar la partida.
func repetir(t require.TestingT, j *juego.Juego, linea []final.Paso, completa bool) int {
	c := j.Clonar()
	turno := j.Turno()
	antes := diferencia(c, turno)
	for x, p := range linea {
		_, fin := c.Terminada()
		require.False(t, fin, "la partida terminó antes del paso %d", x)
		require.Equal(t, c.Turno(), p.Jugador, "paso %d", x)
		pts, err := c.Ubicar(p.Jugada)
		require.NoError(t, err, "paso %d: %v", x, p)
		require.Equal(t, p.Puntos, pts, "paso %d: %v", x, p)
	}
	if completa {
		_, fin := c.Terminada()
		require.True(t, fin, "la línea %v no termina la partida", linea)
	}
	return diferencia(c, turno) - antes
}

// finalAlAzar juega una partida de dos jugadores de v al azar (entre las
// tres jugadas de más puntos mientras hay fichas en la bolsa; después,
// entre las que no dejan la mano vacía) hasta que la bolsa está vacía y
// cada mano tiene a lo sumo maxMano fichas, y a veces pasa unas veces más.
// Vuelve a empezar con otra bolsa si la partida termina antes. Devuelve la
// posición como un juego nuevo (sin la historia, para que copiarlo sea
// barato).
func finalAlAzar(t require.TestingT, v *variante.Variante, g *generador.GADDAG, maxMano int, rng *rand.Rand) *juego.Juego {
	pases := rng.IntN(v.TurnosSinPuntos() - 1)
	for {
		r, err := v.Repositorio(2, rng.Uint64())
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for {
			if _, fin := j.Terminada(); fin {
				break
			}
			a, _ := j.Fichas(0)
			b, _ := j.Fichas(1)
			if j.LetrasEnRepositorio() == 0 && a.Tamano() <= maxMano && b.Tamano() <= maxMano {
				for range pases {
					if _, fin := j.Terminada(); fin {
						break
					}
					require.NoError(t, j.Pasar())
				}
				if _, fin := j.Terminada(); !fin {
					nuevo, err := juego.DesdePosicion(v, j.Posicion())
					require.NoError(t, err)
					return nuevo
				}
				break
			}
			var js []generador.Jugada
			mano, _ := j.Fichas(j.Turno())
			for m := range generador.Jugadas(g, j) {
				if j.LetrasEnRepositorio() == 0 && len(m.Fichas) == mano.Tamano() {
					continue
				}
				m.Fichas = slices.Clone(m.Fichas)
				js = append(js, m)
			}
			if len(js) == 0 {
				require.NoError(t, j.Pasar())
				continue
			}
			if j.LetrasEnRepositorio() > 0 {
				slices.SortFunc(js, generador.Comparar)
				js = js[:min(3, len(js))]
			}
			_, err := j.Ubicar(js[rng.IntN(len(js))].Ocurrencia())
			require.NoError(t, err)
		}
	}
}

// comprobarContraOraculo resuelve finales chicos al azar de v (manos de a
// lo sumo maxMano fichas) y compara el valor con el del oráculo; la línea,
// repetida con juego.Juego, da ese valor y termina la partida; con
// Alternativas, cada primera jugada vale lo que dice el oráculo. Son casos
// finales (muchos más con PALABRAS_LARGAS=1), con semillas fijas.
func comprobarContraOraculo(t *testing.T, v *variante.Variante, maxMano, casos int) {
	if pruebas.Largas() {
		casos *= 25
	}
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	r, err := final.Nuevo(v, final.Opciones{Hilos: 2, MBTabla: 4})
	require.NoError(t, err)
	ra, err := final.Nuevo(v, final.Opciones{Hilos: 2, MBTabla: 4, Alternativas: 3})
	require.NoError(t, err)
	nodos := 0
	for x := range casos {
		rng := rand.New(rand.NewPCG(uint64(x), uint64(maxMano)))
		j := finalAlAzar(t, v, g, maxMano, rng)
		esperado := minimax(t, g, j, &nodos)
		res, err := r.Resolver(context.Background(), j)
		require.NoError(t, err)
		require.True(t, res.Probado)
		require.Equal(t, esperado, res.Valor, "caso %d\n%s\nlínea %v", x, j, res.Linea)
		require.Equal(t, esperado, repetir(t, j, res.Linea, true), "caso %d: línea %v", x, res.Linea)
		// Las alternativas: cada una vale lo que el oráculo da después de
		// hacerla, de mayor a menor, la primera el valor.
		alt, err := ra.Resolver(context.Background(), j)
		require.NoError(t, err)
		require.Equal(t, esperado, alt.Valor)
		require.NotEmpty(t, alt.Alternativas)
		require.Equal(t, esperado, alt.Alternativas[0].Valor)
		for k, a := range alt.Alternativas {
			c := j.Clonar()
			pts, err := c.Ubicar(a.Paso.Jugada)
			require.NoError(t, err)
			v := diferencia(c, j.Turno()) - diferencia(j, j.Turno())
			if _, fin := c.Terminada(); !fin {
				v = pts - minimax(t, g, c, &nodos)
			}
			require.Equal(t, v, a.Valor, "caso %d, alternativa %v", x, a.Paso)
			if k > 0 {
				require.GreaterOrEqual(t, alt.Alternativas[k-1].Valor, a.Valor)
			}
		}
	}
	t.Logf("%d finales comparados con el oráculo (%d posiciones del oráculo)", casos, nodos)
}

func TestOraculoEspanol(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	comprobarContraOraculo(t, espanol.Clasica(), 2, 5)
}

func TestOraculoIngles(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	comprobarContraOraculo(t, pruebas.Ingles(t), 2, 5)
}

// Los atajos de una ficha (la mejor salida de la memoria, uno contra uno
// sin buscar) dan el mismo valor que la búsqueda sin ellos (SinOrden los
// apaga): finales al azar con manos de hasta 4 fichas, en los que una
// mano de una ficha contra varias aparece dentro del árbol (y pasar puede
// valer más que salir, si el rival abre un lugar).
func TestUnaFichaComoSinAtajos(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	casos := 12
	if pruebas.Largas() {
		casos *= 10
	}
	for _, v := range []*variante.Variante{espanol.Clasica(), pruebas.Ingles(t)} {
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		r, err := final.Nuevo(v, final.Opciones{Hilos: 1, MBTabla: 4})
		require.NoError(t, err)
		sin, err := final.Nuevo(v, final.Opciones{Hilos: 1, MBTabla: 4, SinOrden: true})
		require.NoError(t, err)
		for x := range casos {
			rng := rand.New(rand.NewPCG(uint64(x), 41))
			j := finalAlAzar(t, v, g, 4, rng)
			res, err := r.Resolver(context.Background(), j)
			require.NoError(t, err)
			esperado, err := sin.Resolver(context.Background(), j)
			require.NoError(t, err)
			require.True(t, res.Probado)
			require.True(t, esperado.Probado)
			require.Equal(t, esperado.Valor, res.Valor, "caso %d\n%s", x, j)
		}
	}
}
