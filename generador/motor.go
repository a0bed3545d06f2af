package generador

import (
	"github.com/juegodepalabras/palabras/internal/motor/busqueda"
	"github.com/juegodepalabras/palabras/variante"
)

// El motor del GADDAG para las búsquedas sobre árboles de jugadas
// (busqueda.Motor): la misma búsqueda que [GADDAG], sobre un tablero que se
// cambia con busqueda.Estado.Hacer y Deshacer en lugar de copiarlo de un
// juego.Juego. Se registra en busqueda para no agregar nada a la API de
// este paquete.
func init() {
	busqueda.RegistrarGADDAG(func(v *variante.Variante) (busqueda.Motor, error) {
		g, err := Nuevo(v, Opciones{})
		if err != nil {
			return nil, err
		}
		return motor{&g.b}, nil
	})
}

// motor es el busqueda.Motor de un buscador.
type motor struct{ b *buscador }

// Estado devuelve el estado de la búsqueda.
func (m motor) Estado() *busqueda.Estado { return &m.b.Estado }

// Buscar recorre las jugadas de la mano cargada sobre el tablero del
// estado.
func (m motor) Buscar() { m.b.buscar() }
