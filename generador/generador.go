package generador

import (
	"iter"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Jugada es una jugada generada: las fichas que pone, en orden a lo largo
// de su línea, y los puntos que suma, los mismos que [juego.Juego.Ubicar]
// le daría.
//
// Mientras se recorren las jugadas, Fichas es una vista de la memoria del
// generador que vale solo hasta pasar a la siguiente: para guardarla, use
// [Jugada.Ocurrencia] o copie el slice.
type Jugada struct {
	Fichas []ocurrencia.Ficha
	Puntos int
}

// Ocurrencia devuelve las fichas de la jugada como una ocurrencia, con
// memoria propia.
func (j Jugada) Ocurrencia() ocurrencia.Ocurrencia { return ocurrencia.Nueva(j.Fichas...) }

// Comparar ordena las jugadas de mejor a peor: devuelve un número negativo
// si a va antes que b, positivo si va después y 0 si son la misma jugada.
// Va antes la de más puntos y, a igual puntaje, la de fichas menores: se
// comparan en orden, una a una, por fila, columna, letra y, a igual letra,
// la que no es un comodín antes (si una jugada es el comienzo de la otra,
// la más corta antes). [Generador.Mejor] devuelve la primera jugada en
// este orden: slices.MinFunc(jugadas, Comparar).
func Comparar(a, b Jugada) int {
	if a.Puntos != b.Puntos {
		if a.Puntos > b.Puntos {
			return -1
		}
		return 1
	}
	return busqueda.CompararFichas(a.Fichas, b.Fichas)
}

// Generador es un generador de jugadas: lista las jugadas válidas de una
// mano sobre el tablero de un juego de su variante, cada una con sus
// puntos. Lo implementan [GADDAG], el de uso general, y los métodos de la
// tesis de Romero et al. (2018), generador/anagramas y generador/internas;
// todos dan exactamente las mismas jugadas con los mismos puntos, y la
// misma mejor jugada.
//
// Una jugada es lo que [juego.Juego.JugadaValida] acepta, con los puntos
// que [juego.Juego.Ubicar] suma, y se da una vez aunque forme palabras en
// las dos direcciones; un comodín que representa otra letra, o en otra
// ficha, es otra jugada. Los métodos …De generan para una mano dada, como
// si la tuviera el jugador en turno; los demás, para la mano del jugador
// en turno. En una partida terminada, o con un juego de otra variante, no
// hay jugadas.
//
// Un Generador no es seguro para usar desde varias gorutinas a la vez ni
// desde dentro de la función que recibe sus jugadas.
type Generador interface {
	// JugadasDe recorre las jugadas de la mano m en j, en un orden propio
	// de cada generador. Las jugadas no se guardan: [Jugada.Fichas] vale
	// solo durante la iteración, que se puede cortar.
	JugadasDe(j *juego.Juego, m letra.Multiconjunto) iter.Seq[Jugada]
	// ContarDe devuelve cuántas jugadas tiene la mano m en j.
	ContarDe(j *juego.Juego, m letra.Multiconjunto) int
	// MejorDe devuelve la jugada de la mano m en j que va primero según
	// [Comparar] (la de más puntos y, entre las de igual puntaje, la de
	// fichas menores), con memoria propia, o false si no hay ninguna. Así
	// el resultado no depende del orden de la búsqueda: todos los
	// generadores devuelven la misma.
	MejorDe(j *juego.Juego, m letra.Multiconjunto) (Jugada, bool)

	// Jugadas es JugadasDe con la mano del jugador en turno.
	Jugadas(j *juego.Juego) iter.Seq[Jugada]
	// Contar es ContarDe con la mano del jugador en turno.
	Contar(j *juego.Juego) int
	// Mejor es MejorDe con la mano del jugador en turno.
	Mejor(j *juego.Juego) (Jugada, bool)
}

// Opciones configuran [Nuevo]. El valor cero es el generador por omisión.
type Opciones struct {
	// Anagramas, si no es nil, es la tabla de anagramas del léxico de la
	// variante (tablas.NuevosAnagramas) que el generador usa en el tablero
	// vacío con la regla de conexión (la primera jugada clásica), como el
	// Método de los Anagramas de la tesis: cada submulticonjunto de la mano
	// es una consulta a la tabla, y cada anagrama va a cada posición que
	// cubre el centro. Con fichas en el tablero, o sin la regla de
	// conexión, se usa el GADDAG. No es la opción por omisión: la tabla
	// ocupa unos 50 MB con SOWPODS y 66 MB con el léxico español, y sin
	// ella la primera jugada ya lee cada palabra de la mano una sola vez
	// (con la copia del DAWG del GADDAG) y es más rápida (BenchmarkVacio).
	//
	// Debe ser del léxico de la variante (si no, [Nuevo] devuelve un error
	// que envuelve a trie.ErrOtroLexico), tener sus palabras de hasta
	// min(N, F) letras (tablas.ErrCortas), y el alfabeto debe tener a lo
	// sumo paridad.MaxLetras letras (paridad.ErrAlfabetoGrande).
	Anagramas *tablas.Anagramas
}

// Estadisticas es lo que cuentan los generadores por intervalos
// (generador/anagramas, generador/internas) en su última generación: el
// trabajo que compara el capítulo 6 de la tesis de Romero et al. (2018).
type Estadisticas struct {
	Intervalos int // intervalos del tablero
	Instancias int // problemas Mano-Intervalo resueltos (los no podados)
	Consultas  int // consultas a las tablas
	Candidatas int // palabras candidatas validadas
	Jugadas    int // jugadas válidas
}
