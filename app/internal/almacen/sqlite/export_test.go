package sqlite

// AlGuardarGrupo deja que las pruebas vean el tamaño de cada grupo de
// escrituras.
func AlGuardarGrupo(f func(n int)) { alGuardarGrupo = f }
