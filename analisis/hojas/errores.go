package hojas

import "errors"

// Errores que devuelve el paquete. Se comparan con [errors.Is].
var (
	// ErrTablaInvalida: los datos no son una tabla de hojas, o llegaron
	// dañados (truncados, con otra versión, con la suma de control mal o
	// con tamaños que no cierran).
	ErrTablaInvalida = errors.New("hojas: tabla inválida")
	// ErrOtraVariante: la tabla está sana pero es de otra variante (otro
	// alfabeto, otra bolsa u otro tamaño de mano) que la pedida.
	ErrOtraVariante = errors.New("hojas: la tabla es de otra variante")
	// ErrDemasiadasHojas: la variante tiene más hojas de las que una tabla
	// admite ([MaxValores]), o falta.
	ErrDemasiadasHojas = errors.New("hojas: la variante tiene demasiadas hojas")
)
