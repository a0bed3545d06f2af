package variante

import (
	"fmt"

	"github.com/juegodepalabras/palabras/internal/azar"
	"github.com/juegodepalabras/palabras/letra"
)

// LargoRepositorio devuelve N·N + k·F, el largo mínimo del repositorio de un
// juego de k jugadores (la precondición de nuevoJuego). Con [Opciones].Bolsa no hay
// largo mínimo y devuelve 0. Devuelve un error que envuelve a
// [ErrJugadoresInvalidos] si k no es positivo o si N·N + k·F pasa de
// [MaxLargoRepositorio].
func (v *Variante) LargoRepositorio(k int) (int, error) {
	// N ≤ MaxTamanoTablero y F ≤ MaxFichas: con k acotado no hay desborde.
	if k <= 0 || k > MaxLargoRepositorio/v.fichas ||
		v.tamano*v.tamano+k*v.fichas > MaxLargoRepositorio {
		return 0, fmt.Errorf("%w: %d (con N = %d y F = %d el repositorio debe caber en %d letras)",
			ErrJugadoresInvalidos, k, v.tamano, v.fichas, MaxLargoRepositorio)
	}
	if v.reglas.bolsa {
		return 0, nil
	}
	return v.tamano*v.tamano + k*v.fichas, nil
}

// Repositorio devuelve un repositorio para un juego de k jugadores: una cola
// de letras (la primera es la próxima en salir) de largo exactamente
// N·N + k·F, el que exige nuevoJuego.
//
// Las letras siguen la distribución de la variante: se juntan tantas bolsas
// completas como hagan falta para llegar a ese largo, se mezclan todas y se
// toma el comienzo. La mezcla es una permutación de Fisher–Yates con un
// generador PCG sembrado con semilla, implementada en el paquete interno
// internal/azar (no con los métodos de math/rand/v2, que no prometen la
// misma secuencia): la misma semilla da el mismo repositorio en cualquier
// máquina y versión.
//
// Con [Opciones].Bolsa el repositorio es una sola bolsa completa, mezclada igual:
// sus fichas son exactamente las de [Variante.Distribucion].
//
// Devuelve un error que envuelve a [ErrJugadoresInvalidos] si k no es
// positivo o si el repositorio pasaría de [MaxLargoRepositorio] letras.
func (v *Variante) Repositorio(k int, semilla uint64) ([]letra.Letra, error) {
	largo, err := v.LargoRepositorio(k)
	if err != nil {
		return nil, err
	}
	if v.reglas.bolsa {
		largo = v.distribucion.Tamano()
	}
	bolsa := v.distribucion.Letras()
	copias := (largo + len(bolsa) - 1) / len(bolsa)
	r := make([]letra.Letra, 0, copias*len(bolsa))
	for range copias {
		r = append(r, bolsa...)
	}
	azar.Mezclar(r, semilla, 0x70616c6162726173) // "palabras"
	return r[:largo:largo], nil
}
