package juego_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// La posición de los benchmarks, con la variante española: nueve jugadas
// anteriores dejan palabras verticales arriba y abajo de la fila 7, y la
// jugada medida pone SENTARA (7 fichas) en la fila 7 desde la columna 4,
// formando siete cruzadas:
//
//	     4 5 6 7 8 9 10
//	 3   C · C · B · ·
//	 4   A · O · U · S
//	 5   S · M · E · A
//	 6   A · E · N · L
//	 7   S E N T A R A    ← SENTARA
//	 8   · S · O · O ·
//	 9   · E · R · S ·
//	10   · · · O · A ·
//
// Puntaje (valores españoles): SENTARA 7 + CASAS 7 + ESE 3 + COMEN 9 + TORO 4
// + BUENA 7 + ROSA 4 + SALA 4 = 45.
var posicionMedio = []colocacion{
	{3, 4, false, "casa"},
	{3, 6, false, "come"},
	{3, 8, false, "buen"},
	{4, 10, false, "sal"},
	{8, 5, false, "se"},
	{8, 7, false, "oro"},
	{8, 9, false, "osa"},
	{13, 1, true, "perro"},
	{9, 13, false, "gato"},
}

var jugadaMedida = colocacion{7, 4, true, "sentara"}

// varianteEspanola devuelve la variante española con tablero de n×n.
func varianteEspanola(tb testing.TB, n int) *variante.Variante {
	base := espanol.Variante()
	v, err := variante.Nueva(base.Alfabeto(), n, base.Fichas(), espanol.Puntajes(), base.Lexico(), variante.Opciones{})
	require.NoError(tb, err)
	return v
}

// posicion arma la posición de medio juego en un tablero de n×n, con extra
// jugadas más (SOL, lejos de la zona de juego), y devuelve el juego listo
// para la jugada medida.
func posicion(tb testing.TB, n, extra int) (*juego.Juego, ocurrencia.Ocurrencia) {
	tb.Helper()
	v := varianteEspanola(tb, n)
	cs := append([]colocacion(nil), posicionMedio...)
	porFila := (n - 1) / 4
	for i := range extra {
		cs = append(cs, colocacion{20 + 2*(i/porFila), 4 * (i % porFila), true, "sol"})
	}
	jugadas := jugadasDe(tb, v.Alfabeto(), append(cs, jugadaMedida)...)
	j := juegoPara(tb, v, jugadas...)
	for _, o := range jugadas[:len(jugadas)-1] {
		_, err := j.Ubicar(o)
		require.NoError(tb, err)
	}
	o := jugadas[len(jugadas)-1]
	p, err := j.PuntajeObtenido(o)
	require.NoError(tb, err)
	require.Equal(tb, 45, p, "la jugada medida forma sus siete cruzadas")
	return j, o
}

func TestPosicionDeLosBenchmarks(t *testing.T) {
	j, o := posicion(t, 15, 0)
	require.Equal(t, 7, o.Tamano())
	require.NoError(t, verificar(j))
	_, err := j.Ubicar(o)
	require.NoError(t, err)
	require.NoError(t, verificar(j))
	j, _ = posicion(t, 100, 50)
	require.NoError(t, verificar(j))
}

// BenchmarkJugadaValida valida la jugada de 7 fichas con cruzadas en la
// posición de medio juego. Metas: ≤ 1 µs/op y 0 allocs/op, y los casos de N
// = 1000 y de 10.000 jugadas anteriores a menos del doble del de 15×15.
func BenchmarkJugadaValida(b *testing.B) {
	casos := []struct {
		nombre   string
		n, extra int
	}{
		{"N=15", 15, 0},
		{"N=100", 100, 0},
		{"N=1000", 1000, 0},
		{"N=1000/jugadas=10", 1000, 1},
		{"N=1000/jugadas=10000", 1000, 9991},
	}
	for _, c := range casos {
		b.Run(c.nombre, func(b *testing.B) {
			j, o := posicion(b, c.n, c.extra)
			require.Equal(b, 9+c.extra, j.Tiempo())
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if !j.JugadaValida(o) {
					b.Fatal("la jugada debería ser válida")
				}
			}
		})
	}
}

// BenchmarkUbicar ubica la jugada válida de 7 fichas, validación incluida,
// sobre copias de la posición. Meta: ≤ 2 µs/op.
func BenchmarkUbicar(b *testing.B) {
	j, o := posicion(b, 15, 0)
	const tanda = 256
	copias := make([]*juego.Juego, tanda)
	b.ReportAllocs()
	b.ResetTimer()
	for hechas := 0; hechas < b.N; hechas += tanda {
		b.StopTimer()
		for i := range copias {
			copias[i] = j.Clonar()
		}
		b.StartTimer()
		for _, c := range copias[:min(tanda, b.N-hechas)] {
			if _, err := c.Ubicar(o); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPuntaje mide Puntaje con m jugadas pendientes (SOL, 3 fichas
// cada una) y reporta el costo por ficha, que debe ser constante: Puntaje es
// lineal en las fichas pendientes.
func BenchmarkPuntaje(b *testing.B) {
	for _, m := range []int{1, 10, 100, 1000} {
		b.Run(fmt.Sprintf("pendientes=%d", m), func(b *testing.B) {
			j, _ := posicion(b, 300, m)
			// Las 9 de la posición también quedan pendientes: 26 fichas.
			fichas := 26 + 3*m
			// Cada vuelta suma en una copia con todo pendiente; las copias
			// se hacen de a tandas, fuera del tiempo medido.
			const tanda = 256
			copias := make([]*juego.Juego, tanda)
			b.ReportAllocs()
			b.ResetTimer()
			for hechas := 0; hechas < b.N; hechas += tanda {
				b.StopTimer()
				for i := range copias {
					copias[i] = j.Clonar()
				}
				b.StartTimer()
				for _, c := range copias[:min(tanda, b.N-hechas)] {
					if _, err := c.Puntaje(0); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(fichas), "ns/ficha")
		})
	}
}

// BenchmarkPuntajeSinPendientes: sin jugadas pendientes, Puntaje es O(1).
func BenchmarkPuntajeSinPendientes(b *testing.B) {
	j, _ := posicion(b, 300, 1000)
	if _, err := j.Puntaje(0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := j.Puntaje(0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNuevo empieza una partida de 2 jugadores en la variante
// española (15×15). Meta: ≤ 20 µs/op.
func BenchmarkNuevo(b *testing.B) {
	v := espanol.Variante()
	r, err := v.Repositorio(2, 1)
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := juego.Nuevo(2, v, r); err != nil {
			b.Fatal(err)
		}
	}
}
