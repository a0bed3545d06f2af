package espanol_test

import (
	"math/rand/v2"
	"testing"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// muestra devuelve palabras legítimas de 2 a 15 letras tomadas del léxico, y
// otras tantas ilegítimas obtenidas cambiando una letra de cada una,
// mezcladas.
func muestra(tb testing.TB) [][]letra.Letra {
	v := espanol.Variante()
	r := rand.New(rand.NewPCG(1, 2))
	var res [][]letra.Letra
	i := 0
	for p := range v.Lexico().Palabras() {
		if i++; i%50 != 0 || len(p) < 2 || len(p) > 15 {
			continue
		}
		res = append(res, p)
		mala := append([]letra.Letra(nil), p...)
		for v.PalabraLegitima(mala) {
			mala[r.IntN(len(mala))] = letra.Letra(r.IntN(v.Alfabeto().Tamano()))
		}
		res = append(res, mala)
	}
	r.Shuffle(len(res), func(i, j int) { res[i], res[j] = res[j], res[i] })
	return res
}

// BenchmarkPalabraLegitima consulta una mezcla de palabras legítimas e
// ilegítimas de 2 a 15 letras. Metas: ≤ 100 ns/op y 0 allocs/op.
func BenchmarkPalabraLegitima(b *testing.B) {
	v := espanol.Variante()
	palabras := muestra(b)
	b.ReportAllocs()
	b.ResetTimer()
	legitimas := 0
	for i := range b.N {
		if v.PalabraLegitima(palabras[i%len(palabras)]) {
			legitimas++
		}
	}
	if b.N >= len(palabras) && (legitimas == 0 || legitimas == b.N) {
		b.Fatal("la muestra no mezcla legítimas e ilegítimas")
	}
}
