package tablero_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/internal/pruebas/tad"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// alfabetos para las pruebas: uno de letras sueltas y uno con dígrafos,
// que se escriben con varios caracteres.
var alfabetos = []*letra.Alfabeto{letra.Ingles(), letra.EspanolConDigrafos()}

// ficha genera una ficha en un tablero de n×n, a veces un comodín.
func ficha(t *rapid.T, n int, alf *letra.Alfabeto, comodines bool) ocurrencia.Ficha {
	return ocurrencia.Ficha{
		Fila:    rapid.IntRange(0, n-1).Draw(t, "fila"),
		Columna: rapid.IntRange(0, n-1).Draw(t, "columna"),
		Letra:   letra.Letra(rapid.IntRange(0, alf.Tamano()-1).Draw(t, "letra")),
		Comodin: comodines && rapid.Bool().Draw(t, "comodin"),
	}
}

// TestComoElModelo compara el tablero con la transcripción literal del TAD
// TABLERO (internal/pruebas/tad): tras cada ponerLetra valen lo mismo hayLetra?,
// letra, libre?, ocupada?, enTablero? y contenidoDelTablero, y las palabras
// son las de ocurrenciasDePalabras (la transcripción exponencial para pocas
// fichas, la de R1 para más). Un tablero viejo no cambia al poner fichas en
// uno nuevo.
func TestComoElModelo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "n")
		alf := letra.Ingles()
		tab, err := tablero.Nuevo(n, alf)
		require.NoError(t, err)
		mod := tad.NuevoTablero(n)
		var historia []tablero.Tablero
		var textos []string
		for range rapid.IntRange(0, 12).Draw(t, "pasos") {
			f := ficha(t, n, alf, false)
			nuevo, err := tab.Poner(f)
			if mod.Ocupada(f.Fila, f.Columna) {
				require.ErrorIs(t, err, tablero.ErrCeldaOcupada)
				require.Equal(t, tab, nuevo, "un Poner rechazado no cambia nada")
				continue
			}
			require.NoError(t, err)
			historia, textos = append(historia, tab), append(textos, tab.String())
			tab, mod = nuevo, mod.PonerLetra(f.Fila, f.Columna, f.Letra)
			for i := -1; i <= n; i++ {
				for k := -1; k <= n; k++ {
					require.Equal(t, mod.EnTablero(i, k), tab.EnTablero(i, k))
					require.Equal(t, mod.Libre(i, k), tab.Libre(i, k), "libre?(%d,%d)", i, k)
					require.Equal(t, mod.Ocupada(i, k), tab.Ocupada(i, k), "ocupada?(%d,%d)", i, k)
					if mod.Ocupada(i, k) {
						l, ok := tab.Letra(i, k)
						require.True(t, ok)
						require.Equal(t, mod.Letra(i, k), l)
					}
				}
			}
			require.True(t, tad.IgualConjunto(mod.ContenidoDelTablero(0, 0), tab.Contenido().Slice()))
			require.Equal(t, mod.ContenidoDelTablero(0, 0) != nil, !tab.Vacio())
			palabrasModelo := tad.OcurrenciasDePalabrasR1(mod)
			if tab.Ocupadas() <= 6 {
				palabrasModelo = tad.OcurrenciasDePalabras(mod)
			}
			palabras := tab.Palabras()
			require.Len(t, palabras, len(palabrasModelo))
			for _, p := range palabras {
				require.True(t, slices.ContainsFunc(palabrasModelo, func(q tad.Ocurrencia) bool { return tad.IgualConjunto(p.Slice(), q) }),
					"la palabra %v no está en el modelo\n%v", p, tab)
			}
		}
		for i, viejo := range historia {
			require.Equal(t, textos[i], viejo.String(), "un tablero anterior cambió")
		}
	})
}

// TestTextoIdaYVuelta: leer lo que escribe String da el mismo tablero
// (==), con comodines y con símbolos de varias letras.
func TestTextoIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alf := rapid.SampledFrom(alfabetos).Draw(t, "alfabeto")
		n := rapid.IntRange(1, 16).Draw(t, "n")
		tab, err := tablero.Nuevo(n, alf)
		require.NoError(t, err)
		for range rapid.IntRange(0, 2*n).Draw(t, "fichas") {
			if nuevo, err := tab.Poner(ficha(t, n, alf, true)); err == nil {
				tab = nuevo
			}
		}
		texto := tab.String()
		leido, err := tablero.Parsear(texto, alf)
		require.NoError(t, err)
		require.Equal(t, tab, leido, "%s", texto)
		require.True(t, tab == leido)
	})
}

// FuzzParsear: ningún texto hace entrar en pánico a Parsear, sus errores
// citan un trozo corto, y lo que se lee se vuelve a escribir y a leer
// igual.
func FuzzParsear(f *testing.F) {
	f.Add("  0 1 2\n0 · · ·\n1 · S O\n2 · · a\n")
	f.Add(". . .\n. CH .\n. . rr\n")
	f.Add("A")
	f.Fuzz(func(t *testing.T, texto string) {
		for _, alf := range alfabetos {
			tab, err := tablero.Parsear(texto, alf)
			if err != nil {
				require.ErrorIs(t, err, tablero.ErrTexto)
				require.Less(t, len(err.Error()), 1000, "cita un trozo corto")
				continue
			}
			otra, err := tablero.Parsear(tab.String(), alf)
			require.NoError(t, err)
			require.Equal(t, tab, otra)
		}
	})
}

