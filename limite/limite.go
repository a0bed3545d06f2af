// Package limite tiene el error de todos los lectores de la biblioteca
// cuando una entrada pasa uno de sus límites: los bytes, las líneas, las
// palabras, el largo de una palabra, los sucesos, las manos, el tamaño del
// tablero… Está debajo de todos ellos (no importa nada de la biblioteca),
// así que cualquier lector lo usa sin arrastrar otro paquete.
//
// Cada lector documenta sus límites y sus valores por omisión; el error que
// devuelve envuelve a [Err], y un [*Error] dice qué límite pasó y cuánto
// vale. Un lector que lo devuelve no leyó más de lo que el límite permite.
package limite

import (
	"errors"
	"fmt"
)

// Err indica una entrada que pasa uno de los límites de su lector. Se
// compara con [errors.Is].
var Err = errors.New("la entrada pasa un límite del lector")

// Error dice qué límite de un lector pasó una entrada: su nombre, como se
// ajusta ("gcg.Opciones.MaxBytes") o como se llama la constante
// ("tablero.MaxTexto"), que ya nombra al lector, y su valor. Envuelve a
// [Err].
type Error struct {
	Limite string // el límite: la opción o la constante que lo fija
	Valor  int64  // su valor
}

// Error nombra el límite y su valor.
func (e *Error) Error() string {
	return fmt.Sprintf("la entrada pasa el límite %s = %d", e.Limite, e.Valor)
}

// Unwrap devuelve [Err].
func (e *Error) Unwrap() error { return Err }
