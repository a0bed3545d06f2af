package ocurrencia

import (
	"cmp"
	"iter"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
)

// Ficha es una letra ubicada en una celda: la tupla ⟨fila, columna, letra⟩
// de la especificación. Las coordenadas empiezan en 0; (0, 0) es la esquina
// de arriba a la izquierda. Es un valor comparable con ==.
//
// Con las reglas clásicas una ficha puede ser un comodín (la ficha en
// blanco): entonces Comodin es verdadero y Letra es la letra que representa,
// la que se lee en las palabras. Un comodín vale 0 puntos, sale de la mano
// como [letra.Comodin] y representa esa letra por el resto de la partida. Un
// comodín no es la misma ficha que la letra que representa: ⟨7, 7, A⟩ y un
// comodín en ⟨7, 7⟩ que representa la A son fichas distintas. El juego de la
// especificación no tiene comodines: en él Comodin es siempre falso.
type Ficha struct {
	Fila, Columna int
	Letra         letra.Letra
	Comodin       bool
}

// DeLaMano devuelve la ficha que f saca de la mano: su letra, o
// [letra.Comodin] si f es un comodín.
func (f Ficha) DeLaMano() letra.Letra {
	if f.Comodin {
		return letra.Comodin
	}
	return f.Letra
}

func compararFichas(a, b Ficha) int {
	if c := cmp.Compare(a.Fila, b.Fila); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Columna, b.Columna); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Letra, b.Letra); c != 0 {
		return c
	}
	switch {
	case a.Comodin == b.Comodin:
		return 0
	case b.Comodin:
		return -1
	}
	return 1
}

// Ocurrencia es un conjunto de fichas (el TAD OCURRENCIA, un renombre de
// conj(tupla(nat, nat, letra))): lo que un jugador ubica en una jugada, o las
// fichas de una palabra en el tablero.
//
// Tiene semántica de conjunto: una ficha repetida es la misma ficha. Dos
// fichas distintas pueden compartir celda con letras distintas ("superpuestas",
// [Ocurrencia.HaySuperpuestas]); una jugada así es inválida, pero la
// ocurrencia existe.
//
// Es un valor inmutable: las operaciones no la modifican. Guarda sus fichas
// ordenadas por fila, columna y letra. El valor cero es la ocurrencia vacía,
// que como jugada es pasar el turno.
//
// Puede llevar el alfabeto de sus letras ([Ocurrencia.Alfabeto]), para
// escribirse legible con [Ocurrencia.String]: lo llevan las que se leen de
// un texto ([Parsear]), las del tablero (tablero.Tablero.Palabras…) y las
// que se le dan con [Ocurrencia.ConAlfabeto]; las de [Nueva], no. El
// alfabeto no cambia qué fichas tiene: [Ocurrencia.Igual] las compara sin
// mirarlo. Dos ocurrencias con las mismas fichas y el mismo alfabeto (o
// ninguno) son idénticas también para reflect.DeepEqual (y para
// require.Equal de testify).
type Ocurrencia struct {
	fichas []Ficha         // ordenadas con compararFichas, sin repetir; nil si vacía
	alf    *letra.Alfabeto // para escribirla; nil si no se dio
}

// Nueva devuelve la ocurrencia con las fichas dadas, en cualquier orden y con
// repeticiones, sin alfabeto. No retiene fichas.
func Nueva(fichas ...Ficha) Ocurrencia {
	if len(fichas) == 0 {
		return Ocurrencia{}
	}
	fs := slices.Clone(fichas)
	slices.SortFunc(fs, compararFichas)
	return Ocurrencia{fichas: slices.Clip(slices.Compact(fs))}
}

// ConAlfabeto devuelve o con el alfabeto alf, con el que [Ocurrencia.String]
// escribe sus letras; nil lo quita. Las fichas son las mismas (no se
// copian: o es inmutable) y no se comprueba que sus letras sean de alf: una
// que no lo es se escribe como en letra.Alfabeto.Simbolo.
func (o Ocurrencia) ConAlfabeto(alf *letra.Alfabeto) Ocurrencia {
	return Ocurrencia{fichas: o.fichas, alf: alf}
}

// Alfabeto devuelve el alfabeto de o, o nil si no lo lleva.
func (o Ocurrencia) Alfabeto() *letra.Alfabeto { return o.alf }

// Tamano devuelve la cantidad de fichas (#o).
func (o Ocurrencia) Tamano() int { return len(o.fichas) }

// Vacia informa si o no tiene fichas.
func (o Ocurrencia) Vacia() bool { return len(o.fichas) == 0 }

// Ficha devuelve la i-ésima ficha en orden de fila, columna y letra, para
// recorrer o sin reservar memoria. Entra en pánico si i no es menor que
// [Ocurrencia.Tamano], como un índice de slice.
func (o Ocurrencia) Ficha(i int) Ficha { return o.fichas[i] }

