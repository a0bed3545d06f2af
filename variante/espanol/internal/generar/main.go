// Command generar escribe lexico.dawg, el léxico embebido de la variante
// española, a partir de es.txt.gz (../shared/lexicon en el entorno de
// desarrollo, o $PALABRAS_LEXICOS). Se ejecuta con go generate en
// variante/espanol; el resultado se versiona, así que los usuarios nunca lo
// ejecutan. La prueba TestEmbebidoIgualAlLexico comprueba que el archivo
// versionado sea exactamente el que este programa produce.
package main

import (
	"fmt"
	"os"

	"github.com/juegodepalabras/palabras/internal/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

func main() {
	if err := generar("lexico.dawg"); err != nil {
		fmt.Fprintln(os.Stderr, "generar:", err)
		os.Exit(1)
	}
}

func generar(destino string) error {
	ruta, ok := lexicos.Ruta(lexicos.Espanol)
	if !ok {
		return fmt.Errorf("no se encontró %s (shared/lexicon o $%s)", lexicos.Espanol, lexicos.Variable)
	}
	f, err := os.Open(ruta)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := variante.LeerLexico(f, letra.Espanol())
	if err != nil {
		return err
	}
	b, err := d.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(destino, b, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d palabras, %d estados, %d transiciones, %d bytes\n",
		destino, d.Tamano(), d.Estados(), d.Aristas(), len(b))
	return nil
}
