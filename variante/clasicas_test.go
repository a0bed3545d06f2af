package variante_test

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante"
)

func TestPremiosClasicos(t *testing.T) {
	p := variante.PremiosClasicos()
	require.Equal(t, 15, p.Tamano())
	cuenta := map[variante.Premio]int{}
	for f := range 15 {
		for c := range 15 {
			x := p.Premio(f, c)
			cuenta[x]++
			// Simétrico respecto de las dos diagonales y de los dos ejes.
			require.Equal(t, x, p.Premio(c, f))
			require.Equal(t, x, p.Premio(14-f, c))
			require.Equal(t, x, p.Premio(f, 14-c))
		}
	}
	require.Equal(t, map[variante.Premio]int{
		variante.SinPremio: 225 - 8 - 17 - 12 - 24, variante.PalabraTriple: 8,
		variante.PalabraDoble: 17, variante.LetraTriple: 12, variante.LetraDoble: 24,
	}, cuenta)
	// Las casillas de los ejemplos de la tesis de Romero et al. (2018): 15L letra
	// doble, 15O y 8O palabra triple; y el centro, palabra doble.
	require.Equal(t, variante.LetraDoble, p.Premio(14, 11))
	require.Equal(t, variante.PalabraTriple, p.Premio(14, 14))
	require.Equal(t, variante.PalabraTriple, p.Premio(7, 14))
	require.Equal(t, variante.PalabraDoble, p.Premio(7, 7))
	require.Equal(t, variante.SinPremio, p.Premio(-1, 3), "fuera del tablero")

	otra, err := variante.ParsearPremios(p.String())
	require.NoError(t, err)
	require.Equal(t, p, otra, "la forma de texto se vuelve a leer igual")

	for premio, mult := range map[variante.Premio][2]int{
		variante.SinPremio: {1, 1}, variante.LetraDoble: {2, 1}, variante.LetraTriple: {3, 1},
		variante.PalabraDoble: {1, 2}, variante.PalabraTriple: {1, 3},
	} {
		require.Equal(t, mult, [2]int{premio.PorLetra(), premio.PorPalabra()}, premio.String())
	}
}

func TestParsearPremiosErrores(t *testing.T) {
	for _, texto := range []string{"", "..\n.", "..\n.x", "...\n...", strings.Repeat(".", 5000)} {
		_, err := variante.ParsearPremios(texto)
		require.ErrorIs(t, err, variante.ErrPremiosInvalidos, "%q", texto)
		require.Less(t, len(err.Error()), 200, "cita un trozo corto")
	}
	_, err := variante.ParsearPremios(strings.Repeat(".\n", variante.MaxTamanoTablero+1))
	require.ErrorIs(t, err, limite.Err)
}

// Las líneas vacías no se guardan: 16 MB de líneas vacías reservaban
// 300 MB; ahora, nada.
func TestPremiosLineasVacias(t *testing.T) {
	texto := strings.Repeat("\n", 16<<20) + "..\n..\n" + strings.Repeat("  \n", 1<<20)
	// TotalAlloc cuenta lo que reserva todo el proceso (el runtime, otras
	// gorutinas): lo de más solo suma, así que vale la menor de hasta tres
	// medidas (basta una por debajo del límite).
	reservado := uint64(math.MaxUint64)
	for i := 0; i < 3 && reservado >= 1<<10; i++ {
		var antes, despues runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&antes)
		p, err := variante.ParsearPremios(texto)
		runtime.ReadMemStats(&despues)
		require.NoError(t, err)
		require.Equal(t, 2, p.Tamano())
		reservado = min(reservado, despues.TotalAlloc-antes.TotalAlloc)
	}
	require.Less(t, reservado, uint64(1<<10))
}

// FuzzParsearPremios: ningún texto hace entrar en pánico a ParsearPremios,
// sus errores citan un trozo corto, y lo que se lee se escribe y se vuelve
// a leer igual.
func FuzzParsearPremios(f *testing.F) {
	f.Add(variante.PremiosClasicos().String())
	f.Add("P.\n.l\n")
	f.Add("..\n.x")
	f.Fuzz(func(t *testing.T, texto string) {
		p, err := variante.ParsearPremios(texto)
		if err != nil {
			require.ErrorIs(t, err, variante.ErrPremiosInvalidos)
			require.Less(t, len(err.Error()), 1000, "cita un trozo corto (32 runas, entre comillas)")
			return
		}
		otra, err := variante.ParsearPremios(p.String())
		require.NoError(t, err)
		require.Equal(t, p, otra)
	})
}

