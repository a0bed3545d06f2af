package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/limite"
)

// guion corre la consola con las órdenes dadas y devuelve su salida.
func guion(t *testing.T, args []string, ordenes ...string) (string, error) {
	t.Helper()
	var salida strings.Builder
	err := ejecutar(append([]string{"-eco", "-iteraciones", "32"}, args...), strings.NewReader(strings.Join(ordenes, "\n")), &salida)
	return salida.String(), err
}

// TestGuion: la partida española de semilla 1, con sus órdenes; la
// simulación acotada por iteraciones da lo mismo dos veces.
func TestGuion(t *testing.T) {
	ordenes := []string{"tablero", "jugadas 3", "jugar 1", "tablero", "inferir", "simular 4", "jugar 2", "deshacer", "jugar -", "inferir", "salir", "tablero"}
	s, err := guion(t, nil, ordenes...)
	require.NoError(t, err, s)
	for _, se := range []string{
		"> tablero", "     A  B  C", " 15 ", "* jugador 1: 0 puntos, mano ", "no ve (93, 86 en la bolsa)",
		"jugada                 puntos    hoja  equidad", "  1  H", "jugada H", "el rival puso", "se quedó",
		"iteración   32", "gana", "deshecha", "jugada -: 0 puntos", "el rival pasó", "no dice nada",
	} {
		require.Contains(t, s, se)
	}
	require.Equal(t, 2, strings.Count(s, "> tablero"), "salir corta el guion")
	otra, err := guion(t, nil, ordenes...)
	require.NoError(t, err)
	require.Equal(t, s, otra)
}

// TestErrores: las órdenes que fallan se informan y el programa sale con 1;
// las opciones incorrectas son de uso.
func TestErrores(t *testing.T) {
	s, err := guion(t, nil, "volar", "jugar 8D XXXXX", "jugar 9", "deshacer", "jugadas x", "final", "jugar")
	require.ErrorIs(t, err, errOrden)
	require.Equal(t, 7, strings.Count(s, "error:"), s)
	for _, args := range [][]string{{"-turno", "3"}, {"-cgp", "a", "-gcg", "b"}, {"sobra"}, {"-tiempo", "-1s"}, {"-nada"}} {
		var salida strings.Builder
		err := ejecutar(args, strings.NewReader(""), &salida)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
	var salida strings.Builder
	require.NoError(t, ejecutar([]string{"-h"}, nil, &salida))
	require.Contains(t, salida.String(), "Uso: consola")
	require.Error(t, ejecutar([]string{"-cgp", filepath.Join(t.TempDir(), "no")}, nil, &salida))
}

// TestCGP: una posición CGP se carga y se analiza.
func TestCGP(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "p.cgp")
	require.NoError(t, os.WriteFile(ruta, []byte("15/15/15/15/15/15/15/3CASA8/15/15/15/15/15/15/15 AEIOSTR/ 10/0 0 lex FISE2;\n"), 0o644))
	s, err := guion(t, []string{"-cgp", ruta}, "tablero", "jugadas 2", "simular 2")
	require.NoError(t, err, s)
	require.Contains(t, s, "  8  =  ·  ·  C  A  S  A  -")
	require.Contains(t, s, "mano AEIORST")
}

// TestGCG: un turno de una partida real en inglés (con SOWPODS), con el
// turno anterior para inferir. Solo con PALABRAS_LARGAS.
func TestGCG(t *testing.T) {
	pruebas.SoloLargas(t) // leer SOWPODS y armar su GADDAG tarda
	ruta, ok := lexicos.Ruta(lexicos.Sowpods)
	if !ok {
		t.Skip("no está el léxico SOWPODS")
	}
	s, err := guion(t, []string{"-gcg", "../../juego/gcg/testdata/reales/flexo_vignette_quackle_vs_boys.gcg", "-turno", "8", "-lexico", ruta},
		"tablero", "inferir", "jugadas 2")
	require.NoError(t, err, s)
	require.Contains(t, s, "mano AEFMOVZ")
	require.Contains(t, s, "el rival puso AOVW (37 puntos)")
	require.Contains(t, s, "8L M.ZE")
}

