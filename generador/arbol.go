package generador

import (
	"errors"

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
type Arbol struct {
	b     *buscador
	g     *GADDAG
	vista vistaArbol
}

// NuevoArbol devuelve un [Arbol] para la variante v, con el tablero vacío.
// Devuelve los errores de [Nuevo].
func NuevoArbol(v *variante.Variante) (*Arbol, error) {
	g, err := Nuevo(v, Opciones{})
	if err != nil {
		return nil, err
	}
	a := &Arbol{b: &g.b, g: g}
	a.vista.a = a
	return a, nil
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
func (a *Arbol) Hacer(fs []Puesta) {
	a.b.Hacer(fs)
	a.anotar()
}

// Deshacer deshace el último [Arbol.Hacer] que no se deshizo, si lo hay.
func (a *Arbol) Deshacer() {
	if a.b.Hechas() > 0 {
		a.b.Deshacer()
		a.anotar()
	}
}

// anotar marca las líneas de las celdas que cambiaron en el último Hacer
// o Deshacer (ver [Arbol.Marcar]).
func (a *Arbol) anotar() {
	e := &a.b.Estado
	for _, p := range e.Tablero.Cambiadas() {
		e.Marcar(p)
	}
}

// Marcar olvida las celdas cambiadas: desde ahora, [Arbol.Hacer] y
// [Arbol.Deshacer] anotan cada celda que cambia (una ficha, o los
// conjuntos cruzados o las anclas de una libre), con su fila y su columna:
// una jugada puede ser otra o valer otra cosa que en el tablero del
// momento de Marcar solo si su palabra principal o una de sus vecinas en
// la línea es una de ellas (ver [Arbol.Cambiada] y
// [Arbol.MejoresCambiadas]).
func (a *Arbol) Marcar() { a.b.Desmarcar() }

// Cambiada informa si la jugada de las fichas fs (las que pone, de una
// línea) pudo cambiar desde [Arbol.Marcar]: si es de una ficha, si su
// fila o su columna cambió; si es de más, si cambió alguna celda de su
// línea desde la anterior a su palabra principal (en el tablero de ahora)
// hasta la siguiente. Si no, la jugada sigue siendo válida, con los mismos
// puntos.
func (a *Arbol) Cambiada(fs []ocurrencia.Ficha) bool {
	if len(fs) == 0 {
		return false
	}
	e := &a.b.Estado
	f, c := fs[0].Fila, fs[0].Columna
	if len(fs) == 1 {
		return e.EnLineas(0, f) || e.EnLineas(1, c)
	}
	// La línea (d, i) y las celdas k de las fichas en ella.
	d, i := 0, f
	if fs[1].Fila != f {
		d, i = 1, c
	}
	if !e.EnLineas(d, i) {
		return false
	}
	n := e.N
	desde, hasta := n, -1
	for _, x := range fs {
		k := x.Columna
		if d == 1 {
			k = x.Fila
		}
		desde, hasta = min(desde, k), max(hasta, k)
	}
	// La palabra principal: con las fichas del tablero de los extremos.
	letras := a.b.Tablero.Letras[d][i*n : i*n+n]
	for desde > 0 && letras[desde-1] != 0 {
		desde--
	}
	for hasta+1 < n && letras[hasta+1] != 0 {
		hasta++
	}
	return e.Marcada(d, i, desde-1, hasta+1)
}

// MejoresCambiadas es [Arbol.MejoresPorEquidad] sin las jugadas que no
// cambiaron desde [Arbol.Marcar]: las k mejores elecciones entre los
// cambios (y pasar, si no hay ninguna otra) y las jugadas cambiadas según
// [Arbol.Cambiada] (las de una ficha cuya fila o columna cambió; las de
// dos fichas o más con una celda cambiada en su línea, desde la anterior
// a su palabra principal hasta la siguiente), y quizá otras; las de
// equidad menor que piso pueden faltar. Con k = 1: si la mejor elección r
// de la mano (con las mismas hojas y la misma bolsa) en el tablero de
// Marcar es un cambio, pasar, o una jugada no cambiada, entonces con piso
// = la equidad de r (−∞ si es pasar), la mejor entre r y la que devuelve
// (r si devuelve pasar y r no lo es) es la mejor del tablero de ahora: las
// jugadas que no cambiaron ya perdían con r. Es lo que hace la simulación
// para no buscar la respuesta del rival entera después de cada candidata.
func (a *Arbol) MejoresCambiadas(m letra.Multiconjunto, h Hojas, k, bolsa int, piso float64, dst []Eleccion) []Eleccion {
	e := &a.b.Estado
	e.Restringida, e.ConPiso, e.Piso = true, true, piso
	dst = a.MejoresPorEquidad(m, h, k, bolsa, dst)
	e.Restringida, e.ConPiso = false, false
	return dst
}

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

// Hechas devuelve cuántos [Arbol.Hacer] hay sin deshacer.
func (a *Arbol) Hechas() int { return a.b.Hechas() }

// MejoresPorEquidad es [MejoresPorEquidad] sobre el tablero del árbol (el
// cargado con [Arbol.Cargar] y cambiado con [Arbol.Hacer] y
// [Arbol.Deshacer]), sin copiarlo de un juego: las k mejores elecciones de
// la mano m según [CompararElecciones], con las hojas valoradas con h, si
// la bolsa tiene bolsa fichas (de eso dependen los cambios). Da lo mismo
// que [MejoresPorEquidad] con un [GADDAG] en un juego de ese tablero sin
// terminar. Es lo que juega cada turno de una simulación: con el mismo dst,
// no reserva memoria después de las primeras veces.
func (a *Arbol) MejoresPorEquidad(m letra.Multiconjunto, h Hojas, k, bolsa int, dst []Eleccion) []Eleccion {
	a.vista.bolsa = bolsa
	return a.g.MejoresPorEquidadDe(&a.vista, m, h, k, dst)
}

// vistaArbol es el tablero de un [Arbol] visto como el de un juego sin
// terminar: su versión es la del tablero del árbol, así la búsqueda no lo
// vuelve a copiar.
type vistaArbol struct {
	a     *Arbol
	bolsa int
}

var _ Vista = (*vistaArbol)(nil)

// errSinFichas: el árbol no sabe las manos de los jugadores.
var errSinFichas = errors.New("generador: el árbol no sabe las manos")

func (v *vistaArbol) Variante() *variante.Variante { return v.a.b.V }
func (v *vistaArbol) Terminada() (juego.Fin, bool) { return juego.Fin{}, false }
func (v *vistaArbol) VersionTablero() uint64       { return v.a.b.Tablero.Version() }
func (v *vistaArbol) Turno() int                   { return 0 }
func (v *vistaArbol) LetrasEnRepositorio() int     { return v.bolsa }
func (v *vistaArbol) Fichas(int) (letra.Multiconjunto, error) {
	return letra.Multiconjunto{}, errSinFichas
}

func (v *vistaArbol) Letra(f, c int) (letra.Letra, bool) {
	t := &v.a.b.Tablero
	x := t.Letras[0][f*t.N+c]
	return x - 1, x != 0
}

func (v *vistaArbol) EsComodin(f, c int) bool {
	t := &v.a.b.Tablero
	return t.Comodin[0][f*t.N+c]
}
