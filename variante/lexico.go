package variante

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// ErrorLexico describe una línea de un léxico que no pudo leerse. Envuelve a
// [ErrLexicoInvalido] y a la causa, de modo que errors.Is(err,
// letra.ErrCaracterDesconocido) y errors.As(err, &*letra.ErrorCaracter)
// funcionan.
type ErrorLexico struct {
	Linea   int    // número de línea, desde 1
	Palabra string // la línea sin los espacios de los extremos
	Err     error  // la causa
}

// Error nombra la línea, su contenido y la causa.
func (e *ErrorLexico) Error() string {
	return fmt.Sprintf("variante: léxico, línea %d (%q): %v", e.Linea, e.Palabra, e.Err)
}

// Unwrap devuelve [ErrLexicoInvalido] y la causa.
func (e *ErrorLexico) Unwrap() []error { return []error{ErrLexicoInvalido, e.Err} }

// maxLinea acota el largo de una línea de un léxico.
const maxLinea = 1 << 16

// LeerLexico lee un léxico de r y devuelve sus palabras como un [trie.DAWG],
// listo para [Nueva]. El formato es texto UTF-8 con una palabra por línea,
// escrita con los símbolos de alf (sin distinguir mayúsculas), comprimido con
// gzip o no: se reconoce solo. Se toleran las líneas en blanco, los espacios
// alrededor de cada palabra, los finales de línea \r\n, una marca de orden de
// bytes al comienzo, las palabras repetidas y cualquier orden.
//
// Si una línea no puede leerse devuelve un [*ErrorLexico] con su número y su
// contenido; si falla la lectura o la descompresión, un error que envuelve a
// [ErrLexicoInvalido] y a la causa; si alf es nil, uno que envuelve a
// letra.ErrAlfabetoInvalido.
func LeerLexico(r io.Reader, alf *letra.Alfabeto) (*trie.DAWG, error) {
	if alf == nil {
		return nil, errSinAlfabeto
	}
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

	// Todas las letras van a un único slice; fin[i] es donde termina la
	// palabra i. Así leer 600.000 palabras no reserva memoria por palabra.
	var letras []letra.Letra
	var fin []int
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLinea)
	linea := 0
	for sc.Scan() {
		linea++
		texto := sc.Bytes()
		if linea == 1 {
			texto = bytes.TrimPrefix(texto, []byte("\uFEFF"))
		}
		texto = bytes.TrimSpace(texto)
		if len(texto) == 0 {
			continue
		}
		var err error
		letras, err = alf.ParsearEn(letras, string(texto))
		if err != nil {
			return nil, &ErrorLexico{Linea: linea, Palabra: string(texto), Err: err}
		}
		fin = append(fin, len(letras))
	}
	if err := sc.Err(); err != nil {
		return nil, &ErrorLexico{Linea: linea + 1, Err: err}
	}

	palabra := func(i int) []letra.Letra {
		ini := 0
		if i > 0 {
			ini = fin[i-1]
		}
		return letras[ini:fin[i]]
	}
	orden := make([]int, len(fin))
	ordenado := true
	for i := range orden {
		orden[i] = i
		if i > 0 && slices.Compare(palabra(i-1), palabra(i)) > 0 {
			ordenado = false
		}
	}
	if !ordenado {
		slices.SortFunc(orden, func(a, b int) int { return slices.Compare(palabra(a), palabra(b)) })
	}
	var c trie.Constructor
	for _, i := range orden {
		if err := c.Agregar(palabra(i)); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrLexicoInvalido, err) // imposible: ordenadas y válidas
		}
	}
	return c.DAWG(), nil
}
