package paridad

import (
	"errors"
	"math/bits"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/dispersion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// MaxLetras es la cantidad de letras que caben en la máscara de paridad:
// las letras de un léxico deben ser menores.
const MaxLetras = 32

// ErrAlfabetoGrande indica que el léxico usa una letra que no cabe en la
// máscara de paridad de 32 bits (su ordinal es [MaxLetras] o más).
var ErrAlfabetoGrande = errors.New("paridad: el léxico usa letras que no caben en 32 bits")

// Multiconjunto es la Representación Paridad-Excedencia (RPE, sección 3.4.2
// de la tesis) de un multiconjunto de letras: los 32 bits bajos son la
// máscara de paridad (el bit l encendido si la letra l está una cantidad
// impar de veces) y los 32 altos el identificador de su excedencia (la
// mitad, redondeada hacia abajo, de cada cantidad) en las [Tablas] de un
// léxico. Como una cantidad f es 2e + p, la tupla (paridad, excedencia)
// determina el multiconjunto (Teorema 1), así que dos Multiconjunto de las
// mismas tablas son iguales con == si y solo si representan el mismo
// multiconjunto.
//
// Solo tiene sentido con las tablas que lo produjeron. El valor cero es el
// multiconjunto vacío en todas.
type Multiconjunto uint64

// Paridad devuelve la máscara de paridad de m.
func (m Multiconjunto) Paridad() uint32 { return uint32(m) }

// Excedencia devuelve el identificador de la excedencia de m en sus tablas
// (0 es la excedencia vacía).
func (m Multiconjunto) Excedencia() uint32 { return uint32(m >> 32) }

func nuevo(paridad, excedencia uint32) Multiconjunto {
	return Multiconjunto(uint64(excedencia)<<32 | uint64(paridad))
}

// Tablas son las tablas de la RPE de un léxico (secciones 3.3 a 3.5 de la
// tesis): las excedencias factibles (las de los submulticonjuntos de las
// letras de alguna palabra), cada una con su identificador; la tabla de
// máscaras de acarreo (de las excedencias sin letras repetidas) y la de
// tríadas factibles, con la que se suma y se resta en tiempo constante.
//
// Se construyen con [Nuevas] y no cambian: pueden usarse desde varias
// gorutinas a la vez.
type Tablas struct {
	excedencias [][]letra.Letra // por identificador, las letras de cada excedencia, en orden
	ids         map[string]uint32
	acarreos    dispersion.Tabla // máscara → identificador de la excedencia sin repetidas
	// suma: (x, y, r) con x ≤ y → x ⊎ y ⊎ r; resta: (y, r, s) → x tal que
	// x ⊎ y ⊎ r = s. Las claves son tres identificadores de 21 bits.
	suma, resta dispersion.Tabla
	triadas     int // tríadas ordenadas (x, y, r)
	letras      uint32
}

// Nuevas construye las tablas de las palabras de d. Devuelve
// [ErrAlfabetoGrande] si alguna letra de d no es menor que [MaxLetras].
func Nuevas(d *trie.DAWG) (*Tablas, error) {
	if uint64(d.Letras())>>MaxLetras != 0 {
		return nil, ErrAlfabetoGrande
	}
	t := &Tablas{ids: map[string]uint32{}, letras: uint32(d.Letras())}
	// Las excedencias de las palabras, sin repetir, y luego todas sus
	// submulticonjuntos (la clausura hacia abajo).
	var cant [MaxLetras]uint8
	dePalabras := map[string]bool{}
	buf := make([]byte, 0, 32)
	for p := range d.Palabras() {
		clear(cant[:])
		for _, l := range p {
			cant[l]++
		}
		buf = buf[:0]
		for l, c := range cant {
			for range c / 2 {
				buf = append(buf, byte(l))
			}
		}
		dePalabras[string(buf)] = true
	}
	todas := map[string]bool{}
	for e := range dePalabras {
		agregarSubmulticonjuntos(todas, []byte(e))
	}
	claves := make([]string, 0, len(todas))
	for e := range todas {
		claves = append(claves, e)
	}
	slices.SortFunc(claves, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return compararCadenas(a, b)
	})
	if len(claves) >= 1<<bitsID {
		return nil, errors.New("paridad: demasiadas excedencias factibles")
	}
	t.excedencias = make([][]letra.Letra, len(claves))
	for i, e := range claves {
		t.ids[e] = uint32(i)
		ls := make([]letra.Letra, len(e))
		for k := range e {
			ls[k] = letra.Letra(e[k])
		}
		t.excedencias[i] = ls
	}
	// Máscaras de acarreo.
	t.acarreos = dispersion.Nueva(len(claves))
	for i, e := range t.excedencias {
		var m uint32
		repetida := false
		for _, l := range e {
			repetida = repetida || m&(1<<l) != 0
			m |= 1 << l
		}
		if !repetida {
			t.acarreos.Poner(uint64(m), uint32(i))
		}
	}
	t.construirTriadas()
	return t, nil
}

