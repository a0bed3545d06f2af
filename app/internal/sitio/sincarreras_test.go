//go:build !race

package sitio

// conCarreras: la prueba corre sin el detector de carreras.
const conCarreras = false
