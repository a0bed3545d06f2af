package simulacion_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
)

// TestDominanteParaPronto: con una candidata claramente mejor (la mejor
// por equidad contra pasar y cambiar las siete fichas), la simulación poda
// las otras en el primer control (MinPoda iteraciones) y para, con la
// buena primera; sin poda hace todas las iteraciones.
func TestDominanteParaPronto(t *testing.T) {
	j := mitadDePartida(t, 1, 10)
	mano, _ := j.Fichas(j.Turno())
	op := simulacion.Opciones{
		Candidatas: 1, Iteraciones: 400, Hojas: hojasES, Semilla: 3,
		Agregadas: []generador.Eleccion{{Tipo: juego.SucesoPase}, {Tipo: juego.SucesoCambio, Cambiadas: mano}},
	}
	r, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.Len(t, r.Candidatas, 3)
	mejor, _ := r.Mejor()
	require.Equal(t, juego.SucesoColocacion, mejor.Eleccion.Tipo, "%v", r.Candidatas)
	require.LessOrEqual(t, r.Iteraciones, 2*simulacion.MinPoda, "%v", r.Candidatas)
	require.LessOrEqual(t, r.Muestras, 3*2*simulacion.MinPoda)
	for _, c := range r.Candidatas[1:] {
		require.True(t, c.Podada, "%v", c)
	}
	op.SinPoda = true
	u, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.Equal(t, 400, u.Iteraciones)
	require.Equal(t, 1200, u.Muestras)
	mu, _ := u.Mejor()
	require.Equal(t, mejor.Eleccion, mu.Eleccion)
}

// TestAdaptativaComoUniforme: en posiciones donde la simulación uniforme
// (sin poda) está segura de su mejor candidata (le saca más de OmisionZ
// errores combinados a la segunda), la adaptativa, con las mismas
// iteraciones y la misma semilla (y así a lo sumo las mismas muestras),
// elige la misma.
func TestAdaptativaComoUniforme(t *testing.T) {
	seguras, ahorro := 0, 0.0
	posiciones := [][2]int{{1, 8}, {2, 10}, {3, 12}, {4, 9}, {5, 11}, {6, 14}}
	if testing.Short() {
		posiciones = posiciones[:3]
	}
	for _, p := range posiciones {
		j := mitadDePartida(t, uint64(p[0]), p[1])
		op := simulacion.Opciones{Candidatas: 5, Iteraciones: 320, Hojas: hojasES, Semilla: uint64(p[0]), SinPoda: true, Indiferencia: -1}
		u, err := simulacion.Simular(context.Background(), j, op)
		require.NoError(t, err)
		a0, a1 := u.Candidatas[0], u.Candidatas[1]
		if a0.Media-a1.Media <= simulacion.OmisionZ*math.Hypot(a0.Error, a1.Error) {
			continue
		}
		seguras++
		op.SinPoda = false
		a, err := simulacion.Simular(context.Background(), j, op)
		require.NoError(t, err)
		require.LessOrEqual(t, a.Muestras, u.Muestras)
		mejor, _ := a.Mejor()
		require.Equal(t, a0.Eleccion, mejor.Eleccion, "posición %v: uniforme %v\nadaptativa %v", p, u.Candidatas, a.Candidatas)
		ahorro += 1 - float64(a.Muestras)/float64(u.Muestras)
	}
	require.Positive(t, seguras, "ninguna posición segura: la prueba no prueba nada")
	t.Logf("%d posiciones seguras de %d; la adaptativa ahorra en media %.0f %% de las muestras", seguras, len(posiciones), 100*ahorro/float64(seguras))
}

// TestIndiferentes: con una indiferencia enorme la simulación para en el
// primer control, sin podar; con una negativa, sigue hasta las
// iteraciones (o hasta que queda una).
func TestIndiferentes(t *testing.T) {
	j := mitadDePartida(t, 2, 9)
	op := simulacion.Opciones{Candidatas: 6, Iteraciones: 256, Hojas: hojasES, Indiferencia: 1000}
	r, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.True(t, r.Indiferentes)
	require.Equal(t, simulacion.MinPoda, r.Iteraciones)
	op.Indiferencia = -1
	r, err = simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.False(t, r.Indiferentes)
	require.Greater(t, r.Iteraciones, simulacion.MinPoda)
}

