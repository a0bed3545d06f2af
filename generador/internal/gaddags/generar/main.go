// Command generar escribe lexico.gaddag y lexico_digrafos.gaddag, los
// GADDAG de los léxicos embebidos de variante/espanol (el de
// espanol.Variante y el de espanol.Clasica, con dígrafos), en el directorio
// actual. Se ejecuta con go generate en generador/internal/gaddags, después
// de regenerar los léxicos (go generate ./variante/espanol): los GADDAG se
// derivan de ellos. El resultado se versiona, así que los usuarios nunca lo
// ejecutan. TestGADDAGEmbebido comprueba (con PALABRAS_LARGAS=1) que los
// archivos versionados sean exactamente los que este programa produce.
package main

import (
	"fmt"
	"os"

	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	for destino, v := range map[string]*variante.Variante{
		"lexico.gaddag":          espanol.Variante(),
		"lexico_digrafos.gaddag": espanol.Clasica(),
	} {
		if err := generar(destino, v); err != nil {
			fmt.Fprintln(os.Stderr, "generar:", err)
			os.Exit(1)
		}
	}
}

// generar construye el GADDAG del léxico de v y lo escribe en destino.
func generar(destino string, v *variante.Variante) error {
	g, err := v.GADDAG()
	if err != nil {
		return err
	}
	b, err := g.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(destino, b, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d estados, %d arcos, %d bytes\n", destino, g.Estados(), g.Aristas()+1, len(b))
	return nil
}
