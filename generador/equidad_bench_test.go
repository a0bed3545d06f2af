package generador_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
)

// BenchmarkEquidad busca la mejor elección por equidad
// (GADDAG.MejoresPorEquidadDe con k = 1 y el mismo dst) en las 39
// posiciones de BenchmarkFilas, con hojasSinteticas; BenchmarkFilas/recorrer
// es lo mismo generando todas las jugadas. Con k = 10, las diez mejores.
func BenchmarkEquidad(b *testing.B) {
	fs := filas(b)
	for _, k := range []int{1, 10} {
		for _, f := range fs {
			g := generadorDe(b, f.v)
			var h generador.Hojas = nuevasHojasSinteticas(f.v)
			nombre := f.nombre
			if k > 1 {
				nombre = "k10/" + nombre
			}
			b.Run(nombre, func(b *testing.B) {
				dst := g.MejoresPorEquidadDe(f.j, f.m, h, k, nil)
				var r botQueRecorre
				eq, _ := r.elegir(g, f.j, f.m, h.(*hojasSinteticas))
				if k == 1 {
					require.Equal(b, eq, dst[0].Equidad)
				}
				b.ReportAllocs()
				medirCPU(b, func() { dst = g.MejoresPorEquidadDe(f.j, f.m, h, k, dst) })
			})
		}
	}
}
