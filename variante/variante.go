package variante

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// Errores que devuelve el paquete. Se comparan con [errors.Is]. Sin
// alfabeto, el error envuelve a letra.ErrAlfabetoInvalido.
var (
	// ErrTamanoInvalido: el tamaño del tablero no es positivo o pasa de
	// [MaxTamanoTablero].
	ErrTamanoInvalido = errors.New("variante: tamaño de tablero inválido")
	// ErrFichasInvalidas: la cantidad de fichas por jugador no es positiva o
	// pasa de [MaxFichas].
	ErrFichasInvalidas = errors.New("variante: cantidad de fichas por jugador inválida")
	// ErrPuntajeInvalido: un puntaje es negativo o es de una letra que no
	// está en el alfabeto.
	ErrPuntajeInvalido = errors.New("variante: puntaje de letra inválido")
	// ErrLexicoInvalido: no se dio un léxico, tiene letras fuera del
	// alfabeto, o no pudo leerse (ver [ErrorLexico]).
	ErrLexicoInvalido = errors.New("variante: léxico inválido")
	// ErrDistribucionInvalida: una cantidad de fichas es negativa, es de una
	// letra fuera del alfabeto, o no hay ninguna ficha.
	ErrDistribucionInvalida = errors.New("variante: distribución de fichas inválida")
	// ErrJugadoresInvalidos: la cantidad de jugadores no es positiva, o es
	// tanta que el repositorio pasaría de [MaxLargoRepositorio].
	ErrJugadoresInvalidos = errors.New("variante: cantidad de jugadores inválida")
	// ErrTurnosInvalidos: la cantidad de turnos sin puntos que terminan la
	// partida no es positiva.
	ErrTurnosInvalidos = errors.New("variante: cantidad de turnos sin puntos inválida")
)

// errSinAlfabeto es el error de [Nueva] y [LeerLexico] sin alfabeto.
var errSinAlfabeto = fmt.Errorf("variante: %w: falta el alfabeto", letra.ErrAlfabetoInvalido)

// Límites que mantienen un juego dentro de la memoria de una máquina: la
// especificación admite cualquier natural positivo, pero un tablero de N×N
// ocupa O(N²) y el repositorio O(N² + K·F).
const (
	MaxTamanoTablero    = 1 << 12 // N ≤ 4096
	MaxFichas           = 1 << 12 // F ≤ 4096
	MaxLargoRepositorio = 1 << 30 // N·N + K·F ≤ 2³⁰
)

// Variante es una variante del juego (el TAD VARIANTE): el tamaño N del
// tablero, la cantidad F de fichas por jugador, el puntaje de cada letra y
// las palabras legítimas. Además sabe su alfabeto y la distribución de sus
// fichas, con la que genera repositorios ([Variante.Repositorio]).
//
// Las palabras legítimas se guardan en un [trie.DAWG], el trie minimizado,
// de modo que [Variante.PalabraLegitima] es O(len(p)) ⊆ O(Lmax) como pide el
// diseño sin el costo en memoria del trie de punteros (regla R11).
//
// Una Variante es inmutable: puede compartirse entre juegos y gorutinas. El
// valor cero no es útil; se crea con [Nueva].
type Variante struct {
	alfabeto     *letra.Alfabeto
	tamano       int
	fichas       int
	puntajes     [letra.MaxLetras]int
	lexico       *trie.DAWG
	distribucion letra.Multiconjunto // con los comodines
	reglas       reglas
	opciones     Opciones
	// gaddag obtiene una vez el GADDAG del léxico (lo comparten las
	// variantes derivadas con [Variante.Con]).
	gaddag func() (*trie.GADDAG, error)
}