// bitsID es el ancho de un identificador de excedencia en las claves de las
// tablas de tríadas.
const bitsID = 21

func clave(a, b, c uint32) uint64 { return uint64(a) | uint64(b)<<bitsID | uint64(c)<<(2*bitsID) }

func compararCadenas(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// agregarSubmulticonjuntos agrega a dst todos los submulticonjuntos de e
// (letras en orden), incluido el vacío.
func agregarSubmulticonjuntos(dst map[string]bool, e []byte) {
	if dst[string(e)] {
		return // ya están sus submulticonjuntos
	}
	var rec func(i int, actual []byte)
	rec = func(i int, actual []byte) {
		if i == len(e) {
			dst[string(actual)] = true
			return
		}
		j := i
		for j < len(e) && e[j] == e[i] {
			j++
		}
		for k := 0; k <= j-i; k++ {
			rec(j, append(actual, e[i:i+k]...))
		}
	}
	rec(0, make([]byte, 0, len(e)))
}

// construirTriadas recorre cada excedencia factible s y cada forma de
// escribirla como x ⊎ y ⊎ r con r sin letras repetidas: todas son tríadas
// factibles, porque sus partes son submulticonjuntos de s.
func (t *Tablas) construirTriadas() {
	total := 0
	for _, e := range t.excedencias {
		n := 1
		for _, g := range grupos(e) {
			n *= 2*g.c + 1
		}
		total += n
	}
	t.triadas = total
	t.suma = dispersion.Nueva(total/2 + len(t.excedencias))
	t.resta = dispersion.Nueva(total)
	var bx, by []byte
	for s, e := range t.excedencias {
		gs := grupos(e)
		var rec func(i int, r uint32)
		rec = func(i int, r uint32) {
			if i == len(gs) {
				x, y := t.ids[string(bx)], t.ids[string(by)]
				ir, _ := t.acarreos.Ver(uint64(r))
				if x <= y {
					t.suma.Poner(clave(x, y, ir), uint32(s))
				}
				t.resta.Poner(clave(y, ir, uint32(s)), x)
				return
			}
			g := gs[i]
			lx, ly := len(bx), len(by)
			for conR := range 2 {
				if conR == 1 && g.c == 0 {
					break
				}
				resto := g.c - conR
				for k := 0; k <= resto; k++ {
					bx, by = bx[:lx], by[:ly]
					for range k {
						bx = append(bx, byte(g.l))
					}
					for range resto - k {
						by = append(by, byte(g.l))
					}
					rr := r
					if conR == 1 {
						rr |= 1 << g.l
					}
					rec(i+1, rr)
				}
			}
			bx, by = bx[:lx], by[:ly]
		}
		rec(0, 0)
	}
}

type grupo struct {
	l letra.Letra
	c int
}

// grupos devuelve las letras distintas de e (en orden) con sus cantidades.
func grupos(e []letra.Letra) []grupo {
	var gs []grupo
	for _, l := range e {
		if len(gs) > 0 && gs[len(gs)-1].l == l {
			gs[len(gs)-1].c++
		} else {
			gs = append(gs, grupo{l, 1})
		}
	}
	return gs
}

// Codificar devuelve la RPE de m, o false si su excedencia no es factible
// (ningún multiconjunto de letras de una palabra la incluye) o si m tiene
// letras que no son menores que [MaxLetras] (el comodín, por ejemplo).
func (t *Tablas) Codificar(m letra.Multiconjunto) (Multiconjunto, bool) {
	var par uint32
	buf := make([]byte, 0, 16)
	for l := range letra.MaxLetras {
		c := m.Cantidad(letra.Letra(l))
		if c == 0 {
			continue
		}
		if l >= MaxLetras {
			return 0, false
		}
		par |= uint32(c&1) << l
		for range c / 2 {
			buf = append(buf, byte(l))
		}
	}
	id, ok := t.ids[string(buf)]
	return nuevo(par, id), ok
}

// Decodificar devuelve el multiconjunto que m representa. Si m no salió de
// estas tablas el resultado no tiene sentido; si su excedencia no existe,
// devuelve solo la paridad.
func (t *Tablas) Decodificar(m Multiconjunto) letra.Multiconjunto {
	var res letra.Multiconjunto
	for p := m.Paridad(); p != 0; p &= p - 1 {
		res.Agregar(letra.Letra(bits.TrailingZeros32(p)))
	}
	if e := m.Excedencia(); int(e) < len(t.excedencias) {
		for _, l := range t.excedencias[e] {
			res.AgregarN(l, 2)
		}
	}
	return res
}

// Letra devuelve la RPE del multiconjunto {l}. l debe ser menor que
// [MaxLetras].
func Letra(l letra.Letra) Multiconjunto { return nuevo(1<<l, 0) }

// Sumar devuelve a ⊎ b (sección 3.5.4 de la tesis). Si a y b tienen
// paridades pa, pb y excedencias ea, eb, la suma tiene paridad pa ⊕ pb
// (Corolario 4) y excedencia ea ⊎ eb ⊎ r, donde r = pa ∧ pb es el acarreo
// (Teoremas 3 y 5): la de la tríada (ea, eb, r) (Corolario 6). Son un XOR,
// un AND, una consulta a la tabla de máscaras de acarreo (r → su
// identificador) y una a la de tríadas factibles. Devuelve false si la
// excedencia de la suma no es factible.
func (t *Tablas) Sumar(a, b Multiconjunto) (Multiconjunto, bool) {
	pa, pb := a.Paridad(), b.Paridad()
	ir, ok := t.acarreos.Ver(uint64(pa & pb))
	if !ok {
		return 0, false
	}
	x, y := a.Excedencia(), b.Excedencia()
	if x > y {
		x, y = y, x
	}
	s, ok := t.suma.Ver(clave(x, y, ir))
	return nuevo(pa^pb, s), ok
}

// Incluye informa si b ⊆ a, en tiempo constante: ver la derivación en
// [Tablas.Restar]. Es un AND NOT y dos consultas.
func (t *Tablas) Incluye(a, b Multiconjunto) bool {
	_, ok := t.Restar(a, b)
	return ok
}

// Restar devuelve a − b si b ⊆ a, o false si no: la paridad de la
// diferencia es a XOR b, el préstamo r = paridad(b) AND NOT paridad(a), y
// la excedencia la x de la tríada (x, excedencia de b, r) que suma la
// excedencia de a.
//
// La tesis dice que la inclusión sale «redefiniendo el acarreo y
// consultando la tabla de tríadas de otra manera», sin más. La derivación:
// para cada letra, con fa = 2ea + pa y fb = 2eb + pb,
//
//	fb ≤ fa  ⟺  eb + (pb ∧ ¬pa) ≤ ea.
//
// Si las paridades son iguales, 2eb ≤ 2ea ⟺ eb ≤ ea. Si pb = 0 y pa = 1,
// 2eb ≤ 2ea + 1 ⟺ eb ≤ ea (son enteros). Si pb = 1 y pa = 0,
// 2eb + 1 ≤ 2ea ⟺ eb < ea ⟺ eb + 1 ≤ ea. Entonces, con el préstamo
// r = pb ∧ ¬pa (el acarreo redefinido, un conjunto de letras):
//
//	b ⊆ a  ⟺  eb ⊎ r ⊆ ea  ⟺  existe x con x ⊎ eb ⊎ r = ea.
//
// Esa x es la excedencia de a − b: en a = b ⊎ (a − b) el acarreo es
// pb ∧ (pa ⊕ pb) = pb ∧ ¬pa = r, y por el Teorema 5 ea = eb ⊎ x ⊎ r. Y
// (x, eb, r) es una tríada factible: sus tres partes y su suma ea son
// submulticonjuntos de ea, que es factible. Así que la misma tabla de
// tríadas, indexada por (eb, r, suma) en lugar de (x, eb, r), responde en
// una consulta: un AND NOT, una consulta a la tabla de acarreos (si r no
// es una excedencia factible, no cabe en ea) y una a la de tríadas; la
// paridad de la diferencia es pa ⊕ pb. TestPropiedadesRPE lo compara con
// letra.Multiconjunto.Incluye y Diferencia en léxicos y multiconjuntos al
// azar.
func (t *Tablas) Restar(a, b Multiconjunto) (Multiconjunto, bool) {
	pa, pb := a.Paridad(), b.Paridad()
	ir, ok := t.acarreos.Ver(uint64(pb &^ pa))
	if !ok {
		return 0, false
	}
	x, ok := t.resta.Ver(clave(b.Excedencia(), ir, a.Excedencia()))
	return nuevo(pa^pb, x), ok
}

// Excedencias devuelve la cantidad de excedencias factibles (Tabla 3.4 de
// la tesis).
func (t *Tablas) Excedencias() int { return len(t.excedencias) }

// Acarreos devuelve la cantidad de máscaras de acarreo: las excedencias
// factibles sin letras repetidas.
func (t *Tablas) Acarreos() int { return t.acarreos.N }

// Triadas devuelve la cantidad de tríadas factibles (x, y, r): ternas
// ordenadas de excedencias factibles, r sin letras repetidas, cuya suma es
// factible (Tabla 3.9 de la tesis). La tabla de sumas guarda solo las de
// x ≤ y. La tesis no dice cómo cuenta las suyas, y su número es mucho
// menor: quizás cuenta solo las que aparecen al sumar palabras y manos
// reales.
func (t *Tablas) Triadas() int { return t.triadas }

// Bytes devuelve la memoria aproximada que ocupan las tablas de
// dispersión.
func (t *Tablas) Bytes() int { return t.acarreos.Bytes() + t.suma.Bytes() + t.resta.Bytes() }
