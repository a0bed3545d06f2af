// Package gaddags guarda los GADDAG ya hechos que trae el programa, para que
// variante.Variante.GADDAG los lea en lugar de construirlos.
//
// Los GADDAG de los léxicos embebidos de variante/espanol ocupan varios MB
// cada uno: no viajan con la variante, que también usan los programas que
// solo consultan palabras, sino en el subpaquete espanol, que importa el
// paquete generador y los registra al iniciarse. Así solo los programas que
// generan jugadas los enlazan.
package gaddags

import (
	"errors"
	"sync"

	"github.com/juegodepalabras/palabras/trie"
)

var (
	mu          sync.Mutex
	registrados [][]byte
)

// Registrar agrega la codificación de un GADDAG (trie.GADDAG.MarshalBinary).
// b se retiene y no debe modificarse (lo natural es un //go:embed).
func Registrar(b []byte) {
	mu.Lock()
	defer mu.Unlock()
	registrados = append(registrados, b)
}

// Buscar devuelve el GADDAG del léxico d: lo decodifica de una codificación
// registrada de ese léxico, si la hay, y si no lo construye.
func Buscar(d *trie.DAWG) (*trie.GADDAG, error) {
	mu.Lock()
	candidatos := registrados
	mu.Unlock()
	for _, b := range candidatos {
		g, err := trie.DecodificarGADDAG(b, d)
		if errors.Is(err, trie.ErrOtroLexico) {
			continue
		}
		return g, err
	}
	return trie.NuevoGADDAG(d)
}
