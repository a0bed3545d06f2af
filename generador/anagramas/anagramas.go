package anagramas

import (
	"github.com/juegodepalabras/palabras/generador/intervalos"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/variante"
)

// Generador genera las jugadas con el Método de los Anagramas. Tiene la API
// de generador.Generador (Jugadas, JugadasDe, Contar, ContarDe, Mejor,
// MejorDe) por su [intervalos.Motor], y da las mismas jugadas con los
// mismos puntos.
type Generador struct {
	*intervalos.Motor
}

// Nuevo devuelve un generador para los juegos de v con la tabla t, que
// debe ser del léxico de v y tener todas sus palabras que caben en el
// tablero: si no, devuelve intervalos.ErrOtroLexico o
// intervalos.ErrTablasCortas.
func Nuevo(v *variante.Variante, t *tablas.Anagramas) (*Generador, error) {
	m, err := intervalos.Nuevo(v, t.Palabras, metodo{t})
	if err != nil {
		return nil, err
	}
	return &Generador{m}, nil
}

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
