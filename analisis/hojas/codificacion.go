package hojas

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante"
)

// Formato de la codificación binaria de una tabla (versión 1), todo en
// little endian:
//
//	"PLHJ"                 4 bytes mágicos
//	versión                1 byte (1)
//	máximo                 1 byte: fichas de la hoja más grande (F − 1)
//	casillas S             1 byte: letras con fichas en la bolsa, comodín incluido
//	por casilla            1 byte la letra (su ordinal; el comodín, 63) y 2 las copias
//	huella                 8 bytes: FNV-1a del alfabeto, la bolsa y el máximo
//	hojas                  4 bytes: cuántos valores siguen (con la hoja vacía)
//	victorias U            2 bytes: rectas de ProbabilidadDeGanar (0 si no hay)
//	CRC-32C                4 bytes, de la cabecera (todo lo anterior)
//	valores                2 bytes cada uno, con signo, en centésimos de punto,
//	                       en el orden de las hojas (el de Tabla.Hojas, con la vacía primero)
//	por cada recta         float32 a, float32 b
//	CRC-32C                4 bytes, de todo lo anterior
//
// La cabecera tiene su propia suma de control para distinguir, antes de
// leer los valores, una tabla dañada de una de otra variante.
const (
	magia         = "PLHJ"
	versionActual = 1
	// maxVictorias acota las rectas de ProbabilidadDeGanar: una por
	// cantidad de fichas no vistas.
	maxVictorias = 1024
	// inicioCabecera: mágicos, versión, máximo y casillas.
	inicioCabecera = len(magia) + 3
)

var tablaCRC = crc32.MakeTable(crc32.Castagnoli)

// largoCabecera es el largo de la cabecera, con su suma de control, de una
// tabla de s casillas.
func largoCabecera(s int) int { return inicioCabecera + 3*s + 8 + 4 + 2 + 4 }

// MarshalBinary devuelve la codificación binaria de t, versionada y con
// sumas de control, que [Decodificar] y [Leer] leen. Nunca falla.
func (t *Tabla) MarshalBinary() ([]byte, error) {
	f := t.forma
	b := make([]byte, 0, largoCabecera(len(f.letras))+2*f.total+8*len(t.victorias)+4)
	b = append(b, magia...)
	b = append(b, versionActual, byte(f.max), byte(len(f.letras)))
	for s, l := range f.letras {
		b = append(b, byte(l))
		b = binary.LittleEndian.AppendUint16(b, uint16(f.copias[s]))
	}
	b = binary.LittleEndian.AppendUint64(b, f.huella)
	b = binary.LittleEndian.AppendUint32(b, uint32(f.total))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(t.victorias)))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, tablaCRC))
	for _, x := range t.valores {
		b = binary.LittleEndian.AppendUint16(b, uint16(x))
	}
	for _, r := range t.victorias {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(r.a))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(r.b))
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, tablaCRC)), nil
}

// WriteTo escribe en w la codificación de [Tabla.MarshalBinary].
func (t *Tabla) WriteTo(w io.Writer) (int64, error) {
	b, _ := t.MarshalBinary()
	n, err := w.Write(b)
	return int64(n), err
}

// Opciones acota lo que leen [Decodificar] y [Leer]. El valor cero da los
// límites por omisión.
type Opciones struct {
	// MaxBytes es el largo máximo de la codificación; 0 es
	// [OmisionMaxBytes]. La tabla de una variante ocupa 2 bytes por hoja
	// (2,3 MB la española clásica).
	MaxBytes int64
}

// OmisionMaxBytes es el límite por omisión de Opciones.MaxBytes: 64 MiB,
// más que la tabla más grande que el paquete admite ([MaxValores] hojas).
const OmisionMaxBytes = 1 << 26