func TestErrores(t *testing.T) {
	_, err := tablero.Nuevo(0, letra.Ingles())
	require.ErrorIs(t, err, variante.ErrTamanoInvalido)
	_, err = tablero.Nuevo(tablero.MaxTamano+1, letra.Ingles())
	require.ErrorIs(t, err, variante.ErrTamanoInvalido)
	_, err = tablero.Nuevo(3, nil)
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
	tab, _ := tablero.Nuevo(3, letra.Ingles())
	for _, c := range []struct {
		fichas []ocurrencia.Ficha
		err    error
	}{
		{[]ocurrencia.Ficha{{Fila: -1, Columna: 0}}, tablero.ErrFueraDelTablero},
		{[]ocurrencia.Ficha{{Fila: 0, Columna: 3}}, tablero.ErrFueraDelTablero},
		{[]ocurrencia.Ficha{{Fila: 0, Columna: 0, Letra: 26}}, letra.ErrFueraDeRango},
		{[]ocurrencia.Ficha{{Fila: 0, Columna: 0, Letra: letra.Comodin}}, letra.ErrFueraDeRango},
		{[]ocurrencia.Ficha{{Fila: 1, Columna: 1}, {Fila: 1, Columna: 1, Letra: 2}}, tablero.ErrCeldaOcupada},
	} {
		nuevo, err := tab.Poner(c.fichas...)
		require.ErrorIs(t, err, c.err)
		require.Equal(t, tab, nuevo)
		require.True(t, nuevo.Vacio())
	}
	_, err = tablero.Parsear("A", nil)
	require.ErrorIs(t, err, letra.ErrAlfabetoInvalido)
	for _, texto := range []string{"", "A B\nC", "  0 1\n0 A B\n2 C D\n", "A 9\nB C\n", "?"} {
		_, err := tablero.Parsear(texto, letra.Ingles())
		require.ErrorIs(t, err, tablero.ErrTexto, "%q", texto)
	}
}

// TestPrincipal: la palabra principal de una jugada es la corrida de su
// línea; la de una ficha sola, la horizontal si la tiene.
func TestPrincipal(t *testing.T) {
	en := letra.Ingles()
	tab, err := tablero.Parsear(`
. . . . .
. C A T .
. . . O .
. . . . .
. . . . .`, en)
	require.NoError(t, err)
	o := func(texto string) ocurrencia.Ocurrencia {
		x, err := ocurrencia.Parsear(texto, en)
		require.NoError(t, err)
		return x
	}
	for _, c := range []struct {
		jugada, palabra string
		horizontal, ok  bool
	}{
		{"(1,1,C) (1,2,A)", "{(1,1,C), (1,2,A), (1,3,T)}", true, true},
		{"(2,3,O)", "{(1,3,T), (2,3,O)}", false, true},
		{"(1,3,T)", "{(1,1,C), (1,2,A), (1,3,T)}", true, true},
		{"(1,1,C) (2,3,O)", "{(1,1,C), (1,2,A), (1,3,T)}", true, false},
		{"(0,0,C)", "{}", false, false},
	} {
		p, h, ok := tab.Principal(o(c.jugada))
		require.Equal(t, c.ok, ok, c.jugada)
		if ok {
			require.Equal(t, c.palabra, p.Formatear(en), c.jugada)
			require.Equal(t, c.horizontal, h, c.jugada)
		}
	}
}

// Issue 26: una palabra de 30 MB tardaba 18 s, ocupaba 1,4 GB y el error
// la repetía entera. Ahora se descarta sin leerla (ninguna letra es tan
// larga) y el error cita un trozo.
func TestPalabraEnorme(t *testing.T) {
	texto := strings.Repeat("A", 30<<20)
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	_, err := tablero.Parsear(texto, letra.EspanolConDigrafos())
	runtime.ReadMemStats(&despues)
	require.ErrorIs(t, err, tablero.ErrTexto)
	require.Less(t, len(err.Error()), 200)
	require.Less(t, despues.TotalAlloc-antes.TotalAlloc, uint64(1<<20))

	// Un tablero grande se lee sin guardar sus líneas: la memoria es la del
	// tablero (tres copias de N² bytes: el vacío, el que se llena y el
	// resultado) y poco más.
	grande := strings.Repeat(strings.Repeat(". ", 2000)+"\n", 2000)
	runtime.GC()
	runtime.ReadMemStats(&antes)
	tab, err := tablero.Parsear(grande, letra.EspanolConDigrafos())
	runtime.ReadMemStats(&despues)
	require.NoError(t, err)
	require.Equal(t, 2000, tab.Tamano())
	require.Less(t, despues.TotalAlloc-antes.TotalAlloc, uint64(4*2000*2000))

	if pruebas.Largas() {
		_, err = tablero.Parsear(strings.Repeat(" ", tablero.MaxTexto+1), letra.Ingles())
		require.ErrorIs(t, err, limite.Err)
	}
}
