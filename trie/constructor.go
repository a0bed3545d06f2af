package trie

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Constructor construye un [DAWG] mínimo a partir de palabras dadas en orden
// lexicográfico creciente, sin pasar por el trie completo: el algoritmo
// incremental de Daciuk, Mihov, Watson y Watson (2000), con sus
// minimizedNodes, uncheckedNodes y previousWord.
//
// Mantiene el camino de la última palabra agregada, cuyos estados todavía
// pueden cambiar. Al llegar una palabra, los estados de ese camino que están
// más allá del prefijo común con ella ya no recibirán más salidas: se
// "congelan", de abajo hacia arriba, y cada uno se reemplaza por un estado
// equivalente ya registrado si existe (misma finalidad y mismas transiciones
// a los mismos estados) o se registra como nuevo. El registro es una tabla
// hash abierta sobre los propios estados, así que agregar una palabra cuesta
// O(len(palabra)) amortizado y no reserva memoria por palabra.
//
// El valor cero está listo para usar. Un Constructor no es seguro para usar
// desde varias gorutinas a la vez.
type Constructor struct {
	datos    []uint32    // estados congelados, en el formato de DAWG.datos
	estados  int         // cantidad de estados congelados
	registro []uint32    // tabla hash de estados congelados: Nodo+1, 0 si libre
	camino   []pendiente // camino[i]: estado tras las primeras i letras de anterior
	anterior []letra.Letra
	palabras int
	prefijos int
	maxLong  int
	letras   letra.Conjunto
}

// pendiente es un estado del camino de la última palabra, todavía mutable.
// Sus transiciones ya congeladas están en hijos; la de la letra siguiente de
// la última palabra, si la hay, está pendiente en el camino.
type pendiente struct {
	fin     bool
	mascara uint64
	hijos   []uint32
	giro    uint32 // solo en un GADDAG: Nodo+1 del destino de la transición Separador, 0 si no hay
}

// Agregar agrega p, que debe ser mayor o igual que la palabra agregada antes
// en orden lexicográfico de letras (una palabra es menor que sus
// extensiones). Si p es igual a la anterior no hace nada. Si p es menor
// devuelve un error que envuelve a [ErrDesordenado]; si tiene letras no
// menores que letra.MaxLetras, uno que envuelve a [ErrLetraInvalida]. En
// ambos casos el constructor no cambia.
func (c *Constructor) Agregar(p []letra.Letra) error { return c.agregar(p, 0) }

// agregar es [Constructor.Agregar] para las dos clases de claves: con giro
// 0, p es una palabra y su estado es final; si no, p es una clave de la
// parte invertida de un [GADDAG] (ver [NuevoGADDAG]), que no es palabra: su
// estado no es final y sale con [Separador] hacia el Nodo giro-1, y no
// cuenta en Tamano, LongitudMaxima ni Letras.
func (c *Constructor) agregar(p []letra.Letra, giro uint32) error {
	if err := validar(p); err != nil {
		return err
	}
	if len(c.camino) == 0 {
		c.camino = append(c.camino, pendiente{})
	} else {
		switch slices.Compare(p, c.anterior) {
		case 0:
			return nil
		case -1:
			return fmt.Errorf("%w: %v llega después de %v", ErrDesordenado, p, c.anterior)
		}
	}
	comun := 0
	for comun < len(p) && comun < len(c.anterior) && p[comun] == c.anterior[comun] {
		comun++
	}
	c.congelarHasta(comun)
	for range len(p) - comun {
		c.apilar()
	}
	c.anterior = append(c.anterior[:0], p...)
	if giro != 0 {
		c.camino[len(p)].giro = giro
		return nil
	}
	c.camino[len(p)].fin = true
	c.palabras++
	c.prefijos += len(p) - comun // los nodos nuevos del trie
	c.maxLong = max(c.maxLong, len(p))
	for _, l := range p {
		c.letras = c.letras.Con(l)
	}
	return nil
}

// DAWG termina la construcción y devuelve el autómata mínimo de las palabras
// agregadas. El constructor queda vacío, listo para construir otro.
func (c *Constructor) DAWG() *DAWG {
	raiz := c.terminar()
	d := &DAWG{
		datos:    slices.Clip(c.datos),
		raiz:     raiz,
		palabras: c.palabras,
		prefijos: c.prefijos,
		estados:  c.estados,
		maxLong:  c.maxLong,
		letras:   c.letras,
	}
	*c = Constructor{}
	return d
}

