package trie

import (
	"bytes"
	"encoding/binary"
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

// MaxArcos es la cantidad máxima de arcos de un [GADDAG]: el índice del
// primer hijo de un arco ocupa 24 bits.
const MaxArcos = 1 << 24

// GADDAG es el autómata de Gordon (1994) para generar jugadas a partir de una
// celda, en las dos direcciones: por cada palabra uv del léxico con u no
// vacía acepta la cadena inv(u)◇v. Leyendo las letras de u hacia atrás desde
// una celda (hacia la izquierda en el tablero) y, tras el separador ◇, las de
// v hacia adelante, la búsqueda puede empezar en cualquier letra de la
// palabra.
//
// Autómata: el estado al que se llega tras ◇ depende solo de u: es el estado
// del [DAWG] del léxico al que se llega leyendo u, que acepta exactamente
// los v posibles. Por eso la parte después de ◇ no se repite: es una copia
// del DAWG, y la transición ◇ de cada estado de la parte invertida lleva a
// un estado de esa copia. La parte invertida es el autómata mínimo de las
// claves inv(u) (una por cada prefijo u de cada palabra, con su destino ◇),
// construido con el mismo algoritmo incremental que el [Constructor].
//
// Representación: como el formato KWG de los generadores de jugadas de
// torneo, cada transición es un arco de 32 bits con su letra, si la cadena
// es aceptada y el destino, y las salidas de un estado son arcos
// contiguos; en memoria cada estado lleva además delante la máscara de sus
// salidas y cada arco un resumen de las salidas de su destino, así que
// seguir una letra es O(1), recorrer las letras de un conjunto no mira las
// demás, y saber si una palabra termina o si puede seguir por una celda no
// obliga a leer el destino. Los estados van en el orden de un recorrido en
// anchura desde la raíz, primero la parte invertida y después la copia del
// DAWG, de modo que los de poca profundidad, los más visitados, comparten
// líneas de caché. Un [Nodo] de un GADDAG es el índice de su estado en la
// vista multiplicado por 2, más 1 si es final. La generación de jugadas
// recorre esa vista directamente; fuera del motor se navega por nodos
// ([GADDAG.Hijo], [GADDAG.Giro], [GADDAG.Salidas]).
//
// Un GADDAG no cambia después de construido y puede consultarse desde varias
// gorutinas a la vez. Se guarda y se recupera con [GADDAG.MarshalBinary] y
// [DecodificarGADDAG].
type GADDAG struct {
	vista   []uint64 // los estados, con el formato de arcos.Arcos (internal/arcos)
	raiz    uint32   // estado inicial, el de la parte invertida
	limite  uint32   // primer estado de la copia del DAWG: antes, la parte invertida
	estados int
	aristas int
	lexico  *DAWG
}

// nuevoGADDAG arma el GADDAG de los arcos de la codificación, en datos
// (ver [expandir]), con la raíz y el límite como índices de la vista.
func nuevoGADDAG(datos []byte, raiz, limite uint32, estados int, d *DAWG) (*GADDAG, error) {
	vista, raiz, limite, err := expandir(datos, raiz, limite)
	if err != nil {
		return nil, err
	}
	return &GADDAG{vista: vista, raiz: raiz, limite: limite, estados: estados, aristas: len(datos)/4 - 1, lexico: d}, nil
}

// NuevoGADDAG construye el GADDAG del léxico de d, que retiene (d no debe
// cambiar, y un DAWG no cambia). Devuelve un error que envuelve a
// [ErrLetraInvalida] si alguna palabra de d tiene la letra [Separador], y uno
// que envuelve a [ErrDemasiadoGrande] si el GADDAG tendría más de
// [MaxArcos] arcos o si el léxico pasa de [MaxPrefijosGADDAG] prefijos o de
// [MaxLetrasGADDAG] letras en ellos, lo que se mira antes de hacer nada.
// Cuesta O(P·log P) para los P prefijos distintos de las palabras (los
// nodos del trie del léxico).
func NuevoGADDAG(d *DAWG) (*GADDAG, error) {
	if d.letras.Contiene(Separador) {
		return nil, fmt.Errorf("%w: el léxico usa la letra %d, el separador del GADDAG", ErrLetraInvalida, Separador)
	}
	if p, l, ok := medirPrefijos(d, MaxPrefijosGADDAG, MaxLetrasGADDAG); !ok {
		return nil, fmt.Errorf("%w: el léxico tiene más de %d prefijos (%d como mínimo) o más de %d letras en ellos (%d como mínimo)",
			ErrDemasiadoGrande, MaxPrefijosGADDAG, p, MaxLetrasGADDAG, l)
	}
	lexico := d
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
	arcos, primero, limite, estados, err := aArcos(c.datos, raiz, len(d.datos))
	if err != nil {
		return nil, err
	}
	datos := make([]byte, 0, 4*len(arcos))
	for _, a := range arcos {
		datos = binary.LittleEndian.AppendUint32(datos, a)
	}
	return nuevoGADDAG(datos, primero, limite, estados, lexico)
}

// aArcos traduce un autómata en el formato del DAWG a los arcos de la
// codificación, con los estados a los que se llega desde raiz, la raíz de
// la parte invertida; los estados de desplazamiento menor que base son los
// de la copia del DAWG. El destino de cada arco es el índice de su estado
// en la vista de 32 bits de la codificación (ver codificacion_gaddag.go).
// Devuelve el arreglo de arcos, el índice en la vista de raiz y el del
// primer estado de la copia del DAWG, y la cantidad de estados (el estado
// sin salidas incluido).
//
// Los estados se ubican en el orden en que los descubre un recorrido en
// anchura desde raiz, primero los de la parte invertida y después los del
// DAWG: los de poca profundidad, que la generación de jugadas visita desde
// cada ancla, quedan juntos al principio y comparten líneas de caché.
func aArcos(datos []uint32, raiz Nodo, base int) (arcos []uint32, primerArco, limite uint32, estados int, err error) {
	primero := make([]uint32, len(datos))
	salidas := func(o uint32) (uint64, []uint32) {
		m := mascaraEn(datos, o)
		return m, datos[o+2 : o+2+uint32(bits.OnesCount64(m))]
	}
	// Primera pasada: el orden y el lugar de cada estado.
	total := uint64(1) // el centinela
	var cola []uint32
	ubicar := func(o uint32) {
		if primero[o] != 0 {
			return
		}
		_, hijos := salidas(o)
		if len(hijos) == 0 {
			return
		}
		primero[o] = uint32(min(total+1+2*uint64(len(cola)), MaxArcos)) // su índice en la vista
		total += uint64(len(hijos))
		cola = append(cola, o)
	}
	ubicar(uint32(raiz) >> 1)
	for _, parte := range [2]bool{false, true} { // la invertida, el DAWG
		if parte {
			limite = uint32(min(total+1+2*uint64(len(cola)), MaxArcos))
			for _, o := range cola { // los destinos de los giros
				if m, hijos := salidas(o); m>>Separador&1 == 1 {
					ubicar(hijos[len(hijos)-1] >> 1)
				}
			}
		}
		for k := 0; k < len(cola); k++ {
			m, hijos := salidas(cola[k])
			if (cola[k] < uint32(base)) != parte {
				continue
			}
			for i, mm := 0, m&^(1<<Separador); mm != 0; mm &= mm - 1 {
				ubicar(hijos[i] >> 1)
				i++
			}
		}
	}
	if vista := total + 1 + 2*uint64(len(cola)); vista > MaxArcos {
		return nil, 0, 0, 0, fmt.Errorf("%w: %d palabras en memoria (el máximo es %d)", ErrDemasiadoGrande, vista, MaxArcos)
	}
	// Segunda pasada: los arcos de cada estado, en el mismo orden. En la
	// parte invertida el bit de aceptación de un arco con letra dice si el
	// giro de su destino es final: si lo leído, dado vuelta, es una palabra.
	arcos = make([]uint32, 1, total)
	arcos[0] = centinela
	giroFinal := func(h uint32) uint32 {
		if m, hijos := salidas(h >> 1); m>>Separador&1 == 1 {
			return hijos[len(hijos)-1] & 1
		}
		return 0
	}
	for _, o := range cola {
		m, hijos := salidas(o)
		if m>>Separador&1 == 1 { // el giro va primero
			h := hijos[len(hijos)-1]
			arcos = append(arcos, uint32(Separador)|(h&1)*arcoAcepta|primero[h>>1]<<desplHijo)
		}
		invertida := o >= uint32(base)
		for i, mm := 0, m&^(1<<Separador); mm != 0; mm &= mm - 1 {
			h := hijos[i]
			i++
			fin := h & 1
			if invertida {
				fin = giroFinal(h)
			}
			arcos = append(arcos, uint32(bits.TrailingZeros64(mm))|fin*arcoAcepta|primero[h>>1]<<desplHijo)
		}
		arcos[len(arcos)-1] |= arcoUltimo
	}
	return arcos, primero[uint32(raiz)>>1], limite, len(cola) + 1, nil
}

// DAWG devuelve el DAWG del léxico: el que se dio a [NuevoGADDAG] o a
// [DecodificarGADDAG].
func (g *GADDAG) DAWG() *DAWG { return g.lexico }

// Raiz devuelve el estado inicial, el de la cadena vacía.
func (g *GADDAG) Raiz() Nodo { return Nodo(g.raiz << 1) }

// Estados devuelve la cantidad de estados del autómata, los de la copia del
// DAWG incluidos (la copia no tiene el estado inicial del DAWG, al que no
// lleva ningún giro porque u no es vacía).
func (g *GADDAG) Estados() int { return g.estados }

// Aristas devuelve la cantidad de transiciones, las de la copia del DAWG y
// las del separador incluidas: un arco por transición.
func (g *GADDAG) Aristas() int { return g.aristas }

// Hijo devuelve el estado al que se llega desde n con la letra l (que puede
// ser [Separador]), o false si no hay transición. Es O(1). Desde un estado
// de la parte invertida las letras se leen hacia atrás; tras el separador,
// n es un estado de la copia del DAWG y se leen hacia adelante. Si n no es
// un estado de g, no hay transición.
func (g *GADDAG) Hijo(n Nodo, l letra.Letra) (Nodo, bool) {
	s := uint32(n) >> 1
	a, ok := hijoEn(g.vista, s, l)
	if !ok {
		return 0, false
	}
	if s < g.limite && l != Separador || !a.Acepta() {
		return Nodo(a.Hijos() << 1), true // en la parte invertida, nunca final
	}
	return Nodo(a.Hijos()<<1 | 1), true
}

// Giro devuelve el estado tras el separador: si n es el estado de la
// cadena inv(u), el estado del DAWG al que lleva u. Es Hijo(n, Separador).
func (g *GADDAG) Giro(n Nodo) (Nodo, bool) { return g.Hijo(n, Separador) }

// EsFinal informa si n es un estado del DAWG en el que termina una palabra.
// Los estados de la parte invertida nunca son finales.
func (g *GADDAG) EsFinal(n Nodo) bool { return n&1 == 1 }

// Salidas devuelve las letras con que se sale de n, sin el separador.
func (g *GADDAG) Salidas(n Nodo) letra.Conjunto {
	s := uint32(n) >> 1
	if uint64(s) >= uint64(len(g.vista)) {
		return 0
	}
	return letra.Conjunto(g.vista[s] &^ giro)
}

// Acepta informa si el GADDAG acepta la cadena s (con a lo sumo un
// [Separador]): si s es inv(u)◇v para una palabra uv del léxico con u no
// vacía.
func (g *GADDAG) Acepta(s []letra.Letra) bool {
	n := g.Raiz()
	for _, l := range s {
		var ok bool
		if n, ok = g.Hijo(n, l); !ok {
			return false
		}
	}
	return n&1 == 1
}
