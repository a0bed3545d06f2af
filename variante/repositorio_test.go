package variante_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

func TestPropiedadRepositorio(t *testing.T) {
	alf := alfabetoChico(t)
	lex, err := trie.NuevoDAWG(nil)
	require.NoError(t, err)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 12).Draw(t, "n")
		f := rapid.IntRange(1, 9).Draw(t, "f")
		k := rapid.IntRange(1, 6).Draw(t, "k")
		dist := rapid.MapOfN(genLetra(alf.Tamano()-1), rapid.IntRange(1, 15), 1, alf.Tamano()).Draw(t, "distribución")
		semilla := rapid.Uint64().Draw(t, "semilla")
		v, err := variante.Nueva(alf, n, f, nil, lex, variante.Opciones{Distribucion: dist})
		require.NoError(t, err)

		r, err := v.Repositorio(k, semilla)
		require.NoError(t, err)
		require.Len(t, r, n*n+k*f, "el largo que exige nuevoJuego")
		largo, err := v.LargoRepositorio(k)
		require.NoError(t, err)
		require.Equal(t, len(r), largo)

		otra, err := v.Repositorio(k, semilla)
		require.NoError(t, err)
		require.Equal(t, r, otra, "la misma semilla da el mismo repositorio")

		// Solo letras de la distribución, y en cada tramo a lo sumo tantas
		// como bolsas completas caben en él.
		bolsa := v.Distribucion()
		copias := (len(r) + bolsa.Tamano() - 1) / bolsa.Tamano()
		cuenta := letra.NuevoMulticonjunto(r...)
		for l := range alf.Tamano() {
			require.LessOrEqual(t, cuenta.Cantidad(letra.Letra(l)), copias*bolsa.Cantidad(letra.Letra(l)))
		}
	})
}

func TestRepositorioDistribucionExacta(t *testing.T) {
	// Con un largo múltiplo de la bolsa, las cantidades son exactas.
	alf := alfabetoChico(t)
	lex, _ := trie.NuevoDAWG(nil)
	v, err := variante.Nueva(alf, 6, 2, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{0: 3, 1: 1, 3: 2}})
	require.NoError(t, err)
	r, err := v.Repositorio(3, 7) // 36 + 6 = 42 = 7 bolsas de 6
	require.NoError(t, err)
	var siete letra.Multiconjunto
	for range 7 {
		siete = siete.Suma(v.Distribucion())
	}
	require.Equal(t, siete, letra.NuevoMulticonjunto(r...))
	otra, _ := v.Repositorio(3, 8)
	require.NotEqual(t, r, otra, "otra semilla, otra mezcla")
	require.False(t, slices.IsSorted(r), "mezclado")
}

func TestRepositorioErrores(t *testing.T) {
	alf := alfabetoChico(t)
	lex, _ := trie.NuevoDAWG(nil)
	v, err := variante.Nueva(alf, variante.MaxTamanoTablero, variante.MaxFichas, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	for _, k := range []int{0, -1, 1 << 20, 1 << 62} {
		_, err := v.Repositorio(k, 1)
		require.ErrorIs(t, err, variante.ErrJugadoresInvalidos, "k = %d", k)
	}
	_, err = v.Repositorio(2, 1)
	require.NoError(t, err, "el tablero más grande con dos jugadores cabe")
}

// TestRepositorioReproducible fija el comienzo del repositorio de una
// semilla: la promesa es que la misma semilla dé la misma cola en cualquier
// máquina y versión, así que un cambio aquí es un cambio incompatible.
func TestRepositorioReproducible(t *testing.T) {
	alf := alfabetoChico(t)
	lex, _ := trie.NuevoDAWG(nil)
	v, err := variante.Nueva(alf, 3, 2, nil, lex, variante.Opciones{Distribucion: map[letra.Letra]int{0: 4, 1: 3, 2: 2, 3: 1}})
	require.NoError(t, err)
	r, err := v.Repositorio(1, 2024)
	require.NoError(t, err)
	require.Equal(t, "CACAADDACBA", alf.Formatear(r))
}
