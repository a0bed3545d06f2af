package cgp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Opciones dice con qué se lee un CGP ([Parsear]). El valor cero lee con
// el alfabeto del español clásico (letra.EspanolConDigrafos, el de la FISE),
// sin variante.
type Opciones struct {
	// Variante es la variante de la posición. Si no es nil, el tablero
	// debe ser de v.TamanoTablero filas y columnas y sus fichas del
	// alfabeto de v, no puede haber comodines si v no los tiene, y las
	// operaciones bb y mcnz, si están, deben decir lo mismo que v.Bingo y
	// v.TurnosSinPuntos. Queda en [Posicion.Variante], para
	// [Posicion.Juego].
	Variante *variante.Variante
	// Alfabeto es el alfabeto de las fichas si no hay Variante: el tablero
	// es entonces de tantas filas como tenga el texto (todas del mismo
	// largo), los comodines se admiten y no se comprueba ninguna
	// operación; sirve para leer posiciones de variantes que no están en
	// la biblioteca. nil es letra.EspanolConDigrafos(). Con Variante debe
	// ser nil o el alfabeto de la variante.
	Alfabeto *letra.Alfabeto
	// MaxBytes es el largo máximo del texto; 0 es 1<<20 (1 MiB: una
	// posición de 15×15 ocupa menos de 200 bytes).
	MaxBytes int
	// MaxManos es la cantidad máxima de manos (y de puntajes); 0 es 64.
	MaxManos int
}

// Los límites por omisión de [Opciones].
const (
	OmisionMaxBytes = 1 << 20
	OmisionMaxManos = 64
)

func (op Opciones) conOmision() Opciones {
	if op.MaxBytes <= 0 {
		op.MaxBytes = OmisionMaxBytes
	}
	if op.MaxManos <= 0 {
		op.MaxManos = OmisionMaxManos
	}
	return op
}

// errLimite es el error de un límite de las opciones.
func errLimite(cual string, valor int) error {
	return fmt.Errorf("%w: %w", ErrFormato, &limite.Error{Limite: "cgp.Opciones." + cual, Valor: int64(valor)})
}

// Parsear lee un CGP con las opciones op.
//
// Lee lo que escribe [Formatear] y también lo que escriben otros programas:
// un prefijo "cgp " opcional, cualquier cantidad de espacios entre los
// campos y alrededor, números con ceros a la izquierda, fichas en minúsculas
// o con tilde descompuesta en las manos, códigos de operación con un "-"
// adelante (como escribe MAGPIE, "-lex CSW21"), un último ";" que falta, y
// ";" de más. Las fichas de varias letras van entre corchetes; sin
// corchetes cada carácter es una ficha ("CH" son C y H).
//
// Además de la sintaxis, comprueba lo que dice [Opciones]. No comprueba lo
// que comprueba juego.DesdePosicion (las cantidades de fichas, el largo de
// las manos): para eso está [Posicion.Juego]. Las operaciones que no son
// bb ni mcnz (lex, ld…) quedan en Posicion.Operaciones, sin interpretar.
//
// Acepta a lo sumo op.MaxBytes bytes y op.MaxManos manos; un texto que
// pasa un límite es un error que envuelve a [ErrFormato] y a
// limite.Err ([*limite.Error] dice cuál). Cuesta O(len(texto) +
// N²) en tiempo y en memoria, con N el lado del tablero.
//
// Los errores son [*Error], que envuelven a [ErrFormato] (el texto no es
// CGP) o a [ErrVariante] (la posición no es de la variante o del
// alfabeto), y citan a lo sumo un trozo corto del texto. Nunca entra en
// pánico.
func Parsear(texto string, op Opciones) (*Posicion, error) {
	op = op.conOmision()
	if len(texto) > op.MaxBytes {
		return nil, &Error{Fragmento: cita.Texto(texto), Err: errLimite("MaxBytes", op.MaxBytes)}
	}
	v := op.Variante
	if v == nil {
		alf := op.Alfabeto
		if alf == nil {
			alf = letra.EspanolConDigrafos()
		}
		l := lector{texto: texto, alf: alf, comodines: true, maxManos: op.MaxManos}
		return l.leer()
	}
	if op.Alfabeto != nil && op.Alfabeto != v.Alfabeto() {
		return nil, &Error{Err: fmt.Errorf("%w: el alfabeto de las opciones no es el de la variante", ErrVariante)}
	}
	l := lector{texto: texto, alf: v.Alfabeto(), n: v.TamanoTablero(), comodines: v.Comodines() > 0, maxManos: op.MaxManos}
	p, err := l.leer()
	if err != nil {
		return nil, err
	}
	for x, o := range p.Operaciones {
		var quiere int
		switch o.Codigo {
		case "bb":
			quiere = v.Bingo()
		case "mcnz":
			quiere = v.TurnosSinPuntos()
		default:
			continue
		}
		if n, err := strconv.Atoi(o.Valor); err != nil {
			return nil, l.error(CampoOperaciones, x+1, l.ops[x], o.Valor, fmt.Errorf("%w: %s no es un número", ErrFormato, o.Codigo))
		} else if n != quiere {
			return nil, l.error(CampoOperaciones, x+1, l.ops[x], o.Valor, fmt.Errorf("%w: %s %d y la variante tiene %d", ErrVariante, o.Codigo, n, quiere))
		}
	}
	p.Variante = v
	return p, nil
}

