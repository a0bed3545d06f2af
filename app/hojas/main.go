// Command hojas aprende por autojuego los valores de las hojas (las fichas
// que se conservan después de jugar) del bot experto de bot, para el
// inglés clásico (SOWPODS) y el español clásico (FISE), y los escribe en
// hojas_en.txt y hojas_es.txt, los archivos que bot embebe.
//
// Uso:
//
//	go run ./app/hojas [-partidas N] [-rondas R] [-semilla S] [-salida dir] [-idiomas en,es]
//
// o, desde bot, go generate. Opciones:
//
//	-partidas N   partidas por ronda y por idioma (por omisión 4000)
//	-rondas R     rondas de aprendizaje (por omisión 2)
//	-semilla S    semilla de la primera bolsa (por omisión 1)
//	-salida dir   directorio donde escribir las tablas (por omisión bot)
//	-idiomas l    idiomas a aprender, separados por comas (por omisión en,es)
//
// Cómo se hacen (bot.Aprender): en la primera ronda juegan dos bots
// codiciosos; en cada hoja que uno conserva con la bolsa llena se anotan los
// puntos de su jugada siguiente, y un ajuste por mínimos cuadrados da a cada
// copia de cada letra y a cada equilibrio de vocales y consonantes su valor,
// relativo a no conservar nada. Cada ronda siguiente juega con el experto que
// usa las hojas de la anterior. El léxico inglés no viaja con el módulo: se
// busca sowpods.txt.gz en shared/lexicon de algún directorio superior o en
// $PALABRAS_LEXICOS; el español es el embebido.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func main() {
	partidas := flag.Int("partidas", 4000, "partidas por ronda y por idioma")
	rondas := flag.Int("rondas", 2, "rondas de aprendizaje")
	semilla := flag.Uint64("semilla", 1, "semilla de la primera bolsa")
	salida := flag.String("salida", "", "directorio de salida (por omisión bot)")
	idiomas := flag.String("idiomas", "en,es", "idiomas, separados por comas")
	flag.Parse()
	if *partidas < 1 || *rondas < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	dir := *salida
	if dir == "" {
		dir = filepath.Join("juego", "bot")
	}
	for _, id := range strings.Split(*idiomas, ",") {
		if err := aprender(id, *partidas, *rondas, *semilla, dir); err != nil {
			fmt.Fprintln(os.Stderr, "hojas:", err)
			os.Exit(1)
		}
	}
}

func aprender(idioma string, partidas, rondas int, semilla uint64, dir string) error {
	var v *variante.Variante
	switch idioma {
	case "es":
		v = espanol.Clasica()
	case "en":
		ruta, ok := lexicos.Ruta(lexicos.Sowpods)
		if !ok {
			return fmt.Errorf("no se encontró %s (ver $%s)", lexicos.Sowpods, lexicos.Variable)
		}
		f, err := os.Open(ruta)
		if err != nil {
			return err
		}
		defer f.Close()
		if v, err = ingles.Leer(f, variante.OpcionesLexico{}); err != nil {
			return err
		}
	default:
		return fmt.Errorf("idioma desconocido %q (vale en o es)", idioma)
	}
	var hs *bot.Hojas
	for r := 1; r <= rondas; r++ {
		t := time.Now()
		var err error
		hs, err = bot.Aprender(v, bot.OpcionesAprender{Partidas: partidas, Semilla: semilla + uint64(r-1)*uint64(partidas), Base: hs})
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s: ronda %d, %d partidas en %v\n", idioma, r, partidas, time.Since(t).Round(time.Millisecond))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Hechas con go run ./app/hojas -partidas %d -rondas %d -semilla %d (idioma %s)\n", partidas, rondas, semilla, idioma)
	if _, err := hs.WriteTo(&b); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "hojas_"+idioma+".txt"), b.Bytes(), 0o644)
}
