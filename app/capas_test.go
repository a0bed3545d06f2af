package app_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	motor = "github.com/juegodepalabras/palabras"
	app   = motor + "/app"
)

// pisos da el piso de cada paquete de la aplicación (por el prefijo más
// largo de su directorio). Un paquete importa solo paquetes de la
// aplicación de pisos menores: el almacén no sabe de la clasificación que
// no usa ni del sitio, un experimento no importa a otro ni al sitio, y
// nadie importa un programa (cmd). Un paquete nuevo necesita su fila: la
// prueba falla si no la tiene.
var pisos = []struct {
	prefijo string
	piso    int
}{
	{"internal/clasificacion", 10},
	{"internal/almacen", 20},
	{"internal/almacen/internal/formato", 15}, // la codificación y el sello que comparten los dos almacenes (y los anuncios entre procesos, almacen.CodificarMovimientos)
	{"internal/almacen/sqlite", 30},
	{"internal/almacen/postgres", 30},
	{"internal/almacen/internal/contrato", 35}, // la suite de contrato: solo la usan las pruebas
	{"internal/almacen/abrir", 35},             // elige el almacén por el destino
	{"internal/almacen/pruebapg", 36},          // la base PostgreSQL de las pruebas, para las del sitio
	{"internal/bus", 20},                       // NATS: las novedades entre procesos y las colas de los bots y los análisis
	{"internal/revision", 30},                  // el análisis de las partidas terminadas, sobre el almacén
	{"internal/trabajador", 40},                // los trabajadores de bots y de análisis, sobre el bus, el almacén y el análisis
	{"internal/experimento", 40},               // la preparación común de los experimentos
	{"internal/limites", 40},
	{"internal/experimento/duelo", 50},
	{"internal/experimento/torneo", 50},
	{"internal/experimento/aprendizaje", 50},
	{"internal/experimento/tesis", 50},
	{"internal/experimento/curva", 50},
	{"internal/sitio", 50},
	{"internal/carga", 60}, // la carga del sitio repartido: arranca procesos web (sitio) y trabajadores
	{"cmd", 100},
}

// delMotor son los paquetes internal del motor que la aplicación puede
// usar (está bajo su ruta, así que Go no se lo impide): el apoyo de los
// programas (opciones y códigos de salida, los léxicos de prueba); el de
// las pruebas (internal/pruebas) solo en archivos _test.go. El resto de
// internal (generador/internal/…, internal/cita…) es del motor.
var delMotor = []string{"internal/programa", "internal/programa/lexicos"}

func pisoDe(dir string) (int, bool) {
	mejor, piso := -1, 0
	for _, p := range pisos {
		if (dir == p.prefijo || strings.HasPrefix(dir, p.prefijo+"/")) && len(p.prefijo) > mejor {
			mejor, piso = len(p.prefijo), p.piso
		}
	}
	return piso, mejor >= 0
}

// paquete es lo que la prueba sabe de un paquete de la aplicación.
type paquete struct {
	dir                string // relativo a app/
	nombre             string // el de sus archivos que no son de prueba
	imports, dePruebas []string
}

// paquetesDeApp lee los imports de cada paquete de la aplicación.
func paquetesDeApp(t *testing.T) []paquete {
	t.Helper()
	var ps []paquete
	err := filepath.WalkDir(".", func(ruta string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if n := d.Name(); ruta != "." && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
			return filepath.SkipDir
		}
		archivos, _ := filepath.Glob(filepath.Join(ruta, "*.go"))
		if len(archivos) == 0 {
			return nil
		}
		p := paquete{dir: filepath.ToSlash(ruta)}
		for _, a := range archivos {
			f, err := parser.ParseFile(token.NewFileSet(), a, nil, parser.ImportsOnly)
			require.NoError(t, err)
			prueba := strings.HasSuffix(a, "_test.go")
			if !prueba {
				p.nombre = f.Name.Name
			}
			for _, im := range f.Imports {
				camino, _ := strconv.Unquote(im.Path.Value)
				if prueba {
					p.dePruebas = append(p.dePruebas, camino)
				} else {
					p.imports = append(p.imports, camino)
				}
			}
		}
		ps = append(ps, p)
		return nil
	})
	require.NoError(t, err)
	return ps
}

// revisar devuelve un mensaje por cada regla que rompen los paquetes ps.
func revisar(ps []paquete) []string {
	var errs []string
	mal := func(formato string, a ...any) { errs = append(errs, fmt.Sprintf(formato, a...)) }
	for _, p := range ps {
		if p.dir == "." {
			if p.nombre != "" {
				mal(". (%s): la raíz de la aplicación no tiene código, solo esta prueba", p.nombre)
			}
			continue
		}
		piso, ok := pisoDe(p.dir)
		if !ok {
			mal("%s: paquete sin piso en capas_test.go", p.dir)
			continue
		}
		enCmd := strings.HasPrefix(p.dir, "cmd/")
		switch {
		case !enCmd && !strings.HasPrefix(p.dir, "internal/"):
			mal("%s: un paquete de la aplicación va en internal/ (o es un programa en cmd/)", p.dir)
		case enCmd && (p.nombre != "main" || strings.Count(p.dir, "/") != 1):
			mal("%s: en cmd/ solo van programas, uno por directorio (cmd/<nombre>)", p.dir)
		case !enCmd && p.nombre == "main":
			mal("%s: un programa va en cmd/<nombre>", p.dir)
		}
		for _, c := range []struct {
			imports []string
			prueba  bool
		}{{p.imports, false}, {p.dePruebas, true}} {
			for _, im := range c.imports {
				revisarImport(p, piso, im, c.prueba, mal)
			}
		}
	}
	return errs
}