// lector lee un CGP. n es el tamaño del tablero, 0 si sale de las filas.
type lector struct {
	texto     string
	alf       *letra.Alfabeto
	n         int
	comodines bool
	maxManos  int
	ops       []int // byte donde empieza cada operación
}

func (l *lector) error(c Campo, indice, pos int, fragmento string, err error) *Error {
	return &Error{Campo: c, Indice: indice, Posicion: pos, Fragmento: cita.Texto(fragmento), Err: err}
}

// campo es un trozo del texto y el byte donde empieza.
type campo struct {
	s   string
	pos int
}

func esEspacio(r rune) bool { return unicode.IsSpace(r) }

// siguiente devuelve el campo que empieza en el primer carácter que no es
// un espacio desde pos, y el byte donde termina.
func (l *lector) siguiente(pos int) (campo, int) {
	resto := l.texto[pos:]
	ini := strings.IndexFunc(resto, func(r rune) bool { return !esEspacio(r) })
	if ini < 0 {
		return campo{pos: len(l.texto)}, len(l.texto)
	}
	fin := strings.IndexFunc(resto[ini:], esEspacio)
	if fin < 0 {
		fin = len(resto) - ini
	}
	return campo{s: resto[ini : ini+fin], pos: pos + ini}, pos + ini + fin
}

func (l *lector) leer() (*Posicion, error) {
	pos := 0
	var cs [4]campo
	for i := 0; i < 4; i++ {
		c, fin := l.siguiente(pos)
		if i == 0 && c.s == "cgp" {
			c, fin = l.siguiente(fin)
		}
		if c.s == "" {
			return nil, l.error(Campo(i+1), 0, c.pos, "", fmt.Errorf("%w: falta el campo %s", ErrFormato, Campo(i+1)))
		}
		cs[i], pos = c, fin
	}
	t, err := l.leerTablero(cs[0])
	if err != nil {
		return nil, err
	}
	p := &Posicion{}
	p.Tablero = t
	if err := l.leerManos(cs[1], p); err != nil {
		return nil, err
	}
	puntajes, ok := partir(cs[2], len(p.Manos))
	if !ok || len(puntajes) != len(p.Manos) {
		return nil, l.error(CampoPuntajes, 0, cs[2].pos, cs[2].s, fmt.Errorf("%w: %d puntajes y %d manos", ErrFormato, len(puntajes), len(p.Manos)))
	}
	p.Puntajes = make([]int, len(puntajes))
	for i, c := range puntajes {
		n, err := strconv.Atoi(c.s)
		if err != nil {
			return nil, l.error(CampoPuntajes, i+1, c.pos, c.s, fmt.Errorf("%w: el puntaje no es un número entero", ErrFormato))
		}
		p.Puntajes[i] = n
	}
	n, err := strconv.Atoi(cs[3].s)
	if err != nil || n < 0 {
		return nil, l.error(CampoSinPuntos, 0, cs[3].pos, cs[3].s, fmt.Errorf("%w: no es un número natural", ErrFormato))
	}
	p.SinPuntos = n
	if err := l.leerOperaciones(pos, p); err != nil {
		return nil, err
	}
	return p, nil
}

