// Command partida juega una partida completa entre bots, a través del
// servidor, con la variante española por omisión, y la va contando.
//
// Uso:
//
//	go run ./examples/partida [-jugadores K] [-semilla S] [-detalle D]
//
// Cada bot es un cliente del servidor en su propia gorutina: espera sus
// notificaciones y, en su turno, juega la jugada de más puntos que encuentra
// o pasa si no encuentra ninguna. La especificación no termina nunca un
// juego; este programa lo termina cuando todos los jugadores pasan seguidos
// o cuando el tablero se llena, y dice por qué.
//
// Con -detalle 0 muestra solo el resultado; con 1 (por omisión), una línea
// por turno; con 2, además el tablero después de cada jugada.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	if err := ejecutar(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "partida:", err)
		os.Exit(1)
	}
}

// fin decide, a partir de las notificaciones que todos los clientes ven
// iguales, si la partida terminó y por qué.
type fin struct {
	jugadores, celdas int
	pasesSeguidos     int
	ocupadas          int
}

func (f *fin) ver(n servidor.Notificacion) {
	if n.Tipo != servidor.TipoUbicar {
		return
	}
	if n.Jugada.Vacia() {
		f.pasesSeguidos++
	} else {
		f.pasesSeguidos = 0
		f.ocupadas += n.Jugada.Tamano()
	}
}

func (f *fin) motivo() string {
	switch {
	case f.ocupadas == f.celdas:
		return "el tablero está lleno"
	case f.pasesSeguidos >= f.jugadores && f.jugadores == 1:
		return "el jugador pasó"
	case f.pasesSeguidos >= f.jugadores:
		return fmt.Sprintf("los %d jugadores pasaron seguidos", f.jugadores)
	}
	return ""
}

// bot juega como el cliente que le toque hasta que la partida termina. Si
// le toca ser el cliente 0, pasa además todas sus notificaciones al relato.
func bot(ctx context.Context, s *servidor.Servidor, relato chan<- servidor.Notificacion) error {
	cid, err := s.Conectar()
	if err != nil {
		return err
	}
	estado := fin{jugadores: s.Esperados(), celdas: s.Variante().TamanoTablero() * s.Variante().TamanoTablero()}
	for estado.motivo() == "" {
		ns, err := s.Esperar(ctx, cid)
		if err != nil {
			return err
		}
		miTurno := false
		for _, n := range ns {
			if cid == 0 {
				select {
				case relato <- n:
				case <-ctx.Done(): // el relator abandonó
					return ctx.Err()
				}
			}
			estado.ver(n)
			if n.Tipo == servidor.TipoTurnoDe {
				miTurno = n.Cliente == cid
			}
		}
		if !miTurno || estado.motivo() != "" {
			continue
		}
		p, err := s.Partida()
		if err != nil {
			return err
		}
		o, _ := mejorJugada(p)
		if err := s.Recibir(cid, o); err != nil {
			return err
		}
	}
	return nil
}

