package trie

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
)

// Formato de la codificación binaria de un DAWG (versión 1):
//
//	"PLDW"                 4 bytes mágicos
//	versión                1 byte (1)
//	estados, aristas       uvarint
//	palabras, maxLong      uvarint
//	raíz                   uvarint: índice del estado·2 + 1 si es final
//	por cada estado, en postorden:
//	    máscara de salidas uvarint
//	    por cada salida    uvarint: (índice propio − índice destino)·2 + 1 si el destino es final
//	CRC-32C                4 bytes, little endian, de todo lo anterior
//
// El postorden hace que cada destino tenga un índice menor que su origen, lo
// que al leer garantiza que el grafo es acíclico y permite escribir los
// destinos como diferencias, casi siempre de uno o dos bytes.
const (
	magia         = "PLDW"
	versionActual = 1
)

var tablaCRC = crc32.MakeTable(crc32.Castagnoli)

// MarshalBinary devuelve la codificación binaria de d, versionada y con suma
// de control, que [Decodificar] o [DAWG.UnmarshalBinary] leen. Nunca falla.
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

	b := make([]byte, 0, 5+4*binary.MaxVarintLen64+2*d.estados+2*d.Aristas()+4)
	b = append(b, magia...)
	b = append(b, versionActual)
	b = binary.AppendUvarint(b, uint64(d.estados))
	b = binary.AppendUvarint(b, uint64(d.Aristas()))
	b = binary.AppendUvarint(b, uint64(d.palabras))
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

// WriteTo escribe en w la codificación de [DAWG.MarshalBinary].
func (d *DAWG) WriteTo(w io.Writer) (int64, error) {
	b, _ := d.MarshalBinary()
	n, err := w.Write(b)
	return int64(n), err
}

// UnmarshalBinary reemplaza d por el DAWG codificado en datos. Si datos no
// es una codificación válida devuelve un error que envuelve a [ErrFormato] (y
// a [ErrVersion] o [ErrChecksum] si es el caso) y d no cambia.
func (d *DAWG) UnmarshalBinary(datos []byte) error {
	nuevo, err := Decodificar(datos)
	if err != nil {
		return err
	}
	*d = *nuevo
	return nil
}

// Leer lee de r una codificación completa (hasta EOF) y la decodifica como
// [Decodificar].
func Leer(r io.Reader) (*DAWG, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("trie: leyendo un DAWG: %w", err)
	}
	return Decodificar(b)
}

// Decodificar devuelve el DAWG codificado en b por [DAWG.MarshalBinary]. b no
// se retiene. Si b está truncado, corrupto o no es una codificación devuelve
// un error que envuelve a [ErrFormato] (y a [ErrVersion] o [ErrChecksum] si
// es el caso); nunca entra en pánico. Verifica la suma de control y además la
// estructura: que el grafo sea acíclico, que no tenga estados sin salida no
// finales y que la cantidad de palabras y el largo máximo coincidan con los
// declarados.
func Decodificar(b []byte) (*DAWG, error) {
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
	palabras, maxLong, raiz := l.uvarint(), l.uvarint(), l.uvarint()
	// Cada estado y cada arista ocupa al menos un byte: esto acota la memoria
	// que se reserva antes de leerlos.
	if l.err != nil || estados == 0 || estados > uint64(len(b)) || aristas > uint64(len(b)) {
		return nil, fmt.Errorf("%w: cabecera inválida", ErrFormato)
	}
	d := &DAWG{datos: make([]uint32, 0, 2*estados+aristas), estados: int(estados)}
	offset := make([]uint32, estados)
	// palabrasDesde[i]: palabras no vacías aceptadas desde el estado i
	// (saturando); largoDesde[i]: la más larga.
	palabrasDesde := make([]uint64, estados)
	largoDesde := make([]uint32, estados)
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
	d.palabras, d.maxLong = int(palabras), int(maxLong)
	return d, nil
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
