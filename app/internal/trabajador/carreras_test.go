//go:build race

package trabajador_test

// conCarreras: la prueba corre con el detector de carreras, que hace todo
// varias veces más lento (el análisis retomado tarda más en terminar).
const conCarreras = true
