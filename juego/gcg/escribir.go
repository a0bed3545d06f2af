package gcg

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Escribir escribe la partida p en GCG: "#character-encoding UTF-8", un
// #player por jugador (los que falten en p.Jugadores se llaman j1, j2, …),
// los pragmas de p y una línea por suceso del juego. Los ajustes positivos
// se escriben como premios por desafío, "(challenge)", y los negativos como
// penalizaciones por tiempo, "(time)". Las partidas con las reglas de la
// especificación (sin bolsa) se escriben igual, sin ajuste final, porque no
// terminan.
//
// Cada línea lleva la mano que se conoce: la completa en una partida
// armada a mano; en una leída, la que mostraba el registro (con lo que se
// dedujo), y un cambio que el registro escribió como cantidad se escribe
// igual ("-4"). Los pragmas de una partida leída van en el lugar donde
// estaban; los de una armada a mano, después de los #player. Con la regla
// de fin norteamericana, la línea del que sale ("(FICHAS) +N") dice las
// fichas de los demás, que no escriben la suya si no pierden nada.
//
// Las jugadas se escriben con la notación de juego/notacion; en un tablero
// de más de 26 columnas, las columnas siguientes son AA, AB…, que solo lee
// este paquete.
//
// Devuelve un error si un pragma tiene una línea que no empieza con "#" o una
// línea siguiente que empieza con "#" o ">" (se leería como otra cosa), o
// si falla w.
func Escribir(w io.Writer, p *Partida) error {
	j := p.Juego
	for _, pragma := range p.Pragmas {
		if err := validarPragma(pragma); err != nil {
			return err
		}
	}
	alf := j.Variante().Alfabeto()
	sucesos := j.Sucesos()
	conocidas := p.conocidas
	if len(conocidas) != len(sucesos) {
		conocidas = nil
	}
	tras := p.pragmaTras
	if len(tras) != len(p.Pragmas) {
		tras = make([]int, len(p.Pragmas))
	}
	b := bufio.NewWriter(w)
	apodos := escribirEncabezado(b, p)
	siguiente := 0 // el próximo pragma por escribir
	pragmas := func(hasta int) {
		for ; siguiente < len(p.Pragmas) && tras[siguiente] <= hasta; siguiente++ {
			fmt.Fprintln(b, p.Pragmas[siguiente])
		}
	}
	pragmas(0)
	acumulado := make([]int, j.Jugadores())
	t, err := tableroInicial(j, sucesos)
	if err != nil {
		return fmt.Errorf("gcg: el tablero inicial: %w", err)
	}
	for x, s := range sucesos {
		acumulado[s.Jugador] += s.Puntos
		sabida, contado := s.Mano, false
		if conocidas != nil {
			sabida, contado = conocidas[x].mano.multiconjunto(), conocidas[x].contado
		}
		mano := escribirMano(alf, sabida) // vacía si no tiene fichas o no se sabe: GCG la omite
		var medio string
		switch s.Tipo {
		case juego.SucesoColocacion:
			var col string
			if t, col, err = escribirColocacion(t, s.Jugada); err != nil {
				return err
			}
			medio = mano + " " + col
		case juego.SucesoPase, juego.SucesoCambio:
			jugada, err := notacion.Formatear(notacion.Jugada{Cambio: s.Cambiadas}, t)
			if err != nil {
				return fmt.Errorf("gcg: el turno %d: %w", s.Tiempo, err)
			}
			medio = mano + " " + jugada
			if contado && s.Tipo == juego.SucesoCambio {
				medio = fmt.Sprintf("%s -%d", mano, s.Cambiadas.Tamano())
			}
		case juego.SucesoAjuste:
			medio = mano + " (challenge)"
			if s.Puntos < 0 {
				medio = mano + " (time)"
			}
		case juego.SucesoFin:
			var hay bool
			if medio, hay = escribirFin(j, sucesos, x); !hay {
				pragmas(x + 1)
				continue // sin fichas ni salida: nada que ajustar
			}
		}
		fmt.Fprintf(b, ">%s: %s %+d %d\n", apodos[s.Jugador], strings.TrimSpace(medio), s.Puntos, acumulado[s.Jugador])
		pragmas(x + 1)
	}
	pragmas(len(sucesos) + 1<<30)
	return b.Flush()
}

