package busqueda

// Formas devuelve de cuántas maneras se pueden elegir los comodines de las
// fichas puestas con los comodines de la mano (1 si no tiene): cuántas
// jugadas da la palabra de las puestas en un mismo lugar, las que
// [Estado.Terminar] contaría (sin la traspuesta).
func (e *Estado) Formas() int {
	if e.ComodinesMano == 0 {
		return 1
	}
	if e.Forzados == 0 || e.ComodinesMano <= 2 {
		return e.formasCortas()
	}
	forzados := 0
	for _, p := range e.Puestas[:e.NP] {
		if p.Forzado {
			e.falta[p.Letra]++
			forzados++
		}
	}
	return e.formas(forzados) // deja falta en 0
}
