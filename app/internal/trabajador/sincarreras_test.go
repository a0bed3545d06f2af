//go:build !race

package trabajador_test

// conCarreras: la prueba corre sin el detector de carreras.
const conCarreras = false
