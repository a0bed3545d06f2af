package final

// ConTopeNodos devuelve op con un tope de nodos por hilo (para medir con
// nodos en lugar de tiempo).
func ConTopeNodos(op Opciones, n int64) Opciones {
	op.topeNodos = n
	return op
}

// ConTopePreFinal devuelve op con el tope de nodos de la primera búsqueda
// de cada final de PreFinal en n (con un tope chico, PreFinal descarta
// candidatas por cotas aun en prefinales chicos).
func ConTopePreFinal(op Opciones, n int64) Opciones {
	op.topePreFinal = n
	return op
}
