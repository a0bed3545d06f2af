package trie

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
)

// Formato de la codificación binaria de un DAWG (versión 2):
//
//	"PLDW"                 4 bytes mágicos
//	versión                1 byte (2)
//	estados, aristas       uvarint
//	palabras, prefijos     uvarint: la cantidad de palabras y la de prefijos
//	                       no vacíos distintos ([DAWG.Prefijos])
//	maxLong                uvarint
//	raíz                   uvarint: índice del estado·2 + 1 si es final
//	por cada estado, en postorden:
//	    máscara de salidas uvarint
//	    por cada salida    uvarint: (índice propio − índice destino)·2 + 1 si el destino es final
//	CRC-32C                4 bytes, little endian, de todo lo anterior
//
// El postorden hace que cada destino tenga un índice menor que su origen, lo
// que al leer garantiza que el grafo es acíclico y permite escribir los
// destinos como diferencias, casi siempre de uno o dos bytes. La versión 1
// no tenía los prefijos.
//
// Un autómata de pocos estados puede aceptar muchísimas palabras (cada
// estado que sale con dos letras hacia el mismo duplica las que siguen):
// por eso la cabecera declara cuántas palabras y cuántos prefijos tiene, y
// [Decodificar] los calcula, los compara con lo declarado y con sus
// límites ([Opciones]) antes de devolver el DAWG. Así lo que cueste
// recorrerlo (o construir su GADDAG) está acotado por lo que se aceptó.
const (
	magia         = "PLDW"
	versionActual = 2
)

var tablaCRC = crc32.MakeTable(crc32.Castagnoli)

// Opciones acota lo que [Decodificar] acepta. El valor cero da los límites
// por omisión, que alcanzan con holgura para los léxicos reales (el
// español, de 636.598 palabras, tiene 1.089.746 prefijos y se codifica en
// 417 KB).
type Opciones struct {
	// MaxBytes es el largo máximo de la codificación; 0 es 1<<27 (128 MiB).
	MaxBytes int
	// MaxPalabras es la cantidad máxima de palabras; 0 es 1<<25
	// (33.554.432).
	MaxPalabras int
	// MaxPrefijos es la cantidad máxima de prefijos no vacíos distintos
	// (los nodos del trie de las palabras, sin la raíz); 0 es 1<<27
	// (134.217.728).
	MaxPrefijos int
}

// Los límites por omisión de [Opciones].
const (
	OmisionMaxBytes    = 1 << 27
	OmisionMaxPalabras = 1 << 25
	OmisionMaxPrefijos = 1 << 27
)

func (op Opciones) conOmision() Opciones {
	if op.MaxBytes <= 0 {
		op.MaxBytes = OmisionMaxBytes
	}
	if op.MaxPalabras <= 0 {
		op.MaxPalabras = OmisionMaxPalabras
	}
	if op.MaxPrefijos <= 0 {
		op.MaxPrefijos = OmisionMaxPrefijos
	}
	return op
}

// MarshalBinary devuelve la codificación binaria de d (la interfaz
// encoding.BinaryMarshaler), versionada y con suma de control, que
// [Decodificar] lee: el único escritor del formato. Nunca falla.
func (d *DAWG) MarshalBinary() ([]byte, error) {
	if len(d.datos) == 0 { // el valor cero: un único estado, sin salidas
		d = &DAWG{datos: []uint32{0, 0}, estados: 1}
	}
	// Índice de cada estado a partir de su desplazamiento en datos.
	indice := make(map[uint32]uint64, d.estados)
	for o, i := uint32(0), uint64(0); int(o) < len(d.datos); i++ {
		indice[o] = i
		o += 2 + uint32(bits.OnesCount64(mascaraEn(d.datos, o)))
	}
	ref := func(n uint32) uint64 { return indice[n>>1]<<1 | uint64(n&1) }

	b := make([]byte, 0, 5+6*binary.MaxVarintLen64+2*d.estados+2*d.Aristas()+4)
	b = append(b, magia...)
	b = append(b, versionActual)
	b = binary.AppendUvarint(b, uint64(d.estados))
	b = binary.AppendUvarint(b, uint64(d.Aristas()))
	b = binary.AppendUvarint(b, uint64(d.palabras))
	b = binary.AppendUvarint(b, uint64(d.prefijos))
	b = binary.AppendUvarint(b, uint64(d.maxLong))
	b = binary.AppendUvarint(b, ref(uint32(d.raiz)))
	for o, i := uint32(0), uint64(0); int(o) < len(d.datos); i++ {
		m := mascaraEn(d.datos, o)
		b = binary.AppendUvarint(b, m)
		k := uint32(bits.OnesCount64(m))
		for _, h := range d.datos[o+2 : o+2+k] {
			b = binary.AppendUvarint(b, (i-indice[h>>1])<<1|uint64(h&1))
		}
		o += 2 + k
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, tablaCRC)), nil
}

