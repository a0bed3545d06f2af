// Command verificar dice si unas palabras son legítimas en la variante
// española por omisión (o en otro léxico) y cuánto valen.
//
// Uso:
//
//	go run ./examples/verificar [opciones] [palabra ...]
//
// Sin palabras, las lee de la entrada estándar, una por línea. Opciones:
//
//	-lexico archivo   usa otro léxico (texto o gzip, una palabra por línea)
//	-alfabeto nombre  con -lexico, el alfabeto del léxico: es, es-digrafos o
//	                  en (por omisión es)
//	-h                muestra el uso en la salida estándar
//
// Con -lexico, las letras valen lo que valen en el juego de su alfabeto: con
// es, los valores de la variante española (espanol.Puntajes); con
// es-digrafos, los del juego FISE (espanol.PuntajesClasicos); con en, los
// del juego en inglés (ingles.Puntajes).
//
// Códigos de salida: 0 si todas las palabras son legítimas (o con -h); 1 si
// alguna no es legítima o no se puede leer (se informan todas antes de
// salir), o si el léxico o la entrada no se pueden leer; 2 si las opciones
// son incorrectas: una opción desconocida, un alfabeto desconocido o
// -alfabeto sin -lexico.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func main() { programa.Salir("verificar", ejecutar(os.Args[1:], os.Stdin, os.Stdout)) }

// encabezado es el principio del texto de uso.
var encabezado = []string{
	"Uso: verificar [opciones] [palabra ...]",
	"Sin palabras, las lee de la entrada estándar, una por línea.",
	"Sale con 0 si todas son legítimas, 1 si alguna no lo es y 2 si las opciones son incorrectas.",
}

// errRechazadas es el error de ejecutar cuando alguna palabra no es
// legítima o no se puede leer, después de informarlas todas.
var errRechazadas = errors.New("hay palabras rechazadas")

// alfabeto es un alfabeto de -alfabeto y los valores de sus letras.
type alfabeto struct {
	letras   func() *letra.Alfabeto
	puntajes func() map[letra.Letra]int
}

var alfabetos = map[string]alfabeto{
	"es":          {letra.Espanol, espanol.Puntajes},
	"es-digrafos": {letra.EspanolConDigrafos, espanol.PuntajesClasicos},
	"en":          {letra.Ingles, ingles.Puntajes},
}

// ejecutar verifica las palabras de args, o de entrada si no hay, y escribe
// el resultado en salida. Con -h escribe el uso y devuelve nil. Devuelve un
// programa.ErrorDeUso si las opciones son incorrectas, y errRechazadas si alguna
// palabra no es legítima.
func ejecutar(args []string, entrada io.Reader, salida io.Writer) error {
	flags := flag.NewFlagSet("verificar", flag.ContinueOnError)
	archivo := flags.String("lexico", "", "`archivo` del léxico a usar en lugar del embebido (texto o gzip)")
	nombreAlf := flags.String("alfabeto", "es", "con -lexico, `nombre` del alfabeto del léxico: es, es-digrafos o en")
	if ayuda, err := programa.Leer(flags, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	dadas := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { dadas[f.Name] = true })
	if dadas["alfabeto"] && !dadas["lexico"] {
		return programa.DeUso("-alfabeto solo se usa con -lexico")
	}
	v := espanol.Variante()
	if dadas["lexico"] {
		alf, ok := alfabetos[*nombreAlf]
		if !ok {
			return programa.DeUso("alfabeto desconocido %q (debe ser es, es-digrafos o en)", *nombreAlf)
		}
		var err error
		if v, err = cargar(*archivo, alf); err != nil {
			return err
		}
	}
	fmt.Fprintf(salida, "Léxico: %d palabras (la más larga, de %d letras); tablero %d×%d, %d fichas\n",
		v.Lexico().Tamano(), v.LongPalabraMasLarga(), v.TamanoTablero(), v.TamanoTablero(), v.Fichas())

	palabras := flags.Args()
	if len(palabras) == 0 {
		sc := bufio.NewScanner(entrada)
		for sc.Scan() {
			if w := strings.TrimSpace(sc.Text()); w != "" {
				palabras = append(palabras, w)
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
	}
	alf := v.Alfabeto()
	rechazadas := 0
	for _, w := range palabras {
		p, err := alf.Parsear(w)
		switch {
		case err != nil:
			rechazadas++
			fmt.Fprintf(salida, "%-16s no se puede leer: %v\n", w, err)
		case v.PalabraLegitima(p):
			puntos := 0
			for _, l := range p {
				puntos += v.PuntajeLetra(l)
			}
			fmt.Fprintf(salida, "%-16s legítima     %3d puntos\n", alf.Formatear(p), puntos)
		default:
			rechazadas++
			fmt.Fprintf(salida, "%-16s no legítima\n", alf.Formatear(p))
		}
	}
	if rechazadas > 0 {
		return fmt.Errorf("%w: %d de %d", errRechazadas, rechazadas, len(palabras))
	}
	return nil
}

// cargar lee el léxico del archivo ruta, escrito en el alfabeto alf, y arma
// una variante con él y los valores de las letras de alf.
func cargar(ruta string, alf alfabeto) (*variante.Variante, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	letras := alf.letras()
	lexico, err := variante.LeerLexico(f, letras, variante.OpcionesLexico{})
	if err != nil {
		return nil, err
	}
	return variante.Nueva(letras, espanol.Tamano, espanol.Fichas, alf.puntajes(), lexico, variante.Opciones{})
}
