package generador_test

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// hijoListo es la variable de entorno con que el proceso de prueba se
// vuelve a ejecutar a sí mismo para medir, en frío, cuánto tarda en tener
// listo un generador de la variante clásica española.
const hijoListo = "PALABRAS_HIJO_LISTO"

// TestHijoListo no hace nada salvo en el proceso hijo de [listoEnFrio]:
// ahí obtiene la variante clásica, su generador y cuenta las jugadas de
// una mano en el tablero vacío, y escribe cuánto tardó y cuánta memoria
// del montículo quedó retenida.
func TestHijoListo(t *testing.T) {
	if os.Getenv(hijoListo) == "" {
		t.Skip("solo en el proceso hijo de TestListoEnFrio")
	}
	inicio := time.Now()
	v := espanol.Clasica()
	g, err := generador.Nuevo(v, generador.Opciones{})
	require.NoError(t, err)
	r, err := v.Repositorio(2, 1)
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	require.Positive(t, generador.Contar(g, j))
	listo := time.Since(inicio)
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	runtime.KeepAlive(g)
	fmt.Printf("listo %d µs, montículo %d bytes, reservados %d bytes\n", listo.Microseconds(), m.HeapAlloc, m.TotalAlloc)
}

// listoEnFrio ejecuta TestHijoListo en un proceso nuevo y devuelve el
// tiempo total del proceso (arranque incluido), el que midió el hijo desde
// su primera llamada, el montículo retenido y el total reservado.
func listoEnFrio(tb testing.TB) (total, listo time.Duration, monticulo, reservados int) {
	tb.Helper()
	exe, err := os.Executable()
	require.NoError(tb, err)
	cmd := exec.Command(exe, "-test.run", "^TestHijoListo$", "-test.v")
	cmd.Env = append(os.Environ(), hijoListo+"=1")
	inicio := time.Now()
	salida, err := cmd.Output()
	total = time.Since(inicio)
	require.NoError(tb, err, "%s", salida)
	for _, linea := range strings.Split(string(salida), "\n") {
		var us int64
		if _, err := fmt.Sscanf(linea, "listo %d µs, montículo %d bytes, reservados %d bytes", &us, &monticulo, &reservados); err == nil {
			return total, time.Duration(us) * time.Microsecond, monticulo, reservados
		}
	}
	tb.Fatalf("el hijo no informó: %s", salida)
	return
}

// TestListoEnFrio comprueba que un proceso nuevo tenga listo un generador
// de la variante clásica española con el GADDAG embebido, sin construirlo:
// en total reserva poco más que la vista del GADDAG y el DAWG que retiene
// (construir el GADDAG reserva cientos de MB). El tiempo lo mide
// BenchmarkListoEspanol (la cifra está en el README), no una prueba.
func TestListoEnFrio(t *testing.T) {
	if testing.Short() {
		t.Skip("ejecuta otro proceso")
	}
	_, listo, monticulo, reservados := listoEnFrio(t)
	require.Positive(t, listo)
	require.Less(t, monticulo, 20<<20, "el generador retiene %d bytes", monticulo)
	require.Less(t, reservados, 48<<20, "para estar listo se reservaron %d bytes", reservados)
}

// BenchmarkListoEspanol mide, en un proceso nuevo por iteración, cuánto
// tarda el generador de la variante clásica española en estar listo
// (ms-listo: desde la primera llamada del hijo; ns/op: el proceso entero,
// arranque y salida incluidos) y cuánta memoria del montículo retiene.
func BenchmarkListoEspanol(b *testing.B) {
	var listo time.Duration
	monticulo := 0
	for range b.N {
		_, l, m, _ := listoEnFrio(b)
		listo += l
		monticulo = m
	}
	b.ReportMetric(float64(listo.Microseconds())/1000/float64(b.N), "ms-listo")
	b.ReportMetric(float64(monticulo)/(1<<20), "MB-montículo")
}
