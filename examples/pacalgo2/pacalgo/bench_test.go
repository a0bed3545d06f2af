package pacalgo_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// BenchmarkMover: un movimiento, ida y vuelta entre dos casilleros del
// mapa incluido anillos, lejos de los fantasmas. No reserva memoria por
// movimiento (0 allocs/op): la trayectoria, un byte por movimiento, crece
// de a tramos cada vez más grandes, y sus copias son los pocos B/op.
func BenchmarkMover(b *testing.B) {
	j, err := pacalgo.Nuevo(leerIncluido(b, "anillos.txt"))
	require.NoError(b, err)
	idaYVuelta(b, j)
}

// BenchmarkMoverMapaGrande: lo mismo en un mapa de 1000×1000 con 100.000
// fantasmas y 100.000 chocolates: el costo de un movimiento no depende del
// tamaño del mapa ni de sus conjuntos (comparar con BenchmarkMover).
func BenchmarkMoverMapaGrande(b *testing.B) {
	const lado = 1000
	var fantasmas, chocolates []pacalgo.Casillero
	for k := range 100_000 {
		x, y := (k*7919)%lado, (k*104729)%lado
		if x+y > 20 { // lejos del inicio
			fantasmas = append(fantasmas, pacalgo.Casillero{X: x, Y: y})
		}
		chocolates = append(chocolates, pacalgo.Casillero{X: (k * 31) % lado, Y: (k * 17) % lado})
	}
	m, err := pacalgo.NuevoMapa(pacalgo.Dimension{Ancho: lado, Alto: lado}, pacalgo.Casillero{}, pacalgo.Casillero{},
		pacalgo.Casillero{X: lado - 1, Y: lado - 1}, fantasmas, nil, chocolates)
	require.NoError(b, err)
	j, err := pacalgo.Nuevo(m)
	require.NoError(b, err)
	idaYVuelta(b, j)
}

// idaYVuelta mide b.N movimientos de j, arriba y abajo, desde un casillero
// al que se llega subiendo.
func idaYVuelta(b *testing.B, j *pacalgo.Juego) {
	require.NoError(b, j.Arriba())
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		d := pacalgo.Arriba
		if i%2 == 0 {
			d = pacalgo.Abajo
		}
		if err := j.Mover(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResolver: el mejor camino del mapa incluido anillos (21×11,
// dos chocolates, 22 de puntaje).
func BenchmarkResolver(b *testing.B) {
	m := leerIncluido(b, "anillos.txt")
	b.ReportAllocs()
	for range b.N {
		s, err := pacalgo.Resolver(m)
		if err != nil || s.Puntaje != 22 {
			b.Fatal(s, err)
		}
	}
}

// BenchmarkResolverLaberinto: el mejor camino del mapa incluido laberinto
// (15×11, sin chocolates, 47 de puntaje).
func BenchmarkResolverLaberinto(b *testing.B) {
	m := leerIncluido(b, "laberinto.txt")
	b.ReportAllocs()
	for range b.N {
		s, err := pacalgo.Resolver(m)
		if err != nil || s.Puntaje != 47 {
			b.Fatal(s, err)
		}
	}
}
