package cruces

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
)

// reglasDe devuelve las reglas de un léxico de palabras sobre las primeras
// letras del alfabeto, con valor x+1 para la letra x: con los arcos de su
// GADDAG si conArcos.
func reglasDe(t require.TestingT, palabras [][]letra.Letra, letras int, conArcos bool) *Reglas {
	d, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	r := &Reglas{Lexico: d, Letras: 1<<letras - 1}
	for x := range letras {
		r.Valor[x] = x + 1
	}
	if conArcos {
		g, err := trie.NuevoGADDAG(d)
		require.NoError(t, err)
		r.Arcos, r.RaizArcos, r.ConArcos = g.Arcos(), uint32(g.Raiz())>>1, true
	}
	return r
}

// cruceReferencia es el cruce de la celda libre p (fila·n + columna) en la
// dirección d (0: la palabra perpendicular es vertical), probando cada
// letra: las x tales que las fichas de antes, x y las de después forman una
// palabra del léxico; y la suma de los valores de esas fichas (−1 sin
// ninguna).
func cruceReferencia(r *Reglas, letras []letra.Letra, n, p, d, alfabeto int) (uint64, int) {
	f, c := p/n, p%n
	df, dc := 1, 0
	if d == 1 {
		df, dc = 0, 1
	}
	ocupada := func(f, c int) bool { return f >= 0 && f < n && c >= 0 && c < n && letras[f*n+c] != 0 }
	ini, fin := 0, 0
	for ocupada(f-(ini+1)*df, c-(ini+1)*dc) {
		ini++
	}
	for ocupada(f+(fin+1)*df, c+(fin+1)*dc) {
		fin++
	}
	if ini == 0 && fin == 0 {
		return r.Letras, -1
	}
	var permitidas uint64
	suma := 0
	for x := range alfabeto {
		var w []letra.Letra
		for k := -ini; k <= fin; k++ {
			if k == 0 {
				w = append(w, letra.Letra(x))
				continue
			}
			l := letras[(f+k*df)*n+c+k*dc] - 1
			w = append(w, l)
			if x == 0 {
				suma += r.Valor[l]
			}
		}
		if r.Lexico.Contiene(w) {
			permitidas |= 1 << x
		}
	}
	return permitidas, suma
}

// TestCruzarComoProbarCadaLetra: en tableros al azar sobre léxicos chicos,
// los cruces y las sumas de cada celda libre en las dos direcciones son los
// de probar cada letra del alfabeto, con los arcos del GADDAG (ConArcos,
// como los usa el generador) y solo con el DAWG.
func TestCruzarComoProbarCadaLetra(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		alfabeto := rapid.IntRange(1, 5).Draw(rt, "alfabeto")
		palabra := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) letra.Letra {
			return letra.Letra(rapid.IntRange(0, alfabeto-1).Draw(t, "letra"))
		}), 1, 6)
		palabras := rapid.SliceOfN(palabra, 1, 40).Draw(rt, "palabras")
		n := rapid.IntRange(1, 7).Draw(rt, "n")
		letras := make([]letra.Letra, n*n)
		for p := range letras {
			if rapid.IntRange(0, 9).Draw(rt, "ocupada") < 5 {
				letras[p] = letra.Letra(rapid.IntRange(1, alfabeto).Draw(rt, "ficha"))
			}
		}
		for _, conArcos := range []bool{false, true} {
			r := reglasDe(rt, palabras, alfabeto, conArcos)
			var tb Tablero
			tb.Iniciar(n)
			tb.Cargar(r, letras)
			for p := range letras {
				if letras[p] != 0 {
					continue
				}
				for d := range 2 {
					q := p
					if d == 1 {
						q = p%n*n + p/n
					}
					quiere, suma := cruceReferencia(r, letras, n, p, d, alfabeto)
					require.Equal(rt, quiere, tb.Cruce[d][q], "celda %d, dirección %d, con arcos %v", p, d, conArcos)
					require.Equal(rt, suma, tb.Cruzada[d][q], "celda %d, dirección %d, con arcos %v", p, d, conArcos)
				}
			}
		}
	})
}