// TestVarianteDescrita: la consola juega una variante descrita, aquí la
// de 21×21, con un léxico chico, y la catalana con sus fichas de varias
// letras.
func TestVarianteDescrita(t *testing.T) {
	dir := t.TempDir()
	ingles := filepath.Join(dir, "ingles.txt")
	require.NoError(t, os.WriteFile(ingles, []byte("the\nquick\nbrown\nfox\nqi\nza\ncat\ncats\nat\nas\nta\ntax\nox\nax\nxi\nten\ntea\nate\neat\nrat\nart\n"), 0o644))
	s, err := guion(t, []string{"-variante", "ingles-21", "-lexico", ingles}, "tablero", "jugadas 2", "jugar 1", "tablero")
	require.NoError(t, err, s)
	require.Contains(t, s, "  1  ~  ·  ·  '", "palabra cuádruple en la esquina")
	require.Contains(t, s, " 21 ")
	require.Contains(t, s, "jugada ")

	catala := filepath.Join(dir, "catala.txt")
	require.NoError(t, os.WriteFile(catala, []byte("col·lecció\nnyap\nnyaps\nquatre\nplaça\ncasa\ncases\nsa\nes\nla\nles\n"), 0o644))
	s, err = guion(t, []string{"-variante", "catalan", "-lexico", catala}, "tablero", "jugadas 3")
	require.NoError(t, err, s)
	require.Contains(t, s, "mano ")

	for _, args := range [][]string{{"-variante", "klingon"}, {"-variante", "catalan"}} {
		var salida strings.Builder
		err := ejecutar(args, strings.NewReader(""), &salida)
		require.True(t, errors.As(err, new(programa.ErrorDeUso)), "%v: %v", args, err)
	}
}

// TestLecturaAcotada: un CGP de más de cgp.OmisionMaxBytes (o /dev/zero,
// que no termina) se rechaza con el error de límite sin leerlo entero.
func TestLecturaAcotada(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "grande.cgp")
	require.NoError(t, os.WriteFile(ruta, make([]byte, 2*cgp.OmisionMaxBytes), 0o644))
	rutas := []string{ruta}
	if _, err := os.Stat("/dev/zero"); err == nil {
		rutas = append(rutas, "/dev/zero")
	}
	for _, r := range rutas {
		ini := time.Now()
		_, err := guion(t, []string{"-cgp", r}, "tablero")
		require.ErrorIs(t, err, limite.Err, r)
		require.Less(t, time.Since(ini), time.Second, r)
	}
}

// TestPlazoOrdenes: simular con todas las jugadas (un número enorme),
// inferir y final vuelven dentro de 50 ms de -tiempo (medido contra el mismo
// guion sin la orden: cargar la consola no cuenta).
func TestPlazoOrdenes(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba de tiempos y procesos: corre sin -short")
	}
	const tiempo = 300 * time.Millisecond
	ruta := filepath.Join(t.TempDir(), "final.cgp")
	datos, err := os.ReadFile("../../analisis/final/testdata/finales/es-bot-01.cgp")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(ruta, datos, 0o644))
	correr := func(args []string, ordenes ...string) time.Duration {
		var salida strings.Builder
		ini := time.Now()
		err := ejecutar(append([]string{"-tiempo", tiempo.String()}, args...), strings.NewReader(strings.Join(ordenes, "\n")), &salida)
		d := time.Since(ini)
		require.NoError(t, err, salida.String())
		return d
	}
	for _, c := range []struct {
		args  []string
		orden string
	}{{nil, "simular 2000000000"}, {nil, "simular 5"}, {[]string{"-cgp", ruta}, "final"}, {[]string{"-cgp", ruta}, "simular 2000000000"}} {
		margen := 50 * time.Millisecond // el objetivo del issue 35
		if conCarreras {
			margen = 250 * time.Millisecond
		}
		// La menor de hasta cinco vueltas: en una máquina compartida otros
		// procesos pueden demorar algunas; una orden que no respeta el plazo
		// no baja de él en ninguna.
		mejor := time.Hour
		for range 5 {
			base := correr(c.args, "tablero")
			con := correr(c.args, "tablero", c.orden)
			if mejor = min(mejor, con-base); mejor < tiempo+margen {
				break
			}
		}
		t.Logf("%v %q: %v", c.args, c.orden, mejor)
		require.Less(t, mejor, tiempo+margen, c.orden)
	}
}

