package hojas

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
)

// Anotar suma la equidad una vez en cada sub-multiconjunto de la mano de a
// lo sumo MaxHoja fichas (la vacía incluida), y en ningún otro, con el peso
// de las formas de elegirlo entre las fichas de la mano.
func TestAnotarSubhojas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := varianteAlAzar(t)
		m, err := NuevasMuestras(v)
		require.NoError(t, err)
		tb, _ := Nueva(v)
		bolsa := v.Distribucion().Letras()
		var mano letra.Multiconjunto
		for _, i := range rapid.SliceOfNDistinct(rapid.IntRange(0, len(bolsa)-1), 0, min(len(bolsa), v.Fichas()), rapid.ID[int]).Draw(t, "fichas") {
			mano.Agregar(bolsa[i])
		}
		equidad := rapid.Float64Range(-50, 80).Draw(t, "equidad")
		m.Anotar(mano, equidad)
		e := int64(math.Round(equidad / Resolucion))
		esperadas := map[int]int{}
		for _, h := range subMulticonjuntos(mano) {
			if h.Tamano() > tb.MaxHoja() {
				continue
			}
			p, ok := tb.forma.posicion(&h)
			require.True(t, ok)
			// El peso, contando las formas de elegir las fichas.
			w := 1
			for l := range letra.MaxLetras {
				c, k := mano.Cantidad(letra.Letra(l)), h.Cantidad(letra.Letra(l))
				for i := range k {
					w = w * (c - i) / (i + 1)
				}
			}
			esperadas[p] = w
		}
		for p := range m.cuenta {
			if w, ok := esperadas[p]; ok {
				require.EqualValues(t, 1, m.cuenta[p])
				require.EqualValues(t, w, m.peso[p])
				require.Equal(t, int64(w)*e, m.suma[p])
			} else {
				require.Zero(t, m.cuenta[p])
				require.Zero(t, m.peso[p])
			}
		}
		require.Equal(t, 1, m.Manos())
	})
}

// subMulticonjuntos devuelve los sub-multiconjuntos distintos de m.
func subMulticonjuntos(m letra.Multiconjunto) []letra.Multiconjunto {
	res := []letra.Multiconjunto{{}}
	for l := range letra.MaxLetras {
		c := m.Cantidad(letra.Letra(l))
		if c == 0 {
			continue
		}
		var nuevos []letra.Multiconjunto
		for _, h := range res {
			for k := 0; k <= c; k++ {
				x := h
				x.AgregarN(letra.Letra(l), k)
				nuevos = append(nuevos, x)
			}
		}
		res = nuevos
	}
	return res
}

// Manos al azar de la bolsa cuya equidad es 10 por cada A, con ruido: el
// valor de una hoja es lo que vale conservarla y sacar el resto al azar (con
// 6 A entre 22 fichas y manos de 5, 10·(a + (5 − |H| )·(6 − a)/(22 − |H|))
// menos la media, 10·5·6/22).
func TestAprenderAditivo(t *testing.T) {
	v := varianteChica(t, []int{6, 4, 4, 3, 3}, 2, 5)
	m, err := NuevasMuestras(v)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(1, 2))
	bolsa := v.Distribucion().Letras()
	for range 20000 {
		r.Shuffle(len(bolsa), func(i, j int) { bolsa[i], bolsa[j] = bolsa[j], bolsa[i] })
		mano := letra.NuevoMulticonjunto(bolsa[:5]...)
		m.Anotar(mano, 10*float64(mano.Cantidad(0))+r.NormFloat64()*5)
	}
	tb, res := m.Tabla()
	require.Equal(t, 20000, res.Manos)
	esperado := func(h letra.Multiconjunto) float64 {
		a, k := float64(h.Cantidad(0)), float64(h.Tamano())
		return 10*(a+(5-k)*(6-a)/(22-k)) - 10*5*6/22.0
	}
	for _, h := range []letra.Multiconjunto{
		letra.NuevoMulticonjunto(0), letra.NuevoMulticonjunto(1), letra.NuevoMulticonjunto(0, 0),
		letra.NuevoMulticonjunto(0, 0, 0), letra.NuevoMulticonjunto(1, 2, 3), letra.NuevoMulticonjunto(0, 2, letra.Comodin),
	} {
		require.InDelta(t, esperado(h), tb.Valor(h), 1, "%v", h)
	}
	// El ruido medido es el de las manos (5 puntos, más lo que la hoja no
	// explica).
	require.InDelta(t, 5, res.Ruido[4], 6)
	require.Positive(t, res.Fuerza[2])
}

