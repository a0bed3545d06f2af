package gcg

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

// Escribir escribe la partida p en GCG: "#character-encoding UTF-8", un
// #player por jugador (los que falten en p.Jugadores se llaman j1, j2, …),
// los pragmas de p y una línea por suceso del juego. Los ajustes positivos
// se escriben como premios por desafío, "(challenge)", y los negativos como
// penalizaciones por tiempo, "(time)". Devuelve un error si el tablero
// tiene más de 26 columnas (GCG las nombra con letras) o si falla w.
func Escribir(w io.Writer, p *Partida) error {
	j := p.Juego
	if j.TamanoTablero() > 26 {
		return fmt.Errorf("gcg: un tablero de %d columnas no se puede escribir", j.TamanoTablero())
	}
	alf := j.Variante().Alfabeto()
	b := bufio.NewWriter(w)
	apodos := make([]string, j.Jugadores())
	fmt.Fprintln(b, "#character-encoding UTF-8")
	for i := range apodos {
		jug := Jugador{Apodo: fmt.Sprintf("j%d", i+1)}
		if i < len(p.Jugadores) {
			jug = p.Jugadores[i]
		}
		apodos[i] = jug.Apodo
		fmt.Fprintln(b, strings.TrimSpace(fmt.Sprintf("#player%d %s %s", i+1, jug.Apodo, jug.Nombre)))
	}
	for _, pragma := range p.Pragmas {
		fmt.Fprintln(b, pragma)
	}
	acumulado := make([]int, j.Jugadores())
	sucesos := j.Sucesos()
	for x, s := range sucesos {
		acumulado[s.Jugador] += s.Puntos
		mano := escribirMano(alf, s.Mano) // vacía si no tiene fichas: GCG la omite
		var medio string
		switch s.Tipo {
		case juego.SucesoColocacion:
			medio = mano + " " + escribirColocacion(j, s)
		case juego.SucesoPase:
			medio = mano + " -"
		case juego.SucesoCambio:
			medio = mano + " -" + escribirMano(alf, s.Cambiadas)
		case juego.SucesoAjuste:
			medio = mano + " (challenge)"
			if s.Puntos < 0 {
				medio = mano + " (time)"
			}
		case juego.SucesoFin:
			// Una línea por jugador con fichas (aunque valgan 0: dicen qué
			// le quedó) y otra para el que salió.
			fin, _ := j.Terminada()
			switch {
			case !s.Mano.Vacio():
				medio = mano + " (" + mano + ")"
			case fin.Jugador == s.Jugador:
				var otras letra.Multiconjunto
				for _, o := range sucesos[x-s.Jugador : x-s.Jugador+j.Jugadores()] {
					otras = otras.Suma(o.Mano)
				}
				medio = "(" + escribirMano(alf, otras) + ")"
			default:
				continue // sin fichas ni salida: nada que ajustar
			}
		}
		fmt.Fprintf(b, ">%s: %s %+d %d\n", apodos[s.Jugador], strings.TrimSpace(medio), s.Puntos, acumulado[s.Jugador])
	}
	return b.Flush()
}

// escribirColocacion escribe la posición y la palabra principal de una
// colocación, con "." para las fichas que ya estaban.
func escribirColocacion(j *juego.Juego, s juego.Suceso) string {
	alf := j.Variante().Alfabeto()
	antes := func(f, c int) bool { t, ok := j.TiempoFicha(f, c); return ok && t < s.Tiempo }
	primera := s.Jugada.Ficha(0)
	horizontal := s.Jugada.Tamano() > 1 && s.Jugada.EsHorizontal() ||
		s.Jugada.Tamano() == 1 && (antes(primera.Fila, primera.Columna-1) || antes(primera.Fila, primera.Columna+1) ||
			!antes(primera.Fila-1, primera.Columna) && !antes(primera.Fila+1, primera.Columna))
	df, dc := 0, 1
	if !horizontal {
		df, dc = 1, 0
	}
	f, c := primera.Fila, primera.Columna
	for antes(f-df, c-dc) {
		f, c = f-df, c-dc
	}
	pos := escribirPosicion(f, c, horizontal)
	var b strings.Builder
	for ; j.HayFicha(f, c); f, c = f+df, c+dc {
		t, _ := j.TiempoFicha(f, c)
		switch {
		case t < s.Tiempo:
			b.WriteByte('.')
		case t == s.Tiempo:
			l, _ := j.Letra(f, c)
			b.WriteString(simbolo(alf, l, j.EsComodin(f, c)))
		default:
			return pos + " " + b.String() // una ficha posterior: la palabra de entonces terminó
		}
	}
	return pos + " " + b.String()
}
