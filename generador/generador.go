package generador

import (
	"iter"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
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
// la más corta antes). [Mejor] devuelve la primera jugada en
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

// Vista es lo que un generador lee de una partida: su variante, si
// terminó, el tablero, el turno, las manos (solo la del jugador en turno,
// para [Jugadas], [Contar] y [Mejor]) y cuántas fichas quedan en la bolsa
// (para los cambios de [MejoresPorEquidad]). [*juego.Juego] la tiene: se
// le pide una jugada a la partida misma, sin clonarla.
//
// VersionTablero identifica el tablero (ver juego.Juego.VersionTablero):
// el generador guarda sus conjuntos cruzados mientras no cambie. Una
// Vista propia que no la lleva devuelve 0, y el generador compara el
// tablero celda por celda en cada llamada.
type Vista interface {
	Variante() *variante.Variante
	Terminada() (juego.Fin, bool)
	Letra(fila, columna int) (letra.Letra, bool)
	EsComodin(fila, columna int) bool
	VersionTablero() uint64
	Turno() int
	Fichas(i int) (letra.Multiconjunto, error)
	LetrasEnRepositorio() int
}

var _ Vista = (*juego.Juego)(nil)

// Generador es un generador de jugadas: lista las jugadas válidas de una
// mano sobre el tablero de una partida de su variante, cada una con sus
// puntos. Lo implementan [GADDAG], el de uso general, y los métodos de la
// tesis de Romero et al. (2018), generador/anagramas y generador/internas;
// todos dan exactamente las mismas jugadas con los mismos puntos, y la
// misma mejor jugada. Lo demás se deriva de JugadasDe con funciones de
// este paquete, como io.ReadAll de un io.Reader: [Jugadas], [ContarDe],
// [Contar], [MejorDe] y [Mejor] (que usan un atajo del generador si lo
// tiene: [Contador], [Mejorador]).
//
// Una jugada es lo que [juego.Juego.JugadaValida] acepta, con los puntos
// que [juego.Juego.Ubicar] suma, y se da una vez aunque forme palabras en
// las dos direcciones; un comodín que representa otra letra, o en otra
// ficha, es otra jugada. En una partida terminada, o de otra variante, no
// hay jugadas.
//
// Un Generador no es seguro para usar desde varias gorutinas a la vez ni
// desde dentro de la función que recibe sus jugadas.
type Generador interface {
	// JugadasDe recorre las jugadas que serían válidas en v si el jugador
	// en turno tuviera la mano m, en un orden propio de cada generador.
	// Las jugadas no se guardan: [Jugada.Fichas] vale solo durante la
	// iteración, que se puede cortar.
	JugadasDe(v Vista, m letra.Multiconjunto) iter.Seq[Jugada]
}

// Contador es un [Generador] que cuenta sus jugadas sin entregarlas, más
// rápido que recorrerlas: [ContarDe] lo usa si está. Da lo mismo que
// contar las de JugadasDe.
type Contador interface {
	ContarDe(v Vista, m letra.Multiconjunto) int
}

// Mejorador es un [Generador] que busca su mejor jugada sin generar las
// que no pueden serlo, como [GADDAG] con sus cotas: [MejorDe] lo usa si
// está. Da lo mismo que [MejorDe] recorriendo JugadasDe.
type Mejorador interface {
	MejorDe(v Vista, m letra.Multiconjunto) (Jugada, bool)
}

// mano devuelve la mano del jugador en turno de v.
func mano(v Vista) letra.Multiconjunto {
	m, _ := v.Fichas(v.Turno())
	return m
}

// Jugadas recorre las jugadas del jugador en turno de v con su mano: g.JugadasDe(v, mano(v)).
func Jugadas(g Generador, v Vista) iter.Seq[Jugada] { return g.JugadasDe(v, mano(v)) }

// ContarDe devuelve cuántas jugadas tiene la mano m en v: las de
// g.JugadasDe, o g.ContarDe si g es un [Contador].
func ContarDe(g Generador, v Vista, m letra.Multiconjunto) int {
	if c, ok := g.(Contador); ok {
		return c.ContarDe(v, m)
	}
	n := 0
	for range g.JugadasDe(v, m) {
		n++
	}
	return n
}

// Contar es [ContarDe] con la mano del jugador en turno.
func Contar(g Generador, v Vista) int { return ContarDe(g, v, mano(v)) }

// MejorDe devuelve la jugada de la mano m en v que va primero según
// [Comparar] (la de más puntos y, entre las de igual puntaje, la de fichas
// menores), con memoria propia, o false si no hay ninguna: el resultado no
// depende del orden en que g da sus jugadas. Si g es un [Mejorador] usa su
// búsqueda.
func MejorDe(g Generador, v Vista, m letra.Multiconjunto) (Jugada, bool) {
	if b, ok := g.(Mejorador); ok {
		return b.MejorDe(v, m)
	}
	var mejor Jugada
	hay := false
	for j := range g.JugadasDe(v, m) {
		if !hay || Comparar(j, mejor) < 0 {
			mejor.Fichas, mejor.Puntos, hay = append(mejor.Fichas[:0], j.Fichas...), j.Puntos, true
		}
	}
	return mejor, hay
}

// Mejor es [MejorDe] con la mano del jugador en turno.
func Mejor(g Generador, v Vista) (Jugada, bool) { return MejorDe(g, v, mano(v)) }

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