// Una hoja nunca vista vale su previa: con fichas y pares aditivos, la
// suma de sus fichas.
func TestPreviaAditiva(t *testing.T) {
	v := varianteChica(t, []int{3, 3, 3, 3, 3}, 0, 5)
	m, err := NuevasMuestras(v)
	require.NoError(t, err)
	f := m.forma
	w := []float64{4, -2, 1, 0.5, -3}
	// Las medias de las hojas de una y dos fichas, con muchas
	// observaciones; la base es 0.
	m.cuenta[0], m.peso[0], m.suma[0] = 1000000, 1000000, 0
	n := make([]int8, len(f.letras))
	f.recorrer(func(pos int, c []int8) {
		k, x := 0, 0.0
		for s, y := range c {
			k += int(y)
			x += float64(y) * w[s]
		}
		if k == 1 || k == 2 {
			m.cuenta[pos], m.peso[pos] = 1000000, 1000000
			m.suma[pos] = int64(math.Round(x/Resolucion)) * 1000000
		}
	})
	tb, res := m.Tabla()
	require.Equal(t, f.total-1-len(w)-len(w)*(len(w)+1)/2, res.SinVer)
	copy(n, []int8{1, 0, 2, 1, 0})
	h := f.multiconjunto(n)
	require.InDelta(t, w[0]+2*w[2]+w[3], tb.Valor(h), 0.02)
	copy(n, []int8{0, 3, 0, 0, 1})
	require.InDelta(t, 3*w[1]+w[4], tb.Valor(f.multiconjunto(n)), 0.02)
}

func TestSumarYCodificarMuestras(t *testing.T) {
	v := varianteChica(t, []int{3, 2, 1, 4, 2}, 2, 7)
	r := rand.New(rand.NewPCG(3, 4))
	bolsa := v.Distribucion().Letras()
	todas, _ := NuevasMuestras(v)
	partes := [2]*Muestras{}
	for i := range partes {
		partes[i], _ = NuevasMuestras(v)
	}
	for i := range 500 {
		r.Shuffle(len(bolsa), func(i, j int) { bolsa[i], bolsa[j] = bolsa[j], bolsa[i] })
		mano, eq := letra.NuevoMulticonjunto(bolsa[:7]...), r.Float64()*60-10
		d, u, res := r.IntN(300)-150, r.IntN(94), float64(r.IntN(3))/2
		todas.Anotar(mano, eq)
		todas.AnotarPosicion(d, u, res)
		partes[i%2].Anotar(mano, eq)
		partes[i%2].AnotarPosicion(d, u, res)
	}
	require.NoError(t, partes[0].Sumar(partes[1]))
	require.Equal(t, todas, partes[0])
	b, _ := todas.MarshalBinary()
	otra, err := DecodificarMuestras(b, v)
	require.NoError(t, err)
	require.Equal(t, todas, otra)
	b[len(b)/2] ^= 1
	_, err = DecodificarMuestras(b, v)
	require.ErrorIs(t, err, ErrTablaInvalida)
	b, _ = todas.MarshalBinary()
	_, err = DecodificarMuestras(b, varianteChica(t, []int{3, 2, 1, 4, 2}, 1, 7))
	require.ErrorIs(t, err, ErrOtraVariante)
	_, err = DecodificarMuestras(b[:10], v)
	require.ErrorIs(t, err, ErrTablaInvalida)
	ajena, _ := NuevasMuestras(varianteChica(t, []int{3, 2, 1, 4, 2}, 1, 7))
	require.ErrorIs(t, todas.Sumar(ajena), ErrOtraVariante)
	require.Equal(t, otra, todas, "un Sumar rechazado no cambia nada")
	require.True(t, bytes.Equal(b, must(todas.MarshalBinary())))
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// Posiciones con probabilidad de ganar σ(d/30 + 0,2): la logística ajustada
// se acerca y es creciente en la diferencia.
func TestProbabilidadDeGanar(t *testing.T) {
	v := varianteChica(t, []int{30, 20, 20, 20, 8}, 2, 7)
	m, _ := NuevasMuestras(v)
	r := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		u := 1 + r.IntN(80)
		d := r.IntN(301) - 150
		p := 1 / (1 + math.Exp(-(float64(d)/30 + 0.2)))
		res := 0.0
		if r.Float64() < p {
			res = 1
		}
		m.AnotarPosicion(d, u, res)
	}
	tb, res := m.Tabla()
	require.Equal(t, 200000, res.Posiciones)
	for _, u := range []int{1, 20, 60, 80, 95} {
		require.InDelta(t, 1/(1+math.Exp(-(1+0.2))), tb.ProbabilidadDeGanar(30, u), 0.04, "u=%d", u)
		ant := -1.0
		for d := -500; d <= 500; d += 10 {
			p := tb.ProbabilidadDeGanar(d, u)
			require.Greater(t, p, ant)
			ant = p
		}
	}
	require.Equal(t, 1.0, tb.ProbabilidadDeGanar(3, 0))
	require.Equal(t, 0.5, tb.ProbabilidadDeGanar(0, 0))
	require.Equal(t, 0.0, tb.ProbabilidadDeGanar(-3, 0))
	vacia, _ := Nueva(v)
	require.Equal(t, 0.5, vacia.ProbabilidadDeGanar(40, 30))
}
