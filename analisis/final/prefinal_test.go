package final_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// manosCortas devuelve la variante española clásica con manos de n fichas:
// sus prefinales tienen finales que el oráculo resuelve.
func manosCortas(t testing.TB, n int) *variante.Variante {
	v := espanol.Clasica()
	pun := map[letra.Letra]int{}
	for l := range v.Alfabeto().Tamano() {
		pun[letra.Letra(l)] = v.PuntajeLetra(letra.Letra(l))
	}
	c, err := variante.Nueva(v.Alfabeto(), v.TamanoTablero(), n, pun, v.Lexico(), v.Opciones())
	require.NoError(t, err)
	return c
}

// preFinalAlAzar juega al azar (entre las tres jugadas de más puntos) hasta
// que queda una ficha en la bolsa y el jugador en turno tiene jugadas.
func preFinalAlAzar(t testing.TB, v *variante.Variante, g *generador.GADDAG, rng *rand.Rand) *juego.Juego {
	for {
		r, err := v.Repositorio(2, rng.Uint64())
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for j.LetrasEnRepositorio() > 1 {
			if _, fin := j.Terminada(); fin {
				break
			}
			var js []generador.Jugada
			for m := range generador.Jugadas(g, j) {
				m.Fichas = slices.Clone(m.Fichas)
				js = append(js, m)
			}
			if len(js) == 0 {
				require.NoError(t, j.Pasar())
				continue
			}
			slices.SortFunc(js, generador.Comparar)
			js = js[:min(3, len(js))]
			_, err := j.Ubicar(js[rng.IntN(len(js))].Ocurrencia())
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); !fin && j.LetrasEnRepositorio() == 1 && generador.Contar(g, j) > 0 {
			nuevo, err := juego.DesdePosicion(v, j.Posicion())
			require.NoError(t, err)
			return nuevo
		}
	}
}

// Cada candidata de PreFinal vale el promedio, sobre cada ficha que el
// jugador puede robar, de sus puntos menos el valor del oráculo para el
// final que sigue, armado de otro modo: la bolsa con esa ficha, la mano del
// rival con las demás y la jugada hecha con juego.Juego. Con
// PreFinalExacto, todas son exactas; sin él, la primera es exacta y las
// descartadas (Cota) tienen cotas superiores de su valor, menores que el
// de la primera.
func TestPreFinalContraOraculo(t *testing.T) {
	v := manosCortas(t, 2)
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	rs := map[bool]*final.Resolvedor{}
	for _, exacto := range []bool{false, true} {
		rs[exacto], err = final.Nuevo(v, final.ConTopePreFinal(final.Opciones{Hilos: 2, MBTabla: 4, Candidatas: 4, PreFinalExacto: exacto}, 3))
		require.NoError(t, err)
	}
	casos, finales, cotas := 3, 0, 0
	if pruebas.Largas() {
		casos *= 10
	} else if testing.Short() {
		casos = 1
	}
	for x := range casos {
		rng := rand.New(rand.NewPCG(uint64(x), 23))
		j := preFinalAlAzar(t, v, g, rng)
		var primeras [2][2]float64 // la Diferencia y la Victoria exactas de la primera, con y sin exacto
		for y, exacto := range []bool{true, false} {
			cs, err := rs[exacto].PreFinal(context.Background(), j)
			require.NoError(t, err)
			require.NotEmpty(t, cs)
			yo := j.Turno()
			otra, _ := j.Fichas(1 - yo)
			noVistas := otra
			for _, l := range j.Repositorio() {
				noVistas.Agregar(l)
			}
			for k, c := range cs {
				require.True(t, c.Probada)
				if exacto {
					require.False(t, c.Cota)
				}
				if k > 0 {
					require.GreaterOrEqual(t, cs[k-1].Diferencia, c.Diferencia)
				}
				suma, gana, total := 0, 0.0, 0
				for l := range noVistas.Todas() {
					p := j.Posicion()
					p.Repositorio = []letra.Letra{l}
					resto := noVistas
					resto.Sacar(l)
					p.Manos[1-yo] = resto
					jl, err := juego.DesdePosicion(v, p)
					require.NoError(t, err)
					pts, err := jl.Ubicar(c.Paso.Jugada)
					require.NoError(t, err)
					require.Equal(t, c.Paso.Puntos, pts)
					valor := pts
					if _, fin := jl.Terminada(); !fin {
						nodos := 0
						valor -= minimax(t, g, jl, &nodos)
						finales++
					}
					suma += valor
					switch d := diferencia(j, yo) + valor; {
					case d > 0:
						gana++
					case d == 0:
						gana += 0.5
					}
					total++
				}
				media := float64(suma) / float64(total)
				if k == 0 {
					primeras[y] = [2]float64{media, gana / float64(total)}
				}
				switch {
				case c.Cota && k == 0:
					// La primera, con cotas inferiores.
					cotas++
					require.GreaterOrEqual(t, media, c.Diferencia-1e-9, "caso %d, %v", x, c.Paso)
					require.GreaterOrEqual(t, gana/float64(total), c.Victoria-1e-9, "caso %d, %v", x, c.Paso)
					continue
				case c.Cota:
					// Descartada, con cotas superiores.
					cotas++
					require.Less(t, c.Diferencia, cs[0].Diferencia)
					require.LessOrEqual(t, media, c.Diferencia+1e-9, "caso %d, %v", x, c.Paso)
					require.LessOrEqual(t, gana/float64(total), c.Victoria+1e-9, "caso %d, %v", x, c.Paso)
					continue
				}
				require.InDelta(t, media, c.Diferencia, 1e-9, "caso %d, %v", x, c.Paso)
				require.InDelta(t, gana/float64(total), c.Victoria, 1e-9, "caso %d, %v", x, c.Paso)
			}
		}
		// La primera con cotas vale lo mismo que la mejor exacta.
		require.InDelta(t, primeras[0][0], primeras[1][0], 1e-9, "caso %d", x)
		require.InDelta(t, primeras[0][1], primeras[1][1], 1e-9, "caso %d", x)
	}
	t.Logf("%d prefinales, %d finales comparados con el oráculo, %d candidatas descartadas", casos, finales, cotas)
}

