package cgp

import (
	"strings"

	"github.com/juegodepalabras/palabras/variante"
)

// DescripcionDe devuelve la descripción de variante (variante.PorNombre)
// que nombra la operación ld del CGP texto ("ld catalan;", "-ld french;")
// o, si no tiene ld, la de lex ("lex CSW21;" es la inglesa). Sirve para
// elegir el alfabeto o la variante con que leerlo: su alfabeto es
// [variante.Descripcion.Alfabeto]. Informa false si el texto no nombra
// ninguna descripción incluida. Solo mira las palabras del texto: no lo
// valida (eso lo hace [Parsear]).
func DescripcionDe(texto string) (*variante.Descripcion, bool) {
	if len(texto) > OmisionMaxBytes {
		return nil, false
	}
	campos := strings.Fields(strings.ReplaceAll(texto, ";", " ; "))
	if len(campos) > 0 && campos[0] == "cgp" {
		campos = campos[1:]
	}
	// Las operaciones empiezan en el quinto campo, después del tablero,
	// las manos, los puntajes y los turnos sin puntos.
	valor := func(codigo string) string {
		for i := 4; i+1 < len(campos); i++ {
			if (i == 4 || campos[i-1] == ";") && strings.TrimPrefix(campos[i], "-") == codigo && campos[i+1] != ";" {
				return campos[i+1]
			}
		}
		return ""
	}
	for _, codigo := range []string{"ld", "lex"} {
		if v := valor(codigo); v != "" {
			if d, ok := variante.PorNombre(v); ok {
				return d, true
			}
		}
	}
	return nil, false
}