// Decodificar devuelve el DAWG codificado en b por [DAWG.MarshalBinary]: el
// único lector del formato. b no se retiene.
//
// Si b está truncado, corrupto o no es una codificación devuelve un error
// que envuelve a [ErrFormato] (y a [ErrVersion] o [ErrChecksum] si es el
// caso); si pasa uno de los límites de op, uno que envuelve a
// limite.Err ([*limite.Error] dice cuál). Nunca entra en pánico.
// Verifica la suma de control y además la estructura: que el grafo sea
// acíclico, que no tenga estados sin salida no finales y que la cantidad
// de palabras, la de prefijos y el largo máximo coincidan con los
// declarados, sin desbordes. Cuesta O(len(b)) en tiempo y en memoria.
func Decodificar(b []byte, op Opciones) (*DAWG, error) {
	op = op.conOmision()
	if len(b) > op.MaxBytes {
		return nil, fmt.Errorf("%w: %w", ErrFormato, &limite.Error{Limite: "trie.Opciones.MaxBytes", Valor: int64(op.MaxBytes)})
	}
	if len(b) < len(magia)+1+4 || string(b[:len(magia)]) != magia {
		return nil, fmt.Errorf("%w: no empieza con la cabecera %q", ErrFormato, magia)
	}
	if v := b[len(magia)]; v != versionActual {
		return nil, fmt.Errorf("%w: %w: versión %d (se sabe leer la %d)", ErrFormato, ErrVersion, v, versionActual)
	}
	cuerpo, suma := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.Checksum(cuerpo, tablaCRC) != suma {
		return nil, fmt.Errorf("%w: %w", ErrFormato, ErrChecksum)
	}
	l := lector{b: cuerpo, i: len(magia) + 1}
	estados, aristas := l.uvarint(), l.uvarint()
	palabras, prefijos := l.uvarint(), l.uvarint()
	maxLong, raiz := l.uvarint(), l.uvarint()
	// Cada estado y cada arista ocupa al menos un byte: esto acota la memoria
	// que se reserva antes de leerlos.
	if l.err != nil || estados == 0 || estados > uint64(len(b)) || aristas > uint64(len(b)) || maxLong > aristas {
		return nil, fmt.Errorf("%w: cabecera inválida", ErrFormato)
	}
	// Lo declarado se compara con los límites antes de recorrer nada.
	if palabras > uint64(op.MaxPalabras) {
		return nil, fmt.Errorf("%w: declara %d palabras: %w", ErrFormato, palabras, &limite.Error{Limite: "trie.Opciones.MaxPalabras", Valor: int64(op.MaxPalabras)})
	}
	if prefijos > uint64(op.MaxPrefijos) {
		return nil, fmt.Errorf("%w: declara %d prefijos: %w", ErrFormato, prefijos, &limite.Error{Limite: "trie.Opciones.MaxPrefijos", Valor: int64(op.MaxPrefijos)})
	}
	d := &DAWG{datos: make([]uint32, 0, 2*estados+aristas), estados: int(estados)}
	offset := make([]uint32, estados)
	// palabrasDesde[i]: palabras no vacías aceptadas desde el estado i
	// (saturando: lo declarado es menor que 2⁶⁴−1, así que un desborde no
	// coincide); largoDesde[i]: la más larga.
	palabrasDesde := make([]uint64, estados)
	largoDesde := make([]uint32, estados)
	destinos := make([]uint32, 0, aristas) // el índice del destino de cada arista
	for i := range estados {
		offset[i] = uint32(len(d.datos))
		m := l.uvarint()
		k := bits.OnesCount64(m)
		if l.err != nil || uint64(len(d.datos)-2*int(i)+k) > aristas {
			return nil, fmt.Errorf("%w: estado %d inválido", ErrFormato, i)
		}
		d.letras |= letra.Conjunto(m)
		d.datos = append(d.datos, uint32(m), uint32(m>>32))
		for range k {
			v := l.uvarint()
			delta, fin := v>>1, v&1
			if l.err != nil || delta == 0 || delta > i {
				return nil, fmt.Errorf("%w: transición inválida en el estado %d", ErrFormato, i)
			}
			h := i - delta
			if fin == 0 && largoDesde[h] == 0 {
				return nil, fmt.Errorf("%w: el estado %d lleva a un estado sin salida que no es final", ErrFormato, i)
			}
			d.datos = append(d.datos, offset[h]<<1|uint32(fin))
			destinos = append(destinos, uint32(h))
			palabrasDesde[i] = sumaSaturada(palabrasDesde[i], sumaSaturada(fin, palabrasDesde[h]))
			largoDesde[i] = max(largoDesde[i], 1+largoDesde[h])
		}
	}
	if l.i != len(cuerpo) || uint64(len(d.datos))-2*estados != aristas {
		return nil, fmt.Errorf("%w: el contenido no coincide con la cabecera", ErrFormato)
	}
	ri, rfin := raiz>>1, raiz&1
	if ri >= estados || sumaSaturada(rfin, palabrasDesde[ri]) != palabras || uint64(largoDesde[ri]) != maxLong {
		return nil, fmt.Errorf("%w: la raíz no acepta las palabras declaradas", ErrFormato)
	}
	d.raiz = Nodo(offset[ri]<<1 | uint32(rfin))
	if p, ok := contarPrefijos(destinos, offset, ri, uint64(op.MaxPrefijos)); !ok || p != prefijos {
		return nil, fmt.Errorf("%w: la cantidad de prefijos no es la declarada (%d)", ErrFormato, prefijos)
	}
	d.palabras, d.prefijos, d.maxLong = int(palabras), int(prefijos), int(maxLong)
	return d, nil
}

