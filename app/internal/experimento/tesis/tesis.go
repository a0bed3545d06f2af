// Package tesis repite el experimento del capítulo 6 de la tesis de Romero
// et al. (2018) con los tres generadores de jugadas de la biblioteca (el
// programa app/cmd/tesis): las mismas partidas codiciosas para el GADDAG,
// el Método de los Anagramas y el de las Palabras Internas, con las
// instancias, las candidatas y el tiempo de cada turno, y sus figuras.
package tesis

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/experimento"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/anagramas"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Metodos son los nombres de los tres generadores, en el orden de las
// series.
var metodos = [3]string{"GADDAG", "Anagramas", "Palabras internas"}

// serie acumula, por número de turno, las sumas de cada medida y cuántos
// turnos se sumaron.
type serie struct {
	turnos     []int
	instancias [3][]float64
	candidatas [3][]float64
	porInst    [3][]float64 // suma de candidatas/instancias de cada turno
	tiempo     [3][]float64 // segundos
}

func (s *serie) agregar(t, m int, inst, cand int, dur time.Duration) {
	for len(s.turnos) <= t {
		s.turnos = append(s.turnos, 0)
		for k := range 3 {
			s.instancias[k] = append(s.instancias[k], 0)
			s.candidatas[k] = append(s.candidatas[k], 0)
			s.porInst[k] = append(s.porInst[k], 0)
			s.tiempo[k] = append(s.tiempo[k], 0)
		}
	}
	if m == 0 {
		s.turnos[t]++
	}
	s.instancias[m][t] += float64(inst)
	s.candidatas[m][t] += float64(cand)
	if inst > 0 {
		s.porInst[m][t] += float64(cand) / float64(inst)
	}
	s.tiempo[m][t] += dur.Seconds()
}

// Opciones son las del experimento.
type Opciones struct {
	Partidas int    // por idioma
	Idiomas  string // separados por comas: es (FISE) y en (SOWPODS)
	Umbral   int    // el de decisión del Método de las Palabras Internas
	Salida   string // el directorio de las figuras ("" ninguna)
	SinBarra bool   // sin la barra de progreso
	Sowpods  string // la lista inglesa ("" la busca)
}

// Correr juega las partidas de op en cada idioma, escribe el resumen en
// salida y el progreso en errores, y dibuja las figuras si op.Salida no es
// "".
func Correr(op Opciones, salida, errores io.Writer) error {
	// Las variantes antes que nada: sin la lista inglesa, el error lo dice
	// antes de jugar.
	idiomas := strings.Split(op.Idiomas, ",")
	variantes := make([]*variante.Variante, len(idiomas))
	for i, idioma := range idiomas {
		var err error
		if variantes[i], err = experimento.Variante(idioma, op.Sowpods); err != nil {
			return err
		}
	}
	if op.Salida != "" {
		if err := os.MkdirAll(op.Salida, 0o755); err != nil {
			return err
		}
	}
	for i, idioma := range idiomas {
		v := variantes[i]
		s, err := medir(v, idioma, op.Partidas, op.Umbral, salida, errores, op.SinBarra)
		if err != nil {
			return err
		}
		if op.Salida != "" {
			if err := graficar(s, idioma, op.Salida); err != nil {
				return err
			}
		}
		runtime.GC()
	}
	return nil
}