func TestPreFinalErrores(t *testing.T) {
	v := espanol.Clasica()
	r, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	_, err = final.PreFinal(context.Background(), j, final.Opciones{Hilos: 1, MBTabla: 1})
	require.ErrorIs(t, err, final.ErrNoPreFinal)
	_, err = final.Resolver(context.Background(), j, final.Opciones{Hilos: 1, MBTabla: 1})
	require.ErrorIs(t, err, final.ErrBolsaNoVacia)
	for _, mb := range []int{-1, final.MaxMBTabla + 1} {
		_, err = final.Nuevo(v, final.Opciones{Hilos: 1, MBTabla: 1, MBPreFinal: mb})
		require.ErrorIs(t, err, final.ErrOpcionFueraDeRango, mb)
	}
	_, err = final.Nuevo(v, final.Opciones{Hilos: 1, MBTabla: 1, MBPreFinal: 1})
	require.NoError(t, err)
}

// Con el plazo vencido, PreFinal no empieza otro final: vuelve poco después
// del plazo con las candidatas que alcanzó a evaluar y el error de ctx.
// (Antes estimaba las que faltaban con búsquedas de dos plies y tardaba
// segundos más que el plazo.)
func TestPreFinalPlazo(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	j := preFinalDelBot(t, espanol.Clasica(), 1)
	r, err := final.Nuevo(j.Variante(), final.Opciones{Hilos: 1, MBTabla: 16})
	require.NoError(t, err)
	const plazo = 100 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), plazo)
	defer cancel()
	inicio := time.Now()
	cs, err := r.PreFinal(ctx, j)
	demora := time.Since(inicio) - plazo
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, demora, time.Second, "PreFinal siguió %v después del plazo", demora)
	require.Less(t, len(cs), 10)
	t.Logf("%d candidatas evaluadas, %v después del plazo", len(cs), demora)
	// Sin plazo, con menos candidatas, termina sin error.
	r, err = final.Nuevo(j.Variante(), final.Opciones{Hilos: 2, MBTabla: 16, Candidatas: 1, Plies: 2})
	require.NoError(t, err)
	cs, err = r.PreFinal(context.Background(), j)
	require.NoError(t, err)
	require.Len(t, cs, 1)
}

// preFinalDelBot devuelve la posición de una partida del experto contra sí
// mismo (semilla s) cuando queda una ficha en la bolsa.
func preFinalDelBot(t testing.TB, v *variante.Variante, s uint64) *juego.Juego {
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	b, err := bot.Nuevo(bot.Experto, g)
	require.NoError(t, err)
	for ; ; s++ {
		r, err := v.Repositorio(2, s)
		require.NoError(t, err)
		j, err := juego.Nuevo(2, v, r)
		require.NoError(t, err)
		for j.LetrasEnRepositorio() > 1 {
			if _, fin := j.Terminada(); fin {
				break
			}
			elegida, _ := b.Elegir(context.Background(), j)
			_, err := elegida.Aplicar(j)
			require.NoError(t, err)
		}
		if _, fin := j.Terminada(); !fin && j.LetrasEnRepositorio() == 1 {
			nuevo, err := juego.DesdePosicion(v, j.Posicion())
			require.NoError(t, err)
			return nuevo
		}
	}
}

