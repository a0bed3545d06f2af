//go:build race

package bot_test

// conCarreras: las pruebas corren con el detector de carreras, que hace
// todo varias veces más lento.
const conCarreras = true
