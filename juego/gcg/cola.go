package gcg

import (
	"fmt"

	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// colaInicial arma el repositorio de una partida de v sin bolsa (las reglas
// de la especificación, donde el repositorio es una cola fija) de modo que
// cada jugador tenga las manos que el registro le da: las primeras K·F
// letras son la primera mano registrada de cada jugador, y después de cada
// colocación vienen las letras que el jugador sacó, las de su próxima mano
// registrada que no le quedaron de esta, en el orden de los turnos. Lo que
// el registro no dice (una mano sin registrar, lo que se saca en el último
// turno) y el resto hasta el largo que pide juego.Nuevo son las letras de
// v.Repositorio(k, 0) en esos lugares.
//
// Las líneas que no coinciden (una mano imposible, una colocación que no
// entra) se saltean: la repetición las encontrará y dirá en qué línea.
func colaInicial(v *variante.Variante, k int, sucesos []suceso, manos []*letra.Multiconjunto) ([]letra.Letra, error) {
	relleno, err := v.Repositorio(k, 0)
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	c := cola{valida: func(l letra.Letra) bool { return l != letra.Comodin || v.Comodines() > 0 }, manos: make([]manoParcial, k)}
	for i := range k {
		c.sacar(i, v.Fichas())
	}
	t, err := tablero.Nuevo(v.TamanoTablero(), v.Alfabeto())
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	for x, s := range sucesos {
		if manos[x] != nil {
			c.registrar(s.jugador, *manos[x])
		}
		if s.tipo != lineaColocacion || retirada(sucesos, x) {
			continue // pases, ajustes y colocaciones retiradas no sacan letras
		}
		o, err := colocacion(t, s)
		if err != nil {
			continue
		}
		if t, err = t.Poner(o.Slice()...); err != nil {
			continue
		}
		c.jugar(s.jugador, o.DeLaMano())
		c.sacar(s.jugador, o.Tamano())
	}
	return c.completar(relleno), nil
}

// cola es un repositorio en construcción: algunas letras se conocen y otras
// (los huecos) todavía no.
type cola struct {
	letras []letra.Letra
	sabida []bool
	manos  []manoParcial
	valida func(letra.Letra) bool // si la letra puede estar en el repositorio
}

// manoParcial es la mano de un jugador mientras se arma la cola: las
// letras que se conocen y los lugares de la cola de las que no.
type manoParcial struct {
	sabidas letra.Multiconjunto
	huecos  []int
}

// sacar agrega n huecos a la cola, que van a la mano del jugador i.
func (c *cola) sacar(i, n int) {
	for range n {
		c.manos[i].huecos = append(c.manos[i].huecos, len(c.letras))
		c.letras = append(c.letras, 0)
		c.sabida = append(c.sabida, false)
	}
}

// llenar pone la letra l en el hueco h de la cola.
func (c *cola) llenar(h int, l letra.Letra) {
	c.letras[h], c.sabida[h] = l, true
}

// registrar dice que la mano del jugador i es m: las letras de m que no se
// conocían llenan sus huecos, en orden de letras. Si m no puede ser su
// mano, no hace nada.
func (c *cola) registrar(i int, m letra.Multiconjunto) {
	p := &c.manos[i]
	nuevas := m.Diferencia(p.sabidas)
	if !m.Incluye(p.sabidas) || nuevas.Tamano() != len(p.huecos) {
		return
	}
	for _, l := range nuevas.Letras() {
		if !c.valida(l) {
			return
		}
	}
	for x, l := range nuevas.Letras() {
		c.llenar(p.huecos[x], l)
	}
	p.sabidas, p.huecos = m, nil
}

// jugar saca de la mano del jugador i las letras jugadas: las que no se
// conocían llenan huecos.
func (c *cola) jugar(i int, jugadas letra.Multiconjunto) {
	p := &c.manos[i]
	for _, l := range jugadas.Letras() {
		switch {
		case p.sabidas.Sacar(l):
		case len(p.huecos) > 0 && c.valida(l):
			c.llenar(p.huecos[0], l)
			p.huecos = p.huecos[1:]
		}
	}
}

// completar llena los huecos con las letras de relleno en los mismos
// lugares y alarga la cola con ellas hasta su largo.
func (c *cola) completar(relleno []letra.Letra) []letra.Letra {
	res := make([]letra.Letra, max(len(c.letras), len(relleno)))
	copy(res, relleno)
	for x, l := range c.letras {
		if c.sabida[x] {
			res[x] = l
		} else if x >= len(relleno) {
			res[x] = relleno[x%len(relleno)]
		}
	}
	return res
}
