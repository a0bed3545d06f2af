package trie

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/bits"
)

// Formato de la codificación binaria de un GADDAG (versión 1): los arcos
// del formato KWG, sin las máscaras ni los resúmenes de la vista en
// memoria (internal/arcos), que se reconstruyen al leer. El destino de un arco,
// la raíz y el límite son índices de una vista de palabras de 32 bits con
// dos de máscara por estado (la posición del estado contando los arcos y
// dos palabras por cada estado anterior); al leer se traducen a índices de
// la vista en memoria, que cuenta una palabra por estado (expandir).
//
//	"PLGD"                 4 bytes mágicos
//	versión                1 byte (1), y 3 bytes en 0
//	cabecera               8 uint32 little endian: arcos (con el centinela),
//	                       raíz, primer estado de la copia del DAWG, estados,
//	                       y del léxico: palabras, estados, aristas y largo
//	                       máximo
//	arcos                  un uint32 little endian por arco (arcos.Arco)
//	CRC-32C                4 bytes, little endian, de todo lo anterior
//
// Los arcos empiezan en el byte 40, múltiplo de 4.
const (
	magiaGADDAG         = "PLGD"
	versionGADDAG       = 1
	cabeceraGADDAG      = 8 + 8*4
	minimoGADDAG        = cabeceraGADDAG + 4 + 4 // con el centinela y la suma
	palabrasCabeceraGAD = 8
)

// MarshalBinary devuelve la codificación binaria de g, con suma de control,
// que [DecodificarGADDAG] lee junto con el DAWG de su léxico. Nunca falla.
func (g *GADDAG) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, cabeceraGADDAG+4*g.aristas+8)
	b = append(b, magiaGADDAG...)
	b = append(b, versionGADDAG, 0, 0, 0)
	// Los arcos de cada estado, sin su máscara ni el resumen del destino,
	// con los índices de la vista de la codificación: un estado que en la
	// vista en memoria está en i está en i más los estados anteriores.
	estados := nuevoRango(len(g.vista))
	estados.poner(0)
	for s := 1; s < len(g.vista); s += 1 + bits.OnesCount64(g.vista[s]) {
		estados.poner(uint32(s))
	}
	estados.contar()
	viejo := func(i uint32) uint32 { return i + estados.antes(i) }
	cab := g.cabecera()
	cab[0], cab[1], cab[2] = uint32(g.aristas+1), viejo(g.raiz), viejo(g.limite)
	for _, v := range cab {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = binary.LittleEndian.AppendUint32(b, centinela)
	for s := 1; s < len(g.vista); { // los arcos de cada estado, sin su máscara
		k := bits.OnesCount64(g.vista[s])
		for _, a := range g.vista[s+1 : s+1+k] {
			h := uint32(a) >> desplHijo
			b = binary.LittleEndian.AppendUint32(b, uint32(a)&(1<<desplHijo-1)|viejo(h)<<desplHijo)
		}
		s += 1 + k
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, tablaCRC)), nil
}

func (g *GADDAG) cabecera() [palabrasCabeceraGAD]uint32 {
	d := g.lexico
	return [...]uint32{0, 0, 0, uint32(g.estados),
		uint32(d.Tamano()), uint32(d.Estados()), uint32(d.Aristas()), uint32(d.LongitudMaxima())}
}

// DecodificarGADDAG devuelve el GADDAG del léxico d codificado en b por
// [GADDAG.MarshalBinary]; el resultado retiene d pero no b. Cuesta un par
// de recorridos lineales de b (la suma de control y la reconstrucción de
// las máscaras, que verifica la estructura), mucho menos que
// [NuevoGADDAG].
//
// Si b está truncado, corrupto o no es una codificación devuelve un error
// que envuelve a [ErrFormato] (y a [ErrVersion] o [ErrChecksum] si es el
// caso); nunca entra en pánico. Si b es el GADDAG de otro léxico (otra
// cantidad de palabras, estados, aristas o largo máximo que d) devuelve un
// error que envuelve a [ErrOtroLexico]. Verifica la estructura lo bastante
// para que recorrer el resultado no salga nunca del arreglo: cada destino
// es un estado, el giro va primero y las letras en orden, y el último arco
// cierra su estado.
func DecodificarGADDAG(b []byte, d *DAWG) (*GADDAG, error) {
	if len(b) < minimoGADDAG || string(b[:len(magiaGADDAG)]) != magiaGADDAG {
		return nil, fmt.Errorf("%w: no empieza con la cabecera %q", ErrFormato, magiaGADDAG)
	}
	if v := b[len(magiaGADDAG)]; v != versionGADDAG {
		return nil, fmt.Errorf("%w: %w: versión %d del GADDAG (se sabe leer la %d)", ErrFormato, ErrVersion, v, versionGADDAG)
	}
	cuerpo, suma := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	var cab [palabrasCabeceraGAD]uint32
	for i := range cab {
		cab[i] = binary.LittleEndian.Uint32(cuerpo[8+4*i:])
	}
	// El léxico se compara antes de la suma de control: así descartar la
	// codificación de otro léxico no cuesta recorrerla.
	propia := (&GADDAG{lexico: d}).cabecera()
	if [4]uint32(propia[4:]) != [4]uint32(cab[4:]) {
		return nil, fmt.Errorf("%w: el GADDAG no es el del léxico dado", ErrOtroLexico)
	}
	if crc32.Checksum(cuerpo, tablaCRC) != suma {
		return nil, fmt.Errorf("%w: %w", ErrFormato, ErrChecksum)
	}
	n := cab[0]
	if uint64(len(cuerpo)) != cabeceraGADDAG+4*uint64(n) || n == 0 || n > MaxArcos {
		return nil, fmt.Errorf("%w: la cabecera del GADDAG no coincide con su largo", ErrFormato)
	}
	return nuevoGADDAG(cuerpo[cabeceraGADDAG:], cab[1], cab[2], int(cab[3]), d)
}
