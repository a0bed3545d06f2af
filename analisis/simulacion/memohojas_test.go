package simulacion

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
)

// subhojasContadas son unas Hojas con Subhojas que cuentan las llamadas a
// Subhojas: el valor de la hoja p de la mano depende de la mano y de p.
type subhojasContadas struct{ llamadas int }

func (s *subhojasContadas) Valor(h letra.Multiconjunto) float64 { return float64(h.Tamano()) }

func (s *subhojasContadas) Subhojas(mano letra.Multiconjunto, dst []float64) []float64 {
	s.llamadas++
	total := 1
	for l := range letra.Letra(letra.MaxLetras) {
		total *= mano.Cantidad(l) + 1
	}
	dst = dst[:0]
	for p := range total {
		dst = append(dst, float64(p)*0.5+float64(mano.Tamano())+float64(mano.Cantidad(1))*100)
	}
	return dst
}

// TestMemoHojas: con la memoria, Subhojas da lo mismo que las Hojas para
// cualquier sucesión de manos, y una mano que se repite entre las últimas
// memoManos no se vuelve a calcular.
func TestMemoHojas(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var manos []letra.Multiconjunto
		for range rapid.IntRange(1, 6).Draw(rt, "distintas") {
			ls := rapid.SliceOfN(rapid.Uint8Range(0, 4), 1, 7).Draw(rt, "mano")
			var m letra.Multiconjunto
			for _, l := range ls {
				m.Agregar(letra.Letra(l))
			}
			manos = append(manos, m)
		}
		base := &subhojasContadas{}
		var memo memoHojas
		hs := conMemoria(&memo, base)
		sh := hs.(interface {
			Subhojas(letra.Multiconjunto, []float64) []float64
		})
		ref := &subhojasContadas{}
		var dst []float64
		var ultimas []letra.Multiconjunto
		for range rapid.IntRange(1, 30).Draw(rt, "llamadas") {
			m := manos[rapid.IntRange(0, len(manos)-1).Draw(rt, "cual")]
			antes := base.llamadas
			dst = sh.Subhojas(m, dst)
			require.Equal(t, ref.Subhojas(m, nil), dst)
			// Entre las manos distintas calculadas por última vez.
			recordada := false
			for _, u := range ultimas {
				recordada = recordada || u == m
			}
			if recordada {
				require.Equal(t, antes, base.llamadas, "una mano recordada se volvió a calcular")
			} else {
				require.Equal(t, antes+1, base.llamadas)
				ultimas = append(ultimas, m)
				if len(ultimas) > memoManos {
					ultimas = ultimas[1:]
				}
			}
		}
	})
}

// hojasSinSubhojas son unas Hojas sin el camino rápido de Subhojas: el
// valor depende de cada letra y de sus copias, no solo del tamaño.
type hojasSinSubhojas struct{}

func (hojasSinSubhojas) Valor(h letra.Multiconjunto) float64 {
	v := 0.0
	for l := range letra.Letra(letra.MaxLetras) {
		c := float64(h.Cantidad(l))
		v += c*float64(l+1)*1.5 - c*c*0.25
	}
	return v
}

// TestMemoHojasSinSubhojas: con unas Hojas sin Subhojas, la memoria da en
// la posición Σ kₓ·pₓ (generador.Subhojas) el Valor de la hoja que conserva
// kₓ fichas de cada letra x, recordada o no.
func TestMemoHojasSinSubhojas(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var memo memoHojas
		hs := conMemoria(&memo, hojasSinSubhojas{})
		sh := hs.(interface {
			Subhojas(letra.Multiconjunto, []float64) []float64
		})
		var dst []float64
		for range rapid.IntRange(1, 8).Draw(rt, "llamadas") {
			ls := rapid.SliceOfN(rapid.Uint8Range(0, 5), 0, 7).Draw(rt, "mano")
			var m letra.Multiconjunto
			for _, l := range ls {
				m.Agregar(letra.Letra(l))
			}
			dst = sh.Subhojas(m, dst)
			total := 1
			for l := range letra.Letra(letra.MaxLetras) {
				total *= m.Cantidad(l) + 1
			}
			require.Len(t, dst, total)
			for p := range total {
				var hoja letra.Multiconjunto
				q := p
				for l := range letra.Letra(letra.MaxLetras) {
					c := m.Cantidad(l)
					if c == 0 {
						continue
					}
					hoja.AgregarN(l, q%(c+1))
					q /= c + 1
				}
				require.Equal(t, hojasSinSubhojas{}.Valor(hoja), dst[p], "hoja %d de %v", p, m)
			}
		}
	})
	require.Nil(t, conMemoria(&memoHojas{}, nil), "sin hojas, nil")
}
