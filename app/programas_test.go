package app_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProgramasDesdeUnDirectorioVacio compila cada programa de app/cmd y de
// examples y lo corre como lo correría alguien en una máquina nueva: desde
// un directorio vacío fuera del repositorio, sin $PALABRAS_LEXICOS, con sus
// valores por omisión (o con -h, o con pocas partidas, si la omisión tarda
// minutos). Cada uno debe terminar con el código esperado, no escribir nada
// en el directorio (salvo lo que se le pida) ni una ruta que borra, e
// informar el progreso en líneas, sin retornos de carro, cuando su salida
// de errores es un archivo. Lo que necesita la lista inglesa, que no viaja
// con el módulo, lo dice nombrando la opción, sin hacer trabajo antes.
func TestProgramasDesdeUnDirectorioVacio(t *testing.T) {
	if testing.Short() {
		t.Skip("compila y corre todos los programas")
	}
	bin := t.TempDir()
	compilar := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/...", "github.com/juegodepalabras/palabras/examples/...")
	compilar.Stderr = os.Stderr
	require.NoError(t, compilar.Run())

	casos := []struct {
		nombre, programa string
		args             []string
		entrada          string
		codigo           int
		contiene         []string // en la salida estándar y la de errores juntas
	}{
		{"partida", "partida", nil, "", 0, []string{"1. jugador 0: ", "Posiciones:"}},
		{"partida-clasica", "partida", []string{"-clasica", "-detalle", "0"}, "", 0, []string{"Posiciones:"}},
		{"verificar", "verificar", []string{"casa", "kasa"}, "", 1, []string{"CASA             legítima", "KASA             no legítima"}}, // 1: una palabra rechazada
		{"pacalgo2", "pacalgo2", []string{"-resolver"}, "", 0, nil},
		{"consola", "consola", nil, "jugadas 2\nsalir\n", 0, []string{"Consola del analista", "ayuda", "  1  "}},
		{"web", "web", []string{"-h"}, "", 0, []string{"Uso: web"}},
		{"carga-h", "carga", []string{"-h"}, "", 0, []string{"Uso: carga"}},
		{"torneo", "torneo", []string{"-partidas", "2", "-pares", "avanzado:intermedio"}, "", 0, []string{"sin guardar", "partidas: 2/2"}},
		{"torneo-ingles", "torneo", []string{"-idiomas", "en"}, "", 2, []string{"-sowpods"}},
		{"torneo-h", "torneo", []string{"-h"}, "", 0, []string{"Uso: torneo"}},
		{"hojas", "hojas", nil, "", 2, []string{"-salida"}},
		{"hojas-h", "hojas", []string{"-h"}, "", 0, []string{"Uso: hojas"}},
		{"duelo", "duelo", []string{"-partidas", "2", "-a", "avanzado", "-b", "intermedio"}, "", 0, []string{"2 partidas (1 pares)", "pares: 1/1"}},
		{"duelo-ingles", "duelo", []string{"-idioma", "en"}, "", 2, []string{"-sowpods"}},
		{"duelo-h", "duelo", []string{"-h"}, "", 0, []string{"Uso: duelo"}},
		{"tesis-h", "tesis", []string{"-h"}, "", 0, []string{"Uso: tesis"}},
		{"tesis-ingles", "tesis", []string{"-idiomas", "es,en"}, "", 2, []string{"-sowpods"}},
		{"curva", "curva", []string{"-repeticiones", "1"}, "", 0, []string{"# turno"}},
		{"limites-h", "limites", []string{"-h"}, "", 0, []string{"Uso: limites"}},
		{"limites-lista", "limites", []string{"-lista"}, "", 0, []string{"lexico-1MB"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			dir := t.TempDir()
			casa := t.TempDir() // $HOME y la caché del usuario, aparte
			var salida, errores bytes.Buffer
			cmd := exec.Command(filepath.Join(bin, c.programa), c.args...)
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(c.entrada)
			cmd.Stdout, cmd.Stderr = &salida, &errores
			var entorno []string
			for _, v := range os.Environ() {
				if !strings.HasPrefix(v, "PALABRAS_LEXICOS=") && !strings.HasPrefix(v, "HOME=") && !strings.HasPrefix(v, "XDG_CACHE_HOME=") {
					entorno = append(entorno, v)
				}
			}
			cmd.Env = append(entorno, "HOME="+casa, "XDG_CACHE_HOME="+filepath.Join(casa, "cache"))
			err := cmd.Run()
			codigo := 0
			if e, ok := err.(*exec.ExitError); ok {
				codigo = e.ExitCode()
			} else {
				require.NoError(t, err)
			}
			todo := salida.String() + errores.String()
			require.Equal(t, c.codigo, codigo, "%s %v:\n%s", c.programa, c.args, todo)
			for _, s := range c.contiene {
				require.Contains(t, todo, s)
			}
			require.NotContains(t, todo, "\r", "el progreso va en líneas cuando no es una terminal")
			require.NotContains(t, todo, os.TempDir()+string(filepath.Separator)+c.programa, "no imprime una ruta temporal que borra")
			quedan, err := os.ReadDir(dir)
			require.NoError(t, err)
			var nombres []string
			for _, q := range quedan {
				nombres = append(nombres, q.Name())
			}
			require.Empty(t, nombres, "%s %v escribió en el directorio actual", c.programa, c.args)
		})
	}
}
