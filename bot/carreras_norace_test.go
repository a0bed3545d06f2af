//go:build !race

package bot_test

// conCarreras: las pruebas corren con el detector de carreras.
const conCarreras = false
