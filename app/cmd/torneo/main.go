// Command torneo (el paquete app/internal/experimento/torneo) juega partidas entre niveles de bots (bot), en
// inglés y en español clásicos, en paralelo en todos los núcleos, guarda
// cada partida jugada a jugada en un almacén SQLite y al final muestra la
// clasificación (Glicko-2) y el porcentaje de victorias de cada pareo con su
// intervalo de confianza del 95 %.
//
// Uso:
//
//	go run ./app/cmd/torneo [-db archivo] [-partidas N] [-pares a:b,…] [-idiomas en,es] [-semilla S] [-gorutinas G]
//
// Opciones:
//
//	-db archivo    el almacén SQLite (se crea si no existe; por omisión, uno
//	               temporal que se borra al terminar)
//	-partidas N    partidas por pareo y por idioma (por omisión 200)
//	-pares lista   pareos nivel:nivel separados por comas (por omisión
//	               experto:avanzado,avanzado:intermedio,intermedio:principiante)
//	-idiomas l     es, en o en,es (por omisión es: el inglés necesita
//	               -sowpods)
//	-semilla S     semilla de la primera bolsa (por omisión 1)
//	-gorutinas G   partidas a la vez (por omisión GOMAXPROCS)
//	-sowpods ruta  la lista inglesa SOWPODS, que no viaja con el módulo (sin
//	               ella se busca sowpods.txt.gz en $PALABRAS_LEXICOS o en
//	               shared/lexicon de algún directorio superior, solo en el
//	               entorno de desarrollo; si no está, el programa lo dice
//	               antes de jugar)
//
// Las partidas van de a pares con la misma bolsa y los lados cambiados: en
// la partida 2k empieza el primer nivel del pareo y en la 2k+1 el segundo,
// las dos con la semilla S+k. Cada nivel de cada idioma es un jugador del
// almacén ("experto-en"), así que la clasificación acumula todas las
// corridas sobre el mismo archivo.
package main

import (
	"flag"
	"io"
	"os"
	"runtime"

	"github.com/juegodepalabras/palabras/app/internal/experimento/torneo"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() { programa.Salir("torneo", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

func ejecutar(args []string, salida, errores io.Writer) error {
	var op torneo.Opciones
	fs := flag.NewFlagSet("torneo", flag.ContinueOnError)
	fs.StringVar(&op.DB, "db", "", "almacén SQLite (por omisión, uno temporal)")
	fs.IntVar(&op.Partidas, "partidas", 200, "partidas por pareo y por idioma")
	fs.StringVar(&op.Pares, "pares", "experto:avanzado,avanzado:intermedio,intermedio:principiante", "pareos nivel:nivel")
	fs.StringVar(&op.Idiomas, "idiomas", "es", "idiomas: es (FISE, embebido), en (SOWPODS: necesita -sowpods) o en,es")
	fs.Uint64Var(&op.Semilla, "semilla", 1, "semilla de la primera bolsa")
	fs.IntVar(&op.Gorutinas, "gorutinas", runtime.GOMAXPROCS(0), "partidas a la vez")
	fs.StringVar(&op.Sowpods, "sowpods", "", "la lista de palabras inglesa SOWPODS (texto o .gz), que no viaja con el módulo; solo con -idiomas en")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: torneo [-db archivo] [-partidas N] [-pares a:b,…] [-idiomas en,es] [-semilla S] [-gorutinas G] [-sowpods ruta]",
		"Juega partidas pareadas entre niveles de bots y muestra la clasificación y los porcentajes de victorias."); ayuda || err != nil {
		return err
	}
	if op.Partidas < 1 || op.Gorutinas < 1 || fs.NArg() > 0 {
		return programa.DeUso("-partidas y -gorutinas deben ser positivos, y no hay argumentos")
	}
	return torneo.Correr(op, salida, errores)
}