// partir separa un campo por "/", en a lo sumo max partes; informa false
// si tiene más.
func partir(c campo, max int) ([]campo, bool) {
	var res []campo
	pos := c.pos
	for resto, hay := c.s, true; hay; {
		var s string
		s, resto, hay = strings.Cut(resto, "/")
		if len(res) == max {
			return nil, false
		}
		res = append(res, campo{s: s, pos: pos})
		pos += len(s) + 1
	}
	return res, true
}

// ficha lee la ficha con que empieza s y clasifica el error.
func (l *lector) ficha(c Campo, indice, pos int, s string) (letra.Letra, bool, int, error) {
	x, minuscula, n, err := fichas.Parsear(l.alf, s)
	if err != nil {
		base := ErrVariante
		if errors.Is(err, fichas.ErrCorchete) {
			base = ErrFormato
		}
		frag, _ := cortar(s)
		return 0, false, 0, l.error(c, indice, pos, frag, fmt.Errorf("%w: %w", base, err))
	}
	return x, minuscula, n, nil
}

// cortar devuelve el símbolo con que empieza s (hasta "]" si empieza con
// "[", un carácter si no), para los mensajes.
func cortar(s string) (string, int) {
	if strings.HasPrefix(s, "[") {
		if fin := strings.IndexByte(s, ']'); fin > 0 {
			return s[:fin+1], fin + 1
		}
		return s, len(s)
	}
	_, n := utf8.DecodeRuneInString(s)
	return s[:n], n
}

func (l *lector) leerTablero(c campo) (tablero.Tablero, error) {
	n := l.n
	filas, ok := partir(c, max(n, tablero.MaxTamano))
	if n == 0 {
		n = len(filas)
		if !ok {
			return tablero.Tablero{}, l.error(CampoTablero, 0, c.pos, "", fmt.Errorf("%w: más de %d filas", ErrVariante, tablero.MaxTamano))
		}
	} else if !ok || len(filas) != n {
		return tablero.Tablero{}, l.error(CampoTablero, 0, c.pos, c.s, fmt.Errorf("%w: %d filas y el tablero de la variante tiene %d", ErrVariante, len(filas), n))
	}
	t, err := tablero.Nuevo(n, l.alf)
	if err != nil {
		return tablero.Tablero{}, l.error(CampoTablero, 0, c.pos, c.s, fmt.Errorf("%w: %w", ErrVariante, err))
	}
	// Las fichas se ponen de a tandas: así no hace falta guardarlas todas.
	var fs []ocurrencia.Ficha
	poner := func() error {
		if t, err = t.Poner(fs...); err != nil {
			return l.error(CampoTablero, 0, c.pos, c.s, fmt.Errorf("%w: %w", ErrVariante, err))
		}
		fs = fs[:0]
		return nil
	}
	for f, fila := range filas {
		col := 0
		for x := 0; x < len(fila.s); {
			s := fila.s[x:]
			pos := fila.pos + x
			if s[0] >= '0' && s[0] <= '9' {
				d := 0
				libres := 0
				for d < len(s) && s[d] >= '0' && s[d] <= '9' {
					libres = libres*10 + int(s[d]-'0')
					d++
					if col+libres > n {
						return tablero.Tablero{}, l.error(CampoTablero, f+1, fila.pos, fila.s, l.largo(n))
					}
				}
				if libres == 0 {
					return tablero.Tablero{}, l.error(CampoTablero, f+1, pos, s[:d], fmt.Errorf("%w: cero celdas libres", ErrFormato))
				}
				col += libres
				x += d
				continue
			}
			if s[0] == '?' {
				return tablero.Tablero{}, l.error(CampoTablero, f+1, pos, "?", fmt.Errorf("%w: un comodín en el tablero se escribe con la letra que representa, en minúsculas", ErrFormato))
			}
			letra, comodin, m, err := l.ficha(CampoTablero, f+1, pos, s)
			if err != nil {
				return tablero.Tablero{}, err
			}
			if comodin && !l.comodines {
				return tablero.Tablero{}, l.error(CampoTablero, f+1, pos, s[:m], fmt.Errorf("%w: un comodín y la variante no tiene", ErrVariante))
			}
			if col >= n {
				return tablero.Tablero{}, l.error(CampoTablero, f+1, fila.pos, fila.s, l.largo(n))
			}
			fs = append(fs, ocurrencia.Ficha{Fila: f, Columna: col, Letra: letra, Comodin: comodin})
			if len(fs) == 1<<16 {
				if err := poner(); err != nil {
					return tablero.Tablero{}, err
				}
			}
			col++
			x += m
		}
		if col != n {
			return tablero.Tablero{}, l.error(CampoTablero, f+1, fila.pos, fila.s, l.largo(n))
		}
	}
	if err := poner(); err != nil {
		return tablero.Tablero{}, err
	}
	return t, nil
}

