package aprendizaje

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/stretchr/testify/require"
)

// varianteChica es una variante clásica con manos de 5 fichas, una bolsa
// de 9 letras y un comodín, y las palabras de hasta 4 letras del léxico
// español hechas con esas letras.
func varianteChica(t *testing.T) *variante.Variante {
	alf := letra.Espanol()
	dist := map[letra.Letra]int{}
	for s, n := range map[string]int{"A": 8, "E": 8, "O": 6, "I": 4, "S": 5, "R": 5, "N": 4, "L": 4, "T": 4} {
		l, ok := alf.Indice(s)
		require.True(t, ok)
		dist[l] = n
	}
	var palabras [][]letra.Letra
	for p := range espanol.Variante().Lexico().Palabras() {
		if len(p) <= 4 && !slices.ContainsFunc(p, func(l letra.Letra) bool { return dist[l] == 0 }) {
			palabras = append(palabras, slices.Clone(p))
		}
	}
	lex, err := trie.NuevoDAWG(palabras)
	require.NoError(t, err)
	op := variante.Clasicas()
	op.Distribucion, op.Comodines = dist, 1
	v, err := variante.Nueva(alf, 15, 5, espanol.Puntajes(), lex, op)
	require.NoError(t, err)
	return v
}

// Un aprendizaje chico de punta a punta: el mismo con una gorutina
// interrumpida y retomada que con dos de un tirón, byte a byte.
func TestEntrenarYSeguir(t *testing.T) {
	v := varianteChica(t)
	dir := t.TempDir()
	c := config{
		entrenamiento: entrenamiento{Idioma: "chico", Partidas: []int{24, 16}, Semilla: 7},
		variante:      v, gorutinas: 2, bloque: 8,
		punto: filepath.Join(dir, "a.punto"), progreso: io.Discard, registro: io.Discard,
	}
	tabla, gens, err := entrenar(c)
	require.NoError(t, err)
	require.Len(t, gens, 2)
	require.Positive(t, gens[0].Manos)
	require.Positive(t, gens[1].Manos)
	require.LessOrEqual(t, gens[1].SinVer, gens[1].PocoVistas)
	require.Less(t, gens[1].SinVer, tabla.Tamano(), "algunas hojas se vieron")
	a, _ := tabla.MarshalBinary()
	_, err = hojas.Decodificar(a, v, hojas.Opciones{})
	require.NoError(t, err)

	// Interrumpida después de cada bloque y retomada.
	c.gorutinas, c.punto = 1, filepath.Join(dir, "b.punto")
	cortes := 0
	c.parar = func() bool { cortes++; return true }
	var b []byte
	for vueltas := 0; ; vueltas++ {
		require.Less(t, vueltas, 20)
		tabla, _, err := entrenar(c)
		if errors.Is(err, errInterrumpido) {
			continue
		}
		require.NoError(t, err)
		b, _ = tabla.MarshalBinary()
		break
	}
	require.Equal(t, 5, cortes, "3 bloques de la primera generación y 2 de la segunda")
	require.True(t, bytes.Equal(a, b), "interrumpida y retomada da lo mismo")

	// Un punto de otro entrenamiento no se usa.
	c.Semilla = 8
	_, _, err = entrenar(c)
	require.ErrorIs(t, err, errPunto)
}
