package servidor

import "slices"

// Cola devuelve una copia de la cola de cid sin vaciarla, para comparar con
// el modelo.
func Cola(s *Servidor, cid int) []Notificacion {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.colas[cid])
}

// Encolar agrega notificaciones a la cola de cid, para los benchmarks.
func Encolar(s *Servidor, cid int, ns ...Notificacion) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range ns {
		s.encolar(cid, n)
	}
}
