package generador

import "errors"

// ErrOtroLexico indica que el GADDAG dado a [NuevoConGADDAG] no es el del
// léxico de la variante.
var ErrOtroLexico = errors.New("generador: el GADDAG no es el del léxico de la variante")
