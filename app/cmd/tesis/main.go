// Command tesis (el paquete app/internal/experimento/tesis) repite el experimento del capítulo 6 de la tesis de Romero
// et al. (2018) con los tres generadores de jugadas de la biblioteca: el
// GADDAG (generador), el Método de los Anagramas (generador/anagramas) y
// el de las Palabras Internas (generador/internas, umbral 10).
//
// Uso:
//
//	go run ./app/cmd/tesis [-partidas N] [-idiomas es,en] [-sowpods ruta] [-umbral U] [-salida dir]
//
// Juega N partidas codiciosas de dos jugadores (por omisión 1.000) en
// español (espanol.Clasica(), FISE; por omisión solo este) y, con
// -idiomas es,en, en inglés (SOWPODS, que no viaja con el módulo: -sowpods
// ruta, o $PALABRAS_LEXICOS): en cada turno, el jugador pone la
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
	"flag"
	"io"
	"os"

	"github.com/juegodepalabras/palabras/app/internal/experimento/tesis"
	"github.com/juegodepalabras/palabras/internal/programa"
)

func main() { programa.Salir("tesis", ejecutar(os.Args[1:], os.Stdout, os.Stderr)) }

func ejecutar(args []string, salida, errores io.Writer) error {
	var op tesis.Opciones
	fs := flag.NewFlagSet("tesis", flag.ContinueOnError)
	fs.IntVar(&op.Partidas, "partidas", 1000, "cantidad de partidas por idioma")
	fs.StringVar(&op.Idiomas, "idiomas", "es", "idiomas, separados por comas: es (FISE, embebido) y en (SOWPODS: necesita -sowpods)")
	fs.StringVar(&op.Sowpods, "sowpods", "", "la lista de palabras inglesa SOWPODS (texto o .gz), que no viaja con el módulo")
	fs.IntVar(&op.Umbral, "umbral", 10, "umbral de decisión del Método de las Palabras Internas")
	fs.StringVar(&op.Salida, "salida", "", "directorio donde dibujar las figuras (por omisión, ninguna)")
	fs.BoolVar(&op.SinBarra, "sin-barra", false, "no mostrar la barra de progreso")
	if ayuda, err := programa.Leer(fs, args, salida,
		"Uso: tesis [-partidas N] [-idiomas es,en] [-sowpods ruta] [-umbral U] [-salida dir] [-sin-barra]",
		"Repite el experimento del capítulo 6 de la tesis de Romero et al. (2018) con los tres generadores."); ayuda || err != nil {
		return err
	}
	if op.Partidas < 1 || fs.NArg() > 0 {
		return programa.DeUso("-partidas debe ser positivo y no hay argumentos")
	}
	return tesis.Correr(op, salida, errores)
}
