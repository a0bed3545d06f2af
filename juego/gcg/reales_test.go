package gcg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/lexicos"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

// VariableReales es la variable de entorno con el directorio de los
// registros reales que no se pueden redistribuir (ver testdata/README); sin
// ella se buscan en /work/notas/gcg.
const VariableReales = "PALABRAS_GCG"

// opcionesReales son las variantes de los registros reales: la inglesa con
// SOWPODS para los léxicos ingleses (Collins y, a falta de la suya, los
// norteamericanos) y la española clásica para FISE.
func opcionesReales(t testing.TB) gcg.Opciones {
	t.Helper()
	ing, err := ingles.Leer(bytes.NewReader(lexicos.Leer(t, lexicos.Sowpods)))
	require.NoError(t, err)
	return gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{
		"CSW": ing, "NWL": ing, "FISE": espanol.Clasica(),
	}}
}

func TestRealesLocales(t *testing.T) {
	dir := os.Getenv(VariableReales)
	if dir == "" {
		dir = "/work/notas/gcg"
	}
	archivos, _ := filepath.Glob(filepath.Join(dir, "*.gcg"))
	if len(archivos) == 0 {
		t.Skipf("no hay registros reales en %s ($%s)", dir, VariableReales)
	}
	sort.Strings(archivos)
	o := opcionesReales(t)
	for _, a := range archivos {
		datos, err := os.ReadFile(a)
		require.NoError(t, err)
		p, err := gcg.LeerCon(bytes.NewReader(datos), o)
		if err != nil {
			t.Logf("%s: %v", filepath.Base(a), err)
			continue
		}
		t.Logf("%s: bien (%d turnos, %d ilegítimas, regla %s)", filepath.Base(a), p.Juego.Tiempo(), len(p.Ilegitimas), p.Juego.Variante().ReglaFin())
	}
}
