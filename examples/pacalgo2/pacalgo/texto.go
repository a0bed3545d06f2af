package pacalgo

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxTexto es el largo máximo, en bytes, del texto de un mapa.
const MaxTexto = 1 << 20

// maxFragmento es el largo máximo, en bytes, de ErrorTexto.Fragmento.
const maxFragmento = 16

// Los símbolos de un casillero, en el orden en que se escriben entre
// corchetes.
const (
	simboloPared uint8 = 1 << iota
	simboloFantasma
	simboloInicio
	simboloLlegada
	simboloChocolate
)

const simbolos = "#FILo" // el carácter de cada símbolo, en orden de bits

// ErrorTexto dice dónde y por qué un texto no es un mapa válido. Envuelve a
// [ErrFormato] si el texto no tiene la forma de un mapa, o a
// [ErrMapaInvalido] y su motivo (ErrFantasmaCerca…) si la tiene pero el
// mapa no cumple la precondición de nuevoMapa.
type ErrorTexto struct {
	// Linea y Columna son el lugar del problema, desde 1; la columna se
	// cuenta en bytes. Son 0 si el problema no es de un lugar: el texto es
	// demasiado largo o no tiene filas, o le falta el inicio o la llegada.
	Linea, Columna int
	// Fragmento es el texto desde ese lugar, hasta 16 bytes o el fin de la
	// línea.
	Fragmento string
	// Err es el motivo.
	Err error
}

// Error describe el problema con su lugar y el fragmento del texto.
func (e *ErrorTexto) Error() string {
	if e.Linea == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%v (línea %d, columna %d: %q)", e.Err, e.Linea, e.Columna, e.Fragmento)
}

// Unwrap devuelve el motivo, que envuelve a [ErrFormato] o a
// [ErrMapaInvalido].
func (e *ErrorTexto) Unwrap() error { return e.Err }

// Formatear escribe m en el formato de texto: la línea del vértice si no es
// ⟨0, 0⟩ y luego las filas, cada una terminada en "\n". [ParsearMapa] lo
// vuelve a leer igual. El valor cero de Mapa da "".
func (m *Mapa) Formatear() string {
	var b strings.Builder
	if m.vertice != (Casillero{}) {
		fmt.Fprintf(&b, "vertice %d %d\n", m.vertice.X, m.vertice.Y)
	}
	m.dibujar(&b, func(i int) string { return m.simbolo(i, m.celdas[i]) })
	return b.String()
}

// String es [Mapa.Formatear].
func (m *Mapa) String() string { return m.Formatear() }

// Escribir escribe [Mapa.Formatear] en w.
func (m *Mapa) Escribir(w io.Writer) error {
	_, err := io.WriteString(w, m.Formatear())
	return err
}

// dibujar escribe en b una línea por fila, la de arriba primero, con lo
// que da casillero para cada lugar de m.celdas.
func (m *Mapa) dibujar(b *strings.Builder, casillero func(i int) string) {
	for y := m.dim.Alto - 1; y >= 0; y-- {
		for x := range m.dim.Ancho {
			b.WriteString(casillero(y*m.dim.Ancho + x))
		}
		b.WriteByte('\n')
	}
}

// simbolo es el símbolo del casillero i de m con los bits c (los de
// m.celdas, tal vez sin celdaChocolate).
func (m *Mapa) simbolo(i int, c uint32) string {
	var s uint8
	if c&celdaPared != 0 {
		s |= simboloPared
	}
	if c&celdaFantasma != 0 {
		s |= simboloFantasma
	}
	if c&celdaChocolate != 0 {
		s |= simboloChocolate
	}
	switch i {
	case m.indice(m.inicio):
		s |= simboloInicio
	case m.indice(m.llegada):
		s |= simboloLlegada
	}
	if s == 0 {
		return "."
	}
	if s&(s-1) == 0 { // uno solo: sin reservar memoria
		k := bits.TrailingZeros8(s)
		return simbolos[k : k+1]
	}
	b := []byte{'['}
	for k := range len(simbolos) {
		if s&(1<<k) != 0 {
			b = append(b, simbolos[k])
		}
	}
	return string(append(b, ']'))
}

