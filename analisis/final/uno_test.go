package final

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/letra"
)

// unoContraUnoBuscado es el final de una ficha contra una buscado con
// negamax sobre los turnos: el que juega en turno (j) con sinPuntos
// turnos sin puntos sale, si puede, o pasa.
func unoContraUnoBuscado(sal [2]int, puede [2]bool, val [2]int, j, sinPuntos, limite int) int {
	pasar := val[1-j] - val[j]
	if sinPuntos+1 < limite {
		pasar = -unoContraUnoBuscado(sal, puede, val, 1-j, sinPuntos+1, limite)
	}
	if puede[j] {
		return max(pasar, sal[j]+2*val[1-j])
	}
	return pasar
}

// dibujarUnoContraUno dibuja un uno contra uno: el límite de turnos sin
// puntos y cuántos van, y de cada jugador los puntos de su mejor salida,
// si puede salir y el valor de su ficha.
func dibujarUnoContraUno(t *rapid.T) (limite, sinPuntos int, sal [2]int, puede [2]bool, val [2]int) {
	limite = rapid.IntRange(1, 8).Draw(t, "limite")
	sinPuntos = rapid.IntRange(0, limite-1).Draw(t, "sinPuntos")
	for j := range 2 {
		sal[j] = rapid.IntRange(0, 80).Draw(t, "sal")
		puede[j] = rapid.Bool().Draw(t, "puede")
		val[j] = rapid.IntRange(0, 10).Draw(t, "val")
	}
	return
}

// valorUnoContraUno, hacia atrás desde el último turno, da lo mismo que
// buscar la cadena de pases desde el turno de ahora.
func TestValorUnoContraUno(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limite, sinPuntos, sal, puede, val := dibujarUnoContraUno(t)
		require.Equal(t, unoContraUnoBuscado(sal, puede, val, 0, sinPuntos, limite), valorUnoContraUno(sal, puede, val, sinPuntos, limite))
	})
}

// La cota de unoContraUno sin la salida del rival: que el rival pueda
// salir nunca le da más al jugador en turno, así que el valor sin que
// pueda es una cota superior del verdadero.
func TestUnoContraUnoSinSalidaDelRivalEsCota(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		limite, sinPuntos, sal, puede, val := dibujarUnoContraUno(t)
		puede[1] = true
		cota := valorUnoContraUno(sal, [2]bool{puede[0], false}, val, sinPuntos, limite)
		require.GreaterOrEqual(t, cota, unoContraUnoBuscado(sal, puede, val, 0, sinPuntos, limite))
	})
}

// ordenarResto ordena de mayor a menor orden y es estable, como
// slices.SortStableFunc, con listas cortas (por inserción) y largas.
func TestOrdenarResto(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 120).Draw(t, "n")
		ls := make([]jugada, n)
		for i := range ls {
			ls[i] = jugada{ini: int32(i), orden: int32(rapid.IntRange(-3, 3).Draw(t, "orden"))}
		}
		esperado := slices.Clone(ls)
		slices.SortStableFunc(esperado, func(a, b jugada) int { return int(b.orden - a.orden) })
		ordenarResto(ls)
		require.Equal(t, esperado, ls)
	})
}

// ordenar pone primero la que se queda sin fichas y, entre las demás,
// una de tres fichas y 12 puntos antes que una de dos y 30: cada ficha
// pesa más que la diferencia de puntos (ver pesoFicha); pasar, al final.
func TestOrdenarFichasAntesQuePuntos(t *testing.T) {
	w := &trabajador{n: 15}
	w.fichas = [2]int{5, 4}
	w.valorMano = [2]int{9, 7}
	nv := &nivel{}
	agregar := func(n, puntos int) {
		ini := int32(len(nv.pool))
		for x := range n {
			nv.pool = append(nv.pool, generador.Puesta{Pos: uint16(16*len(nv.jugadas) + x), Letra: 1})
		}
		nv.jugadas = append(nv.jugadas, jugada{ini: ini, n: int16(n), puntos: int16(puntos)})
	}
	agregar(2, 30) // A
	agregar(0, 0)  // pasar
	agregar(3, 12) // B
	agregar(5, 4)  // sale
	w.ordenar(nv)
	ordenarResto(nv.jugadas)
	var orden []int16
	for _, m := range nv.jugadas {
		orden = append(orden, m.n)
	}
	require.Equal(t, []int16{5, 3, 2, 0}, orden)
}

// ordenar pone, entre dos jugadas de las mismas fichas y los mismos
// puntos, primero la que se saca de encima fichas de más valor (ver
// pesoValor).
func TestOrdenarValorDeLasFichas(t *testing.T) {
	w := &trabajador{n: 15}
	w.fichas = [2]int{5, 4}
	w.valorMano = [2]int{14, 7}
	w.val[1], w.val[2] = 1, 10
	nv := &nivel{}
	agregar := func(l letra.Letra) {
		ini := int32(len(nv.pool))
		for x := range 2 {
			nv.pool = append(nv.pool, generador.Puesta{Pos: uint16(16*len(nv.jugadas) + x), Letra: l})
		}
		nv.jugadas = append(nv.jugadas, jugada{ini: ini, n: 2, puntos: 10})
	}
	agregar(1)
	agregar(2)
	w.ordenar(nv)
	ordenarResto(nv.jugadas)
	require.Equal(t, letra.Letra(2), nv.pool[nv.jugadas[0].ini].Letra)
	require.Greater(t, nv.jugadas[0].orden, nv.jugadas[1].orden)
}
