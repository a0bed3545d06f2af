// Package gaddags trae los GADDAG ya hechos de los dos léxicos embebidos de
// variante/espanol (con y sin dígrafos), para que el generador los lea en
// lugar de construirlos. Los escribe el programa de generar (go generate en
// este directorio), a partir de los léxicos que variante/espanol embebe.
//
// Ocupan varios MB cada uno: no viajan con la variante, que también usan los
// programas que solo consultan palabras, sino aquí, y este paquete lo
// importa solo generador. Así solo los programas que generan jugadas los
// enlazan.
package gaddags

import (
	_ "embed"
	"errors"
	"sync"

	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

//go:generate go run ./generar

//go:embed lexico.gaddag
var lexico []byte

//go:embed lexico_digrafos.gaddag
var lexicoDigrafos []byte

// codificacion es la codificación de un GADDAG (trie.GADDAG.MarshalBinary)
// con lo que se leyó de ella: el GADDAG del primer léxico que resultó ser
// el suyo, una sola vez.
type codificacion struct {
	b []byte

	mu  sync.Mutex
	d   *trie.DAWG // el léxico para el que se leyó; nil si todavía ninguno
	g   *trie.GADDAG
	err error
}

// embebidas son las codificaciones de los léxicos de variante/espanol.
var embebidas = []*codificacion{{b: lexico}, {b: lexicoDigrafos}}

// Buscar devuelve el GADDAG del léxico de v: el de una codificación
// embebida, si es la de ese léxico, o si no el de variante.Variante.GADDAG,
// que lo construye. Cada codificación se decodifica una sola vez, para el
// primer léxico (el mismo *trie.DAWG, como el de las variantes de
// variante/espanol, que lo comparten) que la pide; otro *trie.DAWG con las
// mismas palabras usa el de su variante. Devuelve el error de la lectura (el
// mismo en todas las llamadas) si la codificación del léxico está dañada.
func Buscar(v *variante.Variante) (*trie.GADDAG, error) {
	return buscar(embebidas, v)
}

func buscar(cs []*codificacion, v *variante.Variante) (*trie.GADDAG, error) {
	d := v.Lexico()
	for _, c := range cs {
		if g, ok, err := c.para(d); ok {
			return g, err
		}
	}
	return v.GADDAG()
}

// para devuelve el GADDAG de c para el léxico d, leído una vez, o false si
// c no es de d (o ya se leyó para otro *trie.DAWG). Descartar la
// codificación de otro léxico cuesta O(1): trie.DecodificarGADDAG compara
// la cabecera antes de recorrerla.
func (c *codificacion) para(d *trie.DAWG) (*trie.GADDAG, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.d == d:
		return c.g, true, c.err
	case c.d != nil:
		return nil, false, nil
	}
	g, err := trie.DecodificarGADDAG(c.b, d)
	if errors.Is(err, trie.ErrOtroLexico) {
		return nil, false, nil
	}
	c.d, c.g, c.err = d, g, err
	return g, true, err
}
