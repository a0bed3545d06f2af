package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// opcionesFunciones son las variantes de los registros de
// testdata/funciones: la inglesa clásica con unas pocas palabras (las
// demás son ilegítimas, pero se juegan igual) y la española clásica.
func opcionesFunciones(t testing.TB) gcg.Opciones {
	ing := inglesChico(t, "retains forgone you")
	return gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{
		"NWL": ing, "FISE": espanol.Clasica(),
	}}
}

// leerFuncion lee testdata/funciones/nombre con opcionesFunciones.
func leerFuncion(t *testing.T, nombre string) (*gcg.Partida, error) {
	t.Helper()
	datos, err := os.ReadFile(filepath.Join("testdata", "funciones", nombre))
	require.NoError(t, err)
	return gcg.LeerCon(bytes.NewReader(datos), opcionesFunciones(t))
}

func TestFuncionesProbar(t *testing.T) {
	archivos, _ := filepath.Glob("testdata/funciones/*.gcg")
	for _, a := range archivos {
		p, err := leerFuncion(t, filepath.Base(a))
		if err != nil {
			t.Logf("%s: %v", a, err)
			continue
		}
		p0, _ := p.Juego.Puntaje(0)
		p1, _ := p.Juego.Puntaje(1)
		t.Logf("%s: %d %d", a, p0, p1)
	}
}
