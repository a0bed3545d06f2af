package palabras_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFragmentos comprueba la regla de la casa para la documentación: cada
// fragmento de código Go de un comentario (las líneas con sangría de un
// archivo que no es de pruebas, de los dos módulos, que se leen como
// sentencias o declaraciones de Go) es, tal cual y seguido, parte del cuerpo
// de una función Example del mismo directorio que tiene salida (// Output:),
// y el comentario nombra esa función. Los bloques que no son Go (fórmulas,
// formatos de texto, el uso de los programas) no se leen como Go y quedan
// fuera.
func TestFragmentos(t *testing.T) {
	vistos := 0
	err := filepath.WalkDir(".", func(ruta string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		nombre := d.Name()
		if ruta != "." && (strings.HasPrefix(nombre, ".") || strings.HasPrefix(nombre, "_") || nombre == "testdata") {
			return filepath.SkipDir
		}
		archivos, _ := filepath.Glob(filepath.Join(ruta, "*.go"))
		var ejemplos map[string][]string // se leen al primer fragmento
		for _, a := range archivos {
			if strings.HasSuffix(a, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, a, nil, parser.ParseComments)
			require.NoError(t, err)
			for _, cg := range f.Comments {
				texto := cg.Text()
				for _, frag := range fragmentos(texto) {
					if !esGo(frag) {
						continue
					}
					vistos++
					if ejemplos == nil {
						ejemplos = ejemplosDe(t, archivos)
					}
					donde := fset.Position(cg.Pos())
					nombres := contienen(ejemplos, frag)
					if len(nombres) == 0 {
						t.Errorf("%s:%d: el fragmento no es parte de ningún Example con salida de %s:\n\t%s",
							donde.Filename, donde.Line, ruta, strings.Join(frag, "\n\t"))
						continue
					}
					if !slices.ContainsFunc(nombres, func(n string) bool {
						return regexp.MustCompile(`\b` + n + `\b`).MatchString(texto)
					}) {
						t.Errorf("%s:%d: el comentario no nombra el Example del que sale su fragmento (%s)",
							donde.Filename, donde.Line, strings.Join(nombres, ", "))
					}
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	// Los paquetes del motor y de la aplicación tienen fragmentos: si no se
	// ve ninguno, la prueba no está mirando.
	require.GreaterOrEqual(t, vistos, 10, "fragmentos de código en la documentación")
}

// fragmentos devuelve los bloques con sangría del texto de un comentario,
// cada uno sin la primera tabulación de sus líneas; una línea vacía entre
// dos líneas con sangría es parte del bloque.
func fragmentos(texto string) [][]string {
	var bloques [][]string
	var actual []string
	cerrar := func() {
		for len(actual) > 0 && actual[len(actual)-1] == "" {
			actual = actual[:len(actual)-1]
		}
		if len(actual) > 0 {
			bloques = append(bloques, actual)
		}
		actual = nil
	}
	for _, l := range strings.Split(texto, "\n") {
		switch {
		case strings.HasPrefix(l, "\t"):
			actual = append(actual, l[1:])
		case l == "" && len(actual) > 0:
			actual = append(actual, "")
		default:
			cerrar()
		}
	}
	cerrar()
	return bloques
}

// esGo informa si las líneas se leen como sentencias o como declaraciones
// de Go.
func esGo(lineas []string) bool {
	codigo := strings.Join(lineas, "\n")
	for _, fuente := range []string{
		"package p\nfunc _() {\n" + codigo + "\n}\n",
		"package p\n" + codigo + "\n",
	} {
		if _, err := parser.ParseFile(token.NewFileSet(), "", fuente, parser.SkipObjectResolution); err == nil {
			return true
		}
	}
	return false
}

// ejemplosDe devuelve las líneas del cuerpo de cada función Example con
// salida de los archivos de pruebas entre archivos, cada una sin la
// primera tabulación.
func ejemplosDe(t *testing.T, archivos []string) map[string][]string {
	t.Helper()
	ejemplos := map[string][]string{}
	for _, a := range archivos {
		if !strings.HasSuffix(a, "_test.go") {
			continue
		}
		fuente, err := os.ReadFile(a)
		require.NoError(t, err)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, a, fuente, parser.ParseComments)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			cuerpo := string(fuente[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
			if !strings.Contains(cuerpo, "// Output:") && !strings.Contains(cuerpo, "// Unordered output:") {
				continue
			}
			var lineas []string
			for _, l := range strings.Split(cuerpo, "\n") {
				lineas = append(lineas, strings.TrimPrefix(l, "\t"))
			}
			ejemplos[fn.Name.Name] = lineas
		}
	}
	return ejemplos
}

// contienen devuelve, ordenados, los nombres de los ejemplos cuyo cuerpo
// tiene las líneas de frag seguidas.
func contienen(ejemplos map[string][]string, frag []string) []string {
	var nombres []string
	for nombre, lineas := range ejemplos {
		for i := 0; i+len(frag) <= len(lineas); i++ {
			if slices.Equal(lineas[i:i+len(frag)], frag) {
				nombres = append(nombres, nombre)
				break
			}
		}
	}
	slices.Sort(nombres)
	return nombres
}

// TestFragmentosDelREADME: cada bloque ```go del README es, tal cual y
// seguido, parte de un Example con salida de la raíz (example_test.go).
func TestFragmentosDelREADME(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	archivos, err := filepath.Glob("*.go")
	require.NoError(t, err)
	ejemplos := ejemplosDe(t, archivos)
	bloques := 0
	var bloque []string
	dentro := false
	for i, l := range strings.Split(string(readme), "\n") {
		switch {
		case !dentro && l == "```go":
			dentro, bloque = true, nil
		case dentro && l == "```":
			dentro = false
			bloques++
			if len(contienen(ejemplos, bloque)) == 0 {
				t.Errorf("README.md:%d: el bloque no es parte de ningún Example con salida de la raíz:\n\t%s", i+1, strings.Join(bloque, "\n\t"))
			}
		case dentro:
			bloque = append(bloque, l)
		}
	}
	require.False(t, dentro, "un bloque ```go sin cerrar")
	require.GreaterOrEqual(t, bloques, 3, "bloques de Go en el README")
}
