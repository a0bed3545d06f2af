package espanol_test

import (
	"math/rand/v2"
	"testing"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// muestra devuelve unas 25.000 palabras de 2 a 15 letras, mitad legítimas
// (una de cada 50 del léxico) y mitad ilegítimas (cada una de esas con una
// letra cambiada), mezcladas. Van todas seguidas en un único slice: palabras
// devuelve la i-ésima. Así la muestra ocupa unos 250 KB; con un slice por
// palabra ocuparía 1 MB más en encabezados y bloques sueltos, que competirían
// por la caché con el propio léxico y se medirían junto con él.
func muestra(tb testing.TB) (cantidad int, palabra func(i int) []letra.Letra) {
	v := espanol.Variante()
	r := rand.New(rand.NewPCG(1, 2))
	var ps [][]letra.Letra
	i := 0
	for p := range v.Lexico().Palabras() {
		if i++; i%50 != 0 || len(p) < 2 || len(p) > 15 {
			continue
		}
		ps = append(ps, p)
		mala := append([]letra.Letra(nil), p...)
		for v.PalabraLegitima(mala) {
			mala[r.IntN(len(mala))] = letra.Letra(r.IntN(v.Alfabeto().Tamano()))
		}
		ps = append(ps, mala)
	}
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	var letras []letra.Letra
	fin := make([]int, len(ps)+1)
	for i, p := range ps {
		letras = append(letras, p...)
		fin[i+1] = len(letras)
	}
	return len(ps), func(i int) []letra.Letra { return letras[fin[i]:fin[i+1]] }
}

// BenchmarkPalabraLegitima consulta una mezcla de palabras legítimas e
// ilegítimas de 2 a 15 letras. Metas: ≤ 100 ns/op y 0 allocs/op.
func BenchmarkPalabraLegitima(b *testing.B) {
	v := espanol.Variante()
	n, palabra := muestra(b)
	b.ReportAllocs()
	b.ResetTimer()
	legitimas := 0
	for i := range b.N {
		if v.PalabraLegitima(palabra(i % n)) {
			legitimas++
		}
	}
	if b.N >= n && (legitimas == 0 || legitimas == b.N) {
		b.Fatal("la muestra no mezcla legítimas e ilegítimas")
	}
}
