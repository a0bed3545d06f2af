package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
)

// correr ejecuta el programa con args y la entrada dada, y devuelve el
// código de salida, la salida y los errores.
func correr(t *testing.T, entrada string, args ...string) (int, string, string) {
	t.Helper()
	var salida, errores strings.Builder
	codigo := ejecutar(args, strings.NewReader(entrada), &salida, &errores)
	return codigo, salida.String(), errores.String()
}

// tableros separa la salida de una partida en los tableros dibujados, cada
// uno con sus líneas de estado.
func tableros(salida string) []string {
	var res []string
	for _, parte := range strings.Split(salida, "#####################\n#....") {
		if parte != "" {
			res = append(res, parte)
		}
	}
	return res
}

func TestAyudaYOpciones(t *testing.T) {
	codigo, salida, errores := correr(t, "", "-h")
	require.Equal(t, 0, codigo)
	require.Contains(t, salida, "Uso: pacalgo2")
	require.Contains(t, salida, "-mapa archivo")
	require.Contains(t, salida, "-resolver")
	require.Empty(t, errores)

	codigo, salida, errores = correr(t, "", "-x")
	require.Equal(t, 2, codigo)
	require.Empty(t, salida)
	require.Contains(t, errores, "-x")
	require.Contains(t, errores, "con -h, el uso")

	codigo, _, errores = correr(t, "", "otro")
	require.Equal(t, 2, codigo)
	require.Contains(t, errores, `argumentos de más: ["otro"]`)
}

func TestMapasMalos(t *testing.T) {
	dir := t.TempDir()
	codigo, _, errores := correr(t, "", "-mapa", filepath.Join(dir, "no-existe.txt"))
	require.Equal(t, 1, codigo)
	require.Contains(t, errores, "no-existe.txt")

	malo := filepath.Join(dir, "malo.txt")
	require.NoError(t, os.WriteFile(malo, []byte("I..\n.x.\n..L\n"), 0o644))
	codigo, salida, errores := correr(t, "d", "-mapa", malo)
	require.Equal(t, 1, codigo)
	require.Empty(t, salida)
	require.Contains(t, errores, `malo.txt: pacalgo: el texto no es un mapa: símbolo desconocido 'x' (línea 2, columna 2: "x.")`)

	cerca := filepath.Join(dir, "cerca.txt")
	require.NoError(t, os.WriteFile(cerca, []byte("I.F\n..L\n"), 0o644))
	codigo, _, errores = correr(t, "", "-mapa", cerca)
	require.Equal(t, 1, codigo)
	require.Contains(t, errores, "un fantasma al alcance del inicio")
}

func TestResolver(t *testing.T) {
	codigo, salida, errores := correr(t, "", "-resolver")
	require.Equal(t, 0, codigo)
	require.Empty(t, errores)
	require.True(t, strings.HasPrefix(salida, mapaIncluido), "empieza por el mapa")
	require.Contains(t, salida, "Mejor puntaje: 22 (21 movimientos;")
	require.Contains(t, salida, "Teclas: ddwwddddddddddddddssd\n")
	require.Contains(t, salida, "Camino: 2 derecha, 2 arriba, 14 derecha, 2 abajo, 1 derecha\n")

	codigo, salida, _ = correr(t, "", "-resolver", "-mapa", "mapas/laberinto.txt")
	require.Equal(t, 0, codigo)
	require.Contains(t, salida, "Mejor puntaje: 47")

	sin := filepath.Join(t.TempDir(), "sin.txt")
	require.NoError(t, os.WriteFile(sin, []byte("I.#.L\n"), 0o644))
	codigo, salida, _ = correr(t, "", "-resolver", "-mapa", sin)
	require.Equal(t, 0, codigo)
	require.Contains(t, salida, "No hay camino ganador (se exploraron 2 estados).")

	muchos := filepath.Join(t.TempDir(), "muchos.txt")
	require.NoError(t, os.WriteFile(muchos, []byte("I"+strings.Repeat("o", 100)+"L\n"), 0o644))
	codigo, salida, _ = correr(t, "", "-resolver", "-mapa", muchos)
	require.Equal(t, 0, codigo)
	require.Contains(t, salida, "Mejor puntaje: 102 (101 movimientos; se exploraron 102 estados)")
}

// TestGanar juega el mejor camino del mapa incluido, con flechas (también
// con modificadores y en el modo de aplicación), letras y teclas que no
// hacen nada.
func TestGanar(t *testing.T) {
	teclas := "d\x1b[C" + "w\n\x1bOA " + strings.Repeat("d", 12) + "\x1b[1;5C" + "\x1b[C" + "\x1b[B" + "S" + "\x1b[C"
	codigo, salida, errores := correr(t, teclas)
	require.Equal(t, 0, codigo)
	require.Empty(t, errores)
	require.NotContains(t, salida, "\x1b", "sin terminal, no se borra la pantalla")
	tabs := tableros(salida)
	require.Len(t, tabs, 22, "el inicial y uno por movimiento")
	require.Contains(t, tabs[0], "Chocolate: 0  Chocolates en el mapa: 2  Movimientos: 0\nFlechas o w a s d")
	require.Contains(t, tabs[2], "\n#I.@......F.......L.#\n")
	require.Contains(t, tabs[2], "\nChocolate: 10  Chocolates en el mapa: 1  Movimientos: 2\n")
	require.True(t, strings.HasSuffix(salida, `#####################
#...................#
#.#################.#
#.#...............#.#
#.#.#############.#.#
#I........F.......@.#
#.#.#############.#.#
#.#...............#.#
#.#################.#
#...................#
#####################
Chocolate: 0  Chocolates en el mapa: 0  Movimientos: 21
¡Ganaste! Puntaje: 22 (el mejor posible es 22).
`), salida)
}

