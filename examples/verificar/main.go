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
//	-alfabeto nombre  alfabeto del léxico: es, es-digrafos o en (por omisión es)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func main() {
	if err := ejecutar(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "verificar:", err)
		os.Exit(1)
	}
}

var alfabetos = map[string]func() *letra.Alfabeto{
	"es":          letra.Espanol,
	"es-digrafos": letra.EspanolConDigrafos,
	"en":          letra.Ingles,
}

func ejecutar(args []string, entrada io.Reader, salida io.Writer) error {
	flags := flag.NewFlagSet("verificar", flag.ContinueOnError)
	flags.SetOutput(salida)
	archivo := flags.String("lexico", "", "léxico a usar en lugar del embebido (texto o gzip)")
	nombreAlf := flags.String("alfabeto", "es", "alfabeto del léxico: es, es-digrafos o en")
	if err := flags.Parse(args); err != nil {
		return err
	}
	v := espanol.Variante()
	if *archivo != "" {
		alf, ok := alfabetos[*nombreAlf]
		if !ok {
			return fmt.Errorf("alfabeto desconocido %q", *nombreAlf)
		}
		var err error
		if v, err = cargar(*archivo, alf()); err != nil {
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
	for _, w := range palabras {
		p, err := alf.Leer(w)
		switch {
		case err != nil:
			fmt.Fprintf(salida, "%-16s no se puede leer: %v\n", w, err)
		case v.PalabraLegitima(p):
			puntos := 0
			for _, l := range p {
				puntos += v.PuntajeLetra(l)
			}
			fmt.Fprintf(salida, "%-16s legítima     %3d puntos\n", alf.Escribir(p), puntos)
		default:
			fmt.Fprintf(salida, "%-16s no legítima\n", alf.Escribir(p))
		}
	}
	return nil
}

func cargar(ruta string, alf *letra.Alfabeto) (*variante.Variante, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lexico, err := variante.LeerLexico(f, alf)
	if err != nil {
		return nil, err
	}
	return variante.Nueva(alf, espanol.Tamano, espanol.Fichas, nil, lexico)
}