// TestVictoriasConPocaBolsa: con Opciones.Victoria, las candidatas se
// ordenan por victorias cuando la bolsa tiene a lo sumo BolsaVictorias
// fichas (OmisionBolsaVictorias si es 0), no si es negativo ni sin
// Victoria.
func TestVictoriasConPocaBolsa(t *testing.T) {
	j := mitadDePartida(t, 1, 10)
	bolsa := j.LetrasEnRepositorio()
	require.Greater(t, bolsa, simulacion.OmisionBolsaVictorias)
	victoria := func(d, _ int) float64 { return 1 / (1 + math.Exp(-float64(d)/20)) }
	op := simulacion.Opciones{Candidatas: 3, Iteraciones: 4, Hojas: hojasES, Victoria: victoria}
	for _, c := range []struct {
		bolsa    int
		victoria bool
		por      bool
	}{{0, true, false}, {bolsa, true, true}, {bolsa - 1, true, false}, {-1, true, false}, {bolsa, false, false}} {
		op.BolsaVictorias = c.bolsa
		op.Victoria = nil
		if c.victoria {
			op.Victoria = victoria
		}
		r, err := simulacion.Simular(context.Background(), j, op)
		require.NoError(t, err)
		require.Equal(t, c.por, r.PorVictorias, "%+v", c)
	}
}

// TestOpcionesAdaptativas: las opciones nuevas fuera de rango se rechazan
// con ErrOpcionFueraDeRango.
func TestOpcionesAdaptativas(t *testing.T) {
	j := mitadDePartida(t, 1, 4)
	for _, op := range []simulacion.Opciones{
		{Indiferencia: math.NaN()},
		{Indiferencia: math.Inf(1)},
		{Indiferencia: simulacion.MaxIndiferencia * 2},
		{BolsaVictorias: simulacion.MaxBolsaVictorias + 1},
	} {
		_, err := simulacion.Simular(context.Background(), j, op)
		require.ErrorIs(t, err, simulacion.ErrOpcionFueraDeRango, "%+v", op)
	}
}

// TestAdaptativaLamenta: a igual cantidad de muestras, la adaptativa elige
// en promedio una candidata al menos tan buena como la uniforme. La
// verdad de cada posición es una simulación uniforme larga (2.000
// iteraciones de 20 candidatas); el lamento de una elección, lo que su
// media verdadera queda por debajo de la de la mejor. Cada posición se
// simula con cinco semillas, con un presupuesto de 4.000 muestras (200
// iteraciones uniformes). Larga: PALABRAS_LARGAS=1.
func TestAdaptativaLamenta(t *testing.T) {
	pruebas.SoloLargas(t)
	const presupuesto = 4000
	var lamentoU, lamentoA, muestrasA float64
	n := 0
	for _, p := range [][2]int{{1, 8}, {2, 10}, {3, 12}, {4, 9}, {5, 11}, {6, 14}, {7, 7}, {8, 16}} {
		j := mitadDePartida(t, uint64(p[0]), p[1])
		base := simulacion.Opciones{Candidatas: 20, Hojas: hojasES, SinPoda: true, Indiferencia: -1, Semilla: 999}
		ref := base
		ref.Iteraciones = 2000
		verdad, err := simulacion.Simular(context.Background(), j, ref)
		require.NoError(t, err)
		media := map[string]float64{}
		for _, c := range verdad.Candidatas {
			media[c.Eleccion.String()] = c.Media
		}
		mejor := verdad.Candidatas[0].Media
		for s := range uint64(5) {
			u := base
			u.Semilla, u.Iteraciones = s, presupuesto/len(verdad.Candidatas)
			ru, err := simulacion.Simular(context.Background(), j, u)
			require.NoError(t, err)
			a := u
			a.SinPoda, a.Indiferencia, a.Iteraciones = false, 0, 0
			var ra simulacion.Resultado
			for r, err := range simulacion.Progreso(context.Background(), j, a) {
				require.NoError(t, err)
				ra = r
				if r.Muestras >= presupuesto {
					break
				}
			}
			eu, _ := ru.Mejor()
			ea, _ := ra.Mejor()
			lamentoU += mejor - media[eu.Eleccion.String()]
			lamentoA += mejor - media[ea.Eleccion.String()]
			muestrasA += float64(ra.Muestras)
			n++
		}
	}
	t.Logf("lamento medio: uniforme %.2f, adaptativa %.2f puntos (%d simulaciones; la adaptativa con %.0f muestras de media, la uniforme con %d)",
		lamentoU/float64(n), lamentoA/float64(n), n, muestrasA/float64(n), presupuesto)
	require.LessOrEqual(t, lamentoA, lamentoU+0.5*float64(n), "la adaptativa lamenta más que la uniforme")
}

// TestAdaptativaDeterminista: con la poda y la parada por indiferencia
// en juego, la misma semilla da el mismo resultado con uno y con dos
// trabajadores.
func TestAdaptativaDeterminista(t *testing.T) {
	j := mitadDePartida(t, 2, 10)
	op := simulacion.Opciones{Candidatas: 10, Iteraciones: 256, Hojas: hojasES, Semilla: 11, Trabajadores: 1}
	a, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	op.Trabajadores = 2
	b, err := simulacion.Simular(context.Background(), j, op)
	require.NoError(t, err)
	require.Equal(t, a, b)
	podadas := 0
	for _, c := range a.Candidatas {
		if c.Podada {
			podadas++
		}
	}
	require.Positive(t, podadas, "ninguna podada: la prueba no mira la poda")
}
