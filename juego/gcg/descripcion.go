package gcg

import (
	"strings"

	"github.com/juegodepalabras/palabras/variante"
)

// DescripcionDe devuelve la descripción de variante (variante.PorNombre)
// que nombra el pragma #tile-distribution del registro datos ("english",
// "catalan", "english_super"…) o, si no lo tiene, la familia de su #lexicon
// ("CSW21" es la inglesa, "OSPS49" la polaca). Sirve para elegir la
// variante con que leerlo: se arma con su lista de palabras
// ([variante.Descripcion.LeerVariante]) y se da en Opciones.Variante o en
// Opciones.Lexicos. Informa false si el registro no nombra ninguna
// descripción incluida. Solo mira las líneas de esos pragmas, en los
// primeros OmisionMaxBytes bytes: no valida el registro (eso lo hace
// [Leer]).
func DescripcionDe(datos []byte) (*variante.Descripcion, bool) {
	datos = datos[:min(len(datos), OmisionMaxBytes)]
	var distribucion, lexico string
	for _, linea := range strings.Split(string(datos), "\n") {
		texto := strings.TrimSpace(linea)
		for _, p := range []struct {
			pragma  string
			destino *string
		}{{"#tile-distribution", &distribucion}, {"#lexicon", &lexico}} {
			if resto, ok := strings.CutPrefix(texto, p.pragma); ok && resto != "" && (resto[0] == ' ' || resto[0] == '\t') && *p.destino == "" {
				*p.destino = strings.TrimSpace(resto)
			}
		}
	}
	for _, nombre := range []string{distribucion, lexico} {
		if nombre == "" {
			continue
		}
		if d, ok := variante.PorNombre(nombre); ok {
			return d, true
		}
	}
	return nil, false
}