// TestSaludoYAyuda: la consola saluda, dice qué cargó, explica la leyenda
// del tablero y qué órdenes limita el plazo; en una terminal muestra el
// indicador antes de cada orden.
func TestSaludoYAyuda(t *testing.T) {
	var salida strings.Builder
	require.NoError(t, ejecutar(nil, strings.NewReader("tablero\nayuda\n"), &salida))
	s := salida.String()
	require.True(t, strings.HasPrefix(s, "Consola del analista (palabras). Cargada: una partida nueva"), s)
	require.Contains(t, s, `"ayuda" las lista`)
	require.Contains(t, s, "(' letra doble, \" letra triple, - palabra doble, = palabra triple; minúscula: comodín")
	require.Contains(t, s, "= palabra triple (en 21×21, ^ letra\ncuádruple y ~ palabra cuádruple), · sin premio")
	require.Contains(t, s, "simular [n]        simula las n mejores (20) con una tabla que se actualiza  [plazo: 3s]")
	require.Contains(t, s, "Los que dicen [plazo] terminan al vencer -tiempo (3s)")
	require.NotContains(t, s, "> ", "sin terminal no hay indicador")

	// El indicador, como en una terminal.
	salida.Reset()
	c := &consola{salida: &salida}
	require.NoError(t, c.sesion(strings.NewReader("ayuda\n"), false, true))
	require.True(t, strings.HasPrefix(salida.String(), "> órdenes:"), salida.String())
	require.True(t, strings.HasSuffix(salida.String(), "> \n"), "otro indicador y el fin de línea al terminar")
}

// TestCargar: "cargar" cambia de posición desde adentro (un archivo CGP, el
// texto de una posición, el turno de un GCG); si falla, la posición queda.
func TestCargar(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "p.cgp")
	require.NoError(t, os.WriteFile(ruta, []byte("15/15/15/15/15/15/15/3CASA8/15/15/15/15/15/15/15 AEIOSTR/ 10/0 0 lex FISE2;\n"), 0o644))
	gcgRuta := "../../juego/gcg/testdata/partida_clasica.gcg"
	s, err := guion(t, nil, "cargar "+ruta, "tablero", "deshacer", "cargar 15/15/15/15/15/15/15/7SOL5/15/15/15/15/15/15/15 ABCDEFG/ 3/0 0 lex FISE2;",
		"tablero", "cargar "+gcgRuta+" 3", "tablero", "cargar /no/existe.cgp", "tablero", "cargar")
	require.ErrorIs(t, err, errOrden)
	require.Equal(t, 3, strings.Count(s, "error:"), s) // deshacer sin nada, el archivo que no existe, cargar sin nada
	require.Contains(t, s, "cargada la posición de "+ruta)
	require.Contains(t, s, "  8  =  ·  ·  C  A  S  A  -")
	require.Contains(t, s, "mano AEIORST")
	require.Contains(t, s, "cargada la posición CGP dada")
	require.Contains(t, s, "  8  =  ·  ·  '  ·  ·  ·  S  O  L")
	require.Contains(t, s, "cargada "+gcgRuta+", antes del turno 3")
	partes := strings.Split(s, "> cargar /no/existe.cgp")
	require.Len(t, partes, 2)
	tableroGCG := partes[0][strings.LastIndex(partes[0], "> tablero"):]
	tableroDespues := partes[1][strings.Index(partes[1], "> tablero"):strings.Index(partes[1], "> cargar")]
	require.Equal(t, tableroGCG, tableroDespues, "una carga fallida no cambia la posición")
}

// TestFinalPorOmision: "final" pide solo la mejor línea (sin alternativas)
// y, sin probar, dice que más tiempo lo probaría; "final d n" da el plazo y
// las alternativas. Es el final es-bot-01 del README, de valor −6.
func TestFinalPorOmision(t *testing.T) {
	ruta := "../../analisis/final/testdata/finales/es-bot-01.cgp"
	s, err := guion(t, []string{"-cgp", ruta, "-tiempo", "60s"}, "final", "final 1ns", "final 60s 2", "final ayer")
	require.ErrorIs(t, err, errOrden)
	require.Equal(t, 1, strings.Count(s, "error:"), s)
	require.Contains(t, s, "> final\nvalor -6 (probado,")
	uno := s[strings.Index(s, "> final\n"):strings.Index(s, "> final 1ns")]
	require.NotContains(t, uno, "alternativa")
	sinProbar := s[strings.Index(s, "> final 1ns"):strings.Index(s, "> final 60s 2")]
	require.Contains(t, sinProbar, "sin probar")
	require.Contains(t, sinProbar, "con más tiempo se probaría")
	dos := s[strings.Index(s, "> final 60s 2"):]
	require.Equal(t, 2, strings.Count(dos, "  alternativa "), dos)
}
