package ocurrencia

import (
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// Forma de texto de una ocurrencia: la notación de conjuntos de la
// especificación, con paréntesis en lugar de ⟨⟩:
//
//	{(2,5,H), (3,5,O), (4,5,L), (5,5,A)}
//
// Cada ficha es (fila,columna,letra), con la fila y la columna naturales (0,
// 1, 2, …, sin signo: "(-1,2,A)" no es una ocurrencia). La letra se escribe
// con su símbolo en un alfabeto ([Ocurrencia.Formatear]) o, sin alfabeto,
// con su ordinal; un comodín lleva "?" delante de la letra que representa:
// (7,7,?A).
// Al leer ([Parsear]) se aceptan ambas formas, espacios en cualquier lugar
// entre los elementos, símbolos en minúsculas, y las llaves y las comas entre
// fichas son opcionales: "(7,7,C) (7,8,A)" también es una ocurrencia. El
// texto vacío y "{}" son la ocurrencia vacía.

// ErrSintaxis indica un texto que no es una ocurrencia. Los errores de
// [Parsear] son [*ErrorSintaxis], que lo envuelven.
var ErrSintaxis = errors.New("ocurrencia: texto mal formado")

// MaxTexto es el largo máximo, en bytes, del texto que lee [Parsear]: más
// de 50.000 fichas, cuando una jugada tiene a lo sumo tantas como el lado
// del tablero.
const MaxTexto = 1 << 20

// ErrorSintaxis describe dónde y por qué un texto no es una ocurrencia.
type ErrorSintaxis struct {
	Texto    string // el texto completo; si es largo, un trozo alrededor de la posición
	Posicion int    // posición del problema, en bytes desde 0
	Motivo   string // qué se esperaba o qué sobra
	Err      error  // la causa, si la hay (por ejemplo letra.ErrCaracterDesconocido)
}

// Error describe el problema: el texto, la posición y el motivo.
func (e *ErrorSintaxis) Error() string {
	return fmt.Sprintf("ocurrencia: %q, posición %d: %s", e.Texto, e.Posicion, e.Motivo)
}

// Unwrap devuelve [ErrSintaxis] y la causa, si la hay.
func (e *ErrorSintaxis) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrSintaxis}
	}
	return []error{ErrSintaxis, e.Err}
}

// String escribe o con los símbolos de su alfabeto, si lo lleva
// ([Ocurrencia.Formatear]): "{(2,5,H), (3,5,O)}"; si no, con los ordinales
// de sus letras: "{(2,5,7), (3,5,15)}". [Parsear] lee las dos formas (la
// segunda, con cualquier alfabeto de al menos esas letras).
func (o Ocurrencia) String() string { return o.Formatear(o.alf) }

// Formatear escribe o con los símbolos de alf, por ejemplo
// "{(2,5,H), (3,5,O)}"; con alf nil, con los ordinales de sus letras.
func (o Ocurrencia) Formatear(alf *letra.Alfabeto) string {
	b := make([]byte, 0, 2+12*len(o.fichas))
	b = append(b, '{')
	for i, f := range o.fichas {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = f.agregar(b, alf)
	}
	return string(append(b, '}'))
}

// String escribe f como en una ocurrencia sin alfabeto: "(7,7,0)", y
// "(7,7,?0)" si es un comodín. Una Ficha no sabe de qué alfabeto es su
// letra: para escribirla con símbolos, [Ficha.Formatear].
func (f Ficha) String() string { return f.Formatear(nil) }

// Formatear escribe f con el símbolo de su letra en alf: "(7,7,A)", y
// "(7,7,?A)" si es un comodín; con alf nil, como [Ficha.String].
func (f Ficha) Formatear(alf *letra.Alfabeto) string { return string(f.agregar(nil, alf)) }

// agregar agrega la forma de texto de f a b.
func (f Ficha) agregar(b []byte, alf *letra.Alfabeto) []byte {
	b = append(b, '(')
	b = strconv.AppendInt(b, int64(f.Fila), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(f.Columna), 10)
	b = append(b, ',')
	if f.Comodin {
		b = append(b, '?')
	}
	if alf == nil {
		b = strconv.AppendInt(b, int64(f.Letra), 10)
	} else {
		b = append(b, alf.Simbolo(f.Letra)...)
	}
	return append(b, ')')
}

// Parsear lee una ocurrencia en la forma de texto descrita arriba. Las letras
// escritas con símbolo se leen con alf; las escritas con ordinal deben ser
// menores que alf.Tamano(). alf puede ser nil si todas las letras son
// ordinales (menores que letra.MaxLetras). La ocurrencia lleva el alfabeto
// alf ([Ocurrencia.Alfabeto]). Si el texto no es una ocurrencia devuelve un
// [*ErrorSintaxis], que cita a lo sumo un trozo corto del texto; si pasa de
// [MaxTexto] bytes, uno que envuelve también a limite.Err. Cuesta
// O(n·log n) para las n fichas del texto.
func Parsear(texto string, alf *letra.Alfabeto) (Ocurrencia, error) {
	p := parser{texto: texto, alf: alf}
	if len(texto) > MaxTexto {
		return Ocurrencia{}, p.error(fmt.Sprintf("el texto pasa de %d bytes", MaxTexto), &limite.Error{Limite: "ocurrencia.MaxTexto", Valor: MaxTexto})
	}
	fichas, err := p.ocurrencia()
	if err != nil {
		return Ocurrencia{}, err
	}
	return Nueva(fichas...).ConAlfabeto(alf), nil
}

