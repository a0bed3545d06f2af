package generador_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// Un léxico de juguete con reglas clásicas (centro, conexión, premios) en
// un tablero de 5×5: las primeras jugadas de la mano SOLO (el recorrido se
// puede cortar en cualquier momento), la mejor y cuántas hay. Cada letra
// vale 1 y el centro duplica la palabra.
func Example() {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"} {
		l, _ := alf.Parsear(p)
		palabras = append(palabras, l)
	}
	lexico, _ := trie.NuevoDAWG(palabras)
	premios, _ := variante.ParsearPremios("P...P\n.....\n..p..\n.....\nP...P\n")
	v, _ := variante.Nueva(alf, 5, 4, map[letra.Letra]int{}, lexico,
		variante.Opciones{Premios: premios, Conexion: true, Bolsa: true})
	r, _ := alf.Parsear("SOLO")
	j, _ := juego.Nuevo(1, v, r)

	g, _ := generador.Nuevo(v, generador.Opciones{})
	vistas := 0
	for jg := range generador.Jugadas(g, j) {
		fmt.Println(jg.Ocurrencia().Formatear(alf), jg.Puntos)
		if vistas++; vistas == 4 {
			break
		}
	}
	mejor, _ := generador.Mejor(g, j)
	fmt.Println("mejor:", mejor.Ocurrencia().Formatear(alf), mejor.Puntos)
	fmt.Println("jugadas:", generador.Contar(g, j))
	// Output:
	// {(2,1,L), (2,2,O)} 4
	// {(1,2,L), (2,2,O)} 4
	// {(2,2,L), (2,3,O)} 4
	// {(2,2,L), (3,2,O)} 4
	// mejor: {(0,2,S), (1,2,O), (2,2,L), (3,2,O)} 8
	// jugadas: 34
}

// hojaSimple vale 4 puntos por cada O que se conserva y −1 por cada otra
// ficha: unas Hojas de juguete.
type hojaSimple struct{ o letra.Letra }

func (h hojaSimple) Valor(m letra.Multiconjunto) float64 {
	return float64(5*m.Cantidad(h.o) - m.Tamano())
}

// Las mejores elecciones por equidad de la mano SOLO en la primera jugada
// del tablero de 5×5 de Example: los puntos más el valor de lo que se
// conserva. SOLO vale 8 pero deja la mano vacía; SOL vale 6 y conserva
// una O, que vale 4.
func ExampleMejoresPorEquidad() {
	alf := letra.Espanol()
	var palabras [][]letra.Letra
	for _, p := range []string{"SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"} {
		l, _ := alf.Parsear(p)
		palabras = append(palabras, l)
	}
	lexico, _ := trie.NuevoDAWG(palabras)
	premios, _ := variante.ParsearPremios("P...P\n.....\n..p..\n.....\nP...P\n")
	v, _ := variante.Nueva(alf, 5, 4, map[letra.Letra]int{}, lexico,
		variante.Opciones{Premios: premios, Conexion: true, Bolsa: true})
	r, _ := alf.Parsear("SOLO")
	j, _ := juego.Nuevo(1, v, r)
	o, _ := alf.Indice("O")
	hojas := hojaSimple{o}

	g, _ := generador.Nuevo(v, generador.Opciones{})
	mano, _ := j.Fichas(j.Turno())
	for _, e := range generador.MejoresPorEquidad(g, j, mano, hojas, 3, nil) {
		fmt.Println(e.Jugada.Ocurrencia().Formatear(alf), e.Jugada.Puntos, e.Hoja, e.Equidad)
	}
	// Output:
	// {(0,2,L), (1,2,O), (2,2,S)} 6 4 10
	// {(0,2,S), (1,2,O), (2,2,L)} 6 4 10
	// {(1,2,L), (2,2,O), (3,2,S)} 6 4 10
}

// El mapa de palabras que arma la primera búsqueda por equidad se puede
// guardar (GADDAG.EscribirMapa) y leer en otro arranque (GADDAG.LeerMapa)
// en lugar de armarlo; leer el de otro léxico es un error.
func ExampleGADDAG_LeerMapa() {
	alf := letra.Espanol()
	nueva := func(ps ...string) *variante.Variante {
		var palabras [][]letra.Letra
		for _, p := range ps {
			l, _ := alf.Parsear(p)
			palabras = append(palabras, l)
		}
		lexico, _ := trie.NuevoDAWG(palabras)
		v, _ := variante.Nueva(alf, 5, 4, map[letra.Letra]int{}, lexico,
			variante.Opciones{Conexion: true, Bolsa: true})
		return v
	}
	g, _ := generador.Nuevo(nueva("SOL", "LOS", "SOLO", "OSO", "OS", "LO", "SO"), generador.Opciones{})
	var b bytes.Buffer
	if _, err := g.EscribirMapa(&b); err != nil {
		fmt.Println(err)
	}
	otro, _ := generador.Nuevo(nueva("SAL", "LAS"), generador.Opciones{})
	err := otro.LeerMapa(bytes.NewReader(b.Bytes()))
	fmt.Println(errors.Is(err, trie.ErrOtroLexico))
	fmt.Println(g.LeerMapa(bytes.NewReader(b.Bytes())))
	err = g.LeerMapa(bytes.NewReader(b.Bytes()[:b.Len()-1]))
	fmt.Println(errors.Is(err, generador.ErrMapa))
	// Output:
	// true
	// <nil>
	// true
}
