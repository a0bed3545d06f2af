//go:build !race

package main

// conCarreras: la prueba corre sin el detector de carreras.
const conCarreras = false
