package intervalos_test

import (
	"fmt"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internal/intervalos"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

// listar es un método por intervalos mínimo: prueba todas las palabras del
// largo del intervalo (correcto, pero sin filtrar nada).
type listar struct{ t *tablas.Anagramas }

func (l listar) Resolver(m *intervalos.Motor, iv intervalos.Intervalo) {
	m.Instancia()
	for id := range uint32(l.t.Cantidad()) {
		if w := l.t.Palabra(id); len(w) == iv.Largo {
			m.Probar(w)
		}
	}
}

// Un motor con un método propio da las mismas jugadas que los demás.
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

	t, _ := tablas.NuevosAnagramas(lexico, 0)
	m, _ := intervalos.Nuevo(v, t.Palabras, listar{t})
	mano, _ := j.Fichas(0)
	fmt.Println(generador.ContarDe(m, j, mano), "jugadas")
	fmt.Printf("%+v\n", m.Estadisticas())
	// Output:
	// 34 jugadas
	// {Intervalos:7 Instancias:7 Consultas:0 Candidatas:17 Jugadas:34}
}
