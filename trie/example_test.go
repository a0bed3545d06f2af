package trie_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

func ExampleTrie() {
	es := letra.Espanol()
	var t trie.Trie
	for _, w := range strings.Fields("sal sol sola solar sal") {
		p, _ := es.Parsear(w)
		_ = t.Definir(p)
	}
	sol, _ := es.Parsear("sol")
	so, _ := es.Parsear("so")
	fmt.Println(t.Tamano(), t.Contiene(sol), t.Contiene(so))
	for p := range t.Palabras() {
		fmt.Print(es.Formatear(p), " ")
	}
	fmt.Println()
	// Output:
	// 4 true false
	// SAL SOL SOLA SOLAR
}

func ExampleTrie_Minimizar() {
	es := letra.Espanol()
	var t trie.Trie
	for _, w := range strings.Fields("cantar contar cantaba contaba") {
		p, _ := es.Parsear(w)
		_ = t.Definir(p)
	}
	d := t.Minimizar()
	fmt.Println("trie:", t.Nodos(), "nodos")
	fmt.Println("DAWG:", d.Estados(), "estados,", d.Aristas(), "transiciones")
	// Output:
	// trie: 16 nodos
	// DAWG: 8 estados, 9 transiciones
}

func ExampleDAWG_Hijo() {
	es := letra.Espanol()
	var palabras [][]letra.Letra
	for _, w := range strings.Fields("mar mas mes mesa") {
		p, _ := es.Parsear(w)
		palabras = append(palabras, p)
	}
	d, _ := trie.NuevoDAWG(palabras)

	// ¿Qué letras pueden seguir a "ME"?
	n := d.Raiz()
	for _, s := range []string{"M", "E"} {
		l, _ := es.Indice(s)
		n, _ = d.Hijo(n, l)
	}
	for l, h := range d.Hijos(n) {
		fmt.Println("ME"+es.Simbolo(l), d.EsFinal(h))
	}
	// Output:
	// MES true
}

func ExampleDecodificar() {
	es := letra.Espanol()
	p, _ := es.Parsear("hola")
	d, _ := trie.NuevoDAWG([][]letra.Letra{p})
	b, _ := d.MarshalBinary()

	e, err := trie.Decodificar(b, trie.Opciones{})
	fmt.Println(e.Contiene(p), err)

	b[len(b)/2] ^= 1 // un bit dañado
	_, err = trie.Decodificar(b, trie.Opciones{})
	fmt.Println(err)
	// Output:
	// true <nil>
	// trie: codificación de DAWG inválida: trie: la suma de control no coincide
}

// Un GADDAG lee una palabra desde cualquiera de sus letras: hacia atrás
// hasta el principio, el separador ◇, y hacia adelante hasta el final.
// Desde la O de SOL: O, S, ◇, L.
func ExampleGADDAG() {
	alf := letra.Espanol()
	sol, _ := alf.Parsear("SOL")
	d, _ := trie.NuevoDAWG([][]letra.Letra{sol})
	g, _ := trie.NuevoGADDAG(d)

	o, s, l := sol[1], sol[0], sol[2]
	fmt.Println(g.Acepta([]letra.Letra{o, s, trie.Separador, l}))
	fmt.Println(g.Acepta([]letra.Letra{o, trie.Separador, l})) // falta la S
	// Output:
	// true
	// false
}

// Un GADDAG se guarda con MarshalBinary y se lee, junto con el DAWG de su
// léxico, con DecodificarGADDAG, sin volver a construirlo.
func ExampleDecodificarGADDAG() {
	alf := letra.Espanol()
	sol, _ := alf.Parsear("SOL")
	d, _ := trie.NuevoDAWG([][]letra.Letra{sol})
	g, _ := trie.NuevoGADDAG(d)
	b, _ := g.MarshalBinary()

	h, err := trie.DecodificarGADDAG(b, d)
	fmt.Println(err, h.Aristas() == g.Aristas())
	o, s, l := sol[1], sol[0], sol[2]
	fmt.Println(h.Acepta([]letra.Letra{o, s, trie.Separador, l}))

	otro, _ := trie.NuevoDAWG([][]letra.Letra{sol[:2]})
	_, err = trie.DecodificarGADDAG(b, otro)
	fmt.Println(errors.Is(err, trie.ErrOtroLexico))
	// Output:
	// <nil> true
	// true
	// true
}
