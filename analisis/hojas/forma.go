package hojas

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/bits"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// MaxValores es la mayor cantidad de hojas (con la vacía) que admite una
// tabla: una variante con más (manos muy grandes o muchas letras) se
// rechaza con [ErrDemasiadasHojas].
const MaxValores = 1 << 24

// forma es el orden de las hojas de una variante: cada multiconjunto de
// hasta max fichas que la bolsa permite tiene un número, su posición en la
// tabla. Las fichas son las letras con alguna copia en la bolsa, en orden, y
// el comodín al final (letra.Comodin es la mayor letra); cada una es una
// "casilla" s con tope[s] copias.
//
// El orden es el lexicográfico de los vectores de copias (n₀, n₁, …),
// creciente, con la primera casilla la más significativa. Si G(s, r) es
// cuántas hojas de a lo sumo r fichas se arman con las casillas s, s+1, …,
// la posición de la hoja n es
//
//	Σₛ Σ_{j<nₛ} G(s+1, rₛ − j),   con r₀ = max y rₛ₊₁ = rₛ − nₛ,
//
// y las casillas con nₛ = 0 no suman ni cambian r: se calcula en O(tamaño de
// la hoja) con los sumandos tabulados (suma).
type forma struct {
	max     int           // fichas de la hoja más grande: las de la mano menos una
	letras  []letra.Letra // la letra de cada casilla
	tope    []int         // las copias de cada casilla en la bolsa, hasta max
	copias  []int         // las copias de cada casilla en la bolsa
	casilla [letra.MaxLetras]int8
	// suma[(s·(max+1) + r)·(max+1) + n] = Σ_{j<n} G(s+1, r − j)
	suma []int32
	// porLetra y topeLetra son suma y tope indexados por la letra de la
	// casilla (tope 0 para las letras sin fichas), para posicion.
	porLetra  []int32
	topeLetra [letra.MaxLetras]int
	total     int // hojas, con la vacía: G(0, max)
	// huella resume el alfabeto, la bolsa y max: dos variantes con la
	// misma huella tienen las mismas hojas con los mismos nombres.
	huella uint64
}

// formaDe arma la forma de las hojas de v: hasta F−1 fichas de las que tiene
// su bolsa.
func formaDe(v *variante.Variante) (*forma, error) {
	if v == nil {
		return nil, fmt.Errorf("%w: falta la variante", ErrDemasiadasHojas)
	}
	dist := v.Distribucion()
	f := &forma{max: v.Fichas() - 1}
	for i := range f.casilla {
		f.casilla[i] = -1
	}
	alf := v.Alfabeto()
	h := fnv.New64a()
	for l := range alf.Tamano() {
		h.Write([]byte(alf.Simbolo(letra.Letra(l))))
		h.Write([]byte{0})
	}
	for l := range letra.MaxLetras {
		n := dist.Cantidad(letra.Letra(l))
		if n == 0 {
			continue
		}
		f.casilla[l] = int8(len(f.letras))
		f.letras = append(f.letras, letra.Letra(l))
		f.copias = append(f.copias, n)
		f.tope = append(f.tope, min(n, f.max))
		f.topeLetra[l] = min(n, f.max)
		h.Write(binary.LittleEndian.AppendUint32([]byte{byte(l)}, uint32(n)))
	}
	h.Write([]byte{byte(f.max)})
	f.huella = h.Sum64()

	// g[s][r]: hojas de a lo sumo r fichas con las casillas s, s+1, …
	S, M := len(f.letras), f.max
	g := make([][]uint64, S+1)
	g[S] = make([]uint64, M+1)
	for r := range g[S] {
		g[S][r] = 1
	}
	for s := S - 1; s >= 0; s-- {
		g[s] = make([]uint64, M+1)
		for r := 0; r <= M; r++ {
			for j := 0; j <= min(f.tope[s], r); j++ {
				g[s][r] += g[s+1][r-j]
			}
			if g[s][r] > MaxValores {
				return nil, fmt.Errorf("%w: más de %d con manos de %d fichas", ErrDemasiadasHojas, MaxValores, v.Fichas())
			}
		}
	}
	f.total = int(g[0][M])
	f.porLetra = make([]int32, letra.MaxLetras*(M+1)*(M+1))
	f.suma = make([]int32, S*(M+1)*(M+1))
	for s := range S {
		for r := 0; r <= M; r++ {
			acum := uint64(0)
			for n := 0; n <= min(f.tope[s], r); n++ {
				f.suma[(s*(M+1)+r)*(M+1)+n] = int32(acum)
				f.porLetra[(int(f.letras[s])*(M+1)+r)*(M+1)+n] = int32(acum)
				acum += g[s+1][r-n]
			}
		}
	}
	return f, nil
}

// posicion devuelve la posición de la hoja h, o false si h no es una hoja
// de la tabla: más de max fichas, letras sin fichas en la bolsa o más
// copias de las que hay. Recorre solo las letras de h (su soporte), en
// orden: O(tamaño de h).
func (f *forma) posicion(h *letra.Multiconjunto) (int, bool) {
	if h.Tamano() > f.max {
		return 0, false
	}
	M1 := f.max + 1
	r, pos := f.max, int32(0)
	for sop := uint64(h.Soporte()); sop != 0; sop &= sop - 1 {
		l := bits.TrailingZeros64(sop)
		n := h.Cantidad(letra.Letra(l))
		if n > f.topeLetra[l] {
			return 0, false
		}
		pos += f.porLetra[(l*M1+r)*M1+n]
		r -= n
	}
	return int(pos), true
}

// posicionCuentas es posicion sobre las copias por casilla, en orden.
func (f *forma) posicionCuentas(n []int8) int {
	M1 := f.max + 1
	r, pos := f.max, int32(0)
	for s, k := range n {
		if k != 0 {
			pos += f.suma[(s*M1+r)*M1+int(k)]
			r -= int(k)
		}
	}
	return int(pos)
}

// recorrer llama a fn con las copias por casilla de cada hoja, en el orden
// de sus posiciones (la primera, la vacía). fn no debe guardar n.
func (f *forma) recorrer(fn func(pos int, n []int8)) {
	n := make([]int8, len(f.letras))
	pos := 0
	var rec func(s, r int)
	rec = func(s, r int) {
		if s == len(n) {
			fn(pos, n)
			pos++
			return
		}
		for k := 0; k <= min(f.tope[s], r); k++ {
			n[s] = int8(k)
			rec(s+1, r-k)
		}
		n[s] = 0
	}
	rec(0, f.max)
}

// multiconjunto devuelve la hoja de copias n.
func (f *forma) multiconjunto(n []int8) letra.Multiconjunto {
	var m letra.Multiconjunto
	for s, k := range n {
		if k > 0 {
			m.AgregarN(f.letras[s], int(k))
		}
	}
	return m
}