type parser struct {
	texto string
	i     int
	alf   *letra.Alfabeto
}

func (p *parser) error(motivo string, causa error) error {
	return &ErrorSintaxis{Texto: cita.Alrededor(p.texto, p.i), Posicion: p.i, Motivo: motivo, Err: causa}
}

func (p *parser) espacios() {
	for p.i < len(p.texto) {
		r, n := utf8.DecodeRuneInString(p.texto[p.i:])
		if !unicode.IsSpace(r) {
			return
		}
		p.i += n
	}
}

// consumir salta espacios y, si sigue c, lo consume.
func (p *parser) consumir(c byte) bool {
	p.espacios()
	if p.i < len(p.texto) && p.texto[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *parser) esperar(c byte) error {
	if !p.consumir(c) {
		return p.error(fmt.Sprintf("se esperaba %q", c), nil)
	}
	return nil
}

func (p *parser) ocurrencia() ([]Ficha, error) {
	llaves := p.consumir('{')
	var fichas []Ficha
	for {
		p.espacios()
		if p.i == len(p.texto) || p.texto[p.i] != '(' {
			break
		}
		f, err := p.ficha()
		if err != nil {
			return nil, err
		}
		fichas = append(fichas, f)
		if p.consumir(',') {
			p.espacios()
			if p.i == len(p.texto) || p.texto[p.i] != '(' {
				return nil, p.error("se esperaba una ficha después de la coma", nil)
			}
		}
	}
	if llaves {
		if err := p.esperar('}'); err != nil {
			return nil, err
		}
	}
	p.espacios()
	if p.i != len(p.texto) {
		return nil, p.error("se esperaba una ficha \"(fila,columna,letra)\"", nil)
	}
	return fichas, nil
}

func (p *parser) ficha() (Ficha, error) {
	var f Ficha
	var err error
	if err = p.esperar('('); err != nil {
		return f, err
	}
	if f.Fila, err = p.entero("la fila"); err != nil {
		return f, err
	}
	if err = p.esperar(','); err != nil {
		return f, err
	}
	if f.Columna, err = p.entero("la columna"); err != nil {
		return f, err
	}
	if err = p.esperar(','); err != nil {
		return f, err
	}
	f.Comodin = p.consumir('?')
	if f.Letra, err = p.letra(); err != nil {
		return f, err
	}
	return f, p.esperar(')')
}

// entero lee un natural (la especificación numera las celdas con nat):
// solo dígitos, sin signo.
func (p *parser) entero(que string) (int, error) {
	p.espacios()
	ini := p.i
	for p.i < len(p.texto) && '0' <= p.texto[p.i] && p.texto[p.i] <= '9' {
		p.i++
	}
	n, err := strconv.Atoi(p.texto[ini:p.i])
	if err != nil {
		p.i = ini
		return 0, p.error("se esperaba un natural (0, 1, 2, …) para "+que, nil)
	}
	return n, nil
}

func (p *parser) letra() (letra.Letra, error) {
	p.espacios()
	ini := p.i
	if p.i < len(p.texto) && '0' <= p.texto[p.i] && p.texto[p.i] <= '9' {
		n, err := p.entero("la letra")
		if err != nil {
			return 0, err
		}
		limite := letra.MaxLetras
		if p.alf != nil {
			limite = p.alf.Tamano()
		}
		if n >= limite {
			p.i = ini
			return 0, p.error(fmt.Sprintf("la letra %d está fuera del alfabeto (que tiene %d)", n, limite), letra.ErrFueraDeRango)
		}
		return letra.Letra(n), nil
	}
	for p.i < len(p.texto) {
		r, n := utf8.DecodeRuneInString(p.texto[p.i:])
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
			break
		}
		p.i += n
	}
	simbolo := p.texto[ini:p.i]
	if simbolo == "" {
		return 0, p.error("se esperaba una letra", nil)
	}
	if p.alf == nil {
		p.i = ini
		return 0, p.error(fmt.Sprintf("la letra %q está escrita con un símbolo y no se dio un alfabeto", cita.Texto(simbolo)), nil)
	}
	l, ok := p.alf.Indice(simbolo)
	if !ok {
		p.i = ini
		return 0, p.error(fmt.Sprintf("%q no es una letra del alfabeto", cita.Texto(simbolo)), letra.ErrCaracterDesconocido)
	}
	return l, nil
}