// terminar congela el camino entero y devuelve el estado inicial. Después
// solo quedan por leer datos, estados y los contadores.
func (c *Constructor) terminar() Nodo {
	if len(c.camino) == 0 {
		c.camino = append(c.camino, pendiente{})
	}
	c.congelarHasta(0)
	return Nodo(c.registrar(&c.camino[0]))
}

// apilar agrega al camino un estado nuevo, sin salidas y no final,
// reutilizando la memoria de uno anterior si la hay.
func (c *Constructor) apilar() {
	if len(c.camino) < cap(c.camino) {
		c.camino = c.camino[:len(c.camino)+1]
		e := &c.camino[len(c.camino)-1]
		e.fin, e.mascara, e.hijos, e.giro = false, 0, e.hijos[:0], 0
		return
	}
	c.camino = append(c.camino, pendiente{})
}

// congelarHasta congela los estados del camino a profundidad mayor que
// prof, del más profundo al menos profundo, y los cuelga de su padre.
func (c *Constructor) congelarHasta(prof int) {
	for len(c.camino)-1 > prof {
		t := len(c.camino) - 1
		n := c.registrar(&c.camino[t])
		c.camino = c.camino[:t]
		padre := &c.camino[t-1]
		padre.mascara |= 1 << c.anterior[t-1]
		padre.hijos = append(padre.hijos, n)
	}
}

// registrar devuelve el Nodo de un estado congelado equivalente a e,
// registrándolo si es el primero.
func (c *Constructor) registrar(e *pendiente) uint32 {
	if len(c.registro) == 0 {
		c.registro = make([]uint32, 1<<10)
	}
	if e.giro != 0 { // la transición Separador va última: es la letra mayor
		e.mascara |= 1 << Separador
		e.hijos = append(e.hijos, e.giro-1)
		e.giro = 0
	}
	h := hashEstado(e.fin, e.mascara, e.hijos)
	mascara := uint64(len(c.registro) - 1)
	i := h & mascara
	for ; c.registro[i] != 0; i = (i + 1) & mascara {
		if n := c.registro[i] - 1; c.igual(n, e) {
			return n
		}
	}
	o := len(c.datos)
	if o >= 1<<31-1 {
		panic("trie: DAWG de más de 2³¹ palabras de memoria")
	}
	c.datos = append(c.datos, uint32(e.mascara), uint32(e.mascara>>32))
	c.datos = append(c.datos, e.hijos...)
	n := uint32(o) << 1
	if e.fin {
		n |= 1
	}
	c.registro[i] = n + 1
	c.estados++
	if 2*c.estados > len(c.registro) {
		c.agrandarRegistro()
	}
	return n
}

func (c *Constructor) igual(n uint32, e *pendiente) bool {
	if (n&1 == 1) != e.fin {
		return false
	}
	o := n >> 1
	if mascaraEn(c.datos, o) != e.mascara {
		return false
	}
	return slices.Equal(c.datos[o+2:o+2+uint32(len(e.hijos))], e.hijos)
}

func (c *Constructor) agrandarRegistro() {
	nuevo := make([]uint32, 2*len(c.registro))
	mascara := uint64(len(nuevo) - 1)
	for _, v := range c.registro {
		if v == 0 {
			continue
		}
		n := v - 1
		o := n >> 1
		m := mascaraEn(c.datos, o)
		hijos := c.datos[o+2 : o+2+uint32(bits.OnesCount64(m))]
		i := hashEstado(n&1 == 1, m, hijos) & mascara
		for nuevo[i] != 0 {
			i = (i + 1) & mascara
		}
		nuevo[i] = v
	}
	c.registro = nuevo
}

func hashEstado(fin bool, mascara uint64, hijos []uint32) uint64 {
	h := mascara * 0x9E3779B97F4A7C15
	if fin {
		h ^= 0xD6E8FEB86659FD93
	}
	for _, x := range hijos {
		h = (h ^ uint64(x)) * 0xFF51AFD7ED558CCD
		h ^= h >> 29
	}
	h ^= h >> 32
	return h
}

// NuevoDAWG devuelve el DAWG mínimo del conjunto de palabras dado, en
// cualquier orden y con repeticiones. Las palabras no se modifican. Si alguna
// tiene letras no menores que letra.MaxLetras devuelve un error que envuelve a
// [ErrLetraInvalida].
func NuevoDAWG(palabras [][]letra.Letra) (*DAWG, error) {
	orden := slices.Clone(palabras)
	slices.SortFunc(orden, slices.Compare)
	var c Constructor
	for _, p := range orden {
		if err := c.Agregar(p); err != nil {
			return nil, err
		}
	}
	return c.DAWG(), nil
}
