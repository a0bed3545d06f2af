package variante_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

func Example() {
	es := letra.Espanol()
	lexico, err := variante.LeerLexico(strings.NewReader("sol\nsal\nsala\nla\n"), es, variante.OpcionesLexico{})
	if err != nil {
		panic(err)
	}
	s, _ := es.Indice("S")
	v, err := variante.Nueva(es, 5, 3, map[letra.Letra]int{s: 2}, lexico, variante.Opciones{})
	if err != nil {
		panic(err)
	}
	sala, _ := es.Parsear("sala")
	salas, _ := es.Parsear("salas")
	fmt.Println(v.TamanoTablero(), v.Fichas(), v.LongPalabraMasLarga())
	fmt.Println(v.PalabraLegitima(sala), v.PalabraLegitima(salas))
	fmt.Println(v.PuntajeLetra(s), v.PuntajeLetra(0))
	// Output:
	// 5 3 4
	// true false
	// 2 1
}

func ExampleLeerLexico() {
	_, err := variante.LeerLexico(strings.NewReader("casa\nperro\nca$a\n"), letra.Espanol(), variante.OpcionesLexico{})
	var e *variante.ErrorLexico
	if errors.As(err, &e) {
		fmt.Println(e.Linea, e.Palabra, errors.Is(err, letra.ErrCaracterDesconocido))
	}
	// Output:
	// 3 ca$a true
}

func ExampleVariante_Repositorio() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("a\n"), es, variante.OpcionesLexico{})
	a, _ := es.Indice("A")
	e, _ := es.Indice("E")
	v, _ := variante.Nueva(es, 3, 2, nil, lexico, variante.Opciones{Distribucion: map[letra.Letra]int{a: 2, e: 1}})

	r, _ := v.Repositorio(2, 42) // 3·3 + 2·2 = 13 letras
	fmt.Println(len(r), letra.NuevoMulticonjunto(r...).Cantidad(e) <= 5)
	otra, _ := v.Repositorio(2, 42)
	fmt.Println(es.Formatear(r) == es.Formatear(otra))
	// Output:
	// 13 true
	// true
}

// Las reglas clásicas son opciones; sin ellas (el valor cero de Opciones),
// la variante es la de la especificación.
func ExampleClasicas() {
	alf := letra.Ingles()
	gato, _ := alf.Parsear("cat")
	lexico, _ := trie.NuevoDAWG([][]letra.Letra{gato})
	op := variante.Clasicas()
	op.Comodines = 2
	v, err := variante.Nueva(alf, 15, 7, nil, lexico, op)
	if err != nil {
		panic(err)
	}
	fmt.Println(v.EsDeLaEspecificacion(), v.Premio(7, 7), v.Premio(0, 0), v.Bingo(), v.TurnosSinPuntos())
	fmt.Println(v.Distribucion().Cantidad(letra.Comodin))
	// Output:
	// false p P 50 6
	// 2
}

// El GADDAG de una variante se obtiene una sola vez: las llamadas
// siguientes devuelven el mismo, y una variante derivada con Con lo comparte.
func ExampleVariante_GADDAG() {
	alf := letra.Espanol()
	sol, _ := alf.Parsear("SOL")
	d, _ := trie.NuevoDAWG([][]letra.Letra{sol})
	v, _ := variante.Nueva(alf, 15, 7, nil, d, variante.Opciones{})
	g, _ := v.GADDAG()
	otra, _ := v.GADDAG()
	fmt.Println(g == otra)

	w, _ := v.Con(variante.Clasicas())
	h, err := w.GADDAG()
	fmt.Println(err, h == g)
	// Output:
	// true
	// <nil> true
}
