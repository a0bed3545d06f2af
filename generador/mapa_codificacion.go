package generador

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"slices"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
)

// ErrMapa indica datos que no son la codificación de un mapa de palabras
// ([GADDAG.EscribirMapa]): truncados, corruptos o de otro formato. Una suma
// de control que no coincide lo envuelve junto con [trie.ErrChecksum]; el
// mapa de otro léxico es [trie.ErrOtroLexico]; uno que pasa
// [MaxBytesMapa], [limite.Err].
var ErrMapa = errors.New("generador: codificación del mapa de palabras inválida")

// MaxBytesMapa es lo más que [GADDAG.LeerMapa] acepta leer: 1 GiB (el mapa
// del léxico español de variante/espanol ocupa unos 76 MB).
const MaxBytesMapa = 1 << 30

// Formato de la codificación del mapa de palabras (versión 1), todo little
// endian:
//
//	"PLMP"                 4 bytes mágicos
//	versión                1 byte (1), y 3 bytes en 0
//	cabecera               13 uint32: del léxico, palabras, estados,
//	                       aristas y largo máximo (los de su trie.DAWG);
//	                       el largo máximo de las palabras del mapa, cuántas
//	                       son y cuántas letras suman; los grupos y los
//	                       comienzos (ids) del índice exacto y de menosUna;
//	                       y los bloques de 64 bits de los dos filtros
//	letras                 un byte por letra
//	índices                el exacto y menosUna: sus grupos (clave uint64,
//	                       pos uint32, info uint32) en orden de clave
//	                       creciente, y sus ids (uint32)
//	filtros                los bloques (uint64) de palabras y de menosUna
//	CRC-32C                4 bytes, de todo lo anterior
//
// Al leer se rearman las tablas de dispersión de los índices.
const (
	magiaMapa       = "PLMP"
	versionMapa     = 1
	palabrasCabMapa = 13
)

// EscribirMapa escribe en w la codificación binaria del mapa de palabras
// del léxico de g para su tablero (el que arma la primera búsqueda por
// equidad; si aún no está, lo arma), con suma de control, y devuelve los
// bytes escritos. [GADDAG.LeerMapa] la lee: así un programa puede guardar
// el mapa y no armarlo en cada arranque.
func (g *GADDAG) EscribirMapa(w io.Writer) (int64, error) {
	b := &g.b
	m := mapaDe(b.arcos, b.raiz, b.V.Lexico().Tamano(), b.clave)
	p := palabrasDe(b.arcos, b.raiz, b.N, b.clave)
	p.conMenosUna()
	e := &escritor{w: bufio.NewWriterSize(w, 1<<16), crc: crc32.New(tablaMapa)}
	e.bytes([]byte(magiaMapa))
	e.bytes([]byte{versionMapa, 0, 0, 0})
	for _, v := range cabeceraMapa(b.clave, m, p) {
		e.u32(v)
	}
	bs := make([]byte, len(p.letras))
	for i, x := range p.letras {
		bs[i] = byte(x)
	}
	e.bytes(bs)
	for _, x := range []*indiceMapa{&p.exacto, &p.menosUna} {
		for _, r := range x.enOrden() {
			e.u64(r.clave)
			e.u32(r.pos)
			e.u32(r.info)
		}
		for _, id := range x.ids {
			e.u32(id)
		}
	}
	for _, f := range []filtro{m.palabras, m.menosUna} {
		for _, v := range f {
			e.u64(v)
		}
	}
	if e.err == nil {
		var s [4]byte
		binary.LittleEndian.PutUint32(s[:], e.crc.Sum32())
		e.escribir(s[:])
	}
	if e.err == nil {
		e.err = e.w.Flush()
	}
	return e.n, e.err
}

