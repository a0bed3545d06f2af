// Command generar escribe lexico.dawg y lexico_digrafos.dawg, los léxicos
// embebidos de las variantes españolas (leídos con letra.Espanol y con
// letra.EspanolConDigrafos), a partir de es.txt.gz (../shared/lexicon en el
// entorno de desarrollo, o $PALABRAS_LEXICOS). Se ejecuta con go generate
// en variante/espanol. Sus GADDAG, que solo enlazan los programas que
// generan jugadas, se derivan de ellos con go generate en
// generador/internal/gaddags. El resultado se versiona, así que los
// usuarios nunca lo ejecutan. TestEmbebidoIgualAlLexico comprueba que los
// archivos versionados sean exactamente los que este programa produce.
package main

import (
	"fmt"
	"os"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

func main() {
	for destino, alf := range map[string]*letra.Alfabeto{
		"lexico.dawg":          letra.Espanol(),
		"lexico_digrafos.dawg": letra.EspanolConDigrafos(),
	} {
		if err := generar(destino, alf); err != nil {
			fmt.Fprintln(os.Stderr, "generar:", err)
			os.Exit(1)
		}
	}
}

func generar(destino string, alf *letra.Alfabeto) error {
	ruta, ok := lexicos.Ruta(lexicos.Espanol)
	if !ok {
		return fmt.Errorf("no se encontró %s (shared/lexicon o $%s)", lexicos.Espanol, lexicos.Variable)
	}
	f, err := os.Open(ruta)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := variante.LeerLexico(f, alf, variante.OpcionesLexico{})
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
