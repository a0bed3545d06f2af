package juego

// TiempoFicha devuelve en qué momento se ubicó la ficha de (fila, columna):
// la cantidad de jugadas que se habían hecho antes de la que la ubicó, o
// false si la celda está libre o fuera del tablero. Es un detalle de la
// representación (el puntaje perezoso), no una operación del TAD: solo lo
// miran las pruebas que comparan la representación con el modelo.
func (j *Juego) TiempoFicha(fila, columna int) (int, bool) {
	c := j.celda(fila, columna)
	if c == nil {
		return 0, false
	}
	return c.tiempo, true
}
