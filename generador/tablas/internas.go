package tablas

import (
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/dispersion"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// Internas son las tablas del Método de las Palabras Internas (capítulo 5
// de la tesis):
//
//   - las palabras internas (cada subcadena propia de una palabra que es
//     una palabra o una letra), numeradas como en la sección 5.5.5: 0 la
//     cadena vacía, 1 a l las letras, y desde l+1 las palabras que
//     aparecen como palabra interna;
//   - las palabras internas colocadas (palabra interna, posición, longitud
//     de la palabra que la contiene) con su frecuencia (Tabla 5.5) y, si
//     no supera el umbral, la lista de las palabras que la contienen (la
//     tabla que se recorre, sección 5.5.2);
//   - para las que lo superan, la tabla de instancias
//     (palabra interna, posición, multiconjunto) → palabras, con la clave
//     empaquetada en 64 bits como en la Tabla 5.10 (sección 5.5.3);
//   - los [Anagramas], que resuelven los intervalos sin fichas (la
//     instancia (—, —, multiconjunto) de la Tabla 5.8).
//
// Se construyen con [NuevasInternas] y no cambian.
type Internas struct {
	*Anagramas
	umbral  int
	nLetras int
	ids     map[string]uint32
	comun   []uint32 // número de cada palabra interna en la tabla de bajo nivel (0 si no está)
	// colocadas: clave (interna, posición, longitud) → índice k; frec[k]
	// es su frecuencia y, si no supera el umbral, lista[inicio[k]:][:frec[k]]
	// son las palabras que la contienen.
	colocadas dispersion.Tabla
	frec      []uint32
	inicio    []uint32
	lista     []uint32
	// bajo: clave de la Tabla 5.10 → grupo de bajoOrden.
	bajo             dispersion.Tabla
	bajoGrupos       []uint32
	bajoOrden        []uint32
	bPos, bExc, bInt uint // desplazamientos de los campos de la clave

	ocurrencias int
}

// NuevasInternas construye las tablas del Método de las Palabras Internas
// para las palabras de d de hasta maxLong letras (todas si maxLong ≤ 0),
// con el umbral de decisión dado (la tesis usa 10): las palabras internas
// colocadas de frecuencia hasta el umbral se resuelven recorriendo la
// lista de sus palabras, las demás con consultas. Devuelve
// [ErrClaveGrande] si la clave de la Tabla 5.10 no cabe en 64 bits.
//
// Con el léxico español son cientos de MB y unos segundos: es opcional.
func NuevasInternas(d *trie.DAWG, maxLong, umbral int) (*Internas, error) {
	p, err := nuevasPalabras(d, maxLong)
	if err != nil {
		return nil, err
	}
	t := &Internas{Anagramas: anagramasDe(p), umbral: umbral, nLetras: bits.Len64(uint64(d.Letras())), ids: map[string]uint32{}}
	// Primera pasada: las palabras internas colocadas y sus frecuencias.
	t.colocadas = dispersion.Nueva(1 << 16)
	nInternas := uint32(t.nLetras + 1)
	t.recorrer(func(w []letra.Letra, s, e int) uint32 {
		if e-s == 1 {
			return uint32(w[s]) + 1
		}
		id, ok := t.ids[string(w[s:e])]
		if !ok {
			id = nInternas
			nInternas++
			t.ids[string(w[s:e])] = id
		}
		return id
	}, func(_ uint32, clave uint64) {
		t.ocurrencias++
		k, ok := t.colocadas.Ver(clave)
		if !ok {
			if 2*(t.colocadas.N+1) > t.colocadas.Capacidad() {
				t.colocadas = t.colocadas.Agrandar()
			}
			k = uint32(len(t.frec))
			t.colocadas.Poner(clave, k)
			t.frec = append(t.frec, 0)
		}
		t.frec[k]++
	})
	// Solo las palabras internas con alguna colocada común van a la tabla
	// de bajo nivel: se renumeran desde 1 (sección 5.5.4 de la tesis), para que la clave de
	// la Tabla 5.10 quepa en 64 bits con cualquier alfabeto de hasta 32
	// letras (el FISE tiene 28).
	t.comun = make([]uint32, nInternas)
	for i, k := range t.colocadas.Claves() {
		if k != dispersion.Vacia && int(t.frec[t.colocadas.Valor(i)]) > umbral {
			t.comun[uint32(k>>16)] = 1
		}
	}
	comunes := uint32(0)
	for i, c := range t.comun {
		if c != 0 {
			comunes++
			t.comun[i] = comunes
		}
	}
	// La clave de la Tabla 5.10: paridad | posición | excedencia | interna.
	t.bPos = uint(t.nLetras)
	t.bExc = t.bPos + uint(bits.Len(uint(max(p.maxLong-1, 1))))
	t.bInt = t.bExc + uint(bits.Len(uint(max(p.Paridad.Excedencias()-1, 1))))
	if t.bInt+uint(bits.Len32(comunes)) > 64 {
		return nil, ErrClaveGrande
	}
	// Las listas de las colocadas raras y la tabla de las comunes.
	t.inicio = make([]uint32, len(t.frec))
	total, enBajo := 0, 0
	for k, f := range t.frec {
		if int(f) <= umbral {
			t.inicio[k] = uint32(total)
			total += int(f)
		} else {
			enBajo += int(f)
		}
	}
	t.lista = make([]uint32, total)
	llenas := make([]uint32, len(t.frec))
	type entrada struct {
		clave   uint64
		palabra uint32
	}
	entradas := make([]entrada, 0, enBajo)
	t.recorrer(func(w []letra.Letra, s, e int) uint32 {
		if e-s == 1 {
			return uint32(w[s]) + 1
		}
		return t.ids[string(w[s:e])]
	}, func(i uint32, clave uint64) {
		k, _ := t.colocadas.Ver(clave)
		if int(t.frec[k]) <= umbral {
			t.lista[t.inicio[k]+llenas[k]] = i
			llenas[k]++
			return
		}
		interna, pos := uint32(clave>>16), int(clave>>8&0xff)
		entradas = append(entradas, entrada{t.claveBaja(interna, pos, p.rpe[i]), i})
	})
	slices.SortFunc(entradas, func(a, b entrada) int {
		switch {
		case a.clave < b.clave:
			return -1
		case a.clave > b.clave:
			return 1
		}
		return int(a.palabra) - int(b.palabra)
	})
	grupos := 0
	for i := range entradas {
		if i == 0 || entradas[i].clave != entradas[i-1].clave {
			grupos++
		}
	}
	t.bajo = dispersion.Nueva(grupos)
	t.bajoOrden = make([]uint32, len(entradas))
	for i, e := range entradas {
		if i == 0 || e.clave != entradas[i-1].clave {
			t.bajo.Poner(e.clave, uint32(len(t.bajoGrupos)))
			t.bajoGrupos = append(t.bajoGrupos, uint32(i))
		}
		t.bajoOrden[i] = e.palabra
	}
	t.bajoGrupos = append(t.bajoGrupos, uint32(len(entradas)))
	return t, nil
}

// claveColocada empaqueta (interna, posición, longitud) para la tabla de
// colocadas.
func claveColocada(interna uint32, pos, largo int) uint64 {
	return uint64(interna)<<16 | uint64(pos)<<8 | uint64(largo)
}

// recorrer llama a ocurrencia con cada palabra interna colocada de cada
// palabra: id da el número de la subcadena w[s:e].
func (t *Internas) recorrer(id func(w []letra.Letra, s, e int) uint32, ocurrencia func(palabra uint32, clave uint64)) {
	d := t.lexico
	for i := range uint32(t.Cantidad()) {
		w := t.Palabra(i)
		largo := len(w)
		for s := range largo {
			if largo > 1 { // cada letra es una palabra interna
				ocurrencia(i, claveColocada(id(w, s, s+1), s, largo))
			}
			n := d.Raiz()
			for e := s + 1; e <= largo && !(s == 0 && e == largo); e++ {
				var ok bool
				if n, ok = d.Hijo(n, w[e-1]); !ok {
					break
				}
				if e-s > 1 && d.EsFinal(n) {
					ocurrencia(i, claveColocada(id(w, s, e), s, largo))
				}
			}
		}
	}
}

func (t *Internas) claveBaja(interna uint32, pos int, m paridad.Multiconjunto) uint64 {
	return uint64(m.Paridad()) | uint64(pos)<<t.bPos | uint64(m.Excedencia())<<t.bExc | uint64(t.comun[interna])<<t.bInt
}

// Umbral devuelve el umbral de decisión de las tablas.
func (t *Internas) Umbral() int { return t.umbral }

// Interna devuelve el número de la palabra interna de letras p: la letra
// más uno si es una sola, y si no el de la palabra, o false si p no es
// palabra interna de ninguna palabra.
func (t *Internas) Interna(p []letra.Letra) (uint32, bool) {
	switch len(p) {
	case 0:
		return 0, true
	case 1:
		return uint32(p[0]) + 1, int(p[0]) < t.nLetras
	}
	id, ok := t.ids[string(p)]
	return id, ok
}

// Colocada devuelve la frecuencia de la palabra interna colocada
// (interna, pos, largo) (cuántas palabras la tienen), y si no supera el
// umbral, esas palabras (en memoria de t: no deben modificarse). Devuelve
// false si ninguna palabra la tiene.
func (t *Internas) Colocada(interna uint32, pos, largo int) (frecuencia int, palabras []uint32, ok bool) {
	k, ok := t.colocadas.Ver(claveColocada(interna, pos, largo))
	if !ok {
		return 0, nil, false
	}
	f := t.frec[k]
	if int(f) <= t.umbral {
		return int(f), t.lista[t.inicio[k] : t.inicio[k]+f], true
	}
	return int(f), nil, true
}

// Buscar devuelve las palabras de multiconjunto m que tienen la palabra
// interna colocada común (interna, pos, |m|): una consulta a la tabla de
// bajo nivel. Para la cadena vacía (interna 0) son los anagramas de m.
func (t *Internas) Buscar(interna uint32, pos int, m paridad.Multiconjunto) []uint32 {
	if interna == 0 {
		return t.Anagramas.Buscar(m)
	}
	if int(interna) >= len(t.comun) || t.comun[interna] == 0 {
		return nil
	}
	g, ok := t.bajo.Ver(t.claveBaja(interna, pos, m))
	if !ok {
		return nil
	}
	return t.bajoOrden[t.bajoGrupos[g]:t.bajoGrupos[g+1]]
}

// Ocurrencias devuelve la cantidad de ocurrencias de palabras internas
// colocadas en el léxico (Tabla 5.5: 14.441.912 en el español de la tesis).
func (t *Internas) Ocurrencias() int { return t.ocurrencias }

// Colocadas devuelve la cantidad de palabras internas colocadas distintas
// (Tabla 5.5: 1.059.816 en español).
func (t *Internas) Colocadas() int { return len(t.frec) }

// PalabrasInternas devuelve la cantidad de palabras de dos letras o más
// que aparecen como palabra interna (Tabla 5.9).
func (t *Internas) PalabrasInternas() int { return len(t.ids) }

// Instancias devuelve la cantidad de claves de la tabla de bajo nivel.
func (t *Internas) Instancias() int { return len(t.bajoGrupos) - 1 }

// Bytes devuelve la memoria aproximada de las tablas, sin el mapa de las
// palabras internas.
func (t *Internas) Bytes() int {
	return t.Anagramas.Bytes() + t.colocadas.Bytes() + 4*(len(t.frec)+len(t.inicio)+len(t.lista)) +
		t.bajo.Bytes() + 4*(len(t.bajoGrupos)+len(t.bajoOrden))
}
