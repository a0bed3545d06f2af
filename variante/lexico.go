package variante

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"unsafe"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
)

// ErrorLexico describe una línea de un léxico que no pudo leerse. Envuelve a
// [ErrLexicoInvalido] y a la causa, de modo que errors.Is(err,
// letra.ErrCaracterDesconocido) y errors.As(err, &*letra.ErrorCaracter)
// funcionan.
type ErrorLexico struct {
	Linea   int    // número de línea, desde 1
	Palabra string // la línea sin los espacios de los extremos, acortada si es larga
	Err     error  // la causa
}

// Error nombra la línea, su contenido y la causa.
func (e *ErrorLexico) Error() string {
	return fmt.Sprintf("variante: léxico, línea %d (%q): %v", e.Linea, e.Palabra, e.Err)
}

// Unwrap devuelve [ErrLexicoInvalido] y la causa.
func (e *ErrorLexico) Unwrap() []error { return []error{ErrLexicoInvalido, e.Err} }

// OpcionesLexico acota lo que lee [LeerLexico]. El valor cero da los
// límites por omisión, que alcanzan con holgura para las listas reales (la
// española, de 636.598 palabras, ocupa 6,7 MiB sin comprimir y su palabra
// más larga tiene 23 letras).
type OpcionesLexico struct {
	// MaxBytes es la cantidad máxima de bytes que se leen, después de
	// descomprimir si la lista viene en gzip; 0 es 1<<25 (32 MiB).
	MaxBytes int64
	// MaxPalabras es la cantidad máxima de palabras distintas; 0 es 1<<23
	// (8.388.608).
	MaxPalabras int
	// MaxLargo es el largo máximo de una palabra, en letras; 0 es 64. Una
	// línea de más de 16·MaxLargo bytes también lo pasa.
	MaxLargo int
}

// Los límites por omisión de [OpcionesLexico].
const (
	OmisionMaxBytesLexico    = 1 << 25
	OmisionMaxPalabrasLexico = 1 << 23
	OmisionMaxLargoLexico    = 64
)

func (op OpcionesLexico) conOmision() OpcionesLexico {
	if op.MaxBytes <= 0 {
		op.MaxBytes = OmisionMaxBytesLexico
	}
	if op.MaxPalabras <= 0 {
		op.MaxPalabras = OmisionMaxPalabrasLexico
	}
	if op.MaxLargo <= 0 {
		op.MaxLargo = OmisionMaxLargoLexico
	}
	return op
}

