package final

// ConTopeNodos devuelve op con un tope de nodos por hilo (para medir con
// nodos en lugar de tiempo).
func ConTopeNodos(op Opciones, n int64) Opciones {
	op.topeNodos = n
	return op
}
