package espanol

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// TestEmbebidoIgualAlLexico comprueba que lexico.dawg sea exactamente la
// codificación de es.txt.gz leído con letra.Espanol: ni una palabra de más ni
// de menos.
func TestEmbebidoIgualAlLexico(t *testing.T) {
	datos := lexicos.Leer(t, lexicos.Espanol)
	d, err := variante.LeerLexico(bytes.NewReader(datos), letra.Espanol())
	require.NoError(t, err)
	b, err := d.MarshalBinary()
	require.NoError(t, err)
	require.True(t, bytes.Equal(b, lexicoCodificado),
		"lexico.dawg está desactualizado: regenerarlo con go generate ./variante/espanol")
}

func TestTablas(t *testing.T) {
	es := letra.Espanol()
	require.Len(t, puntajes, es.Tamano(), "un valor por letra")
	require.Len(t, distribucion, es.Tamano(), "fichas de todas las letras")
	total := 0
	for _, c := range distribucion {
		total += c
	}
	require.Equal(t, 100, total)
	_, err := cargar()
	require.NoError(t, err)
}

// BenchmarkCargar mide decodificar el léxico embebido y armar la variante,
// y reporta la memoria que queda retenida después de un GC.
// Metas: ≤ 20 ms y ≤ 2 MB retenidos.
func BenchmarkCargar(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		if _, err := cargar(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var antes, despues runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&antes)
	v, _ := cargar()
	runtime.GC()
	runtime.ReadMemStats(&despues)
	runtime.KeepAlive(v)
	b.ReportMetric(float64(despues.HeapAlloc)-float64(antes.HeapAlloc), "B-retenidos")
}