// LeerMapa lee de r un mapa de palabras escrito por [GADDAG.EscribirMapa]
// y, si es el del léxico de g, lo deja para las búsquedas de todos los
// generadores de ese léxico que aún no armaron el suyo (uno ya armado o
// leído se conserva). Lee a lo sumo [MaxBytesMapa] bytes. Verifica la
// suma de control y la estructura lo bastante para que buscar en el
// resultado no salga nunca de sus arreglos. Devuelve un error que envuelve
// a [ErrMapa] si los datos están truncados o corruptos, a
// [trie.ErrOtroLexico] si son de otro léxico y a [limite.Err] si pasan el
// límite; con error no cambia nada.
func (g *GADDAG) LeerMapa(r io.Reader) error {
	b := &g.b
	m, p, err := leerMapa(r, b.clave, MaxBytesMapa)
	if err != nil {
		return err
	}
	v, _ := mapas.LoadOrStore(b.clave, &mapaUnaVez{})
	v.(*mapaUnaVez).una.Do(func() { v.(*mapaUnaVez).mapa = m })
	u, _ := exactas.LoadOrStore(claveExacta{b.clave, p.maxLargo}, &exactasUnaVez{})
	u.(*exactasUnaVez).una.Do(func() { u.(*exactasUnaVez).p = p })
	return nil
}

var tablaMapa = crc32.MakeTable(crc32.Castagnoli)

// cabeceraMapa es la cabecera de la codificación del mapa m, p del léxico
// de clave (un *trie.GADDAG).
func cabeceraMapa(clave any, m *mapaPalabras, p *palabrasMapa) [palabrasCabMapa]uint32 {
	var c [palabrasCabMapa]uint32
	copy(c[:], lexicoMapa(clave))
	c[4], c[5], c[6] = uint32(p.maxLargo), uint32(p.palabras), uint32(len(p.letras))
	c[7], c[8] = uint32(p.exacto.grupos), uint32(len(p.exacto.ids))
	c[9], c[10] = uint32(p.menosUna.grupos), uint32(len(p.menosUna.ids))
	c[11], c[12] = uint32(len(m.palabras)), uint32(len(m.menosUna))
	return c
}

// lexicoMapa son los números que identifican el léxico de clave.
func lexicoMapa(clave any) []uint32 {
	gd, ok := clave.(*trie.GADDAG)
	if !ok {
		return make([]uint32, 4)
	}
	d := gd.DAWG()
	return []uint32{uint32(d.Tamano()), uint32(d.Estados()), uint32(d.Aristas()), uint32(d.LongitudMaxima())}
}

// enOrden devuelve los grupos del índice en orden de clave creciente.
func (x *indiceMapa) enOrden() []ranuraMapa {
	gs := make([]ranuraMapa, 0, x.grupos)
	for _, r := range x.ranuras {
		if r.info != 0 {
			gs = append(gs, r)
		}
	}
	ordenarRanuras(gs)
	return gs
}