// LeerLexico lee un léxico de r y devuelve sus palabras como un [trie.DAWG],
// listo para [Nueva]. El formato es texto UTF-8 con una palabra por línea,
// escrita con los símbolos de alf (sin distinguir mayúsculas), comprimido con
// gzip o no: se reconoce solo. Se toleran las líneas en blanco, los espacios
// alrededor de cada palabra, los finales de línea \r\n, una marca de orden de
// bytes al comienzo, las palabras repetidas y cualquier orden.
//
// Lee a lo sumo op.MaxBytes bytes (contados después de descomprimir: un
// gzip pequeño que se descomprime en mucho se corta ahí) y acepta a lo sumo
// op.MaxPalabras palabras distintas de a lo sumo op.MaxLargo letras. Cuesta
// O(n) en tiempo y memoria constante para los n bytes de una lista ordenada
// (con repeticiones o no); una desordenada se ordena, en O(n·log n) y con
// memoria proporcional a sus palabras distintas.
//
// Si una línea no puede leerse devuelve un [*ErrorLexico] con su número y su
// contenido (acortado); si la lista pasa un límite, un error que envuelve a
// [ErrLexicoInvalido] y a limite.Err ([*limite.Error] dice cuál);
// si falla la lectura o la descompresión, uno que envuelve a
// [ErrLexicoInvalido] y a la causa; si alf es nil, uno que envuelve a
// letra.ErrAlfabetoInvalido.
func LeerLexico(r io.Reader, alf *letra.Alfabeto, op OpcionesLexico) (*trie.DAWG, error) {
	if alf == nil {
		return nil, errSinAlfabeto
	}
	op = op.conOmision()
	br := bufio.NewReader(r)
	if cabecera, _ := br.Peek(2); len(cabecera) == 2 && cabecera[0] == 0x1f && cabecera[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %w", ErrLexicoInvalido, err)
		}
		defer gz.Close()
		r = gz
	} else {
		r = br
	}
	limitado := &lectorAcotado{r: r, quedan: op.MaxBytes}
	maxLinea := 16 * min(op.MaxLargo, 1<<24)
	sc := bufio.NewScanner(limitado)
	sc.Buffer(make([]byte, 0, min(4096, maxLinea+1)), maxLinea+1)
	l := lectorLexico{op: op}
	linea := 0
	var palabra []letra.Letra
	var previa []byte // la última línea leída, para saltar las repetidas seguidas
	for sc.Scan() {
		linea++
		texto := sc.Bytes()
		if linea == 1 {
			texto = bytes.TrimPrefix(texto, []byte("\uFEFF"))
		}
		texto = bytes.TrimSpace(texto)
		if len(texto) == 0 || linea > 1 && bytes.Equal(texto, previa) {
			continue
		}
		previa = append(previa[:0], texto...)
		// ParsearEn no retiene el texto: se lee sin copiarlo.
		var err error
		if palabra, err = alf.ParsearEn(palabra[:0], unsafe.String(unsafe.SliceData(texto), len(texto))); err != nil {
			return nil, &ErrorLexico{Linea: linea, Palabra: cita.Texto(string(texto)), Err: err}
		}
		if len(palabra) > op.MaxLargo {
			return nil, &ErrorLexico{Linea: linea, Palabra: cita.Texto(string(texto)), Err: l.limite("MaxLargo", int64(op.MaxLargo))}
		}
		if err := l.agregar(palabra); err != nil {
			return nil, &ErrorLexico{Linea: linea, Palabra: cita.Texto(string(texto)), Err: err}
		}
	}
	switch err := sc.Err(); {
	case limitado.excedido:
		return nil, fmt.Errorf("%w: %w", ErrLexicoInvalido, l.limite("MaxBytes", op.MaxBytes))
	case errors.Is(err, bufio.ErrTooLong):
		return nil, &ErrorLexico{Linea: linea + 1, Err: fmt.Errorf("la línea pasa de %d bytes: %w", maxLinea, l.limite("MaxLargo", int64(op.MaxLargo)))}
	case err != nil:
		return nil, &ErrorLexico{Linea: linea + 1, Err: err}
	}
	return l.terminar()
}

// lectorAcotado lee de r a lo sumo quedan bytes; si r tiene más, lo
// anota en excedido y devuelve un error.
type lectorAcotado struct {
	r        io.Reader
	quedan   int64
	excedido bool
}

var errExcedido = errors.New("variante: la lista pasa el límite de bytes")

func (l *lectorAcotado) Read(p []byte) (int, error) {
	if l.quedan <= 0 {
		// Sin lugar: se mira si r tiene algo más.
		var b [1]byte
		for range 100 {
			n, err := l.r.Read(b[:])
			if n > 0 {
				l.excedido = true
				return 0, errExcedido
			}
			if err != nil {
				return 0, err
			}
		}
		return 0, io.ErrNoProgress
	}
	if int64(len(p)) > l.quedan {
		p = p[:l.quedan]
	}
	n, err := l.r.Read(p)
	l.quedan -= int64(n)
	return n, err
}

// lectorLexico junta las palabras de un léxico. Mientras llegan en orden
// van directo al constructor del DAWG (las repetidas seguidas no cuentan);
// desde la primera fuera de orden, las que siguen se guardan en un único
// arreglo de letras, que se ordena y se limpia de repetidas cada vez que
// duplica lo que tenía, y al final se mezclan con las del constructor.
type lectorLexico struct {
	op        OpcionesLexico
	c         trie.Constructor
	anterior  []letra.Letra // la última palabra que recibió el constructor
	distintas int           // palabras que recibió el constructor
	// Las palabras fuera de orden: sus letras en un solo arreglo, como
	// bytes, y dónde empieza y termina cada una.
	letras   []byte
	tramos   []tramo
	limpias  int // cuántas de tramos, al principio, están ordenadas y sin repetir
	desorden bool
}

