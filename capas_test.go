package palabras_test

import (
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const modulo = "github.com/juegodepalabras/palabras"

// capas es la tabla de los pisos del motor: la capa de cada paquete, por
// el prefijo más largo de su directorio. Un paquete importa solo paquetes
// de capas menores, o de su misma capa dentro del mismo directorio de
// primer nivel (juego/cgp importa juego; generador/anagramas, generador):
// servidor y generador están lado a lado sobre juego y no se importan entre
// sí. La regla vale igual para los paquetes internal: un ayudante de una
// sola capa vive bajo ella (juego/internal/fichas, generador/internal/…),
// y en internal/ de la raíz quedan los de abajo de todo, que no importan
// nada del módulo, y el apoyo de las pruebas, arriba de todo. Un paquete
// nuevo necesita su fila: la prueba falla si no la tiene.
var capas = []struct {
	prefijo string
	capa    int
}{
	{"internal/azar", 0},     // la mezcla reproducible
	{"internal/cita", 0},     // el texto que citan los errores
	{"internal/arcos", 0},    // la vista de arcos de un GADDAG
	{"internal/programa", 6}, // las opciones y la lectura acotada de los programas, los léxicos de prueba
	{"limite", 5},            // el error de límite de los lectores
	{"letra", 10},
	{"trie", 20},
	{"variante", 30},
	{"ocurrencia", 40},
	{"juego/tablero", 50},
	{"juego", 60},
	{"servidor", 70},
	{"generador", 70},
	{"analisis", 80},
	{"bot", 90},
	{"examples", 100},
	// El apoyo de las pruebas: puede usar todo el motor y ningún paquete
	// de producción lo importa (ver violaciones).
	{"internal/pruebas", 1000},
}

// capaDe devuelve la capa del paquete dir (relativo a la raíz del módulo).
func capaDe(dir string) (int, bool) {
	mejor, capa := -1, 0
	for _, c := range capas {
		if (dir == c.prefijo || strings.HasPrefix(dir, c.prefijo+"/")) && len(c.prefijo) > mejor {
			mejor, capa = len(c.prefijo), c.capa
		}
	}
	return capa, mejor >= 0
}

// paquete es lo que la prueba sabe de un paquete del motor: sus imports de
// producción y los de sus pruebas.
type paquete struct {
	dir                string
	imports, dePruebas []string
}

// paquetesDelMotor lee los imports de cada paquete del módulo raíz, sin
// entrar en los módulos anidados (app) ni en testdata.
func paquetesDelMotor(t *testing.T) []paquete {
	t.Helper()
	var ps []paquete
	err := filepath.WalkDir(".", func(ruta string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		nombre := d.Name()
		if ruta != "." {
			if strings.HasPrefix(nombre, ".") || strings.HasPrefix(nombre, "_") || nombre == "testdata" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(ruta, "go.mod")); err == nil {
				return filepath.SkipDir // otro módulo
			}
		}
		archivos, _ := filepath.Glob(filepath.Join(ruta, "*.go"))
		if len(archivos) == 0 {
			return nil
		}
		p := paquete{dir: filepath.ToSlash(ruta)}
		for _, a := range archivos {
			f, err := parser.ParseFile(token.NewFileSet(), a, nil, parser.ImportsOnly)
			require.NoError(t, err)
			for _, im := range f.Imports {
				camino, _ := strconv.Unquote(im.Path.Value)
				if strings.HasSuffix(a, "_test.go") {
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

func primerNivel(dir string) string { return strings.SplitN(dir, "/", 2)[0] }

// TestCapas falla si aparece un import prohibido en el motor (ver
// violaciones).
func TestCapas(t *testing.T) {
	ps := paquetesDelMotor(t)
	require.NotEmpty(t, ps)
	for _, v := range violaciones(ps) {
		t.Error(v)
	}
}

// violaciones devuelve los imports prohibidos de los paquetes ps: uno que
// sube de capa (también a través de un internal), que cruza entre
// servidor y generador, que lleva código de prueba (internal/pruebas) a un
// paquete de producción, que llega a la aplicación (app) o que sale de la
// biblioteca estándar; o un directorio que guarda un paquete de una capa
// mayor que la de su padre, o un paquete sin capa.
func violaciones(ps []paquete) []string {
	var res []string
	for _, p := range ps {
		if p.dir == "." {
			continue // la documentación del módulo: no tiene código
		}
		capa, ok := capaDe(p.dir)
		if !ok {
			res = append(res, fmt.Sprintf("%s: paquete sin capa en capas_test.go", p.dir))
			continue
		}
		soloPruebas := strings.HasPrefix(p.dir, "internal/pruebas")
		for _, im := range p.imports {
			if !strings.HasPrefix(im, modulo+"/") {
				if !esEstandar(im) && !(soloPruebas && deLasPruebas(im)) {
					res = append(res, fmt.Sprintf("%s importa %s: el motor usa solo la biblioteca estándar", p.dir, im))
				}
				continue
			}
			dest := strings.TrimPrefix(im, modulo+"/")
			switch {
			case strings.HasPrefix(dest, "app/") || dest == "app":
				res = append(res, fmt.Sprintf("%s importa %s: el motor no depende de la aplicación", p.dir, dest))
				continue
			case strings.HasPrefix(dest, "internal/pruebas") && !soloPruebas:
				res = append(res, fmt.Sprintf("%s importa %s: el apoyo de las pruebas no va en código de producción", p.dir, dest))
				continue
			}
			cd, ok := capaDe(dest)
			if !ok {
				continue // se informa en su propia fila
			}
			if sube(p.dir, capa, dest, cd) {
				res = append(res, fmt.Sprintf("%s (capa %d) importa %s (capa %d)", p.dir, capa, dest, cd))
			}
		}
		for _, im := range p.dePruebas {
			if !strings.HasPrefix(im, modulo) && !esEstandar(im) && !deLasPruebas(im) {
				res = append(res, fmt.Sprintf("las pruebas de %s importan %s: solo testify y rapid", p.dir, im))
			}
			if strings.HasPrefix(im, modulo+"/app") {
				res = append(res, fmt.Sprintf("las pruebas de %s importan la aplicación (%s)", p.dir, im))
			}
		}
		// Un directorio no guarda paquetes de una capa mayor que la suya.
		for padre := path.Dir(p.dir); padre != "."; padre = path.Dir(padre) {
			if cp, ok := capaDe(padre); ok && esPaquete(ps, padre) {
				if capa > cp {
					res = append(res, fmt.Sprintf("%s (capa %d) está dentro de %s (capa %d)", p.dir, capa, padre, cp))
				}
				break
			}
		}
	}
	return res
}

// sube informa si el import de dest (capa cd) desde dir (capa ca) está
// prohibido: dest es de una capa mayor, o de la misma en otro directorio
// de primer nivel. Sin excepciones: un internal está en su capa como
// cualquier paquete.
func sube(dir string, ca int, dest string, cd int) bool {
	return cd > ca || cd == ca && primerNivel(dest) != primerNivel(dir)
}

// deLasPruebas informa si im es una de las dos dependencias que admiten las
// pruebas del motor (y su apoyo, internal/pruebas): testify y rapid.
func deLasPruebas(im string) bool {
	return strings.HasPrefix(im, "github.com/stretchr/testify/") || im == "pgregory.net/rapid"
}

func esPaquete(ps []paquete, dir string) bool {
	return slices.ContainsFunc(ps, func(p paquete) bool { return p.dir == dir })
}

// esEstandar informa si im es un paquete de la biblioteca estándar: los
// que tienen directorio en GOROOT.
func esEstandar(im string) bool {
	if strings.Contains(strings.SplitN(im, "/", 2)[0], ".") {
		return false
	}
	_, err := build.Default.Import(im, "", build.FindOnly)
	return err == nil
}

// TestCapasDetectaImportsProhibidos comprueba que las reglas de TestCapas
// muerden: inyecta en el motor de hoy, uno por vez, imports que suben de
// capa (también a través de un internal), entre servidor y generador, de
// producción al apoyo de las pruebas o a la aplicación, y otros permitidos.
func TestCapasDetectaImportsProhibidos(t *testing.T) {
	ps := paquetesDelMotor(t)
	require.Empty(t, violaciones(ps))
	con := func(desde, hacia string) []string {
		iny := slices.Clone(ps)
		for i, p := range iny {
			if p.dir == desde {
				iny[i].imports = append(slices.Clone(p.imports), modulo+"/"+hacia)
				return violaciones(iny)
			}
		}
		require.Failf(t, "no existe", "el paquete %s", desde)
		return nil
	}
	for _, c := range []struct{ desde, hacia string }{
		{"juego", "generador"}, {"servidor", "generador"}, {"generador", "servidor"},
		{"letra", "trie"}, {"variante", "bot"},
		// A través de un internal: hacia uno de arriba, y desde uno de
		// abajo de todo.
		{"variante", "generador/internal/gaddags"}, {"trie", "generador/internal/busqueda"},
		{"letra", "juego/internal/fichas"}, {"internal/cita", "letra"}, {"internal/arcos", "trie"},
		{"generador/internal/busqueda", "analisis/final"},
		{"juego", "internal/pruebas"}, {"generador", "app/web"},
	} {
		require.NotEmpty(t, con(c.desde, c.hacia), "%s → %s", c.desde, c.hacia)
	}
	for _, c := range []struct{ desde, hacia string }{
		{"juego/cgp", "juego"}, {"bot", "generador"}, {"generador/anagramas", "generador"},
		{"juego/cgp", "juego/internal/fichas"}, {"trie", "internal/arcos"}, {"analisis/final", "generador"},
		{"internal/pruebas", "generador"},
	} {
		require.Empty(t, con(c.desde, c.hacia), "%s → %s", c.desde, c.hacia)
	}
}

// TestTamanoConsulta mide el programa más chico que consulta palabras con la
// variante española embebida (testdata/consulta): sin el GADDAG, que solo
// enlazan los programas que generan jugadas, pesa menos de 4 MB.
func TestTamanoConsulta(t *testing.T) {
	if testing.Short() {
		t.Skip("compila un programa")
	}
	salida := filepath.Join(t.TempDir(), "consulta")
	if runtime.GOOS == "windows" {
		salida += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", salida, "./testdata/consulta")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	info, err := os.Stat(salida)
	require.NoError(t, err)
	t.Logf("consulta: %d bytes", info.Size())
	require.LessOrEqual(t, info.Size(), int64(4_000_000), "un programa que solo consulta palabras no enlaza el GADDAG")
	deps, err := exec.Command("go", "list", "-deps", "./testdata/consulta").Output()
	require.NoError(t, err)
	require.NotContains(t, string(deps), modulo+"/generador/internal/gaddags")
	require.NotContains(t, string(deps), modulo+"/generador")
	require.NotContains(t, string(deps), modulo+"/analisis/hojas")
}

// tamanoPrograma compila el programa de ruta y devuelve su tamaño.
func tamanoPrograma(t *testing.T, ruta string) int64 {
	salida := filepath.Join(t.TempDir(), filepath.Base(ruta))
	if runtime.GOOS == "windows" {
		salida += ".exe"
	}
	out, err := exec.Command("go", "build", "-o", salida, ruta).CombinedOutput()
	require.NoError(t, err, "%s", out)
	info, err := os.Stat(salida)
	require.NoError(t, err)
	return info.Size()
}

// TestTamanoBot: el bot experto, con la tabla de hojas española embebida
// (analisis/hojas/espanol), agrega a lo sumo 6 MB a un programa que genera
// jugadas (testdata/experto contra testdata/jugada), y un programa que no
// usa el bot no enlaza la tabla.
func TestTamanoBot(t *testing.T) {
	if testing.Short() {
		t.Skip("compila dos programas")
	}
	sin, con := tamanoPrograma(t, "./testdata/jugada"), tamanoPrograma(t, "./testdata/experto")
	t.Logf("jugada: %d bytes; experto: %d bytes (%+d)", sin, con, con-sin)
	require.LessOrEqual(t, con-sin, int64(6_000_000), "el bot y su tabla de hojas")
	deps, err := exec.Command("go", "list", "-deps", "./testdata/jugada").Output()
	require.NoError(t, err)
	require.NotContains(t, string(deps), modulo+"/analisis/hojas")
	deps, err = exec.Command("go", "list", "-deps", "./testdata/experto").Output()
	require.NoError(t, err)
	require.Contains(t, string(deps), modulo+"/analisis/hojas/espanol")
}
