// Command pacalgo2 juega al Pacalgo2 en la terminal: un laberinto con
// paredes, fantasmas y chocolates, de la otra especificación de Algoritmos
// y Estructuras de Datos II (el juego está en examples/pacalgo2/pacalgo).
//
// Uso:
//
//	go run ./examples/pacalgo2 [-mapa archivo] [-resolver]
//
// Sin -mapa juega el mapa incluido (mapas/anillos.txt). El jugador (@) se
// mueve con las flechas o con w a s d; q sale. Si la entrada es una
// terminal (en Linux), cada tecla se lee al apretarla; si no, se leen de
// la entrada tal como llegan (una letra y Enter, o varias seguidas).
// Con -resolver no juega: muestra el mejor camino y su puntaje.
//
// Códigos de salida: 0 si todo salió bien (también al perder o al salir) o
// con -h; 1 si el mapa no se puede leer o resolver; 2 si las opciones son
// incorrectas.
package main

import (
	"bufio"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/juegodepalabras/palabras/examples/pacalgo2/pacalgo"
	"github.com/juegodepalabras/palabras/internal/programa"
)

//go:embed mapas/anillos.txt
var mapaIncluido string

func main() { os.Exit(ejecutar(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// encabezado es el principio del texto de uso.
var encabezado = []string{
	"Uso: pacalgo2 [-mapa archivo] [-resolver]",
	"Lleva al jugador (@) del inicio (I) a la llegada (L) con las flechas o w a s d; q sale.",
	"Un fantasma (F) a distancia 3 o menos hace perder, salvo con chocolate (o): cada uno dura 10 movimientos.",
	"Mapas: una línea por fila; . vacío, # pared, F fantasma, o chocolate, I inicio, L llegada; [Io] inicio con chocolate.",
}

// ejecutar es el programa: lee las opciones de args y juega leyendo las
// teclas de entrada y dibujando en salida; los errores van a errores.
// Devuelve el código de salida.
func ejecutar(args []string, entrada io.Reader, salida, errores io.Writer) int {
	flags := flag.NewFlagSet("pacalgo2", flag.ContinueOnError)
	archivo := flags.String("mapa", "", "`archivo` con el mapa a jugar (por omisión, el incluido)")
	resolver := flags.Bool("resolver", false, "muestra el mejor camino del mapa y su puntaje, sin jugar")
	ayuda, err := programa.Leer(flags, args, salida, encabezado...)
	if ayuda {
		return 0
	}
	if err == nil && flags.NArg() > 0 {
		err = programa.DeUso("argumentos de más: %q", flags.Args())
	}
	if err != nil {
		fmt.Fprintf(errores, "pacalgo2: %v\n(con -h, el uso)\n", err)
		return 2
	}
	m, err := cargar(*archivo)
	if err != nil {
		fmt.Fprintln(errores, "pacalgo2:", err)
		return 1
	}
	if *resolver {
		return mostrarSolucion(m, salida, errores)
	}
	return jugar(m, entrada, salida)
}

// cargar lee el mapa de archivo, o el incluido si archivo es "".
func cargar(archivo string) (*pacalgo.Mapa, error) {
	if archivo == "" {
		return pacalgo.ParsearMapa(mapaIncluido)
	}
	f, err := os.Open(archivo)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := pacalgo.LeerMapa(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", archivo, err)
	}
	return m, nil
}

// mostrarSolucion escribe el mapa, su mejor puntaje y el camino.
func mostrarSolucion(m *pacalgo.Mapa, salida, errores io.Writer) int {
	s, err := pacalgo.Resolver(m)
	if err != nil {
		fmt.Fprintln(errores, "pacalgo2:", err)
		return 1
	}
	fmt.Fprint(salida, m)
	if s.Puntaje == 0 {
		fmt.Fprintf(salida, "No hay camino ganador (se exploraron %d estados).\n", s.Estados)
		return 0
	}
	fmt.Fprintf(salida, "Mejor puntaje: %d (%d movimientos; se exploraron %d estados)\n", s.Puntaje, len(s.Camino), s.Estados)
	fmt.Fprintf(salida, "Teclas: %s\n", teclas(s.Camino))
	fmt.Fprintf(salida, "Camino: %s\n", tramos(s.Camino))
	return 0
}

// teclas escribe un camino con w a s d.
func teclas(camino []pacalgo.Direccion) string {
	var b strings.Builder
	for _, d := range camino {
		b.WriteByte(" wsad"[d])
	}
	return b.String()
}

// tramos escribe un camino por tramos rectos: "2 derecha, 2 arriba, …".
func tramos(camino []pacalgo.Direccion) string {
	var partes []string
	for i := 0; i < len(camino); {
		k := i
		for k < len(camino) && camino[k] == camino[i] {
			k++
		}
		partes = append(partes, fmt.Sprintf("%d %v", k-i, camino[i]))
		i = k
	}
	return strings.Join(partes, ", ")
}

// motivos dice, para el jugador, por qué no se puede mover.
var motivos = map[error]string{
	pacalgo.ErrPared: "hay una pared",
	pacalgo.ErrBorde: "ahí termina el mapa",
}

// jugar juega una partida en m con las teclas de entrada. Si entrada es una
// terminal, la pone en modo crudo mientras dura la partida y redibuja la
// pantalla en cada movimiento; si no, escribe un tablero tras otro.
func jugar(m *pacalgo.Mapa, entrada io.Reader, salida io.Writer) int {
	j, err := pacalgo.Nuevo(m)
	if err != nil { // no pasa: m sale de ParsearMapa
		panic(err)
	}
	crudo := false
	if f, ok := entrada.(*os.File); ok {
		if restaurar, err := modoCrudo(f); err == nil {
			defer restaurar()
			crudo = true
		}
	}
	r := bufio.NewReader(entrada)
	mensaje := "Flechas o w a s d para moverte, q para salir."
	for {
		if crudo {
			fmt.Fprint(salida, "\x1b[H\x1b[2J") // al principio de la pantalla, y borrarla
		}
		fmt.Fprint(salida, j)
		fmt.Fprintf(salida, "Chocolate: %d  Chocolates en el mapa: %d  Movimientos: %d\n",
			j.NivelDeChocolate(), j.CantidadChocolatesRestantes(), j.Movimientos())
		if mensaje != "" {
			fmt.Fprintln(salida, mensaje)
		}
		if j.Terminada() {
			fmt.Fprintln(salida, final(j))
			return 0
		}
		t, err := leerTecla(r)
		for err == nil && !t.salir && t.dir == pacalgo.Ninguna { // Enter, espacios…
			t, err = leerTecla(r)
		}
		mensaje = ""
		switch {
		case errors.Is(err, io.EOF):
			fmt.Fprintln(salida, "Se terminó la entrada: la partida queda sin terminar.")
			return 0
		case err != nil:
			fmt.Fprintln(salida, "No se puede leer la entrada:", err)
			return 1
		case t.salir:
			fmt.Fprintln(salida, "Hasta luego.")
			return 0
		}
		if err := j.Mover(t.dir); err != nil {
			motivo, ok := motivos[err]
			if !ok {
				motivo = err.Error()
			}
			mensaje = fmt.Sprintf("No se puede ir %s: %s.", hacia(t.dir), motivo)
		}
	}
}

// hacia nombra la dirección d para una frase: "arriba", "a la izquierda"…
func hacia(d pacalgo.Direccion) string {
	if d == pacalgo.Izquierda || d == pacalgo.Derecha {
		return "a la " + d.String()
	}
	return d.String()
}

// final es el mensaje de una partida terminada, con el mejor puntaje
// posible si el jugador ganó.
func final(j *pacalgo.Juego) string {
	p, gano := j.Puntaje()
	if !gano {
		return "Perdiste: un fantasma te alcanzó sin chocolate."
	}
	msg := fmt.Sprintf("¡Ganaste! Puntaje: %d", p)
	if s, err := pacalgo.Resolver(j.Mapa()); err == nil && s.Puntaje > 0 {
		msg += fmt.Sprintf(" (el mejor posible es %d)", s.Puntaje)
	}
	msg += "."
	if j.Perdio() {
		msg += " Pero un fantasma te alcanzó en la llegada: ganaste y perdiste a la vez."
	}
	return msg
}
