package tablas

import (
	"errors"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/dispersion"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// ErrClaveGrande indica que las claves de la tabla de bajo nivel de
// [Internas] no caben en 64 bits con este léxico (Tabla 5.10 de la tesis):
// demasiadas letras, excedencias o palabras internas, o palabras demasiado
// largas.
var ErrClaveGrande = errors.New("tablas: las claves no caben en 64 bits")

// ErrCortas indica que unas tablas no tienen las palabras largas que hacen
// falta: las construyó un largo máximo menor que las palabras que caben en
// el tablero (los generadores que las usan lo envuelven con su contexto).
var ErrCortas = errors.New("tablas: faltan las palabras largas")

// Palabras son las palabras de un léxico numeradas, con sus letras y su
// multiconjunto en la RPE: la base común de [Anagramas] e [Internas].
type Palabras struct {
	Paridad *paridad.Tablas
	letras  []letra.Letra
	inicio  []uint32 // la palabra i es letras[inicio[i]:inicio[i+1]]
	rpe     []paridad.Multiconjunto
	lexico  *trie.DAWG
	maxLong int
}

func nuevasPalabras(d *trie.DAWG, maxLong int) (*Palabras, error) {
	pt, err := paridad.Nuevas(d)
	if err != nil {
		return nil, err
	}
	if maxLong <= 0 {
		maxLong = d.LongitudMaxima()
	}
	p := &Palabras{Paridad: pt, lexico: d, maxLong: maxLong, inicio: []uint32{0}}
	for w := range d.Palabras() {
		if len(w) > maxLong {
			continue
		}
		p.letras = append(p.letras, w...)
		p.inicio = append(p.inicio, uint32(len(p.letras)))
		m, ok := pt.Codificar(letra.NuevoMulticonjunto(w...))
		if !ok {
			return nil, errors.New("tablas: una palabra sin RPE") // no ocurre: sus letras son factibles
		}
		p.rpe = append(p.rpe, m)
	}
	return p, nil
}

// Cantidad devuelve cuántas palabras hay (las del léxico de hasta la
// longitud máxima pedida).
func (p *Palabras) Cantidad() int { return len(p.rpe) }

// Palabra devuelve las letras de la palabra i, en memoria de p: no deben
// modificarse.
func (p *Palabras) Palabra(i uint32) []letra.Letra { return p.letras[p.inicio[i]:p.inicio[i+1]] }

// RPE devuelve el multiconjunto de las letras de la palabra i.
func (p *Palabras) RPE(i uint32) paridad.Multiconjunto { return p.rpe[i] }

// Lexico devuelve el léxico del que salen las palabras.
func (p *Palabras) Lexico() *trie.DAWG { return p.lexico }

// LongitudMaxima devuelve la longitud de la palabra más larga que se
// guardó.
func (p *Palabras) LongitudMaxima() int { return p.maxLong }

// Anagramas es la tabla del Método de los Anagramas (secciones 2.3.3 y 4.3
// de la tesis): para cada multiconjunto de letras, las palabras que son sus
// anagramas. La clave es la RPE del multiconjunto: una consulta es una
// búsqueda en una tabla de dispersión de claves de 64 bits.
//
// Se construye con [NuevosAnagramas] y no cambia: puede compartirse entre
// gorutinas.
type Anagramas struct {
	*Palabras
	indice dispersion.Tabla // RPE → grupo
	grupos []uint32         // el grupo g son orden[grupos[g]:grupos[g+1]]
	orden  []uint32         // identificadores de palabras, agrupados por multiconjunto
}

// NuevosAnagramas construye la tabla de anagramas de las palabras de d de
// hasta maxLong letras (todas si maxLong ≤ 0; para un tablero de N×N
// bastan las de hasta N). Devuelve el error de paridad.Nuevas si las
// letras de d no caben en 32 bits.
func NuevosAnagramas(d *trie.DAWG, maxLong int) (*Anagramas, error) {
	p, err := nuevasPalabras(d, maxLong)
	if err != nil {
		return nil, err
	}
	return anagramasDe(p), nil
}

func anagramasDe(p *Palabras) *Anagramas {
	a := &Anagramas{Palabras: p, orden: make([]uint32, len(p.rpe))}
	for i := range a.orden {
		a.orden[i] = uint32(i)
	}
	slices.SortStableFunc(a.orden, func(x, y uint32) int {
		rx, ry := p.rpe[x], p.rpe[y]
		switch {
		case rx < ry:
			return -1
		case rx > ry:
			return 1
		}
		return 0
	})
	grupos := 0
	for i := range a.orden {
		if i == 0 || p.rpe[a.orden[i]] != p.rpe[a.orden[i-1]] {
			grupos++
		}
	}
	a.indice = dispersion.Nueva(grupos)
	for i := range a.orden {
		if i == 0 || p.rpe[a.orden[i]] != p.rpe[a.orden[i-1]] {
			a.indice.Poner(uint64(p.rpe[a.orden[i]]), uint32(len(a.grupos)))
			a.grupos = append(a.grupos, uint32(i))
		}
	}
	a.grupos = append(a.grupos, uint32(len(a.orden)))
	return a
}

// Buscar devuelve las palabras cuyo multiconjunto de letras es m (sus
// identificadores, en memoria de a: no deben modificarse), o nada.
func (a *Anagramas) Buscar(m paridad.Multiconjunto) []uint32 {
	g, ok := a.indice.Ver(uint64(m))
	if !ok {
		return nil
	}
	return a.orden[a.grupos[g]:a.grupos[g+1]]
}

// Multiconjuntos devuelve cuántos multiconjuntos distintos tienen algún
// anagrama.
func (a *Anagramas) Multiconjuntos() int { return len(a.grupos) - 1 }

// Bytes devuelve la memoria aproximada de la tabla, con las palabras y las
// tablas de la RPE.
func (a *Anagramas) Bytes() int {
	return a.Palabras.bytes() + a.indice.Bytes() + 4*len(a.grupos) + 4*len(a.orden)
}

func (p *Palabras) bytes() int {
	return len(p.letras) + 4*len(p.inicio) + 8*len(p.rpe) + p.Paridad.Bytes()
}