func TestOpcionesClasicas(t *testing.T) {
	alf := alfabetoChico(t)
	lex, err := trie.NuevoDAWG([][]letra.Letra{{0, 1}})
	require.NoError(t, err)

	v, err := variante.Nueva(alf, 5, 3, nil, lex, variante.Opciones{})
	require.NoError(t, err)
	require.True(t, v.EsDeLaEspecificacion())
	require.Nil(t, v.Premios())
	require.Equal(t, variante.SinPremio, v.Premio(2, 2))
	require.Zero(t, v.TurnosSinPuntos())

	premios, err := variante.ParsearPremios("P...P\n.l.L.\n..p..\n.....\nP...P")
	require.NoError(t, err)
	v, err = variante.Nueva(alf, 5, 3, nil, lex, variante.Opciones{
		Premios: premios, Conexion: true, Comodines: 2, Bingo: 50, Cambios: true, Bolsa: true,
		FinDePartida: 6, Distribucion: map[letra.Letra]int{0: 3, 1: 1},
	})
	require.NoError(t, err)
	require.False(t, v.EsDeLaEspecificacion())
	require.Equal(t, variante.LetraTriple, v.Premio(1, 3))
	require.True(t, v.Conexion())
	f, c := v.Centro()
	require.Equal(t, [2]int{2, 2}, [2]int{f, c})
	require.Equal(t, 2, v.Comodines())
	require.Equal(t, 50, v.Bingo())
	require.True(t, v.Cambios())
	require.True(t, v.Bolsa())
	require.Equal(t, 6, v.TurnosSinPuntos())
	require.Equal(t, letra.NuevoMulticonjunto(0, 0, 0, 1, letra.Comodin, letra.Comodin), v.Distribucion(),
		"la distribución lleva los comodines, sea cual sea el orden de las opciones")
	require.Zero(t, v.ValorFicha(letra.Comodin))

	// Con bolsa, el repositorio es una bolsa exacta, sin largo mínimo.
	largo, err := v.LargoRepositorio(4)
	require.NoError(t, err)
	require.Zero(t, largo)
	r, err := v.Repositorio(4, 7)
	require.NoError(t, err)
	require.Equal(t, v.Distribucion(), letra.NuevoMulticonjunto(r...))
	otro, err := v.Repositorio(4, 7)
	require.NoError(t, err)
	require.Equal(t, r, otro, "la misma semilla da la misma bolsa")

	// Opciones devuelve lo que se dio, y Con deriva otra variante con el
	// mismo léxico sin tocar la primera.
	op := v.Opciones()
	require.Equal(t, 6, op.FinDePartida)
	op.Distribucion[0] = 99 // una copia: no cambia v
	require.Equal(t, 3, v.Opciones().Distribucion[0])
	op = v.Opciones()
	op.ReglaFin, op.Comodines = variante.FinNorteamericano, 0
	w, err := v.Con(op)
	require.NoError(t, err)
	require.Equal(t, variante.FinNorteamericano, w.ReglaFin())
	require.Equal(t, letra.NuevoMulticonjunto(0, 0, 0, 1), w.Distribucion())
	require.Equal(t, variante.FinInternacional, v.ReglaFin())
	require.Equal(t, 2, v.Comodines())
	require.Same(t, v.Lexico(), w.Lexico())

	for nombre, caso := range map[string]struct {
		op  variante.Opciones
		err error
	}{
		"premios de otro tamaño":     {variante.Opciones{Premios: variante.PremiosClasicos()}, variante.ErrPremiosInvalidos},
		"comodines negativos":        {variante.Opciones{Comodines: -1}, variante.ErrDistribucionInvalida},
		"bingo negativo":             {variante.Opciones{Bingo: -5}, variante.ErrPuntajeInvalido},
		"turnos negativos":           {variante.Opciones{FinDePartida: -1}, variante.ErrTurnosInvalidos},
		"regla de fin desconocida":   {variante.Opciones{FinDePartida: 6, ReglaFin: 7}, variante.ErrTurnosInvalidos},
		"comodín en la distribución": {variante.Opciones{Distribucion: map[letra.Letra]int{letra.Comodin: 2}}, variante.ErrDistribucionInvalida},
	} {
		_, err := variante.Nueva(alf, 5, 3, nil, lex, caso.op)
		require.ErrorIs(t, err, caso.err, nombre)
		_, err = v.Con(caso.op)
		require.ErrorIs(t, err, caso.err, nombre)
	}
}
