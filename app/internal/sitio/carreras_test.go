//go:build race

package sitio

// conCarreras: la prueba corre con el detector de carreras, que hace todo
// varias veces más lento; la de carga usa menos partidas.
const conCarreras = true
