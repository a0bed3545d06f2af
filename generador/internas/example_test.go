package internas_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// El mismo léxico de juguete que el ejemplo de generador, con reglas
// clásicas en un tablero de 5×5: las mismas jugadas con los mismos puntos,
// y lo que contó la búsqueda.
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

	t, err := tablas.NuevasInternas(v.Lexico(), v.TamanoTablero(), 10)
	if err != nil {
		panic(err)
	}
	g, _ := internas.Nuevo(v, t) // no falla: t es del léxico de v
	mejor, _ := generador.Mejor(g, j)
	fmt.Println("mejor:", mejor.Ocurrencia().Formatear(alf), mejor.Puntos)
	fmt.Println(generador.Contar(g, j), "jugadas")
	fmt.Printf("%+v\n", g.Estadisticas())
	// Output:
	// mejor: {(0,2,S), (1,2,O), (2,2,L), (3,2,O)} 8
	// 34 jugadas
	// {Intervalos:7 Instancias:7 Consultas:19 Candidatas:17 Jugadas:34}
}
