package generador_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkReferenciasInglesas genera todas las jugadas de las posiciones
// de referencia, con sus puntos, y las cuenta sin guardarlas.
func BenchmarkReferenciasInglesas(b *testing.B) {
	benchReferencias(b, varianteInglesa(b), referenciasInglesas)
}

// BenchmarkReferenciasEspanolas hace lo mismo con las posiciones de
// referencia de la variante clásica española (FISE).
func BenchmarkReferenciasEspanolas(b *testing.B) {
	benchReferencias(b, espanol.Clasica(), referenciasEspanolas)
}

func benchReferencias(b *testing.B, v *variante.Variante, refs []referencia) {
	g := generadorDe(b, v)
	for _, r := range refs {
		b.Run(r.nombre, func(b *testing.B) {
			j := juegoDe(b, v, r.cgp)
			generador.Contar(g, j) // los conjuntos cruzados, ya calculados
			b.ReportAllocs()
			n := 0
			medirCPU(b, func() { n = generador.Contar(g, j) })
			require.Equal(b, r.jugadas, n)
			b.ReportMetric(float64(n), "jugadas")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/jugada")
		})
	}
}

// BenchmarkReferenciasEntregando recorre las jugadas de las mismas
// posiciones de referencia con Jugadas, que entrega cada una con sus
// fichas y sus puntos.
func BenchmarkReferenciasEntregando(b *testing.B) {
	for _, c := range []struct {
		idioma string
		v      *variante.Variante
		refs   []referencia
	}{{"ingles", varianteInglesa(b), referenciasInglesas}, {"espanol", espanol.Clasica(), referenciasEspanolas}} {
		g := generadorDe(b, c.v)
		for _, r := range c.refs {
			b.Run(c.idioma+"/"+r.nombre, func(b *testing.B) {
				j := juegoDe(b, c.v, r.cgp)
				generador.Contar(g, j) // los conjuntos cruzados, ya calculados
				b.ReportAllocs()
				b.ResetTimer()
				n, pts := 0, 0
				for range b.N {
					n = 0
					for jugada := range generador.Jugadas(g, j) {
						n++
						pts += jugada.Puntos + len(jugada.Fichas)
					}
				}
				b.StopTimer()
				require.Equal(b, r.jugadas, n)
				require.NotZero(b, pts)
			})
		}
	}
}

// BenchmarkPosicionEnFrio es la posición ARTHOUS sin los cruces ya
// calculados: alterna entre dos juegos de la misma posición, así que cada
// vez el generador ve un juego distinto del anterior, copia el tablero y
// calcula los conjuntos cruzados de todas las celdas.
func BenchmarkPosicionEnFrio(b *testing.B) {
	v := varianteInglesa(b)
	g := generadorDe(b, v)
	js := [2]*juego.Juego{juegoDe(b, v, posicionARTHOUS), juegoDe(b, v, posicionARTHOUS)}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := range b.N {
		n = generador.Contar(g, js[i%2])
	}
	b.StopTimer()
	require.Equal(b, 1144, n)
}

// BenchmarkEspecificacion genera las jugadas de AEINRST en el tablero vacío
// de 15×15 con las reglas de la especificación (sin anclas: una jugada
// puede estar en cualquier parte) y la variante española por defecto.
func BenchmarkEspecificacion(b *testing.B) {
	v := espanol.Variante()
	g := generadorDe(b, v)
	r := make([]letra.Letra, v.TamanoTablero()*v.TamanoTablero()+2*v.Fichas())
	j, err := juego.Nuevo(2, v, r)
	require.NoError(b, err)
	m := manoDe(b, v, "AEINRST")
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for range b.N {
		n = generador.ContarDe(g, j, m)
	}
	b.StopTimer()
	b.ReportMetric(float64(n), "jugadas")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/jugada")
}
