package tablero

import (
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Errores que devuelve el paquete. Se comparan con [errors.Is]. Los de
// tamaño y alfabeto son los de las capas de abajo: variante.ErrTamanoInvalido,
// letra.ErrAlfabetoInvalido (no se dio el alfabeto) y letra.ErrFueraDeRango
// (una ficha con una letra que no es del alfabeto).
var (
	// ErrFueraDelTablero: una ficha está fuera del tablero. Es también el
	// motivo de una jugada inválida del juego (juego.ErrorJugada, regla R3).
	ErrFueraDelTablero = errors.New("ficha fuera del tablero")
	// ErrCeldaOcupada: una ficha va a una celda que ya tiene otra. Es
	// también el motivo de una jugada inválida del juego (regla R3).
	ErrCeldaOcupada = errors.New("celda ocupada")
	// ErrTexto: el texto no es un tablero ([Parsear]).
	ErrTexto = errors.New("tablero: texto mal formado")
)

// errSinAlfabeto es el error de [Nuevo] y [Parsear] sin alfabeto.
var errSinAlfabeto = fmt.Errorf("tablero: %w: falta el alfabeto", letra.ErrAlfabetoInvalido)

// MaxTamano es el lado máximo de un tablero, el mismo que admite una
// variante.
const MaxTamano = variante.MaxTamanoTablero

// Tablero es el TAD TABLERO: un tablero de N×N celdas, cada una
// libre o con una ficha, que puede ser un comodín (la ficha en blanco de las
// reglas clásicas, que representa una letra).
//
// Es un valor inmutable: las operaciones que ponen fichas devuelven un
// tablero nuevo y dejan el original como estaba, así que un Tablero se
// copia con la asignación, se compara con == (mismo tamaño, alfabeto y
// fichas) y puede ser la clave de un mapa. El tablero de un juego
// (juego.Juego.Tablero) es una foto: nada de lo que se haga con ella cambia
// el juego.
//
// Las coordenadas son (fila, columna) desde 0; (0, 0) es la esquina de
// arriba a la izquierda. El valor cero es un tablero de 0×0 sin alfabeto;
// se crea con [Nuevo].
type Tablero struct {
	n   int
	alf *letra.Alfabeto
	// celdas tiene un byte por celda, por filas: 0 si está libre, y si no
	// la letra + 1, con el bit comodin si la ficha es un comodín. Un string
	// no cambia nunca: por eso el tablero es un valor.
	celdas string
}

// comodin marca una celda cuya ficha es un comodín. Las letras son menores
// que letra.MaxLetras (64), así que letra + 1 cabe en los 7 bits de abajo.
const comodin = 0x80

// Nuevo devuelve el tablero vacío de n×n cuyas letras son de alf
// (nuevoTablero). Devuelve un error que envuelve a
// variante.ErrTamanoInvalido si n no está entre 1 y [MaxTamano], o a
// letra.ErrAlfabetoInvalido si alf es nil.
func Nuevo(n int, alf *letra.Alfabeto) (Tablero, error) {
	switch {
	case alf == nil:
		return Tablero{}, errSinAlfabeto
	case n <= 0 || n > MaxTamano:
		return Tablero{}, fmt.Errorf("%w: %d (debe estar entre 1 y %d)", variante.ErrTamanoInvalido, n, MaxTamano)
	}
	return Tablero{n: n, alf: alf, celdas: strings.Repeat("\x00", n*n)}, nil
}

// Tamano devuelve N, el lado del tablero (tamaño).
func (t Tablero) Tamano() int { return t.n }

// Alfabeto devuelve el alfabeto de las letras del tablero.
func (t Tablero) Alfabeto() *letra.Alfabeto { return t.alf }

// EnTablero informa si (fila, columna) es una celda del tablero
// (enTablero?).
func (t Tablero) EnTablero(fila, columna int) bool {
	return fila >= 0 && fila < t.n && columna >= 0 && columna < t.n
}

// celda devuelve el byte de (fila, columna), 0 si está libre o fuera.
func (t Tablero) celda(fila, columna int) byte {
	if !t.EnTablero(fila, columna) {
		return 0
	}
	return t.celdas[fila*t.n+columna]
}

// Ocupada informa si (fila, columna) está en el tablero y tiene una ficha
// (ocupada?; hayLetra? dentro del tablero).
func (t Tablero) Ocupada(fila, columna int) bool { return t.celda(fila, columna) != 0 }

// Libre informa si (fila, columna) está en el tablero y no tiene ficha
// (libre?).
func (t Tablero) Libre(fila, columna int) bool {
	return t.EnTablero(fila, columna) && t.celda(fila, columna) == 0
}

// Letra devuelve la letra de la ficha de (fila, columna) (letra), la que
// representa si es un comodín; false si la celda está libre o fuera del
// tablero.
func (t Tablero) Letra(fila, columna int) (letra.Letra, bool) {
	c := t.celda(fila, columna)
	if c == 0 {
		return 0, false
	}
	return letra.Letra(c&^comodin) - 1, true
}

// EsComodin informa si la ficha de (fila, columna) es un comodín; false si
// no lo es, si la celda está libre o si está fuera del tablero.
func (t Tablero) EsComodin(fila, columna int) bool { return t.celda(fila, columna)&comodin != 0 }

// Ficha devuelve la ficha de (fila, columna), o false si la celda está
// libre o fuera del tablero.
func (t Tablero) Ficha(fila, columna int) (ocurrencia.Ficha, bool) {
	c := t.celda(fila, columna)
	if c == 0 {
		return ocurrencia.Ficha{}, false
	}
	return ocurrencia.Ficha{Fila: fila, Columna: columna, Letra: letra.Letra(c&^comodin) - 1, Comodin: c&comodin != 0}, true
}

// Ocupadas devuelve cuántas fichas hay en el tablero. Es O(N²).
func (t Tablero) Ocupadas() int { return t.n*t.n - strings.Count(t.celdas, "\x00") }

// Vacio informa si el tablero no tiene fichas. Es O(N²).
func (t Tablero) Vacio() bool { return t.Ocupadas() == 0 }

// Fichas recorre las fichas del tablero por filas y, en cada fila, por
// columnas (contenidoDelTablero, en orden).
func (t Tablero) Fichas() iter.Seq[ocurrencia.Ficha] {
	return func(yield func(ocurrencia.Ficha) bool) {
		for p := 0; p < len(t.celdas); p++ {
			if t.celdas[p] == 0 {
				continue
			}
			f, _ := t.Ficha(p/t.n, p%t.n)
			if !yield(f) {
				return
			}
		}
	}
}

// Contenido devuelve las fichas del tablero como una ocurrencia
// (contenidoDelTablero(t, 0, 0)).
func (t Tablero) Contenido() ocurrencia.Ocurrencia {
	var fs []ocurrencia.Ficha
	for f := range t.Fichas() {
		fs = append(fs, f)
	}
	return ocurrencia.Nueva(fs...).ConAlfabeto(t.alf)
}

// DeLaMano devuelve las fichas del tablero como salieron de las manos: la
// letra de cada una, salvo los comodines, que cuentan como letra.Comodin.
func (t Tablero) DeLaMano() letra.Multiconjunto {
	var m letra.Multiconjunto
	for f := range t.Fichas() {
		m.Agregar(f.DeLaMano())
	}
	return m
}

// Poner devuelve el tablero con las fichas dadas además de las que tiene
// (ponerLetras). t no cambia. Las fichas se comprueban todas antes de poner
// ninguna: si alguna está fuera del tablero ([ErrFueraDelTablero]), va a una
// celda ocupada o a la misma celda que otra ([ErrCeldaOcupada]) o tiene una
// letra que no es del alfabeto (letra.ErrFueraDeRango), devuelve el error,
// que nombra la ficha, y el tablero t. Cuesta O(N² + m) para m fichas.
func (t Tablero) Poner(fichas ...ocurrencia.Ficha) (Tablero, error) {
	if len(fichas) == 0 {
		return t, nil
	}
	b := []byte(t.celdas)
	for _, f := range fichas {
		switch {
		case !t.EnTablero(f.Fila, f.Columna):
			return t, fmt.Errorf("tablero: %w: (%d,%d) en un tablero de %d×%d", ErrFueraDelTablero, f.Fila, f.Columna, t.n, t.n)
		case !t.alf.Contiene(f.Letra):
			return t, fmt.Errorf("tablero: %w: la letra %s en (%d,%d)", letra.ErrFueraDeRango, t.alf.Simbolo(f.Letra), f.Fila, f.Columna)
		case b[f.Fila*t.n+f.Columna] != 0:
			return t, fmt.Errorf("tablero: %w: (%d,%d)", ErrCeldaOcupada, f.Fila, f.Columna)
		}
		c := byte(f.Letra) + 1
		if f.Comodin {
			c |= comodin
		}
		b[f.Fila*t.n+f.Columna] = c
	}
	return Tablero{n: t.n, alf: t.alf, celdas: string(b)}, nil
}

// Corrida devuelve la corrida maximal de fichas que pasa por (fila,
// columna) en una dirección (horizontal: por la fila; si no, por la
// columna), en orden de lectura; la ocurrencia vacía si la celda está libre.
// Es O(largo de la corrida).
func (t Tablero) Corrida(fila, columna int, horizontal bool) ocurrencia.Ocurrencia {
	df, dc := 1, 0
	if horizontal {
		df, dc = 0, 1
	}
	for t.Ocupada(fila-df, columna-dc) {
		fila, columna = fila-df, columna-dc
	}
	var fs []ocurrencia.Ficha
	for {
		f, ok := t.Ficha(fila, columna)
		if !ok {
			return ocurrencia.Nueva(fs...).ConAlfabeto(t.alf)
		}
		fs = append(fs, f)
		fila, columna = fila+df, columna+dc
	}
}

// Principal devuelve la palabra principal de la jugada o, cuyas fichas ya
// están en t: la corrida de la línea de o que las contiene (para una sola
// ficha, la horizontal si tiene dos fichas o más, si no la vertical si las
// tiene, y si no la ficha sola, como horizontal), y su dirección. Es lo que
// se escribe para nombrar una jugada ("CASA en 8D"). Informa false si o es
// vacía, si alguna de sus fichas no está en t o si ninguna corrida las
// contiene a todas.
func (t Tablero) Principal(o ocurrencia.Ocurrencia) (palabra ocurrencia.Ocurrencia, horizontal bool, ok bool) {
	if o.Vacia() {
		return ocurrencia.Ocurrencia{}, false, false
	}
	for f := range o.Fichas() {
		if g, hay := t.Ficha(f.Fila, f.Columna); !hay || g != f {
			return ocurrencia.Ocurrencia{}, false, false
		}
	}
	p := o.Ficha(0)
	horizontal = o.Tamano() > 1 && o.EsHorizontal() ||
		o.Tamano() == 1 && (t.Corrida(p.Fila, p.Columna, true).Tamano() > 1 || t.Corrida(p.Fila, p.Columna, false).Tamano() == 1)
	palabra = t.Corrida(p.Fila, p.Columna, horizontal)
	return palabra, horizontal, o.Incluida(palabra)
}

// Palabras devuelve las palabras del tablero (ocurrenciasDePalabras),
// calculadas como dice la regla R1: cada corrida horizontal o vertical
// maximal de dos fichas o más, y cada ficha sin vecinos. El orden es el de
// su primera celda, por filas; en la misma celda, la horizontal primero.
// Cuesta O(N²).
func (t Tablero) Palabras() []ocurrencia.Ocurrencia {
	var res []ocurrencia.Ocurrencia
	for x := range t.Fichas() {
		f, c := x.Fila, x.Columna
		for _, horizontal := range [...]bool{true, false} {
			df, dc := 1, 0
			if horizontal {
				df, dc = 0, 1
			}
			if !t.Ocupada(f-df, c-dc) && t.Ocupada(f+df, c+dc) { // empieza una corrida de dos o más
				res = append(res, t.Corrida(f, c, horizontal))
			}
		}
		if !t.Ocupada(f-1, c) && !t.Ocupada(f+1, c) && !t.Ocupada(f, c-1) && !t.Ocupada(f, c+1) {
			res = append(res, ocurrencia.Nueva(x).ConAlfabeto(t.alf))
		}
	}
	return res
}
