package espanol

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// TestEmbebidoIgualAlLexico comprueba que lexico.dawg sea exactamente la
// codificación de es.txt.gz leído con letra.Espanol: ni una palabra de más ni
// de menos.
func TestEmbebidoIgualAlLexico(t *testing.T) {
	datos := lexicos.Leer(t, lexicos.Espanol)
	for alf, embebido := range map[*letra.Alfabeto][]byte{
		letra.Espanol():            lexicoCodificado,
		letra.EspanolConDigrafos(): lexicoDigrafosCodificado,
	} {
		d, err := variante.LeerLexico(bytes.NewReader(datos), alf, variante.OpcionesLexico{})
		require.NoError(t, err)
		b, err := d.MarshalBinary()
		require.NoError(t, err)
		require.True(t, bytes.Equal(b, embebido),
			"el léxico embebido con %d letras está desactualizado: regenerarlo con go generate ./variante/espanol ./generador/internal/gaddags", alf.Tamano())
	}
}

func TestClasica(t *testing.T) {
	alf := letra.EspanolConDigrafos()
	require.Len(t, puntajesFISE, alf.Tamano(), "un valor por letra")
	v := Clasica()
	require.Same(t, v, Clasica())
	require.Equal(t, 100, v.Distribucion().Tamano())
	require.Equal(t, 2, v.Distribucion().Cantidad(letra.Comodin))
	for _, s := range []string{"K", "W"} {
		_, ok := alf.Indice(s)
		require.False(t, ok, "R13: el alfabeto FISE no tiene %s", s)
	}
	require.Len(t, distribucionFISE, alf.Tamano(), "fichas de todas las letras")
	require.True(t, v.Bolsa() && v.Conexion() && v.Cambios())
	require.Equal(t, 50, v.Bingo())
	require.Equal(t, variante.PalabraTriple, v.Premio(0, 0))
	for palabra, legitima := range map[string]bool{"chorro": true, "llave": true, "buro": true, "desfasar": true, "leños": true, "xyz": false} {
		p, err := alf.Parsear(palabra)
		require.NoError(t, err)
		require.Equal(t, legitima, v.PalabraLegitima(p), palabra)
	}
	chorro, _ := alf.Parsear("chorro")
	require.Len(t, chorro, 4, "CH y RR son una sola ficha")
	valor := 0
	for _, l := range chorro {
		valor += v.PuntajeLetra(l)
	}
	require.Equal(t, 5+1+8+1, valor)
}

func TestTablas(t *testing.T) {
	es := letra.Espanol()
	require.Len(t, puntajes, es.Tamano(), "un valor por letra")
	require.Len(t, distribucion, es.Tamano()-2, "fichas de todas las letras menos K y W")
	total := 0
	for _, c := range distribucion {
		total += c
	}
	require.Equal(t, 98, total)
	v, err := cargar()
	require.NoError(t, err)
	require.Equal(t, 98, v.Distribucion().Tamano())
	for _, s := range []string{"K", "W"} {
		l, _ := es.Indice(s)
		require.False(t, v.Lexico().Letras().Contiene(l), "R14: ninguna palabra tiene %s", s)
		require.Zero(t, v.Distribucion().Cantidad(l), "R14: la bolsa no tiene %s", s)
	}
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
