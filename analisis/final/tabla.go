package final

import (
	"math/bits"
	"sync/atomic"
)

// La tabla de transposición: un arreglo de tamaño potencia de 2 que
// comparten todos los hilos sin candados, en cubetas de porCubeta
// entradas seguidas: una clave puede estar en cualquiera de las de su
// cubeta. Cada entrada son tres palabras de 64 bits: la clave mezclada
// con las otras dos (así una entrada escrita a medias por dos hilos a la
// vez no coincide con ninguna clave, el truco de Hyatt y Mann), la jugada
// y los datos. Los datos guardan también el trabajo de la búsqueda que dio
// la entrada (el logaritmo de sus nodos): una clave nueva reemplaza la
// entrada de menos trabajo de su cubeta, y las de árboles grandes, que
// cuesta rehacer, duran más (en en-bot-01 con 64 MB, sin las cubetas, se
// perdían tantas que una tabla de 512 MB visitaba 30 % menos nodos; con
// cubetas de 2, 27 % menos nodos que sin ellas, y de 4, 29 %).

// Tipos de cota de una entrada.
const (
	cotaExacta   = 1
	cotaInferior = 2 // el valor es al menos el guardado
	cotaSuperior = 3 // el valor es a lo sumo el guardado
)

// porCubeta es cuántas entradas tiene una cubeta (una potencia de 2).
const porCubeta = 4

// profCompleta es la profundidad de una entrada cuyo valor no depende del
// horizonte: vale para cualquier profundidad.
const profCompleta = 255

type entrada struct {
	verif, jugada, datos atomic.Uint64
}

type tabla struct {
	e       []entrada
	mascara uint64
}

// nuevaTabla devuelve una tabla de alrededor de mb megabytes (al menos
// 2¹⁰ entradas).
func nuevaTabla(mb int) *tabla {
	n := entradasDe(mb)
	return &tabla{e: make([]entrada, n), mascara: n - 1}
}

// entradasDe devuelve las entradas de una tabla de alrededor de mb
// megabytes: la potencia de 2 que cabe en ellos, al menos 2¹⁰.
func entradasDe(mb int) uint64 {
	n := uint64(mb) << 20 / 24
	return max(1<<10, uint64(1)<<(63-bits.LeadingZeros64(n)))
}

// agrandada devuelve una tabla de n entradas (una potencia de 2 mayor que
// las de t) con las entradas de t, cada una en su lugar de la nueva: el
// índice de la cubeta de una clave en t son los bits bajos del de la
// nueva y cada entrada conserva su lugar en la cubeta, así que dos entradas
// de t nunca caen en el mismo lugar. Nadie debe
// escribir en t mientras tanto.
func (t *tabla) agrandada(n uint64) *tabla {
	u := &tabla{e: make([]entrada, n), mascara: n - 1}
	for i := range t.e {
		e := &t.e[i]
		v, j, d := e.verif.Load(), e.jugada.Load(), e.datos.Load()
		if v == 0 && j == 0 && d == 0 {
			continue
		}
		k := v ^ j ^ d
		// El mismo lugar de su cubeta en la nueva: las de una cubeta de t
		// van a cubetas distintas o a lugares distintos de la misma.
		f := &u.e[k&u.mascara&^(porCubeta-1)|uint64(i)&(porCubeta-1)]
		f.verif.Store(v)
		f.jugada.Store(j)
		f.datos.Store(d)
	}
	return u
}

// limpiar vacía la tabla.
func (t *tabla) limpiar() {
	for i := range t.e {
		t.e[i].verif.Store(0)
		t.e[i].jugada.Store(0)
		t.e[i].datos.Store(0)
	}
}

// datos de una entrada: el valor (16 bits con signo), la cota (2), la
// profundidad (8), los puntos de la jugada (16 con signo) y el trabajo (6,
// ver trabajoDe).
func empacar(valor, cota, prof, puntos int) uint64 {
	return uint64(uint16(int16(valor))) | uint64(cota)<<16 | uint64(prof)<<18 | uint64(uint16(int16(puntos)))<<26
}

// conTrabajo agrega a los datos d el trabajo de una búsqueda de nodos
// nodos.
func conTrabajo(d uint64, nodos int64) uint64 {
	return d | uint64(bits.Len64(uint64(max(nodos, 0))))<<42
}

// trabajoDe devuelve el trabajo de los datos d: la cantidad de bits de los
// nodos de su búsqueda (0 a 63).
func trabajoDe(d uint64) int { return int(d>>42) & 0x3f }

func desempacar(d uint64) (valor, cota, prof, puntos int) {
	return int(int16(uint16(d))), int(d>>16) & 3, int(d>>18) & 0xff, int(int16(uint16(d >> 26)))
}

// leer busca la clave k. Devuelve la jugada y los datos, o false.
func (t *tabla) leer(k uint64) (jugada, datos uint64, ok bool) {
	i := k & t.mascara &^ (porCubeta - 1)
	for x := i; x < i+porCubeta; x++ {
		e := &t.e[x]
		v, j, d := e.verif.Load(), e.jugada.Load(), e.datos.Load()
		if v^j^d == k {
			return j, d, true
		}
	}
	return 0, 0, false
}

// escribir guarda la entrada de la clave k: en la de su cubeta que ya
// tiene la clave, o si no en la de menos trabajo. Reemplaza siempre, salvo
// una entrada completa de la misma clave por una que no lo es.
func (t *tabla) escribir(k, jugada, datos uint64) {
	i := k & t.mascara &^ (porCubeta - 1)
	var e *entrada
	var v, j, d uint64
	menos := 64
	for x := i; x < i+porCubeta; x++ {
		f := &t.e[x]
		v2, j2, d2 := f.verif.Load(), f.jugada.Load(), f.datos.Load()
		if v2^j2^d2 == k {
			e, v, j, d = f, v2, j2, d2
			break
		}
		if tr := trabajoDe(d2); tr < menos {
			e, v, j, d, menos = f, v2, j2, d2, tr
		}
	}
	if v^j^d == k {
		if _, _, prof, _ := desempacar(d); prof == profCompleta && (datos>>18)&0xff != profCompleta {
			return
		}
		if jugada == 0 {
			jugada = j // conservar la mejor jugada conocida
		}
	}
	e.verif.Store(k ^ jugada ^ datos)
	e.jugada.Store(jugada)
	e.datos.Store(datos)
}