// ParsearMapa lee un mapa en el formato de texto: una línea por fila de
// casilleros, la de arriba (la de mayor y) primero, y en cada fila un
// símbolo por casillero, de izquierda a derecha:
//
//	.  vacío        #  pared        F  fantasma
//	o  chocolate    I  inicio       L  llegada
//
// Un casillero con más de una cosa lleva sus símbolos entre corchetes, en
// cualquier orden: [Io] es el inicio con un chocolate, [FL] un fantasma en
// la llegada, [#o] un chocolate en una pared. Una primera línea opcional
// "vertice x y" da el vértice, el casillero de abajo a la izquierda; sin
// ella es ⟨0, 0⟩. Por ejemplo,
//
//	#######
//	#I.o.F#
//	#.#..L#
//	#######
//
// es un mapa de 7×4 con el vértice en ⟨0, 0⟩, el inicio en ⟨1, 2⟩, un
// chocolate en ⟨3, 2⟩, un fantasma en ⟨5, 2⟩ (a distancia 4 del inicio) y
// la llegada en ⟨5, 1⟩.
//
// Todas las filas tienen la misma cantidad de casilleros; hay un solo I y
// un solo L. Las líneas pueden terminar en "\r\n" y las vacías del final se
// ignoran. El texto tiene a lo sumo [MaxTexto] bytes. Además el mapa debe
// cumplir lo que pide [NuevoMapa].
//
// Los errores son [*ErrorTexto], con la línea y la columna del problema;
// varios se unen con [errors.Join] (uno por cláusula de la precondición de
// nuevoMapa que no se cumple). Nunca entra en pánico.
func ParsearMapa(texto string) (*Mapa, error) {
	if len(texto) > MaxTexto {
		return nil, &ErrorTexto{Err: fmt.Errorf("%w: el texto tiene más de %d bytes", ErrFormato, MaxTexto)}
	}
	lineas := strings.Split(texto, "\n")
	for i, l := range lineas {
		lineas[i] = strings.TrimSuffix(l, "\r")
	}
	for len(lineas) > 0 && lineas[len(lineas)-1] == "" {
		lineas = lineas[:len(lineas)-1]
	}
	l := lector{lineas: lineas}
	return l.leer()
}

// LeerMapa lee de r un mapa en el formato de [ParsearMapa], de a lo sumo
// [MaxTexto] bytes: si r tiene más, es un error (y no se lee más allá). Un
// error de r se devuelve envuelto; los demás son los de ParsearMapa.
func LeerMapa(r io.Reader) (*Mapa, error) {
	datos, err := io.ReadAll(io.LimitReader(r, MaxTexto+1))
	if err != nil {
		return nil, fmt.Errorf("pacalgo: leyendo el mapa: %w", err)
	}
	return ParsearMapa(string(datos))
}

// lector lee las líneas de un mapa; primera es el índice de la primera
// fila (1 si hay línea del vértice).
type lector struct {
	lineas  []string
	primera int
}

// error arma un *ErrorTexto de formato en el byte col (desde 0) de la
// línea i (desde 0).
func (l *lector) error(i, col int, formato string, args ...any) *ErrorTexto {
	col = min(col, len(l.lineas[i]))
	return &ErrorTexto{Linea: i + 1, Columna: col + 1, Fragmento: l.fragmento(i, col),
		Err: fmt.Errorf("%w: "+formato, append([]any{ErrFormato}, args...)...)}
}

// fragmento es la línea i desde el byte col, hasta maxFragmento bytes sin
// cortar un carácter.
func (l *lector) fragmento(i, col int) string {
	linea := l.lineas[i]
	fin := min(len(linea), col+maxFragmento)
	for fin > col && fin < len(linea) && !utf8.RuneStart(linea[fin]) {
		fin--
	}
	return linea[col:fin]
}

