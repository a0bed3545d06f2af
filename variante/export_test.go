package variante

import "reflect"

// Iguales informa si a y b son la misma variante campo por campo (el
// GADDAG, que se construye a pedido, no cuenta).
func Iguales(a, b *Variante) bool {
	x, y := *a, *b
	x.gaddag, y.gaddag = nil, nil
	return reflect.DeepEqual(x, y)
}