// leerMapa lee la codificación de un mapa del léxico de clave, de a lo
// sumo max bytes (ver LeerMapa).
func leerMapa(r io.Reader, clave any, max int64) (*mapaPalabras, *palabrasMapa, error) {
	l := &lector{r: bufio.NewReaderSize(io.LimitReader(r, max+1), 1<<16), crc: crc32.New(tablaMapa), max: max}
	var ini [8]byte
	l.leer(ini[:])
	if l.err != nil || string(ini[:4]) != magiaMapa {
		return nil, nil, fmt.Errorf("%w: no empieza con la cabecera %q", ErrMapa, magiaMapa)
	}
	if ini[4] != versionMapa {
		return nil, nil, fmt.Errorf("%w: versión %d del mapa (se sabe leer la %d)", ErrMapa, ini[4], versionMapa)
	}
	var c [palabrasCabMapa]uint32
	for i := range c {
		c[i] = l.u32()
	}
	if l.err != nil {
		return nil, nil, l.error()
	}
	if [4]uint32(c[:4]) != [4]uint32(lexicoMapa(clave)) {
		return nil, nil, fmt.Errorf("%w: el mapa de palabras no es el del léxico del generador", trie.ErrOtroLexico)
	}
	// El largo que ocuparían las secciones, antes de reservar memoria.
	largo := 8 + 4*int64(palabrasCabMapa) + int64(c[6]) + 16*(int64(c[7])+int64(c[9])) +
		4*(int64(c[8])+int64(c[10])) + 8*(int64(c[11])+int64(c[12])) + 4
	if largo > max {
		return nil, nil, fmt.Errorf("el mapa de palabras ocuparía %d bytes: %w", largo, &limite.Error{Limite: "generador.MaxBytesMapa", Valor: max})
	}
	if c[4] == 0 || c[4] > math.MaxUint8 || c[11] == 0 || c[12] == 0 || c[5] > c[6] {
		return nil, nil, fmt.Errorf("%w: cabecera inválida", ErrMapa)
	}
	// La memoria crece con lo que se lee, no con lo que dice la cabecera.
	p := &palabrasMapa{maxLargo: int(c[4]), palabras: int(c[5])}
	p.letras = leerLetras(l, int(c[6]))
	indices := []*indiceMapa{&p.exacto, &p.menosUna}
	for k, x := range indices {
		gs := leerSeccion(l, int(c[7+2*k]), func(l *lector) ranuraMapa {
			return ranuraMapa{clave: l.u64(), pos: l.u32(), info: l.u32()}
		})
		ids := leerSeccion(l, int(c[8+2*k]), (*lector).u32)
		if l.err != nil {
			return nil, nil, l.error()
		}
		if err := validarGrupos(gs, ids, len(p.letras), p.maxLargo); err != nil {
			return nil, nil, err
		}
		*x = indiceDeGrupos(gs, ids)
	}
	p.unaVez.Do(func() {}) // menosUna ya está
	m := &mapaPalabras{palabras: leerSeccion(l, int(c[11]), (*lector).u64), menosUna: leerSeccion(l, int(c[12]), (*lector).u64)}
	if l.err != nil {
		return nil, nil, l.error()
	}
	suma := l.crc.Sum32()
	var s [4]byte
	l.leerSinSuma(s[:])
	if l.err != nil {
		return nil, nil, l.error()
	}
	if binary.LittleEndian.Uint32(s[:]) != suma {
		return nil, nil, fmt.Errorf("%w: %w", ErrMapa, trie.ErrChecksum)
	}
	if _, err := l.r.ReadByte(); err != io.EOF {
		return nil, nil, fmt.Errorf("%w: sobran bytes tras la suma de control", ErrMapa)
	}
	for _, x := range p.letras {
		if x >= letra.MaxLetras {
			return nil, nil, fmt.Errorf("%w: letra %d fuera de rango", ErrMapa, x)
		}
	}
	return m, p, nil
}

// leerSeccion lee n valores con leer, reservando memoria a medida que
// llegan, duplicándola (hasta el primer error de l): una cabecera que
// promete más de lo que hay no reserva más del doble de lo que se leyó.
func leerSeccion[T any](l *lector, n int, leer func(*lector) T) []T {
	xs := make([]T, 0, min(n, 1<<16))
	for range n {
		x := leer(l)
		if l.err != nil {
			return xs
		}
		if len(xs) == cap(xs) {
			xs = slices.Grow(xs, min(n, 2*cap(xs))-len(xs))
		}
		xs = append(xs, x)
	}
	return xs
}

// leerLetras lee n letras, de a bloques.
func leerLetras(l *lector, n int) []letra.Letra {
	var b [1 << 12]byte
	xs := make([]letra.Letra, 0, min(n, 1<<16))
	for len(xs) < n && l.err == nil {
		k := min(n-len(xs), len(b))
		if len(xs)+k > cap(xs) {
			xs = slices.Grow(xs, min(n, 2*cap(xs))-len(xs))
		}
		l.leer(b[:k])
		for _, x := range b[:k] {
			xs = append(xs, letra.Letra(x))
		}
	}
	return xs
}

