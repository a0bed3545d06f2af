package revision

import (
	"strings"

	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Ficha es una ficha en el tablero, como la escriben el análisis y el
// protocolo del sitio: fila y columna desde 0, el símbolo de la letra
// ("CH" es una sola ficha) y si es un comodín.
type Ficha struct {
	F       int    `json:"f"`
	C       int    `json:"c"`
	L       string `json:"l"`
	Comodin bool   `json:"comodin,omitempty"`
}

// Simbolos escribe las fichas de una mano con los símbolos de alf ("?" el
// comodín), en el orden de las letras.
func Simbolos(m letra.Multiconjunto, alf *letra.Alfabeto) []string {
	res := make([]string, 0, m.Tamano())
	for l := range m.Todas() {
		res = append(res, alf.Simbolo(l))
	}
	return res
}

// Fichas escribe una ocurrencia con los símbolos de alf, en su orden.
func Fichas(o ocurrencia.Ocurrencia, alf *letra.Alfabeto) []Ficha {
	res := make([]Ficha, 0, o.Tamano())
	for f := range o.Fichas() {
		res = append(res, Ficha{F: f.Fila, C: f.Columna, L: alf.Simbolo(f.Letra), Comodin: f.Comodin})
	}
	return res
}

// PalabraYLugar escribe la palabra principal de la jugada o, ya puesta en
// el tablero t (las minúsculas son comodines), y su lugar como en las
// planillas: "8H" si es horizontal, "H8" si es vertical. Si o no forma
// palabra en t, devuelve dos cadenas vacías.
func PalabraYLugar(t tablero.Tablero, o ocurrencia.Ocurrencia) (palabra, lugar string) {
	p, h, ok := t.Principal(o)
	if !ok {
		return "", ""
	}
	alf := t.Alfabeto()
	var b strings.Builder
	for f := range p.Fichas() {
		s := alf.Simbolo(f.Letra)
		if f.Comodin {
			s = strings.ToLower(s)
		}
		b.WriteString(s)
	}
	return b.String(), notacion.Coordenada{Fila: p.Ficha(0).Fila, Columna: p.Ficha(0).Columna, Horizontal: h}.String()
}
