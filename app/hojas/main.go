// Command hojas aprende por autojuego la tabla de hojas (analisis/hojas) de
// la variante clásica española (FISE) o inglesa (SOWPODS): un valor para
// cada multiconjunto de 1 a 6 fichas que la bolsa permite, y la
// probabilidad de ganar según la diferencia y las fichas no vistas.
//
// Uso:
//
//	go run ./app/hojas [-idioma es] [-partidas 20000,40000,…] [-semilla 1] [-salida archivo] [-punto archivo] [-gorutinas G] [-bloque B] [-sowpods ruta]
//
// Cada generación juega sus partidas entre dos expertos de bot que usan los
// valores de la generación anterior (la primera, el modelo lineal embebido
// del bot), en todas las gorutinas a la vez, y aprende de ellas una tabla
// nueva (hojas.Muestras: cada mano llena con la bolsa con al menos 7 fichas
// cuenta, con la equidad de lo que se jugó, para cada una de sus
// sub-hojas). La partida i de la generación g usa la bolsa de semilla
// S + g·2³² + i: con las mismas opciones el resultado es el mismo byte a
// byte, con cualquier cantidad de gorutinas.
//
// Después de cada bloque de partidas guarda su estado en el archivo de punto
// (por omisión, el de salida con ".punto"): si se interrumpe, la misma orden
// sigue desde el último bloque. Al terminar escribe la tabla (por omisión
// hojas-<idioma>.bin en el directorio actual, nunca dentro del código) y
// borra el punto. La tabla española que embebe analisis/hojas/espanol se
// hace con
//
//	go run ./app/hojas -idioma es -salida analisis/hojas/espanol/hojas.bin
//
// La tabla inglesa no viaja con ningún programa (la lista SOWPODS no viaja
// con el módulo); la de los torneos (app/duelo) está en
// app/testdata/hojas-en.bin y se hace con
//
//	go run ./app/hojas -idioma en -salida app/testdata/hojas-en.bin
//
// El léxico inglés se busca como sowpods.txt.gz en shared/lexicon de algún
// directorio superior o en $PALABRAS_LEXICOS, o se da con -sowpods.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"flag"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// partidasPorOmision son las partidas de cada generación por omisión.
const partidasPorOmision = "10000,30000,60000,160000"

func main() { programa.Salir("hojas", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

var encabezado = []string{
	"Uso: hojas [opciones]",
	"Aprende por autojuego la tabla de hojas de la variante clásica española (-idioma es) o inglesa (-idioma en).",
}

func ejecutar(args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("hojas", flag.ContinueOnError)
	idioma := fs.String("idioma", "es", "`es` (FISE) o en (SOWPODS)")
	partidas := fs.String("partidas", partidasPorOmision, "partidas de cada generación, separadas por comas")
	semilla := fs.Uint64("semilla", 1, "semilla de la primera bolsa")
	destino := fs.String("salida", "", "archivo de la tabla (por omisión hojas-<idioma>.bin)")
	rutaPunto := fs.String("punto", "", "archivo de punto para seguir (por omisión, el de salida con .punto)")
	gorutinas := fs.Int("gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	bloque := fs.Int("bloque", 2000, "partidas entre puntos")
	sowpods := fs.String("sowpods", "", "la lista inglesa (por omisión se busca "+lexicos.Sowpods+")")
	if ayuda, err := programa.Leer(fs, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", fs.Args())
	}
	if *gorutinas < 1 || *bloque < 1 {
		return programa.DeUso("-gorutinas y -bloque deben ser positivos")
	}
	var lista []int
	for _, p := range strings.Split(*partidas, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return programa.DeUso("-partidas: %q no es una lista de cantidades positivas", *partidas)
		}
		lista = append(lista, n)
	}
	var v *variante.Variante
	switch *idioma {
	case "es":
		v = espanol.Clasica()
	case "en":
		var err error
		if v, err = leerIngles(*sowpods); err != nil {
			return err
		}
	default:
		return programa.DeUso("-idioma: %q (vale es o en)", *idioma)
	}
	if *destino == "" {
		*destino = "hojas-" + *idioma + ".bin"
	}
	if *rutaPunto == "" {
		*rutaPunto = *destino + ".punto"
	}
	// La primera generación juega con el modelo lineal (el experto de
	// antes), nunca con una tabla embebida: así el resultado no depende de
	// la tabla que ya esté en el código.
	inicio := time.Now()
	tabla, gens, err := entrenar(config{
		entrenamiento: entrenamiento{Idioma: *idioma, Partidas: lista, Semilla: *semilla},
		variante:      v, gorutinas: *gorutinas, bloque: *bloque,
		punto: *rutaPunto, progreso: errores, registro: salida,
	})
	if err != nil {
		return err
	}
	f, err := os.Create(*destino)
	if err != nil {
		return err
	}
	if _, err := tabla.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	_ = os.Remove(*rutaPunto)
	total := 0
	for _, g := range gens {
		total += g.Partidas
	}
	fmt.Fprintf(salida, "%s: %d generaciones, %d partidas; tabla de %d hojas en %s (esta corrida: %v)\n",
		*idioma, len(gens), total, tabla.Tamano(), *destino, time.Since(inicio).Round(time.Second))
	return nil
}

// leerIngles lee la variante inglesa con la lista de ruta, o con la que
// encuentre lexicos si ruta es "".
func leerIngles(ruta string) (*variante.Variante, error) {
	if ruta == "" {
		var ok bool
		if ruta, ok = lexicos.Ruta(lexicos.Sowpods); !ok {
			return nil, fmt.Errorf("no se encontró %s: use -sowpods o $%s", lexicos.Sowpods, lexicos.Variable)
		}
	}
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ingles.Leer(f, variante.OpcionesLexico{})
}
