package anagramas

import (
	"iter"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internal/intervalos"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Generador genera las jugadas con el Método de los Anagramas: un
// generador.Generador que da exactamente las jugadas del GADDAG de
// generador, con los mismos puntos y la misma mejor jugada.
//
// No es seguro para usar desde varias gorutinas a la vez (la tabla sí
// puede compartirse) ni desde dentro de la función que recibe sus
// jugadas.
type Generador struct {
	m *intervalos.Motor
}

var _ generador.Generador = (*Generador)(nil)

// Nuevo devuelve un generador para los juegos de v con la tabla t, que
// debe ser del léxico de v y tener todas sus palabras que caben en el
// tablero: si no, devuelve un error que envuelve a trie.ErrOtroLexico o a
// tablas.ErrCortas. Si el alfabeto de v tiene más de paridad.MaxLetras
// letras devuelve paridad.ErrAlfabetoGrande.
func Nuevo(v *variante.Variante, t *tablas.Anagramas) (*Generador, error) {
	m, err := intervalos.Nuevo(v, t.Palabras, metodo{t})
	if err != nil {
		return nil, err
	}
	return &Generador{m}, nil
}

// JugadasDe recorre las jugadas de la mano m en j (ver generador.Generador).
func (g *Generador) JugadasDe(j generador.Vista, m letra.Multiconjunto) iter.Seq[generador.Jugada] {
	return g.m.JugadasDe(j, m)
}

// Estadisticas devuelve lo que contó la última generación: intervalos,
// instancias (todas: este método no poda), consultas a la tabla,
// candidatas y jugadas.
func (g *Generador) Estadisticas() generador.Estadisticas { return g.m.Estadisticas() }

type metodo struct{ t *tablas.Anagramas }

// Resolver consulta los anagramas de las letras del intervalo más cada
// submulticonjunto de la mano de tantas letras como celdas libres.
func (a metodo) Resolver(m *intervalos.Motor, iv intervalos.Intervalo) {
	m.Instancia()
	fijas, ok := m.Fijas()
	if !ok {
		return
	}
	m.Submulticonjuntos(fijas, func(s paridad.Multiconjunto) {
		m.Consulta()
		for _, id := range a.t.Buscar(s) {
			m.Probar(a.t.Palabra(id))
		}
	})
}