type tramo struct{ ini, fin uint32 }

func (l *lectorLexico) limite(cual string, valor int64) error {
	return &limite.Error{Limite: "variante.OpcionesLexico." + cual, Valor: valor}
}

func (l *lectorLexico) agregar(p []letra.Letra) error {
	if !l.desorden {
		switch slices.Compare(p, l.anterior) {
		case 0:
			if l.distintas > 0 {
				return nil
			}
		case -1:
			l.desorden = true
		}
	}
	if !l.desorden {
		if l.distintas >= l.op.MaxPalabras {
			return l.limite("MaxPalabras", int64(l.op.MaxPalabras))
		}
		if err := l.c.Agregar(p); err != nil {
			return err // imposible: ordenadas y con letras válidas
		}
		l.anterior = append(l.anterior[:0], p...)
		l.distintas++
		return nil
	}
	if uint64(len(l.letras))+uint64(len(p)) >= 1<<32 {
		return l.limite("MaxBytes", l.op.MaxBytes)
	}
	ini := uint32(len(l.letras))
	for _, x := range p {
		l.letras = append(l.letras, byte(x))
	}
	l.tramos = append(l.tramos, tramo{ini, uint32(len(l.letras))})
	if len(l.tramos) >= 2*max(l.limpias, 1<<15) {
		// Las guardadas se limpian cada vez que duplican las que había
		// limpias: la memoria queda en el doble de las distintas.
		l.limpiar()
		if len(l.tramos) > l.op.MaxPalabras {
			return l.limite("MaxPalabras", int64(l.op.MaxPalabras))
		}
	}
	return nil
}

func (l *lectorLexico) palabra(t tramo) []byte { return l.letras[t.ini:t.fin] }

// limpiar ordena las palabras guardadas, quita las repetidas y compacta
// sus letras.
func (l *lectorLexico) limpiar() {
	slices.SortFunc(l.tramos, func(a, b tramo) int { return bytes.Compare(l.palabra(a), l.palabra(b)) })
	letras := make([]byte, 0, len(l.letras))
	tramos := l.tramos[:0]
	var previa []byte
	for i, t := range l.tramos {
		p := l.palabra(t)
		if i > 0 && bytes.Equal(p, previa) {
			continue
		}
		previa = p
		ini := uint32(len(letras))
		letras = append(letras, p...)
		tramos = append(tramos, tramo{ini, uint32(len(letras))})
	}
	l.letras, l.tramos, l.limpias = letras, tramos, len(tramos)
}

// terminar devuelve el DAWG de todas las palabras.
func (l *lectorLexico) terminar() (*trie.DAWG, error) {
	if !l.desorden {
		return l.c.DAWG(), nil
	}
	l.limpiar()
	enOrden := l.c.DAWG()
	var c trie.Constructor
	distintas := 0
	agregar := func(p []letra.Letra) error {
		if distintas >= l.op.MaxPalabras {
			return fmt.Errorf("%w: %w", ErrLexicoInvalido, l.limite("MaxPalabras", int64(l.op.MaxPalabras)))
		}
		distintas++
		return c.Agregar(p)
	}
	// Mezcla de las dos listas ordenadas, sin repetir.
	siguiente, parar := iter.Pull(enOrden.Palabras())
	defer parar()
	a, hay := siguiente()
	var b []letra.Letra
	for _, t := range l.tramos {
		b = b[:0]
		for _, x := range l.palabra(t) {
			b = append(b, letra.Letra(x))
		}
		for hay && slices.Compare(a, b) < 0 {
			if err := agregar(a); err != nil {
				return nil, err
			}
			a, hay = siguiente()
		}
		if hay && slices.Equal(a, b) {
			a, hay = siguiente()
		}
		if err := agregar(b); err != nil {
			return nil, err
		}
	}
	for ; hay; a, hay = siguiente() {
		if err := agregar(a); err != nil {
			return nil, err
		}
	}
	return c.DAWG(), nil
}
