package paridad_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/trie"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func sowpods(tb testing.TB) *trie.DAWG { return pruebas.Ingles(tb).Lexico() }

// TestTablasReales construye las tablas de los léxicos reales, comprueba
// sus tamaños e informa su memoria y su tiempo, para compararlos con las
// Tablas 3.4 y 3.9 de la tesis (español: 7.106 excedencias y 112.803
// tríadas; inglés NWL23: 6.433 y 85.141). Nuestro español escribe CH, LL y
// RR como una letra, por eso tiene menos excedencias que el de la tesis.
// Corre con PALABRAS_LARGAS=1.
func TestTablasReales(t *testing.T) {
	pruebas.SoloLargas(t)
	for _, c := range []struct {
		nombre                         string
		lexico                         func(testing.TB) *trie.DAWG
		excedencias, acarreos, triadas int
	}{
		{"español FISE", func(testing.TB) *trie.DAWG { return espanol.Clasica().Lexico() }, 4595, 3250, 656027},
		{"inglés SOWPODS", sowpods, 5846, 4374, 710514},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			d := c.lexico(t)
			runtime.GC()
			var antes, despues runtime.MemStats
			runtime.ReadMemStats(&antes)
			inicio := time.Now()
			tb, err := paridad.Nuevas(d)
			require.NoError(t, err)
			dur := time.Since(inicio)
			runtime.ReadMemStats(&despues)
			require.Equal(t, []int{c.excedencias, c.acarreos, c.triadas}, []int{tb.Excedencias(), tb.Acarreos(), tb.Triadas()})
			t.Logf("%d palabras: %d excedencias factibles, %d máscaras de acarreo, %d tríadas; %.1f MB en tablas; construidas en %v (%.0f MB reservados)",
				d.Tamano(), tb.Excedencias(), tb.Acarreos(), tb.Triadas(), float64(tb.Bytes())/1e6, dur,
				float64(despues.TotalAlloc-antes.TotalAlloc)/1e6)
		})
	}
}
