package palabras_test

import (
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

// capas da la capa de cada paquete del motor (por el prefijo más largo de
// su directorio). Un paquete importa solo paquetes de capas menores, o de
// su misma capa dentro del mismo directorio de primer nivel (juego/cgp
// importa juego; generador/anagramas, generador): servidor y generador
// están lado a lado sobre juego y no se importan entre sí. Un paquete nuevo
// necesita su fila: la prueba falla si no la tiene.
var capas = []struct {
	prefijo string
	capa    int
}{
	{"internal/motor/azar", 0},
	{"internal/motor/dispersion", 0},
	{"internal/motor/cita", 0},
	{"limite", 5},
	{"letra", 10},
	{"internal/motor/fichas", 15},
	{"internal/motor/tablas", 15},
	{"internal/motor/arcos", 15},
	{"trie", 20},
	{"internal/motor/gaddags", 25},
	{"variante", 30},
	{"ocurrencia", 40},
	{"juego/tablero", 50},
	{"juego", 60},
	{"internal/motor/cruces", 65},
	{"servidor", 70},
	{"generador", 70},
	{"internal/motor", 70},
	{"analisis", 80},
	{"bot", 90},
	{"internal/programa", 100},
	{"examples", 100},
	{"internal/pruebas", 1000}, // solo pruebas: puede usar todo el motor
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

// TestCapas falla si aparece un import prohibido en el motor: uno que sube
// de capa, que cruza entre servidor y generador, que lleva código de
// prueba (internal/pruebas) a un paquete de producción, que llega a la
// aplicación (app) o que sale de la biblioteca estándar; o un directorio
// que guarda un paquete de una capa mayor que la de su padre.
func TestCapas(t *testing.T) {
	ps := paquetesDelMotor(t)
	require.NotEmpty(t, ps)
	for _, p := range ps {
		if p.dir == "." {
			continue // la documentación del módulo: no tiene código
		}
		capa, ok := capaDe(p.dir)
		if !ok {
			t.Errorf("%s: paquete sin capa en capas_test.go", p.dir)
			continue
		}
		soloPruebas := strings.HasPrefix(p.dir, "internal/pruebas")
		for _, im := range p.imports {
			if !strings.HasPrefix(im, modulo+"/") {
				if !esEstandar(im) && !(soloPruebas && deLasPruebas(im)) {
					t.Errorf("%s importa %s: el motor usa solo la biblioteca estándar", p.dir, im)
				}
				continue
			}
			dest := strings.TrimPrefix(im, modulo+"/")
			switch {
			case strings.HasPrefix(dest, "app/") || dest == "app":
				t.Errorf("%s importa %s: el motor no depende de la aplicación", p.dir, dest)
				continue
			case strings.HasPrefix(dest, "internal/pruebas") && !strings.HasPrefix(p.dir, "internal/pruebas"):
				t.Errorf("%s importa %s: el apoyo de las pruebas no va en código de producción", p.dir, dest)
				continue
			case strings.HasPrefix(p.dir, "internal/pruebas"):
				continue // el apoyo de las pruebas puede usar todo el motor
			}
			cd, ok := capaDe(dest)
			if !ok {
				continue // se informa en su propia fila
			}
			if cd > capa || cd == capa && primerNivel(dest) != primerNivel(p.dir) && !strings.HasPrefix(dest, "internal/") {
				t.Errorf("%s (capa %d) importa %s (capa %d)", p.dir, capa, dest, cd)
			}
		}
		for _, im := range p.dePruebas {
			if !strings.HasPrefix(im, modulo) && !esEstandar(im) && !deLasPruebas(im) {
				t.Errorf("las pruebas de %s importan %s: solo testify y rapid", p.dir, im)
			}
			if strings.HasPrefix(im, modulo+"/app") {
				t.Errorf("las pruebas de %s importan la aplicación (%s)", p.dir, im)
			}
		}
		// Un directorio no guarda paquetes de una capa mayor que la suya.
		for padre := path.Dir(p.dir); padre != "."; padre = path.Dir(padre) {
			if cp, ok := capaDe(padre); ok && esPaquete(ps, padre) {
				if capa > cp {
					t.Errorf("%s (capa %d) está dentro de %s (capa %d)", p.dir, capa, padre, cp)
				}
				break
			}
		}
	}
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
// muerden: un import que sube de capa y uno entre servidor y generador.
func TestCapasDetectaImportsProhibidos(t *testing.T) {
	for _, c := range []struct{ desde, hacia string }{
		{"juego", "generador"}, {"servidor", "generador"}, {"generador", "servidor"},
		{"letra", "trie"}, {"variante", "bot"},
	} {
		cd, _ := capaDe(c.hacia)
		ca, _ := capaDe(c.desde)
		prohibido := cd > ca || cd == ca && primerNivel(c.hacia) != primerNivel(c.desde)
		require.True(t, prohibido, "%s → %s", c.desde, c.hacia)
	}
	for _, c := range []struct{ desde, hacia string }{{"juego/cgp", "juego"}, {"bot", "generador"}, {"generador/anagramas", "generador"}} {
		cd, _ := capaDe(c.hacia)
		ca, _ := capaDe(c.desde)
		require.False(t, cd > ca || cd == ca && primerNivel(c.hacia) != primerNivel(c.desde), "%s → %s", c.desde, c.hacia)
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
	require.NotContains(t, string(deps), modulo+"/internal/motor/gaddags/espanol")
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
