package postgres

// AgregarMigracion agrega una migración al final de las del paquete,
// para probar cómo se lleva una base a una versión nueva, y devuelve cómo
// quitarla.
func AgregarMigracion(q string) (quitar func()) {
	viejas := migraciones
	migraciones = append(append([]string(nil), viejas...), q)
	return func() { migraciones = viejas }
}
