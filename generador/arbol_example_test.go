package generador_test

import (
	"fmt"
	"math"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Un árbol de jugadas en el tablero de 5×5 de Example: se carga la partida,
// se hace SOL en la fila del centro sin pasar por el juego, se cuentan las
// respuestas de la mano OS (las mismas que da GADDAG en una partida con ese
// tablero) y se deshace.
func ExampleArbol() {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"} {
		l, _ := alf.Parsear(p)
		palabras = append(palabras, l)
	}
	lexico, _ := trie.NuevoDAWG(palabras)
	v, _ := variante.Nueva(alf, 5, 4, map[letra.Letra]int{}, lexico, variante.Opciones{Conexion: true, Bolsa: true})
	r, _ := alf.Parsear("SOLO")
	j, _ := juego.Nuevo(1, v, r)

	a, _ := generador.NuevoArbol(v)
	a.Cargar(j)
	sol, _ := alf.Parsear("SOL")
	var fs []generador.Puesta
	for i, l := range sol {
		fs = append(fs, generador.Puesta{Pos: uint16(2*5 + 1 + i), Letra: l})
	}
	a.Hacer(fs)
	l, _, ok := a.Celda(2*5 + 2)
	fmt.Println(alf.Simbolo(l), ok)

	mano, _ := alf.Parsear("OS")
	var m letra.Multiconjunto
	for _, l := range mano {
		m.Agregar(l)
	}
	n, mejor := 0, 0
	a.Jugadas(&m, func(fichas []ocurrencia.Ficha, puntos int) bool {
		n, mejor = n+1, max(mejor, puntos)
		return true
	})
	fmt.Println(n, "jugadas; la mejor vale", mejor)

	a.Deshacer()
	_, _, ok = a.Celda(2*5 + 2)
	fmt.Println(ok)
	// Output:
	// O true
	// 18 jugadas; la mejor vale 6
	// false
}

// La mejor elección por equidad sobre el árbol, sin copiar el tablero de un
// juego (Arbol.MejoresPorEquidad), y la misma después de marcar, hacer una
// jugada y buscar solo en las líneas que cambió (Arbol.MejoresCambiadas),
// con la mejor de antes como piso si no cambió: la de antes (OS en el
// centro) quedó en una línea cambiada, así que se busca entera; y buscando
// solo en las líneas cambiadas, sin piso, sale la misma, porque está junto
// a SOL.
func ExampleArbol_MejoresCambiadas() {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"} {
		l, _ := alf.Parsear(p)
		palabras = append(palabras, l)
	}
	lexico, _ := trie.NuevoDAWG(palabras)
	v, _ := variante.Nueva(alf, 5, 4, map[letra.Letra]int{}, lexico, variante.Opciones{Conexion: true, Bolsa: true})
	r, _ := alf.Parsear("SOLO")
	j, _ := juego.Nuevo(1, v, r)

	a, _ := generador.NuevoArbol(v)
	a.Cargar(j)
	mano, _ := alf.Parsear("OS")
	var m letra.Multiconjunto
	for _, l := range mano {
		m.Agregar(l)
	}
	antes := a.MejoresPorEquidad(m, nil, 1, 0, nil)[0]
	fmt.Println(antes.Jugada.Puntos, "puntos")

	a.Marcar()
	sol, _ := alf.Parsear("SOL")
	var fs []generador.Puesta
	for i, l := range sol {
		fs = append(fs, generador.Puesta{Pos: uint16(2*5 + 1 + i), Letra: l})
	}
	a.Hacer(fs)
	fmt.Println("cambiada:", a.Cambiada(antes.Jugada.Fichas))
	ahora := a.MejoresPorEquidad(m, nil, 1, 0, nil)[0]
	fmt.Println(ahora.Jugada.Puntos, "puntos")
	cambiadas := a.MejoresCambiadas(m, nil, 1, 0, math.Inf(-1), nil)[0]
	fmt.Println(cambiadas.Jugada.Puntos, "puntos, igual:", generador.CompararElecciones(ahora, cambiadas) == 0)
	// Output:
	// 2 puntos
	// cambiada: true
	// 6 puntos
	// 6 puntos, igual: true
}
