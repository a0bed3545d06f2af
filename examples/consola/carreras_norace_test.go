//go:build !race

package main

// conCarreras: las pruebas corren con el detector de carreras, que hace
// todo varias veces más lento (las cotas de tiempo se miden sin él).
const conCarreras = false
