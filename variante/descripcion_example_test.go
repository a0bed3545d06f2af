package variante_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/juegodepalabras/palabras/variante"
)

// Una variante escrita como datos: un tablero de 3×3 con tres letras, una
// de dos caracteres, y una lista de palabras en memoria.
func ExampleLeerDescripcion() {
	texto := `
nombre: mini
tablero: 3
fichas: 3
comodines: 1
conexion: si
letra: A   4 1 vocal Á
letra: NY  2 5 consonante
letra: S   2 1 consonante
premios:
p.l
.p.
l.P
`
	d, err := variante.LeerDescripcion(strings.NewReader(texto), variante.OpcionesDescripcion{})
	if err != nil {
		panic(err)
	}
	v, err := d.LeerVariante(strings.NewReader("nyas\nas\nnyá\n"), variante.OpcionesLexico{})
	if err != nil {
		panic(err)
	}
	p, _ := v.Alfabeto().Parsear("nyas")
	fmt.Println(len(p), v.PalabraLegitima(p), v.Distribucion().Tamano(), v.Premio(2, 2))
	// Output:
	// 3 true 9 P
}

// Las descripciones incluidas se buscan por nombre o por alias: el ld de
// CGP, o la familia del #lexicon de GCG.
func ExamplePorNombre() {
	for _, nombre := range []string{"catalan", "english_super", "CSW21", "OSPS49"} {
		d, _ := variante.PorNombre(nombre)
		fmt.Println(nombre, "→", d.Nombre, d.Tablero, len(d.Letras))
	}
	// Output:
	// catalan → catalan 15 26
	// english_super → ingles-21 21 26
	// CSW21 → ingles 15 26
	// OSPS49 → polaco 15 32
}

// EscribirDescripcion escribe la forma canónica, que LeerDescripcion lee
// igual.
func ExampleEscribirDescripcion() {
	d, _ := variante.PorNombre("esloveno")
	d.Premios = nil // para acortar la salida
	d.Letras = d.Letras[:3]
	if err := variante.EscribirDescripcion(os.Stdout, d); err != nil {
		panic(err)
	}
	// Output:
	// nombre: esloveno
	// alias: slovene slovenian
	// titulo: Esloveno, con Č, Š y Ž
	// fuente: https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Slovenian (100 fichas, 2 comodines; sin Q, W, X ni Y)
	// lista: usuario
	// tablero: 15
	// fichas: 7
	// comodines: 2
	// bingo: 50
	// conexion: si
	// cambios: si
	// bolsa: si
	// fin: 6 internacional
	//
	// # letra: símbolo, cantidad, valor, vocal o consonante, otras grafías
	// letra: A  10   1 vocal
	// letra: B   2   4 consonante
	// letra: C   1   8 consonante
}