func ejecutar(args []string, salida io.Writer) error {
	flags := flag.NewFlagSet("partida", flag.ContinueOnError)
	flags.SetOutput(salida)
	k := flags.Int("jugadores", 2, "cantidad de bots (1 a 8)")
	semilla := flags.Uint64("semilla", 1, "semilla del repositorio de letras")
	detalle := flags.Int("detalle", 1, "0: solo el resultado; 1: un renglón por turno; 2: también el tablero")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *k < 1 || *k > 8 {
		return fmt.Errorf("-jugadores debe estar entre 1 y 8 (se pidió %d)", *k)
	}
	v := espanol.Variante()
	r, err := v.Repositorio(*k, *semilla)
	if err != nil {
		return err
	}
	s, err := servidor.NuevoServidor(*k, v, r)
	if err != nil {
		return err
	}
	// El relator lleva su propia copia del juego, al día con las
	// notificaciones del cliente 0.
	relatado, err := juego.NuevoJuego(*k, v, r)
	if err != nil {
		return err
	}
	fmt.Fprintf(salida, "Partida de %d jugadores, variante española (%d×%d, %d fichas), semilla %d\n",
		*k, v.TamanoTablero(), v.TamanoTablero(), v.Fichas(), *semilla)

	ctx, cancelar := context.WithCancel(context.Background())
	defer cancelar()
	relato := make(chan servidor.Notificacion, 64)
	errores := make(chan error, *k)
	var bots sync.WaitGroup
	for range *k {
		bots.Add(1)
		go func() {
			defer bots.Done()
			if err := bot(ctx, s, relato); err != nil && !errors.Is(err, context.Canceled) {
				errores <- err
				cancelar()
			}
		}()
	}
	go func() { bots.Wait(); close(relato) }()

	estado := fin{jugadores: *k, celdas: v.TamanoTablero() * v.TamanoTablero()}
	turno := 0
	for n := range relato {
		if n.Tipo != servidor.TipoUbicar {
			continue
		}
		turno++
		puntos, err := relatado.PuntajeObtenido(n.Jugada)
		if err != nil {
			return fmt.Errorf("el relator no pudo seguir la jugada %v: %w", n.Jugada, err)
		}
		if err := relatado.Ubicar(n.Jugada); err != nil {
			return err
		}
		estado.ver(n)
		if *detalle >= 1 {
			fmt.Fprintf(salida, "%3d. jugador %d: %-34s %s\n", turno, n.Cliente, describir(relatado, n.Jugada, puntos), marcador(relatado))
		}
		if *detalle >= 2 && !n.Jugada.Vacia() {
			fmt.Fprint(salida, relatado)
		}
	}
	close(errores)
	for err := range errores {
		return err
	}
	fmt.Fprintf(salida, "\nFin después de %d turnos: %s.\n\n", turno, estado.motivo())
	fmt.Fprint(salida, relatado)
	fmt.Fprintln(salida, "\nPosiciones:")
	orden := make([]int, *k)
	for i := range orden {
		orden[i] = i
	}
	puntaje := func(i int) int { p, _ := relatado.Puntaje(i); return p }
	slices.SortStableFunc(orden, func(a, b int) int { return puntaje(b) - puntaje(a) })
	for pos, i := range orden {
		fmt.Fprintf(salida, "  %d. jugador %d: %d puntos\n", pos+1, i, puntaje(i))
	}
	return nil
}

// describir escribe una jugada por su palabra principal: "CAMINOS en
// (2,8)↓ +11", o "pasa".
func describir(j *juego.Juego, o ocurrencia.Ocurrencia, puntos int) string {
	if o.Vacia() {
		return "pasa"
	}
	alf := j.Variante().Alfabeto()
	f := o.Ficha(0)
	df, dc := 0, 1
	if o.Tamano() > 1 && !o.EsHorizontal() {
		df, dc = 1, 0
	} else if o.Tamano() == 1 && !j.HayFicha(f.Fila, f.Columna-1) && !j.HayFicha(f.Fila, f.Columna+1) {
		df, dc = 1, 0
	}
	for j.HayFicha(f.Fila-df, f.Columna-dc) {
		f.Fila, f.Columna = f.Fila-df, f.Columna-dc
	}
	inicio := f
	var palabra []letra.Letra
	for {
		l, ok := j.Letra(f.Fila, f.Columna)
		if !ok {
			break
		}
		palabra = append(palabra, l)
		f.Fila, f.Columna = f.Fila+df, f.Columna+dc
	}
	flecha := "→"
	if df == 1 {
		flecha = "↓"
	}
	return fmt.Sprintf("%s en (%d,%d)%s +%d", alf.Escribir(palabra), inicio.Fila, inicio.Columna, flecha, puntos)
}

// marcador escribe los puntajes de todos: "[45 38]".
func marcador(j *juego.Juego) string {
	var ps []int
	for i := range j.Jugadores() {
		p, _ := j.Puntaje(i)
		ps = append(ps, p)
	}
	return fmt.Sprint(ps)
}