// revisarImport informa con mal si el paquete p, de ese piso, no puede
// importar im (en sus pruebas si prueba: las pruebas, como los ejemplos
// del almacén con su implementación SQLite, pueden usar paquetes de pisos
// mayores, pero tampoco un programa ni el interior del motor).
func revisarImport(p paquete, piso int, im string, prueba bool, mal func(string, ...any)) {
	switch {
	case im == app+"/"+p.dir:
		return // las pruebas de afuera (package x_test) importan su paquete
	case strings.HasPrefix(im, app+"/"):
		dest := strings.TrimPrefix(im, app+"/")
		pd, ok := pisoDe(dest)
		switch {
		case strings.HasPrefix(dest, "cmd/"):
			mal("%s importa %s: un programa no se importa", p.dir, dest)
		case ok && pd >= piso && !prueba:
			mal("%s (piso %d) importa %s (piso %d)", p.dir, piso, dest, pd)
		}
	case strings.HasPrefix(im, motor+"/") && strings.Contains(im+"/", "/internal/"):
		dest := strings.TrimPrefix(im, motor+"/")
		switch {
		case strings.HasPrefix(dest, "internal/pruebas") && prueba:
		case strings.HasPrefix(dest, "internal/pruebas"):
			mal("%s importa %s: el apoyo de las pruebas del motor no va en código de producción", p.dir, dest)
		case !contiene(delMotor, dest):
			mal("%s importa %s: es interno del motor", p.dir, dest)
		}
	}
}

func contiene(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// TestCapas falla si un paquete de la aplicación rompe la forma de app/:
// un paquete fuera de internal/ y cmd/, un programa fuera de cmd/<nombre>,
// un import de producción de un piso igual o mayor, o un import de un
// programa o de un paquete interno del motor que no está en delMotor.
func TestCapas(t *testing.T) {
	ps := paquetesDeApp(t)
	require.NotEmpty(t, ps)
	for _, e := range revisar(ps) {
		t.Error(e)
	}
	// Los siete programas del README.
	for _, n := range []string{"web", "torneo", "duelo", "hojas", "tesis", "curva", "limites"} {
		require.Condition(t, func() bool {
			for _, p := range ps {
				if p.dir == path.Join("cmd", n) {
					return true
				}
			}
			return false
		}, "falta el programa cmd/%s", n)
	}
}

// TestCapasDetectaImportsProhibidos comprueba que las reglas muerden: a
// los paquetes de verdad se les inyecta cada import malo, y la revisión lo
// informa; sin inyectar nada, no informa nada.
func TestCapasDetectaImportsProhibidos(t *testing.T) {
	ps := paquetesDeApp(t)
	require.Empty(t, revisar(ps))
	for _, c := range []struct {
		dir, im string
		prueba  bool
		dice    string
	}{
		{"internal/almacen", app + "/internal/sitio", false, "internal/almacen (piso 20) importa internal/sitio (piso 50)"},
		{"internal/almacen", app + "/internal/almacen/sqlite", false, "(piso 30)"},
		{"internal/sitio", app + "/internal/experimento/torneo", false, "(piso 50) importa internal/experimento/torneo (piso 50)"},
		{"internal/experimento/duelo", app + "/internal/experimento/torneo", false, "(piso 50)"},
		{"internal/sitio", app + "/cmd/web", true, "un programa no se importa"},
		{"internal/sitio", motor + "/generador/internal/gaddags", false, "es interno del motor"},
		{"internal/almacen/sqlite", motor + "/internal/pruebas", false, "no va en código de producción"},
	} {
		inyectados := make([]paquete, len(ps))
		copy(inyectados, ps)
		hallado := false
		for i, p := range inyectados {
			if p.dir == c.dir {
				hallado = true
				if c.prueba {
					p.dePruebas = append(p.dePruebas[:len(p.dePruebas):len(p.dePruebas)], c.im)
				} else {
					p.imports = append(p.imports[:len(p.imports):len(p.imports)], c.im)
				}
				inyectados[i] = p
			}
		}
		require.True(t, hallado, c.dir)
		errs := revisar(inyectados)
		require.Len(t, errs, 1, "%s → %s: %q", c.dir, c.im, errs)
		require.Contains(t, errs[0], c.dice)
	}
	// Un paquete público, un programa fuera de cmd y uno sin piso.
	errs := revisar(append(ps[:len(ps):len(ps)],
		paquete{dir: "publico", nombre: "publico"},
		paquete{dir: "internal/herramienta", nombre: "main"},
		paquete{dir: "cmd/web/ayuda", nombre: "ayuda"}))
	require.Len(t, errs, 3, "%q", errs)
}
