package espanol

import (
	"testing"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// BenchmarkCargar: decodificar la tabla embebida (lo que cuesta la primera
// llamada a Tabla), con la variante ya cargada.
func BenchmarkCargar(b *testing.B) {
	v := espanol.Clasica()
	b.SetBytes(int64(len(datos)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := hojas.Decodificar(datos, v, hojas.Opciones{}); err != nil {
			b.Fatal(err)
		}
	}
}