// validarPragma comprueba que pragma se lea igual al escribirlo: su
// primera línea empieza con "#" y las siguientes (una nota de varias
// líneas) no están vacías ni empiezan con "#" o con ">".
func validarPragma(pragma string) error {
	lineas := strings.Split(pragma, "\n")
	if !strings.HasPrefix(lineas[0], "#") || strings.HasPrefix(lineas[0], "#player") || strings.HasPrefix(lineas[0], "#character-encoding") {
		return fmt.Errorf("gcg: el pragma %q debe empezar con # (y no ser #player ni #character-encoding)", lineas[0])
	}
	for _, l := range lineas[1:] {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, ">") {
			return fmt.Errorf("gcg: la línea %q del pragma %q se leería como otro pragma o suceso", l, lineas[0])
		}
	}
	return nil
}

// escribirEncabezado escribe la codificación y un #player por jugador, y
// devuelve el apodo de cada jugador.
func escribirEncabezado(b io.Writer, p *Partida) []string {
	apodos := make([]string, p.Juego.Jugadores())
	fmt.Fprintln(b, "#character-encoding UTF-8")
	for i := range apodos {
		jug := Jugador{Apodo: fmt.Sprintf("j%d", i+1)}
		if i < len(p.Jugadores) {
			jug = p.Jugadores[i]
		}
		apodos[i] = jug.Apodo
		fmt.Fprintln(b, strings.TrimSpace(fmt.Sprintf("#player%d %s %s", i+1, jug.Apodo, jug.Nombre)))
	}
	return apodos
}

// escribirFin escribe lo que va entre el apodo y los puntos del ajuste
// final sucesos[x]: una línea por jugador con fichas (aunque valgan 0: dicen
// qué le quedó) y otra para el que salió, con las fichas de los demás.
// Informa false si el jugador no tiene fichas ni salió: no hay línea.
func escribirFin(j *juego.Juego, sucesos []juego.Suceso, x int) (string, bool) {
	alf := j.Variante().Alfabeto()
	s := sucesos[x]
	fin, _ := j.Terminada()
	norteamericano := j.Variante().ReglaFin() == variante.FinNorteamericano && fin.Jugador >= 0 && j.Jugadores() == 2
	switch {
	case !s.Mano.Vacio() && norteamericano && s.Puntos == 0:
		return "", false // la línea del que salió ya dice sus fichas
	case !s.Mano.Vacio():
		mano := escribirMano(alf, s.Mano)
		return mano + " (" + mano + ")", true
	case fin.Jugador == s.Jugador:
		var otras letra.Multiconjunto
		for _, o := range sucesos[x-s.Jugador : x-s.Jugador+j.Jugadores()] {
			otras = otras.Suma(o.Mano)
		}
		return "(" + escribirMano(alf, otras) + ")", true
	}
	return "", false
}

// tableroInicial es el tablero con el que empezó el juego j: el final sin
// las fichas que ubicaron sus colocaciones (vacío salvo que empezara en una
// posición, juego.DesdePosicion).
func tableroInicial(j *juego.Juego, sucesos []juego.Suceso) (tablero.Tablero, error) {
	puestas := map[[2]int]bool{}
	for _, s := range sucesos {
		for f := range s.Jugada.Fichas() {
			puestas[[2]int{f.Fila, f.Columna}] = true
		}
	}
	var previas []ocurrencia.Ficha
	for f := range j.Tablero().Fichas() {
		if !puestas[[2]int{f.Fila, f.Columna}] {
			previas = append(previas, f)
		}
	}
	t, err := tablero.Nuevo(j.TamanoTablero(), j.Variante().Alfabeto())
	if err != nil {
		return t, err
	}
	return t.Poner(previas...)
}

// escribirColocacion escribe la jugada o sobre el tablero t, el de su
// momento, en la notación de las jugadas (juego/notacion: la posición y la
// palabra principal, con "." para las fichas que ya estaban), y devuelve
// también el tablero con o.
func escribirColocacion(t tablero.Tablero, o ocurrencia.Ocurrencia) (tablero.Tablero, string, error) {
	texto, err := notacion.Formatear(notacion.Jugada{Fichas: o}, t)
	if err != nil {
		return t, "", fmt.Errorf("gcg: la colocación %s: %w", o.Formatear(t.Alfabeto()), err)
	}
	t, err = t.Poner(o.Slice()...)
	return t, texto, err
}