// largo es el error de una fila que no tiene n celdas.
func (l *lector) largo(n int) error {
	if l.n == 0 {
		return fmt.Errorf("%w: la fila no tiene %d celdas, tantas como filas", ErrFormato, n)
	}
	return fmt.Errorf("%w: la fila no tiene %d celdas", ErrVariante, n)
}

func (l *lector) leerManos(c campo, p *Posicion) error {
	manos, ok := partir(c, l.maxManos)
	if !ok {
		return l.error(CampoManos, 0, c.pos, c.s, errLimite("MaxManos", l.maxManos))
	}
	for i, mano := range manos {
		var m letra.Multiconjunto
		for x := 0; x < len(mano.s); {
			s := mano.s[x:]
			if s[0] == '?' {
				if !l.comodines {
					return l.error(CampoManos, i+1, mano.pos+x, "?", fmt.Errorf("%w: un comodín y la variante no tiene", ErrVariante))
				}
				m.Agregar(letra.Comodin)
				x++
				continue
			}
			letra, _, n, err := l.ficha(CampoManos, i+1, mano.pos+x, s)
			if err != nil {
				return err
			}
			m.Agregar(letra)
			x += n
		}
		p.Manos = append(p.Manos, m)
		p.Desconocidas = append(p.Desconocidas, mano.s == "")
	}
	return nil
}

// leerOperaciones lee las operaciones desde el byte pos: trozos separados
// por ";", cada uno un código y, tras el primer espacio, su valor.
func (l *lector) leerOperaciones(pos int, p *Posicion) error {
	resto := l.texto[pos:]
	for resto != "" {
		trozo, sigue, _ := strings.Cut(resto, ";")
		ini := pos + len(trozo) - len(strings.TrimLeftFunc(trozo, esEspacio))
		pos += len(trozo) + 1
		resto = sigue
		trozo = strings.TrimFunc(trozo, esEspacio)
		if trozo == "" {
			continue
		}
		codigo, valor, _ := strings.Cut(trozo, " ")
		if i := strings.IndexFunc(trozo, esEspacio); i >= 0 {
			codigo, valor = trozo[:i], trozo[i:]
		}
		codigo = strings.TrimLeft(codigo, "-")
		if codigo == "" {
			return l.error(CampoOperaciones, len(p.Operaciones)+1, ini, trozo, fmt.Errorf("%w: una operación sin código", ErrFormato))
		}
		l.ops = append(l.ops, ini)
		p.Operaciones = append(p.Operaciones, Operacion{Codigo: codigo, Valor: strings.TrimFunc(valor, esEspacio)})
	}
	return nil
}
