// Command hojas (el paquete app/internal/experimento/aprendizaje) aprende por autojuego la tabla de hojas (analisis/hojas) de
// la variante clásica española (FISE), inglesa (SOWPODS) o de cualquier
// variante descrita (variante.Descripciones: -idioma catalan, frances,
// ingles-21…, con su lista de palabras en -lista): un valor para cada
// multiconjunto de 1 a 6 fichas que la bolsa permite, y la probabilidad de
// ganar según la diferencia y las fichas no vistas.
//
// Uso:
//
//	go run ./app/cmd/hojas [-idioma es] [-partidas 20000,40000,…] [-semilla 1] [-salida archivo] [-punto archivo] [-gorutinas G] [-bloque B] [-sowpods ruta] [-lista ruta]
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
// La tabla se escribe donde diga -salida, que no tiene valor por omisión:
// sin ella el programa sale con 2 antes de jugar (una corrida tarda media
// hora y su punto ocupa unos 20 MB: no se escriben en el directorio actual
// sin que se pida). Después de cada bloque de partidas guarda su estado en
// el archivo de punto (por omisión, al lado de la salida, con ".punto"): si
// se interrumpe, la misma orden sigue desde el último bloque. Al terminar
// escribe la tabla y borra el punto. El progreso va a la salida de errores:
// una barra en una terminal, y en un archivo o una tubería una línea cada
// 10 s. La tabla española que embebe analisis/hojas/espanol se
// hace con
//
//	go run ./app/cmd/hojas -idioma es -salida analisis/hojas/espanol/hojas.bin
//
// La tabla inglesa no viaja con ningún programa (la lista SOWPODS no viaja
// con el módulo); la de los torneos (app/cmd/duelo) está en
// app/testdata/hojas-en.bin y se hace con
//
//	go run ./app/cmd/hojas -idioma en -salida app/testdata/hojas-en.bin
//
// El léxico inglés se busca como sowpods.txt.gz en shared/lexicon de algún
// directorio superior o en $PALABRAS_LEXICOS, o se da con -sowpods.
package main

import (
	"flag"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/experimento/aprendizaje"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
)

// partidasPorOmision son las partidas de cada generación por omisión.
const partidasPorOmision = "10000,30000,60000,160000"

func main() { programa.Salir("hojas", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

var encabezado = []string{
	"Uso: hojas -salida archivo [opciones]",
	"Aprende por autojuego la tabla de hojas de la variante clásica española (-idioma es), inglesa (-idioma en)",
	"o de una variante descrita (-idioma catalan, frances, ingles-21…, con su lista de palabras en -lista).",
}

func ejecutar(args []string, salida, errores io.Writer) error {
	fs := flag.NewFlagSet("hojas", flag.ContinueOnError)
	idioma := fs.String("idioma", "es", "`es` (FISE), en (SOWPODS) o el nombre de una variante descrita")
	partidas := fs.String("partidas", partidasPorOmision, "partidas de cada generación, separadas por comas")
	semilla := fs.Uint64("semilla", 1, "semilla de la primera bolsa")
	destino := fs.String("salida", "", "archivo de la tabla (obligatorio: el punto se guarda al lado)")
	rutaPunto := fs.String("punto", "", "archivo de punto para seguir (por omisión, el de -salida con .punto)")
	gorutinas := fs.Int("gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	bloque := fs.Int("bloque", 2000, "partidas entre puntos")
	sowpods := fs.String("sowpods", "", "la lista inglesa (por omisión se busca "+lexicos.Sowpods+")")
	lista := fs.String("lista", "", "la lista de palabras de una variante descrita (con -idioma en, como -sowpods)")
	if ayuda, err := programa.Leer(fs, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", fs.Args())
	}
	if *destino == "" {
		return programa.DeUso("falta -salida archivo: dónde escribir la tabla (el punto para seguir se guarda al lado, con .punto)")
	}
	if *gorutinas < 1 || *bloque < 1 {
		return programa.DeUso("-gorutinas y -bloque deben ser positivos")
	}
	var cantidades []int
	for _, p := range strings.Split(*partidas, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return programa.DeUso("-partidas: %q no es una lista de cantidades positivas", *partidas)
		}
		cantidades = append(cantidades, n)
	}
	if *lista == "" {
		*lista = *sowpods
	}
	return aprendizaje.Correr(aprendizaje.Opciones{Idioma: *idioma, Partidas: cantidades, Semilla: *semilla, Salida: *destino,
		Punto: *rutaPunto, Gorutinas: *gorutinas, Bloque: *bloque, Sowpods: *lista}, salida, errores)
}