// Fichas recorre las fichas de o en orden de fila, columna y letra.
func (o Ocurrencia) Fichas() iter.Seq[Ficha] { return slices.Values(o.fichas) }

// Slice devuelve las fichas de o en orden, en un slice nuevo.
func (o Ocurrencia) Slice() []Ficha { return slices.Clone(o.fichas) }

// Pertenece informa si f ∈ o. Es O(log #o).
func (o Ocurrencia) Pertenece(f Ficha) bool {
	_, ok := slices.BinarySearchFunc(o.fichas, f, compararFichas)
	return ok
}

// Incluida informa si o ⊆ otra.
func (o Ocurrencia) Incluida(otra Ocurrencia) bool {
	j := 0
	for _, f := range o.fichas {
		for j < len(otra.fichas) && compararFichas(otra.fichas[j], f) < 0 {
			j++
		}
		if j == len(otra.fichas) || otra.fichas[j] != f {
			return false
		}
	}
	return true
}

// Igual informa si o y otra tienen las mismas fichas, lleven o no el mismo
// alfabeto.
func (o Ocurrencia) Igual(otra Ocurrencia) bool { return slices.Equal(o.fichas, otra.fichas) }

// Letras devuelve las letras de o como multiconjunto (letrasDeLaOcurrencia):
// las que se leen en el tablero, las de los comodines incluidas. Sin
// comodines son las que un jugador necesita tener para jugarla; con ellos,
// ver [Ocurrencia.DeLaMano]. Una letra que no es menor que letra.MaxLetras no
// es de ningún alfabeto ni cabe en un multiconjunto: no se cuenta (ninguna
// jugada con ella es válida).
func (o Ocurrencia) Letras() letra.Multiconjunto {
	var m letra.Multiconjunto
	for _, f := range o.fichas {
		if int(f.Letra) < letra.MaxLetras {
			m.Agregar(f.Letra)
		}
	}
	return m
}

// DeLaMano devuelve las fichas que o saca de la mano de quien la juega: la
// letra de cada ficha, salvo los comodines, que salen como [letra.Comodin].
// Las letras que no son menores que letra.MaxLetras no se cuentan, como en
// [Ocurrencia.Letras].
func (o Ocurrencia) DeLaMano() letra.Multiconjunto {
	var m letra.Multiconjunto
	for _, f := range o.fichas {
		if l := f.DeLaMano(); int(l) < letra.MaxLetras {
			m.Agregar(l)
		}
	}
	return m
}

// EsHorizontal informa si todas las fichas están en la misma fila. La
// ocurrencia vacía y las de una ficha son horizontales y verticales a la vez.
// (La poscondición de ESHORIZONTAL? en el diseño compara columnas: es una
// errata; se sigue a la especificación, donde una secuencia horizontal
// mantiene la fila, π₁.)
func (o Ocurrencia) EsHorizontal() bool {
	for _, f := range o.fichas {
		if f.Fila != o.fichas[0].Fila {
			return false
		}
	}
	return true
}

// EsVertical informa si todas las fichas están en la misma columna.
func (o Ocurrencia) EsVertical() bool {
	for _, f := range o.fichas {
		if f.Columna != o.fichas[0].Columna {
			return false
		}
	}
	return true
}

// HaySuperpuestas informa si dos fichas distintas de o comparten celda (con
// letras distintas, ya que o es un conjunto). Es O(#o): las fichas de una
// misma celda quedan contiguas en el orden de o.
func (o Ocurrencia) HaySuperpuestas() bool {
	for i := 1; i < len(o.fichas); i++ {
		a, b := o.fichas[i-1], o.fichas[i]
		if a.Fila == b.Fila && a.Columna == b.Columna {
			return true
		}
	}
	return false
}

// FormaPalabra informa si las fichas de o, en algún orden, ocupan celdas
// consecutivas de una fila o de una columna (ocurrenciaFormaPalabra?). La
// ocurrencia vacía y las de una ficha forman palabra. Es O(#o).
func (o Ocurrencia) FormaPalabra() bool {
	_, ok := o.Palabra()
	return ok
}

// Palabra devuelve la palabra que forma o leída de izquierda a derecha o de
// arriba abajo (palabraQueFormaLaOcurrencia), e informa false si o no forma
// palabra ([Ocurrencia.FormaPalabra]).
func (o Ocurrencia) Palabra() ([]letra.Letra, bool) {
	consecutivas := func(df, dc int) bool {
		for i := 1; i < len(o.fichas); i++ {
			a, b := o.fichas[i-1], o.fichas[i]
			if b.Fila != a.Fila+df || b.Columna != a.Columna+dc {
				return false
			}
		}
		return true
	}
	// El orden de o (fila, columna) es el de lectura en ambas direcciones.
	if !consecutivas(0, 1) && !consecutivas(1, 0) {
		return nil, false
	}
	p := make([]letra.Letra, len(o.fichas))
	for i, f := range o.fichas {
		p[i] = f.Letra
	}
	return p, true
}