// contarPrefijos cuenta los caminos no vacíos que salen de la raíz (el
// estado de índice raiz): los prefijos distintos de las palabras. destinos
// tiene el índice del destino de cada arista, por estado, y offset el
// desplazamiento de cada estado en los datos del DAWG, donde el estado i
// tiene delante sus aristas y dos palabras por cada estado anterior.
// Informa false si pasan de tope. Recorre los estados desde la raíz hacia
// abajo: en postorden, cada destino tiene un índice menor que su origen.
func contarPrefijos(destinos, offset []uint32, raiz, tope uint64) (uint64, bool) {
	caminos := make([]uint64, raiz+1)
	caminos[raiz] = 1
	total := uint64(0)
	for i := int(raiz); i >= 0; i-- {
		c := caminos[i]
		if c == 0 {
			continue
		}
		ini, fin := int(offset[i])-2*i, len(destinos)
		if i+1 < len(offset) {
			fin = int(offset[i+1]) - 2*(i+1)
		}
		for _, j := range destinos[ini:fin] {
			// c y caminos[j] no pasan de tope, así que la suma no desborda.
			caminos[j] += c
			total += c
			if caminos[j] > tope || total > tope {
				return 0, false
			}
		}
	}
	return total, true
}

func sumaSaturada(a, b uint64) uint64 {
	s, acarreo := bits.Add64(a, b, 0)
	if acarreo != 0 {
		return ^uint64(0)
	}
	return s
}

// lector lee uvarints de un slice y recuerda el primer error.
type lector struct {
	b   []byte
	i   int
	err error
}

func (l *lector) uvarint() uint64 {
	if l.err != nil {
		return 0
	}
	v, n := binary.Uvarint(l.b[l.i:])
	if n <= 0 {
		l.err = ErrFormato
		return 0
	}
	l.i += n
	return v
}
