package inferencia

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

// El veredicto de una hoja.
const (
	sinJuzgar int8 = iota
	explica
	descartada
)

// bloque es cuántas hojas toma de una vez un trabajador.
const bloque = 16

// veredictos juzga las hojas en el orden dado (orden[n] es el índice de la
// n-ésima en letras, de k fichas cada una) hasta que ctx termina, en
// trabajadores gorutinas que toman bloques en orden. Si no hay que juzgar,
// todas explican.
func veredictos(ctx context.Context, antes *juego.Juego, t Turno, letras []letra.Letra, orden []int, k int, hs generador.Hojas, tol float64, trabajadores int, juzgar bool) []int8 {
	res := make([]int8, len(orden))
	if !juzgar {
		for i := range res {
			res[i] = explica
		}
		return res
	}
	if trabajadores <= 0 {
		trabajadores = runtime.GOMAXPROCS(0)
	}
	trabajadores = max(1, min(trabajadores, (len(orden)+bloque-1)/bloque))
	v := antes.Variante()
	// Cada trabajador, su copia del juego: un Juego no se consulta desde
	// varias gorutinas.
	juegos := make([]*juego.Juego, trabajadores)
	for w := range juegos {
		juegos[w] = antes.Clonar()
	}
	var siguiente atomic.Int64
	var wg sync.WaitGroup
	for w := range trabajadores {
		wg.Add(1)
		go func(j *juego.Juego) {
			defer wg.Done()
			g, err := generador.Nuevo(v, generador.Opciones{})
			if err != nil {
				return // las que no juzgue quedan con su previa
			}
			var buf []generador.Eleccion
			var sub []float64
			cambios := v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas()
			for !vencido(ctx) {
				ini := int(siguiente.Add(bloque)) - bloque
				if ini >= len(orden) {
					return
				}
				for n := ini; n < min(ini+bloque, len(orden)); n++ {
					// Cada hoja es una generación entera: el plazo se
					// mira en cada una, no en cada bloque.
					if n > ini && vencido(ctx) {
						return
					}
					i := orden[n]
					var hoja letra.Multiconjunto
					for _, l := range letras[i*k : (i+1)*k] {
						hoja.Agregar(l)
					}
					ok := true
					if t.Tipo == juego.SucesoColocacion {
						mano := hoja.Suma(t.Puestas)
						propia := float64(t.Puntos) + valor(hs, hoja)
						if cambios {
							// Cota barata: el mejor cambio de la mano.
							sub = subhojas(hs, mano, sub)
							if slices.Max(sub[:len(sub)-1])-propia > tol+1e-9 {
								res[n] = descartada
								continue
							}
						}
						buf = generador.MejoresPorEquidad(g, j, mano, hs, 1, buf)
						ok = len(buf) > 0 && buf[0].Equidad-propia <= tol+1e-9
					} else {
						sub = subhojas(hs, hoja, sub)
						ok = sub[len(sub)-1] >= slices.Max(sub)-tol-1e-9
					}
					if ok {
						res[n] = explica
					} else {
						res[n] = descartada
					}
				}
			}
		}(juegos[w])
	}
	wg.Wait()
	return res
}