// limite devuelve el error de una codificación de n bytes que pasa
// op.MaxBytes, o nil.
func (op Opciones) limite(n int64) error {
	maximo := op.MaxBytes
	if maximo <= 0 {
		maximo = OmisionMaxBytes
	}
	if n <= maximo {
		return nil
	}
	return fmt.Errorf("%w: %d bytes: %w", ErrTablaInvalida, n, &limite.Error{Limite: "hojas.Opciones.MaxBytes", Valor: maximo})
}

// Leer lee de r una tabla codificada de la variante v, hasta EOF, y la
// decodifica como [Decodificar], con los mismos errores y límites. Lee
// primero la cabecera y después exactamente lo que ella anuncia, si es una
// tabla de v que cabe en op.MaxBytes: una entrada más larga se rechaza sin
// leerla entera.
func Leer(r io.Reader, v *variante.Variante, op Opciones) (*Tabla, error) {
	f, err := formaDe(v)
	if err != nil {
		return nil, err
	}
	leer := func(b []byte, n int) ([]byte, error) {
		if _, err := io.ReadFull(r, b[len(b):len(b)+n]); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, fmt.Errorf("%w: truncada", ErrTablaInvalida)
			}
			return nil, fmt.Errorf("hojas: leyendo una tabla: %w", err)
		}
		return b[:len(b)+n], nil
	}
	b := make([]byte, 0, largoCabecera(255))
	if b, err = leer(b, inicioCabecera); err != nil {
		return nil, err
	}
	if b, err = leer(b, largoCabecera(int(b[inicioCabecera-1]))-inicioCabecera); err != nil {
		return nil, err
	}
	cab, err := leerCabecera(b, f)
	if err != nil {
		return nil, err
	}
	resto := 2*cab.hojas + 8*cab.rectas + 4
	if err := op.limite(int64(len(b) + resto)); err != nil {
		return nil, err
	}
	b = append(make([]byte, 0, len(b)+resto), b...)
	if b, err = leer(b, resto); err != nil {
		return nil, err
	}
	if n, _ := r.Read(make([]byte, 1)); n > 0 {
		return nil, fmt.Errorf("%w: sigue después del final", ErrTablaInvalida)
	}
	return decodificar(b, f)
}

// Decodificar devuelve la tabla de la variante v codificada en datos por
// [Tabla.MarshalBinary]. datos no se retiene. Si datos está truncado, dañado
// o no es una tabla devuelve un error que envuelve a [ErrTablaInvalida]; si
// es una tabla sana de otra variante (otro alfabeto, otra bolsa, otra
// mano), uno que envuelve a [ErrOtraVariante]; si datos pasa de
// op.MaxBytes, uno que envuelve a ErrTablaInvalida y a limite.Err
// ([*limite.Error] dice cuál), sin mirarlo. Nunca entra en pánico y
// reserva memoria solo para la tabla de v.
func Decodificar(datos []byte, v *variante.Variante, op Opciones) (*Tabla, error) {
	if err := op.limite(int64(len(datos))); err != nil {
		return nil, err
	}
	f, err := formaDe(v)
	if err != nil {
		return nil, err
	}
	return decodificar(datos, f)
}

// cabecera es lo que anuncia la cabecera de una tabla de la forma pedida.
type cabecera struct{ hojas, rectas int }

