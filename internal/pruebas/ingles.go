package pruebas

import (
	"bytes"
	"sync"

	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/variante"
	inglesa "github.com/juegodepalabras/palabras/variante/ingles"
)

var ingles struct {
	una sync.Once
	v   *variante.Variante
	err error
}

// Ingles devuelve la variante inglesa clásica (variante/ingles) con el
// léxico de prueba SOWPODS (lexicos.Sowpods), leída una sola vez por
// proceso, o saltea la prueba con un mensaje claro si el léxico no está.
func Ingles(p lexicos.Prueba) *variante.Variante {
	p.Helper()
	b := lexicos.Leer(p, lexicos.Sowpods)
	ingles.una.Do(func() { ingles.v, ingles.err = inglesa.Leer(bytes.NewReader(b), variante.OpcionesLexico{}) })
	if ingles.err != nil {
		p.Fatalf("leyendo %s: %v", lexicos.Sowpods, ingles.err)
	}
	return ingles.v
}
