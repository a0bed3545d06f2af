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

// AchicarTabla pone en r una tabla de transposición de n entradas (una
// potencia de 2), para que PreFinal tenga que agrandarla aun con finales
// chicos.
func AchicarTabla(r *Resolvedor, n uint64) {
	r.c.reserva.Do(func() {})
	r.c.tabla.Store(&tabla{e: make([]entrada, n), mascara: n - 1})
}

// EntradasTabla devuelve cuántas entradas tiene la tabla de r (0 si no
// tiene).
func EntradasTabla(r *Resolvedor) int {
	if t := r.c.tabla.Load(); t != nil {
		return len(t.e)
	}
	return 0
}

// Generaciones devuelve cuántas listas de jugadas generaron los hilos de r
// en la última búsqueda; de ellas, cuántas fueron de las salidas del rival
// (las jugadas con que se quedaría sin fichas, para acotar sin buscar) y
// cuántas de esas no hallaron ninguna.
func Generaciones(r *Resolvedor) (total, salidas, salidasVacias int64) {
	for _, w := range r.trab {
		total += w.generaciones
		salidas += w.salidas
		salidasVacias += w.salidasVacias
	}
	return total, salidas, salidasVacias
}
