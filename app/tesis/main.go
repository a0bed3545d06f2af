// Command tesis repite el experimento del capítulo 6 de la tesis de Romero
// et al. (2018) con los tres generadores de jugadas de la biblioteca: el
// GADDAG (generador), el Método de los Anagramas (generador/anagramas) y
// el de las Palabras Internas (generador/internas, umbral 10).
//
// Uso:
//
//	go run ./app/tesis [-partidas N] [-idiomas es,en] [-umbral U] [-salida dir]
//
// Juega N partidas codiciosas de dos jugadores (por omisión 1.000) en
// español (espanol.Clasica(), FISE) y en inglés (SOWPODS, de
// shared/lexicon o $PALABRAS_LEXICOS): en cada turno, el jugador pone la
// jugada de más puntos; si no tiene, cambia todas sus fichas salvo los
// comodines si la bolsa lo permite, o pasa. Las mismas partidas para los
// tres métodos: en cada turno, cada uno cuenta todas las jugadas con sus
// puntos (Contar), se comprueba que las tres cuentas coincidan y se anota,
// por número de turno:
//
//   - las instancias del problema Mano-Intervalo (Fig. 6.1): los
//     intervalos no podados; para el GADDAG, las anclas (celda y
//     dirección) desde las que busca;
//   - las palabras candidatas por instancia (Fig. 6.2) y por turno
//     (Fig. 6.3): las que se validan; para el GADDAG, las jugadas que arma,
//     que son sus únicas candidatas porque solo sigue caminos del léxico;
//   - el tiempo de generar todas las jugadas (Fig. 6.4), con la
//     actualización de los cruces.
//
// Escribe un resumen en la salida estándar y, con -salida dir, los promedios
// por turno en dir/<idioma>-6.<k>.png (las figuras de docs/tesis se hicieron
// con -salida docs/tesis). Sale con 0 si terminó (o con -h), 1 si falló y 2
// si las opciones son incorrectas. Las tablas se construyen
// al empezar (segundos, cientos de MB con el español).
//
// Los resultados con 1.000 partidas por idioma (las figuras, los promedios
// por turno) y la conclusión están en docs/tesis/README.md.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/anagramas"
	"github.com/juegodepalabras/palabras/generador/internas"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func main() { programa.Salir("tesis", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

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

func ejecutar(args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("tesis", flag.ContinueOnError)
	partidas := fs.Int("partidas", 1000, "cantidad de partidas por idioma")
	idiomas := fs.String("idiomas", "es,en", "idiomas, separados por comas: es (FISE) y en (SOWPODS)")
	umbral := fs.Int("umbral", 10, "umbral de decisión del Método de las Palabras Internas")
	dir := fs.String("salida", "", "directorio donde dibujar las figuras (por omisión, ninguna)")
	sinBarra := fs.Bool("sin-barra", false, "no mostrar la barra de progreso")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: tesis [-partidas N] [-idiomas es,en] [-umbral U] [-salida dir] [-sin-barra]",
		"Repite el experimento del capítulo 6 de la tesis de Romero et al. (2018) con los tres generadores."); ayuda || err != nil {
		return err
	}
	if *partidas < 1 || fs.NArg() > 0 {
		return programa.DeUso("-partidas debe ser positivo y no hay argumentos")
	}
	if *dir != "" {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			return err
		}
	}
	for _, idioma := range strings.Split(*idiomas, ",") {
		v, err := varianteDe(idioma)
		if err != nil {
			return err
		}
		s, err := experimento(v, idioma, *partidas, *umbral, salida, errores, *sinBarra)
		if err != nil {
			return err
		}
		if *dir != "" {
			if err := graficar(s, idioma, *dir); err != nil {
				return err
			}
		}
		runtime.GC()
	}
	return nil
}

func varianteDe(idioma string) (*variante.Variante, error) {
	switch idioma {
	case "es":
		return espanol.Clasica(), nil
	case "en":
		ruta, ok := lexicos.Ruta(lexicos.Sowpods)
		if !ok {
			return nil, fmt.Errorf("no se encontró %s (shared/lexicon o $%s)", lexicos.Sowpods, lexicos.Variable)
		}
		b, err := os.ReadFile(ruta)
		if err != nil {
			return nil, err
		}
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		return ingles.Leer(r, variante.OpcionesLexico{})
	}
	return nil, programa.DeUso("idioma desconocido %q (es o en)", idioma)
}

// experimento juega las partidas y devuelve las series.
func experimento(v *variante.Variante, idioma string, partidas, umbral int, salida, errores io.Writer, sinBarra bool) (*serie, error) {
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
	var barra *progressbar.ProgressBar
	if !sinBarra {
		barra = progressbar.NewOptions(partidas, progressbar.OptionSetWriter(errores),
			progressbar.OptionSetDescription(idioma), progressbar.OptionShowCount())
	}
	s := &serie{}
	var total [3]time.Duration
	turnos := 0
	for p := range partidas {
		r, err := v.Repositorio(2, uint64(p)+1)
		if err != nil {
			return nil, err
		}
		j, err := juego.Nuevo(2, v, r)
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
		if barra != nil {
			_ = barra.Add(1)
		}
	}
	if barra != nil {
		_ = barra.Finish()
		fmt.Fprintln(errores)
	}
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