// medir juega las partidas y devuelve las series.
func medir(v *variante.Variante, idioma string, partidas, umbral int, salida, errores io.Writer, sinBarra bool) (*serie, error) {
	inicio := time.Now()
	ti, err := tablas.NuevasInternas(v.Lexico(), v.TamanoTablero(), umbral)
	if err != nil {
		return nil, err
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(salida, "%s: tablas en %v (%.0f MB en tablas, %.0f MB del montículo)\n", idioma,
		time.Since(inicio).Round(time.Millisecond), float64(ti.Bytes())/1e6, float64(ms.HeapAlloc)/1e6)
	gd, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		return nil, err
	}
	ga, err := anagramas.Nuevo(v, ti.Anagramas)
	if err != nil {
		return nil, err
	}
	gi, err := internas.Nuevo(v, ti)
	if err != nil {
		return nil, err
	}
	var barra *experimento.Progreso
	if !sinBarra {
		barra = experimento.Barra(errores, partidas, idioma)
	}
	s := &serie{}
	var total [3]time.Duration
	turnos := 0
	for p := range partidas {
		j, err := experimento.NuevoJuego(v, uint64(p)+1)
		if err != nil {
			return nil, err
		}
		for t := 0; ; t++ {
			if _, fin := j.Terminada(); fin {
				break
			}
			m, _ := j.Fichas(j.Turno())
			var cuentas [3]int
			for k, g := range []generador.Generador{gd, ga, gi} {
				t0 := time.Now()
				cuentas[k] = generador.ContarDe(g, j, m)
				dur := time.Since(t0)
				total[k] += dur
				var inst, cand int
				switch k {
				case 0:
					inst, cand = anclas(j), cuentas[0]
				case 1:
					e := ga.Estadisticas()
					inst, cand = e.Instancias, e.Candidatas
				case 2:
					e := gi.Estadisticas()
					inst, cand = e.Instancias, e.Candidatas
				}
				s.agregar(t, k, inst, cand, dur)
			}
			if cuentas[1] != cuentas[0] || cuentas[2] != cuentas[0] {
				return nil, fmt.Errorf("partida %d, turno %d: %v jugadas\n%s", p, t, cuentas, j)
			}
			turnos++
			if err := jugar(gd, j); err != nil {
				return nil, err
			}
		}
		barra.Add(1)
	}
	barra.Finish()
	fmt.Fprintf(salida, "%s: %d partidas, %d turnos\n", idioma, partidas, turnos)
	for k, nombre := range metodos {
		var inst, cand float64
		for t := range s.turnos {
			inst += s.instancias[k][t]
			cand += s.candidatas[k][t]
		}
		fmt.Fprintf(salida, "  %-18s %8.1f µs por turno  %7.1f instancias  %8.1f candidatas por turno\n", nombre,
			float64(total[k].Microseconds())/float64(turnos), inst/float64(turnos), cand/float64(turnos))
	}
	return s, nil
}

// jugar pone la mejor jugada; si no hay, cambia o pasa.
func jugar(g generador.Generador, j *juego.Juego) error {
	if mejor, ok := generador.Mejor(g, j); ok {
		_, err := j.Ubicar(mejor.Ocurrencia())
		return err
	}
	v := j.Variante()
	if v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas() {
		mano, _ := j.Fichas(j.Turno())
		for mano.Sacar(letra.Comodin) {
		}
		if !mano.Vacio() {
			return j.Cambiar(mano)
		}
	}
	return j.Pasar()
}

// anclas cuenta las búsquedas del GADDAG, en cada dirección: las anclas
// de generador (la última ficha de cada tramo de la línea, y cada celda
// libre vecina de una ficha cuyas dos vecinas de la línea están libres), o
// el centro con el tablero vacío, que es simétrico y se busca en una sola
// dirección.
func anclas(j *juego.Juego) int {
	n, res, vacio := j.TamanoTablero(), 0, true
	for f := range n {
		for c := range n {
			if j.HayFicha(f, c) {
				vacio = false
			}
			// Horizontal: la línea es la fila f; vertical: la columna c.
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				antes := j.HayFicha(f-d[0], c-d[1])
				despues := j.HayFicha(f+d[0], c+d[1])
				cruzadas := j.HayFicha(f-d[1], c-d[0]) || j.HayFicha(f+d[1], c+d[0])
				if j.HayFicha(f, c) && !despues || !j.HayFicha(f, c) && !antes && !despues && cruzadas {
					res++
				}
			}
		}
	}
	if vacio {
		return 1
	}
	return res
}