func (l *lector) leer() (*Mapa, error) {
	var vertice Casillero
	if len(l.lineas) > 0 && (strings.HasPrefix(l.lineas[0], "vertice") || strings.HasPrefix(l.lineas[0], "vértice")) {
		if err := l.leerVertice(&vertice); err != nil {
			return nil, err
		}
		l.primera = 1
	}
	filas := l.lineas[l.primera:]
	if len(filas) == 0 {
		return nil, &ErrorTexto{Err: fmt.Errorf("%w: no hay ninguna fila de casilleros", ErrFormato)}
	}
	var (
		ancho                          = -1
		celdas                         []uint8                          // los símbolos de cada casillero, fila por fila desde arriba
		inicio, llegada                = [2]int{-1, -1}, [2]int{-1, -1} // fila y columna en bytes
		fantasmas, paredes, chocolates []Casillero
	)
	for f, linea := range filas {
		antes := len(celdas)
		if err := l.leerFila(l.primera+f, func(col int, s uint8) error {
			for _, marca := range []struct {
				bit    uint8
				lugar  *[2]int
				nombre string
			}{{simboloInicio, &inicio, "inicio"}, {simboloLlegada, &llegada, "llegada"}} {
				if s&marca.bit == 0 {
					continue
				}
				if marca.lugar[0] >= 0 {
					return l.error(l.primera+f, col, "hay más de un casillero de %s (el otro está en la línea %d, columna %d)",
						marca.nombre, marca.lugar[0]+1, marca.lugar[1]+1)
				}
				*marca.lugar = [2]int{l.primera + f, col}
			}
			celdas = append(celdas, s)
			return nil
		}); err != nil {
			return nil, err
		}
		switch n := len(celdas) - antes; {
		case ancho < 0 && n == 0:
			return nil, l.error(l.primera+f, 0, "la primera fila está vacía")
		case ancho < 0:
			ancho = n
		case n != ancho:
			return nil, l.error(l.primera+f, len(linea), "la fila tiene %d casilleros y la primera %d", n, ancho)
		}
	}
	if inicio[0] < 0 || llegada[0] < 0 {
		falta := "inicio (I)"
		if inicio[0] >= 0 {
			falta = "llegada (L)"
		}
		return nil, &ErrorTexto{Err: fmt.Errorf("%w: falta el casillero de %s", ErrFormato, falta)}
	}
	alto := len(filas)
	dim := Dimension{ancho, alto}
	var ci, cl Casillero
	for k, s := range celdas {
		c := Casillero{vertice.X + k%ancho, vertice.Y + alto - 1 - k/ancho}
		for _, x := range []struct {
			bit  uint8
			conj *[]Casillero
		}{{simboloPared, &paredes}, {simboloFantasma, &fantasmas}, {simboloChocolate, &chocolates}} {
			if s&x.bit != 0 {
				*x.conj = append(*x.conj, c)
			}
		}
		if s&simboloInicio != 0 {
			ci = c
		}
		if s&simboloLlegada != 0 {
			cl = c
		}
	}
	m, ps := armar(dim, vertice, ci, cl, fantasmas, paredes, chocolates)
	if len(ps) == 0 {
		return m, nil
	}
	errs := make([]error, len(ps))
	for k, p := range ps {
		e := &ErrorTexto{Err: p.error()}
		if p.enCasillero {
			// El casillero es del mapa: todos los que da el texto lo son.
			f := l.primera + alto - 1 - (p.donde.Y - vertice.Y)
			x := p.donde.X - vertice.X
			_ = l.leerFila(f, func(col int, _ uint8) error {
				if x == 0 {
					e.Linea, e.Columna, e.Fragmento = f+1, col+1, l.fragmento(f, col)
				}
				x--
				return nil
			})
		} else if l.primera > 0 {
			e.Linea, e.Columna, e.Fragmento = 1, 1, l.fragmento(0, 0)
		}
		errs[k] = e
	}
	return nil, joinErrores(errs)
}

// joinErrores es errors.Join, pero un solo error queda como está (un
// *ErrorTexto, no un error que lo envuelve).
func joinErrores(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// leerVertice lee la línea "vertice x y".
func (l *lector) leerVertice(v *Casillero) error {
	linea := l.lineas[0]
	campos := strings.Fields(linea)
	if len(campos) != 3 || (campos[0] != "vertice" && campos[0] != "vértice") {
		return l.error(0, 0, `la línea del vértice debe ser "vertice x y"`)
	}
	col := len(campos[0])
	for k, dest := range []*int{&v.X, &v.Y} {
		col += strings.Index(linea[col:], campos[k+1])
		n, err := strconv.Atoi(campos[k+1])
		if err != nil {
			return l.error(0, col, "la coordenada %s del vértice no es un entero", "xy"[k:k+1])
		}
		*dest = n
		col += len(campos[k+1])
	}
	return nil
}

// leerFila lee los casilleros de la línea i y llama a casillero con el byte
// donde empieza cada uno (desde 0) y sus símbolos. Devuelve el primer
// error de la línea o de casillero.
func (l *lector) leerFila(i int, casillero func(col int, s uint8) error) error {
	linea := l.lineas[i]
	for col := 0; col < len(linea); {
		if linea[col] == '.' {
			if err := casillero(col, 0); err != nil {
				return err
			}
			col++
			continue
		}
		if k := strings.IndexByte(simbolos, linea[col]); k >= 0 {
			if err := casillero(col, 1<<k); err != nil {
				return err
			}
			col++
			continue
		}
		if linea[col] != '[' {
			return l.error(i, col, "símbolo desconocido %s", caracter(linea[col:]))
		}
		var s uint8
		fin := col + 1
		for ; fin < len(linea) && linea[fin] != ']'; fin++ {
			k := strings.IndexByte(simbolos, linea[fin])
			switch {
			case k < 0:
				return l.error(i, fin, "%s no puede ir entre corchetes (solo %s)", caracter(linea[fin:]), simbolos)
			case s&(1<<k) != 0:
				return l.error(i, fin, "%q repetido en el casillero", linea[fin])
			}
			s |= 1 << k
		}
		switch {
		case fin == len(linea):
			return l.error(i, col, "falta el ] del casillero")
		case s == 0:
			return l.error(i, col, "casillero vacío entre corchetes")
		}
		if err := casillero(col, s); err != nil {
			return err
		}
		col = fin + 1
	}
	return nil
}

// caracter describe el primer carácter de s para un mensaje de error.
func caracter(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("el byte %#02x", s[0])
	}
	return strconv.QuoteRune(r)
}