func TestPerder(t *testing.T) {
	codigo, salida, _ := correr(t, "a"+strings.Repeat("d", 20))
	require.Equal(t, 0, codigo)
	tabs := tableros(salida)
	require.Len(t, tabs, 14, "el inicial, el del rechazo y doce movimientos")
	require.Contains(t, tabs[1], "No se puede ir a la izquierda: hay una pared.")
	require.Contains(t, tabs[1], "Movimientos: 0")
	require.Contains(t, tabs[13], "\n#I........F..@....L.#\n")
	require.True(t, strings.HasSuffix(salida, "Chocolate: 0  Chocolates en el mapa: 1  Movimientos: 12\nPerdiste: un fantasma te alcanzó sin chocolate.\n"), salida)
}

func TestGanarYPerder(t *testing.T) {
	mapa := filepath.Join(t.TempDir(), "ambos.txt")
	require.NoError(t, os.WriteFile(mapa, []byte("I...L..F\n"), 0o644))
	codigo, salida, _ := correr(t, "dddd", "-mapa", mapa)
	require.Equal(t, 0, codigo)
	require.True(t, strings.HasSuffix(salida, "I...@..F\nChocolate: 0  Chocolates en el mapa: 0  Movimientos: 4\n"+
		"¡Ganaste! Puntaje: 5 (el mejor posible es 5). Pero un fantasma te alcanzó en la llegada: ganaste y perdiste a la vez.\n"), salida)
}

func TestSalirYFinDeEntrada(t *testing.T) {
	codigo, salida, _ := correr(t, "s\x1b[Bq"+"dddd")
	require.Equal(t, 0, codigo)
	require.Len(t, tableros(salida), 3)
	require.True(t, strings.HasSuffix(salida, "Movimientos: 2\nHasta luego.\n"), salida)

	codigo, salida, _ = correr(t, "\x03")
	require.Equal(t, 0, codigo)
	require.True(t, strings.HasSuffix(salida, "Hasta luego.\n"))

	codigo, salida, _ = correr(t, "dd\x1b[")
	require.Equal(t, 0, codigo)
	require.Len(t, tableros(salida), 3)
	require.True(t, strings.HasSuffix(salida, "Se terminó la entrada: la partida queda sin terminar.\n"), salida)
}

// TestEntradaArchivo: con un *os.File que no es una terminal (un tubo) no
// hay modo crudo; se juega igual.
func TestEntradaArchivo(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	_, err = w.WriteString("w\nq\n")
	require.NoError(t, err)
	require.NoError(t, w.Close())
	defer r.Close()
	_, err = modoCrudo(r)
	require.Error(t, err, "un tubo no es una terminal")
	var salida, errores strings.Builder
	require.Equal(t, 0, ejecutar(nil, r, &salida, &errores))
	require.NotContains(t, salida.String(), "\x1b")
	require.True(t, strings.HasSuffix(salida.String(), "Movimientos: 1\nHasta luego.\n"), salida.String())
}

func TestLeerTecla(t *testing.T) {
	r := bufio.NewReader(strings.NewReader("wAsD\x1b[A\x1bOB\x1b[1;2C\x1b[5~\x1bx\x04\x1b"))
	var leidas []tecla
	for {
		k, err := leerTecla(r)
		if err != nil {
			break
		}
		leidas = append(leidas, k)
	}
	require.Equal(t, []tecla{
		{dir: pacalgo.Arriba}, {dir: pacalgo.Izquierda}, {dir: pacalgo.Abajo}, {dir: pacalgo.Derecha},
		{dir: pacalgo.Arriba}, {dir: pacalgo.Abajo}, {dir: pacalgo.Derecha},
		{}, // ESC [ 5 ~ (Re Pág): nada
		{}, // un ESC solo
		{}, // la x que lo sigue
		{salir: true},
	}, leidas)
}

// TestPartidaDelREADME: la partida del README es la que juega el programa
// con esas teclas y ese mapa.
func TestPartidaDelREADME(t *testing.T) {
	datos, err := os.ReadFile("README.md")
	require.NoError(t, err)
	const orden = "    $ printf '"
	_, resto, ok := strings.Cut(string(datos), orden)
	require.True(t, ok, "el README no tiene la partida")
	teclas, resto, ok := strings.Cut(resto, "' | go run ./examples/pacalgo2 -mapa examples/pacalgo2/mapas/chico.txt\n")
	require.True(t, ok)
	transcripcion, _, _ := strings.Cut(resto, "\n\n")
	codigo, salida, _ := correr(t, strings.ReplaceAll(teclas, `\n`, "\n"), "-mapa", "mapas/chico.txt")
	require.Equal(t, 0, codigo)
	var esperada strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(salida, "\n"), "\n") {
		esperada.WriteString("    " + l + "\n")
	}
	require.Equal(t, esperada.String(), transcripcion+"\n")
	require.Contains(t, transcripcion, "¡Ganaste! Puntaje: 8")
}