// leerCabecera lee y comprueba la cabecera al principio de b.
func leerCabecera(b []byte, f *forma) (cabecera, error) {
	if len(b) < inicioCabecera || string(b[:len(magia)]) != magia {
		return cabecera{}, fmt.Errorf("%w: no empieza con la cabecera %q", ErrTablaInvalida, magia)
	}
	if v := b[len(magia)]; v != versionActual {
		return cabecera{}, fmt.Errorf("%w: versión %d (se sabe leer la %d)", ErrTablaInvalida, v, versionActual)
	}
	largo := largoCabecera(int(b[inicioCabecera-1]))
	if len(b) < largo {
		return cabecera{}, fmt.Errorf("%w: cabecera truncada", ErrTablaInvalida)
	}
	if crc32.Checksum(b[:largo-4], tablaCRC) != binary.LittleEndian.Uint32(b[largo-4:]) {
		return cabecera{}, fmt.Errorf("%w: la suma de control de la cabecera no coincide (datos dañados)", ErrTablaInvalida)
	}
	l := lector{b: b[:largo-4], i: len(magia) + 1}
	maximo, casillas := int(l.byte()), int(l.byte())
	otra := maximo != f.max || casillas != len(f.letras)
	for s := range casillas {
		x, n := letra.Letra(l.byte()), int(l.uint16())
		otra = otra || s >= len(f.letras) || x != f.letras[s] || n != f.copias[s]
	}
	huella, hojas, rectas := l.uint64(), int(l.uint32()), int(l.uint16())
	if otra || huella != f.huella {
		return cabecera{}, fmt.Errorf("%w: hojas de hasta %d fichas de %d letras (huella %016x); la variante pide hasta %d de %d (huella %016x)",
			ErrOtraVariante, maximo, casillas, huella, f.max, len(f.letras), f.huella)
	}
	if hojas != f.total || rectas > maxVictorias {
		return cabecera{}, fmt.Errorf("%w: %d hojas (la variante tiene %d) y %d rectas de victorias", ErrTablaInvalida, hojas, f.total, rectas)
	}
	return cabecera{hojas, rectas}, nil
}

func decodificar(b []byte, f *forma) (*Tabla, error) {
	mal := func(formato string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrTablaInvalida, fmt.Sprintf(formato, a...))
	}
	cab, err := leerCabecera(b, f)
	if err != nil {
		return nil, err
	}
	largo := largoCabecera(len(f.letras)) + 2*cab.hojas + 8*cab.rectas + 4
	if len(b) != largo {
		return nil, mal("%d bytes (la cabecera anuncia %d)", len(b), largo)
	}
	if crc32.Checksum(b[:largo-4], tablaCRC) != binary.LittleEndian.Uint32(b[largo-4:]) {
		return nil, mal("la suma de control no coincide (datos dañados)")
	}
	l := lector{b: b[:largo-4], i: largoCabecera(len(f.letras))}
	t := &Tabla{forma: f, valores: make([]int16, cab.hojas)}
	for i := range t.valores {
		t.valores[i] = int16(l.uint16())
	}
	if t.valores[0] != 0 {
		return nil, mal("la hoja vacía vale %d, no 0", t.valores[0])
	}
	if cab.rectas > 0 {
		t.victorias = make([]recta, cab.rectas)
		for i := range t.victorias {
			a, b := math.Float32frombits(l.uint32()), math.Float32frombits(l.uint32())
			if !(b > 0) || math.IsInf(float64(a), 0) || math.IsNaN(float64(a)) || math.IsInf(float64(b), 0) {
				return nil, mal("la recta de victorias %d no es creciente y finita", i)
			}
			t.victorias[i] = recta{a, b}
		}
	}
	return t, nil
}

// lector lee enteros de b desde i; el primer error queda en err y las
// lecturas siguientes devuelven 0.
type lector struct {
	b   []byte
	i   int
	err error
}

func (l *lector) tomar(n int) []byte {
	if l.err != nil || len(l.b)-l.i < n {
		l.err = io.ErrUnexpectedEOF
		return nil
	}
	l.i += n
	return l.b[l.i-n : l.i]
}

func (l *lector) resto() int { return len(l.b) - l.i }

func (l *lector) byte() byte {
	if p := l.tomar(1); p != nil {
		return p[0]
	}
	return 0
}

func (l *lector) uint16() uint16 {
	if p := l.tomar(2); p != nil {
		return binary.LittleEndian.Uint16(p)
	}
	return 0
}

func (l *lector) uint32() uint32 {
	if p := l.tomar(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (l *lector) uint64() uint64 {
	if p := l.tomar(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}
