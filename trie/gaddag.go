package trie

import (
	"bytes"
	"fmt"
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Separador es la letra ◇ de un [GADDAG]: separa la parte invertida de una
// palabra de la parte que sigue hacia adelante. Es la última letra
// representable, la misma que usa letra.Comodin, así que ninguna palabra de
// una variante la tiene.
const Separador letra.Letra = letra.MaxLetras - 1

// GADDAG es el autómata de Gordon (1994) para generar jugadas a partir de una
// celda, en las dos direcciones: por cada palabra uv del léxico con u no
// vacía acepta la cadena inv(u)◇v. Leyendo las letras de u hacia atrás desde
// una celda (hacia la izquierda en el tablero) y, tras el separador ◇, las de
// v hacia adelante, la búsqueda puede empezar en cualquier letra de la
// palabra.
//
// Representación: el estado al que se llega tras ◇ depende solo de u: es el
// estado del [DAWG] del léxico al que se llega leyendo u, que acepta
// exactamente los v posibles. Por eso la parte después de ◇ no se repite:
// es el propio DAWG, que vive al principio del mismo arreglo, y la
// transición ◇ de cada estado de la parte invertida apunta a un estado del
// DAWG. La parte invertida es el autómata mínimo de las claves inv(u) (una
// por cada prefijo u de cada palabra, con su destino ◇), construido con el
// mismo algoritmo incremental que el [Constructor] sobre las claves
// ordenadas. Todos los estados usan el formato del DAWG, así que seguir una
// letra, incluido el separador, es O(1).
//
// Con el léxico español de 636.598 palabras la parte invertida agrega
// 385.854 estados a los 48.061 del DAWG: 433.915 estados y 1.073.071
// transiciones en total (7,8 MB). Un GADDAG de Gordon sin compartir la
// parte final tendría una cadena por cada letra de cada palabra (6
// millones).
//
// Un GADDAG no cambia después de construido y puede consultarse desde varias
// gorutinas a la vez.
type GADDAG struct {
	datos   []uint32
	raiz    Nodo // estado de la cadena vacía de la parte invertida
	estados int
	lexico  DAWG // el DAWG del léxico: el principio de datos
}

// NuevoGADDAG construye el GADDAG del léxico de d. Devuelve un error que
// envuelve a [ErrLetraInvalida] si alguna palabra de d tiene la letra
// [Separador]. Cuesta O(P·log P) para los P prefijos distintos de las
// palabras (los nodos del trie del léxico).
func NuevoGADDAG(d *DAWG) (*GADDAG, error) {
	if d.letras.Contiene(Separador) {
		return nil, fmt.Errorf("%w: el léxico usa la letra %d, el separador del GADDAG", ErrLetraInvalida, Separador)
	}
	if len(d.datos) == 0 {
		d = &DAWG{datos: []uint32{0, 0}, estados: 1}
	}
	// Las claves: inv(u) para cada prefijo no vacío u, con el estado del DAWG
	// al que lleva u. Se guardan las letras de todas en un único arreglo.
	type clave struct{ ini, largo, destino uint32 }
	var (
		letras []byte
		claves []clave
		camino []byte
	)
	var visitar func(n Nodo)
	visitar = func(n Nodo) {
		o := uint32(n) >> 1
		m := mascaraEn(d.datos, o)
		for i, l := 0, letra.Letra(0); m != 0; m &= m - 1 {
			l = letra.Letra(bits.TrailingZeros64(m))
			h := Nodo(d.datos[o+2+uint32(i)])
			i++
			camino = append(camino, byte(l))
			ini := uint32(len(letras))
			for k := len(camino) - 1; k >= 0; k-- {
				letras = append(letras, camino[k])
			}
			claves = append(claves, clave{ini, uint32(len(camino)), uint32(h)})
			visitar(h)
			camino = camino[:len(camino)-1]
		}
	}
	visitar(d.raiz)
	texto := func(c clave) []byte { return letras[c.ini : c.ini+c.largo] }
	slices.SortFunc(claves, func(a, b clave) int { return bytes.Compare(texto(a), texto(b)) })

	// Las claves van ordenadas y son distintas (cada prefijo da la suya):
	// agregar no puede fallar.
	c := Constructor{datos: slices.Clone(d.datos)}
	base := len(c.datos)
	var p []letra.Letra
	for _, k := range claves {
		p = p[:0]
		for _, b := range texto(k) {
			p = append(p, letra.Letra(b))
		}
		if err := c.agregar(p, k.destino+1); err != nil {
			panic(err)
		}
	}
	raiz := c.terminar()
	g := &GADDAG{
		datos:   slices.Clip(c.datos),
		raiz:    raiz,
		estados: d.estados + c.estados,
		lexico:  *d,
	}
	g.lexico.datos = g.datos[:base:base]
	return g, nil
}

// DAWG devuelve el DAWG del léxico, que comparte la memoria del GADDAG.
func (g *GADDAG) DAWG() *DAWG { return &g.lexico }

// Raiz devuelve el estado inicial, el de la cadena vacía.
func (g *GADDAG) Raiz() Nodo { return g.raiz }

// Estados devuelve la cantidad de estados, los del DAWG incluidos.
func (g *GADDAG) Estados() int { return g.estados }

// Aristas devuelve la cantidad de transiciones, las del DAWG y las del
// separador incluidas.
func (g *GADDAG) Aristas() int { return len(g.datos) - 2*g.estados }

// Hijo devuelve el estado al que se llega desde n con la letra l (que puede
// ser [Separador]), o false si no hay transición. Es O(1). Desde un estado
// de la parte invertida las letras se leen hacia atrás; tras el separador,
// n es un estado del DAWG y se leen hacia adelante.
func (g *GADDAG) Hijo(n Nodo, l letra.Letra) (Nodo, bool) {
	return hijo(g.datos, n, l)
}

// Giro devuelve el estado tras el separador: si n es el estado de la
// cadena inv(u), el estado del DAWG al que lleva u. Es Hijo(n, Separador).
func (g *GADDAG) Giro(n Nodo) (Nodo, bool) { return hijo(g.datos, n, Separador) }

// EsFinal informa si n es un estado del DAWG en el que termina una palabra.
// Los estados de la parte invertida nunca son finales.
func (g *GADDAG) EsFinal(n Nodo) bool { return n&1 == 1 }

// Salidas devuelve las letras con que se sale de n, sin el separador.
func (g *GADDAG) Salidas(n Nodo) letra.Conjunto {
	o := uint32(n) >> 1
	if uint64(o)+1 >= uint64(len(g.datos)) {
		return 0
	}
	return letra.Conjunto(mascaraEn(g.datos, o)) &^ (1 << Separador)
}

// Acepta informa si el GADDAG acepta la cadena s (con a lo sumo un
// [Separador]): si s es inv(u)◇v para una palabra uv del léxico con u no
// vacía.
func (g *GADDAG) Acepta(s []letra.Letra) bool {
	n := g.raiz
	for _, l := range s {
		var ok bool
		if n, ok = hijo(g.datos, n, l); !ok {
			return false
		}
	}
	return n&1 == 1
}