// Nueva devuelve la variante nuevaVariante(n, f, puntajes, legítimas) sobre
// el alfabeto alf: tablero de n×n, f fichas por jugador, el puntaje de cada
// letra según puntajes (1 para las letras que no figuran) y las palabras de
// legitimas como palabras legítimas (todas, de cualquier largo, como exige
// R8). El DAWG no se copia: no cambia nunca. La bolsa por omisión tiene una
// ficha de cada letra que usa alguna palabra de legitimas (R14), o de cada
// letra de alf si ninguna palabra usa letras; op la cambia y agrega las
// reglas que la especificación no tiene (el valor cero de [Opciones] es la
// variante de la especificación).
//
// Devuelve un error, y ninguna variante, si n o f no son positivos o pasan
// de [MaxTamanoTablero] y [MaxFichas] ([ErrTamanoInvalido],
// [ErrFichasInvalidas]), si algún puntaje es negativo o
// de una letra fuera de alf ([ErrPuntajeInvalido]), si falta alf
// (letra.ErrAlfabetoInvalido), si falta el léxico o alguna de sus palabras usa
// letras fuera de alf ([ErrLexicoInvalido]) o si una opción es inválida:
// una distribución con cantidades negativas, letras fuera de alf o sin
// fichas jugables, o comodines negativos ([ErrDistribucionInvalida]); un
// bingo negativo ([ErrPuntajeInvalido]); premios de otro tamaño
// ([ErrPremiosInvalidos]); turnos sin puntos negativos o una regla de fin
// desconocida ([ErrTurnosInvalidos]).
func Nueva(alf *letra.Alfabeto, n, f int, puntajes map[letra.Letra]int, legitimas *trie.DAWG, op Opciones) (*Variante, error) {
	switch {
	case alf == nil:
		return nil, errSinAlfabeto
	case n <= 0 || n > MaxTamanoTablero:
		return nil, fmt.Errorf("%w: %d (debe estar entre 1 y %d)", ErrTamanoInvalido, n, MaxTamanoTablero)
	case f <= 0 || f > MaxFichas:
		return nil, fmt.Errorf("%w: %d (debe estar entre 1 y %d)", ErrFichasInvalidas, f, MaxFichas)
	case legitimas == nil:
		return nil, fmt.Errorf("%w: falta el conjunto de palabras", ErrLexicoInvalido)
	}
	for l := range legitimas.Letras().Todas() {
		if !alf.Contiene(l) {
			return nil, fmt.Errorf("%w: usa la letra %d y el alfabeto tiene %d", ErrLexicoInvalido, l, alf.Tamano())
		}
	}
	v := &Variante{alfabeto: alf, tamano: n, fichas: f, lexico: legitimas}
	for i := range v.puntajes {
		v.puntajes[i] = 1
	}
	for _, l := range slices.Sorted(maps.Keys(puntajes)) {
		p := puntajes[l]
		if p < 0 || !alf.Contiene(l) {
			return nil, fmt.Errorf("%w: %d puntos para la letra %s", ErrPuntajeInvalido, p, alf.Simbolo(l))
		}
		v.puntajes[l] = p
	}
	if err := v.aplicar(op); err != nil {
		return nil, err
	}
	v.gaddag = sync.OnceValues(func() (*trie.GADDAG, error) { return trie.NuevoGADDAG(v.lexico) })
	return v, nil
}

// Con devuelve la variante v con las opciones op en lugar de las suyas: la
// misma variante con otra regla de fin, otra bolsa o más comodines, por
// ejemplo ([Variante.Opciones] da las de v para cambiar solo alguna). v no
// cambia; las dos comparten el léxico y su GADDAG. Devuelve los errores de
// [Nueva] para una opción inválida.
func (v *Variante) Con(op Opciones) (*Variante, error) {
	c := *v
	if err := c.aplicar(op); err != nil {
		return nil, err
	}
	return &c, nil
}

// GADDAG devuelve el GADDAG del léxico de la variante, el autómata con que
// el paquete generador busca jugadas. Se construye una vez por variante,
// con trie.NuevoGADDAG, en la primera llamada (las siguientes devuelven el
// mismo, y varias gorutinas pueden pedirlo a la vez), lo que con un léxico
// grande cuesta del orden de un segundo. Devuelve el error de la
// construcción, el mismo en todas las llamadas.
//
// El paquete generador no lo pide para los léxicos embebidos de
// variante/espanol: trae sus GADDAG ya hechos (generador.GADDAGDe).
func (v *Variante) GADDAG() (*trie.GADDAG, error) { return v.gaddag() }

// letrasJugables devuelve las letras que puede tener la bolsa (R14): las que
// usa alguna palabra del léxico o, si no usa ninguna, todo el alfabeto.
func (v *Variante) letrasJugables() letra.Conjunto {
	if usadas := v.lexico.Letras(); usadas != 0 {
		return usadas
	}
	var todas letra.Conjunto
	for i := range v.alfabeto.Tamano() {
		todas = todas.Con(letra.Letra(i))
	}
	return todas
}

// Alfabeto devuelve el alfabeto de la variante.
func (v *Variante) Alfabeto() *letra.Alfabeto { return v.alfabeto }

// TamanoTablero devuelve N, el lado del tablero (tamañoTablero).
func (v *Variante) TamanoTablero() int { return v.tamano }

// Fichas devuelve F, la cantidad de fichas de cada jugador (#fichas).
func (v *Variante) Fichas() int { return v.fichas }

// PuntajeLetra devuelve el valor de la letra l (puntajeLetra): el dado al
// crear la variante, o 1 si no se dio. Para una letra fuera del alfabeto,
// que no puede estar en el tablero, devuelve 0. Es O(1).
func (v *Variante) PuntajeLetra(l letra.Letra) int {
	if !v.alfabeto.Contiene(l) {
		return 0
	}
	return v.puntajes[l]
}

// PalabraLegitima informa si p es una palabra legítima (palabraLegítima?).
// Es O(len(p)), no reserva memoria y puede llamarse con cualquier p.
func (v *Variante) PalabraLegitima(p []letra.Letra) bool { return v.lexico.Contiene(p) }

// LongPalabraMasLarga devuelve el largo de la palabra legítima más larga
// (Lmax), o 0 si no hay ninguna. Es O(1).
func (v *Variante) LongPalabraMasLarga() int { return v.lexico.LongitudMaxima() }

// Lexico devuelve las palabras legítimas, para recorrerlas o navegarlas (la
// generación de jugadas lo hace). Un DAWG es de solo lectura.
func (v *Variante) Lexico() *trie.DAWG { return v.lexico }

// Distribucion devuelve las fichas de una bolsa completa de la variante,
// comodines ([letra.Comodin]) incluidos. Toda letra de la bolsa la usa
// alguna palabra del léxico (salvo que el léxico no use ninguna letra): ver
// [Opciones].Distribucion.
func (v *Variante) Distribucion() letra.Multiconjunto { return v.distribucion }
