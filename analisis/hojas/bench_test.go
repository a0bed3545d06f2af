package hojas_test

import (
	"testing"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// manosDePrueba son hojas de 1 a 6 fichas de la bolsa española, con y sin
// comodines.
func hojasDePrueba(b *testing.B) []letra.Multiconjunto {
	alf := letra.EspanolConDigrafos()
	var res []letra.Multiconjunto
	for _, s := range []string{"AERS", "?", "EINRST", "QU", "ZZ", "ÑLLRR?", "AEIO", "CHLLRR", "??SER", "BBCDFG", "A", "ENO"} {
		var m letra.Multiconjunto
		for _, r := range s {
			if r == '?' {
				m.Agregar(letra.Comodin)
			}
		}
		sin := []rune{}
		for _, r := range s {
			if r != '?' {
				sin = append(sin, r)
			}
		}
		ls, err := alf.ParsearFichas(string(sin))
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range ls {
			m.Agregar(l)
		}
		res = append(res, m)
	}
	return res
}

func BenchmarkValor(b *testing.B) {
	tb, err := hojas.Nueva(espanol.Clasica())
	if err != nil {
		b.Fatal(err)
	}
	hs := hojasDePrueba(b)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += tb.Valor(hs[i%len(hs)])
	}
	_ = s
}

func BenchmarkSubhojas(b *testing.B) {
	tb, err := hojas.Nueva(espanol.Clasica())
	if err != nil {
		b.Fatal(err)
	}
	alf := letra.EspanolConDigrafos()
	ls, _ := alf.ParsearFichas("AERSTIO")
	mano := letra.NuevoMulticonjunto(ls...)
	dst := tb.Subhojas(mano, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = tb.Subhojas(mano, dst)
	}
}