var plazoPreFinal = flag.Duration("plazoprefinal", 5*time.Minute, "el plazo de BenchmarkPreFinal")

var mbPreFinal = flag.Int("mbprefinal", 0, "los megabytes de la tabla de BenchmarkPreFinal y BenchmarkPreFinalReales (0: los de omisión)")

// BenchmarkPreFinal evalúa las 10 candidatas de más puntos de un prefinal
// de una partida del bot (español e inglés) en un plazo de cinco minutos
// (-plazoprefinal); informa cuántas quedaron probadas.
func BenchmarkPreFinal(b *testing.B) {
	for _, c := range []struct {
		nombre string
		v      func(testing.TB) *variante.Variante
	}{{"es", func(testing.TB) *variante.Variante { return espanol.Clasica() }}, {"en", func(t testing.TB) *variante.Variante { return pruebas.Ingles(t) }}} {
		b.Run(c.nombre, func(b *testing.B) {
			j := preFinalDelBot(b, c.v(b), 1)
			b.ReportAllocs()
			probadas := 0
			var cpu time.Duration
			for range b.N {
				ctx, cancel := context.WithTimeout(context.Background(), *plazoPreFinal)
				cpu0 := tiempoCPU()
				cs, err := final.PreFinal(ctx, j, final.Opciones{MBTabla: *mbPreFinal})
				cancel()
				cpu += tiempoCPU() - cpu0
				if err != nil {
					require.ErrorIs(b, err, context.DeadlineExceeded)
				}
				probadas = 0
				for _, x := range cs {
					if x.Probada {
						probadas++
					}
				}
				if b.N == 1 {
					for _, x := range cs {
						b.Logf("%v: diferencia %.2f, victoria %.2f, probada %v, cota %v", x.Paso, x.Diferencia, x.Victoria, x.Probada, x.Cota)
					}
				}
			}
			b.ReportMetric(float64(probadas), "probadas")
			b.ReportMetric(cpu.Seconds()/float64(b.N), "s-cpu/op")
		})
	}
}

// Con cotas (el modo por omisión, aquí con topes de nodos chicos para que
// descarte aun en prefinales chicos), PreFinal da como primera una
// candidata que vale lo mismo que la mejor de PreFinalExacto (Diferencia y
// Victoria), con su valor exacto o una cota inferior; las demás tienen su
// valor exacto o, descartadas, una cota superior menor que la primera.
// Falla si el descarte por cotas no es exacto.
func TestPreFinalCotasComoExacto(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	vs := map[int]*variante.Variante{2: manosCortas(t, 2), 3: manosCortas(t, 3)}
	gs := map[int]*generador.GADDAG{}
	for n, v := range vs {
		g, err := generador.Nuevo(v, generador.Opciones{})
		require.NoError(t, err)
		gs[n] = g
	}
	descartadas := 0
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 3).Draw(rt, "mano")
		semilla := rapid.Uint64().Draw(rt, "semilla")
		tope := rapid.Int64Range(1, 3000).Draw(rt, "tope")
		cand := rapid.IntRange(2, 8).Draw(rt, "candidatas")
		hilos := rapid.IntRange(1, 3).Draw(rt, "hilos")
		v := vs[n]
		j := preFinalAlAzar(t, v, gs[n], rand.New(rand.NewPCG(semilla, 5)))
		op := final.Opciones{Hilos: hilos, MBTabla: 2, Candidatas: cand}
		exacto := op
		exacto.PreFinalExacto = true
		ce, err := final.PreFinal(context.Background(), j, exacto)
		require.NoError(rt, err)
		cc, err := final.PreFinal(context.Background(), j, final.ConTopePreFinal(op, tope))
		require.NoError(rt, err)
		require.Len(rt, cc, len(ce))
		valor := map[string]final.Candidata{}
		for _, c := range ce {
			require.True(rt, c.Probada)
			require.False(rt, c.Cota)
			valor[c.Paso.Jugada.String()] = c
		}
		for k, c := range cc {
			require.True(rt, c.Probada)
			e, ok := valor[c.Paso.Jugada.String()]
			require.True(rt, ok, c.Paso)
			switch {
			case !c.Cota:
				require.InDelta(rt, e.Diferencia, c.Diferencia, 1e-9, c.Paso)
				require.InDelta(rt, e.Victoria, c.Victoria, 1e-9, c.Paso)
			case k == 0:
				require.GreaterOrEqual(rt, e.Diferencia, c.Diferencia-1e-9, c.Paso)
				require.GreaterOrEqual(rt, e.Victoria, c.Victoria-1e-9, c.Paso)
			default:
				descartadas++
				require.Less(rt, c.Diferencia, cc[0].Diferencia, c.Paso)
				require.LessOrEqual(rt, e.Diferencia, c.Diferencia+1e-9, c.Paso)
				require.LessOrEqual(rt, e.Victoria, c.Victoria+1e-9, c.Paso)
			}
		}
		// La primera vale lo que la mejor exacta.
		primera := valor[cc[0].Paso.Jugada.String()]
		require.InDelta(rt, ce[0].Diferencia, primera.Diferencia, 1e-9)
		require.InDelta(rt, ce[0].Victoria, primera.Victoria, 1e-9)
	})
	t.Logf("%d candidatas descartadas por cotas", descartadas)
}

