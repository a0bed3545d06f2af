// Package espanol registra los GADDAG de los dos léxicos embebidos de
// variante/espanol (con y sin dígrafos), hechos por el programa de
// internal/programa/generar. Lo importa el paquete generador.
package espanol

import (
	_ "embed"

	"github.com/juegodepalabras/palabras/internal/motor/gaddags"
)

//go:embed lexico.gaddag
var lexico []byte

//go:embed lexico_digrafos.gaddag
var lexicoDigrafos []byte

func init() {
	gaddags.Registrar(lexico)
	gaddags.Registrar(lexicoDigrafos)
}