// ordenarRanuras ordena gs por clave.
func ordenarRanuras(gs []ranuraMapa) {
	slices.SortFunc(gs, func(a, b ranuraMapa) int { return cmp.Compare(a.clave, b.clave) })
}

// validarGrupos verifica que los grupos gs de un índice estén en orden de
// clave creciente (sin repetir) y que sus palabras, de largo a lo sumo
// maxLargo, estén dentro de las n letras y sus comienzos dentro de ids.
func validarGrupos(gs []ranuraMapa, ids []uint32, n, maxLargo int) error {
	for i := range gs {
		r := &gs[i]
		if i > 0 && r.clave <= gs[i-1].clave {
			return fmt.Errorf("%w: grupos fuera de orden", ErrMapa)
		}
		cuantas, largo := r.cuantas(), r.largo()
		if cuantas == 0 || largo == 0 || largo > maxLargo {
			return fmt.Errorf("%w: grupo inválido", ErrMapa)
		}
		if cuantas == 1 {
			if int64(r.pos)+int64(largo) > int64(n) {
				return fmt.Errorf("%w: palabra fuera de las letras", ErrMapa)
			}
			continue
		}
		if int64(r.pos)+int64(cuantas) > int64(len(ids)) {
			return fmt.Errorf("%w: grupo fuera de sus comienzos", ErrMapa)
		}
		for _, id := range ids[r.pos : int(r.pos)+cuantas] {
			if int64(id)+int64(largo) > int64(n) {
				return fmt.Errorf("%w: palabra fuera de las letras", ErrMapa)
			}
		}
	}
	return nil
}

// escritor escribe números little endian y lleva la suma de control y la
// cuenta de bytes; tras el primer error no escribe más.
type escritor struct {
	w   *bufio.Writer
	crc hash.Hash32
	n   int64
	err error
	b   [8]byte
}

func (e *escritor) escribir(b []byte) {
	if e.err != nil {
		return
	}
	k, err := e.w.Write(b)
	e.n += int64(k)
	e.err = err
}

func (e *escritor) bytes(b []byte) {
	e.crc.Write(b)
	e.escribir(b)
}

func (e *escritor) u32(v uint32) {
	binary.LittleEndian.PutUint32(e.b[:4], v)
	e.bytes(e.b[:4])
}

func (e *escritor) u64(v uint64) {
	binary.LittleEndian.PutUint64(e.b[:], v)
	e.bytes(e.b[:])
}

// lector lee números little endian y lleva la suma de control; tras el
// primer error devuelve ceros.
type lector struct {
	r   *bufio.Reader
	crc hash.Hash32
	max int64
	n   int64
	err error
	b   [8]byte
}

func (l *lector) leerSinSuma(b []byte) {
	if l.err != nil {
		clear(b)
		return
	}
	k, err := io.ReadFull(l.r, b)
	l.n += int64(k)
	if err != nil {
		l.err = err
		clear(b)
	}
}

func (l *lector) leer(b []byte) {
	l.leerSinSuma(b)
	if l.err == nil {
		l.crc.Write(b)
	}
}

func (l *lector) u32() uint32 {
	l.leer(l.b[:4])
	return binary.LittleEndian.Uint32(l.b[:4])
}

func (l *lector) u64() uint64 {
	l.leer(l.b[:])
	return binary.LittleEndian.Uint64(l.b[:])
}

// error describe el error de lectura: datos truncados (o más largos que
// el límite, que LimitReader corta).
func (l *lector) error() error {
	if l.n > l.max {
		return fmt.Errorf("%w", &limite.Error{Limite: "generador.MaxBytesMapa", Valor: l.max})
	}
	if errors.Is(l.err, io.EOF) || errors.Is(l.err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: datos truncados", ErrMapa)
	}
	return l.err
}
