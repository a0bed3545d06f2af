package tablas_test

import (
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Las tablas de un léxico de juguete: los anagramas de AMOR y las palabras
// de cuatro letras con la palabra interna O en la posición 1.
func Example() {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"AMOR", "ROMA", "MORA", "OMAR", "RAMO", "MAR", "AR"} {
		l, _ := alf.Parsear(p)
		palabras = append(palabras, l)
	}
	d, _ := trie.NuevoDAWG(palabras)
	t, _ := tablas.NuevasInternas(d, 0, 10)
	amor, _ := alf.Parsear("AMOR")
	m, _ := t.Paridad.Codificar(letra.NuevoMulticonjunto(amor...))
	var anagramas []string
	for _, id := range t.Anagramas.Buscar(m) {
		anagramas = append(anagramas, alf.Formatear(t.Palabra(id)))
	}
	fmt.Println(anagramas)
	o, _ := alf.Parsear("O")
	interna, _ := t.Interna(o)
	f, lista, _ := t.Colocada(interna, 1, 4)
	var con []string
	for _, id := range lista {
		con = append(con, alf.Formatear(t.Palabra(id)))
	}
	fmt.Println(f, con)
	fmt.Println(t.Ocurrencias(), "ocurrencias,", t.Colocadas(), "colocadas distintas")
	// Output:
	// [AMOR MORA OMAR RAMO ROMA]
	// 2 [MORA ROMA]
	// 28 ocurrencias, 22 colocadas distintas
}

// La tabla de anagramas de una variante de juguete y los anagramas de una
// mano: el fragmento de la documentación del paquete.
func ExampleNuevosAnagramas() {
	alf := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("amor\nroma\nmora\nramo\nmar\n"), alf, variante.OpcionesLexico{})
	v, _ := variante.Nueva(alf, 15, 7, nil, lexico, variante.Opciones{})
	ls, _ := alf.Parsear("OMRA")
	mano := letra.NuevoMulticonjunto(ls...)

	a, err := tablas.NuevosAnagramas(v.Lexico(), v.TamanoTablero())
	if err != nil {
		panic(err)
	}
	rpe, _ := a.Paridad.Codificar(mano) // la mano en la RPE
	ids := a.Buscar(rpe)                // sus anagramas
	for _, id := range ids {
		fmt.Println(alf.Formatear(a.Palabra(id)))
	}
	// Output:
	// AMOR
	// MORA
	// RAMO
	// ROMA
}
