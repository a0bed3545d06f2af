package generador

import (
	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/generador/internal/cruces"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Puesta es una ficha que [Arbol.Hacer] pone en el tablero: Pos es la celda
// (fila·N + columna, con N el lado del tablero), Letra su letra y Comodin
// si es un comodín (que representa a Letra). Ocupa 4 bytes: las búsquedas
// guardan muchas.
type Puesta = cruces.Puesta

// Arbol busca jugadas, con la misma búsqueda que [GADDAG], sobre un tablero
// que se cambia en el lugar en vez de copiarlo de un juego.Juego: es para
// las búsquedas que recorren un árbol de jugadas (el resolvedor de finales
// de analisis/final). Se carga una posición ([Arbol.Cargar]), se hacen y
// deshacen jugadas en ella ([Arbol.Hacer], [Arbol.Deshacer]) y en cada
// posición se buscan las jugadas de una mano ([Arbol.Jugadas]). Hacer y
// Deshacer recalculan los conjuntos cruzados solo alrededor de las fichas,
// y nada de esto reserva memoria después de las primeras veces.
//
// Un Arbol no es seguro para usar desde varias gorutinas a la vez: cada
// una debe tener el suyo (comparten el trie.GADDAG de la variante).
type Arbol struct{ b *buscador }

// NuevoArbol devuelve un [Arbol] para la variante v, con el tablero vacío.
// Devuelve los errores de [Nuevo].
func NuevoArbol(v *variante.Variante) (*Arbol, error) {
	g, err := Nuevo(v, Opciones{})
	if err != nil {
		return nil, err
	}
	return &Arbol{&g.b}, nil
}

// Variante devuelve la variante del árbol.
func (a *Arbol) Variante() *variante.Variante { return a.b.V }

// Cargar pone en el tablero el de j, que debe ser de la variante del
// árbol, con sus conjuntos cruzados. Las jugadas hechas con [Arbol.Hacer]
// que no se deshicieron quedan en la pila de [Arbol.Deshacer].
func (a *Arbol) Cargar(j *juego.Juego) { a.b.CargarTablero(j) }

// Hacer pone en el tablero las fichas fs de una jugada válida en él: las
// celdas deben estar libres y dentro del tablero (no se verifica). Sin
// fichas (un pase o un cambio), el tablero no cambia, pero hace falta un
// [Arbol.Deshacer] para deshacerlo.
func (a *Arbol) Hacer(fs []Puesta) { a.b.Hacer(fs) }

// Deshacer deshace el último [Arbol.Hacer] que no se deshizo, si lo hay.
func (a *Arbol) Deshacer() { a.b.Deshacer() }

// Celda devuelve la letra de la celda p (fila·N + columna) del tablero, y
// si es un comodín, o false si la celda está libre. p debe ser una celda
// del tablero.
func (a *Arbol) Celda(p int) (l letra.Letra, comodin, ok bool) {
	t := &a.b.Tablero
	x := t.Letras[0][p]
	return x - 1, t.Comodin[0][p], x != 0
}

// Jugadas pasa a entregar cada jugada de la mano m sobre el tablero, con
// sus fichas (en memoria del árbol, que vale hasta la jugada siguiente) y
// sus puntos, hasta que entregar devuelva false: las que encontraría un
// [GADDAG] en una partida con ese tablero. m no cambia. Dentro de entregar
// no se puede usar el árbol.
func (a *Arbol) Jugadas(m *letra.Multiconjunto, entregar func(fichas []ocurrencia.Ficha, puntos int) bool) {
	e := &a.b.Estado
	e.Empezar(busqueda.Entregar, entregar)
	if e.CargarMano(m) {
		a.b.buscar()
	}
	e.Terminado()
}