// Con una tabla de transposición chica, PreFinal la agranda
// (Opciones.MBPreFinal) entre rondas con las entradas que tenía, y el
// resultado es el mismo que el de PreFinalExacto: la primera vale lo que
// la mejor exacta. Falla también si la tabla nunca creció.
func TestPreFinalTablaQueCrece(t *testing.T) {
	if testing.Short() {
		t.Skip("propiedad larga: corre sin -short")
	}
	v := manosCortas(t, 3)
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	crecio := 0
	rapid.Check(t, func(rt *rapid.T) {
		semilla := rapid.Uint64().Draw(rt, "semilla")
		hilos := rapid.IntRange(1, 3).Draw(rt, "hilos")
		j := preFinalAlAzar(t, v, g, rand.New(rand.NewPCG(semilla, 7)))
		op := final.Opciones{Hilos: hilos, MBTabla: 1, MBPreFinal: 2, Candidatas: 4}
		exacto := op
		exacto.PreFinalExacto = true
		ce, err := final.PreFinal(context.Background(), j, exacto)
		require.NoError(rt, err)
		r, err := final.Nuevo(v, final.ConTopePreFinal(op, 1100))
		require.NoError(rt, err)
		final.AchicarTabla(r, 1<<10)
		cc, err := r.PreFinal(context.Background(), j)
		require.NoError(rt, err)
		require.Len(rt, cc, len(ce))
		if final.EntradasTabla(r) > 1<<10 {
			crecio++
		}
		require.LessOrEqual(rt, final.EntradasTabla(r), 1<<16) // 2 MB
		for _, c := range ce {
			if c.Paso.Jugada.String() == cc[0].Paso.Jugada.String() {
				require.InDelta(rt, ce[0].Diferencia, c.Diferencia, 1e-9)
				require.InDelta(rt, ce[0].Victoria, c.Victoria, 1e-9)
			}
		}
	})
	require.Positive(t, crecio, "la tabla nunca creció")
	t.Logf("la tabla creció en %d prefinales", crecio)
}

// PreFinal con la tabla sin reservar la empieza chica (4 MB, 131.072
// entradas), y el Resolver siguiente del mismo Resolvedor la lleva a la de
// MBTabla (16 MB, 524.288 entradas), con el mismo valor que un Resolvedor
// nuevo. Falla si PreFinal reserva la de MBTabla o si Resolver se queda
// con la chica.
func TestPreFinalTablaChica(t *testing.T) {
	v := manosCortas(t, 2)
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	j := preFinalAlAzar(t, v, g, rand.New(rand.NewPCG(3, 11)))
	op := final.Opciones{Hilos: 1, MBTabla: 16}
	r, err := final.Nuevo(v, op)
	require.NoError(t, err)
	_, err = r.PreFinal(context.Background(), j)
	require.NoError(t, err)
	require.Equal(t, 1<<17, final.EntradasTabla(r))
	// Un final: el de una jugada del prefinal, que roba la ficha de la
	// bolsa.
	var fin *juego.Juego
	for x := range generador.Jugadas(g, j) {
		c := j.Clonar()
		_, err := c.Ubicar(x.Ocurrencia())
		require.NoError(t, err)
		if _, termino := c.Terminada(); !termino {
			fin = c
			break
		}
	}
	require.NotNil(t, fin)
	res, err := r.Resolver(context.Background(), fin)
	require.NoError(t, err)
	require.Equal(t, 1<<19, final.EntradasTabla(r))
	esperado, err := final.Resolver(context.Background(), fin, op)
	require.NoError(t, err)
	require.Equal(t, esperado.Valor, res.Valor)
	require.True(t, res.Probado)
}
