package juego

// Rep expone el invariante de representación a las pruebas externas.
func Rep(j *Juego) error { return j.rep() }

// ReiniciarPuntajes vuelve a dejar pendientes todas las jugadas de todos los
// jugadores, para medir Puntaje con m jugadas pendientes una y otra vez.
func ReiniciarPuntajes(j *Juego) {
	for i := range j.jugadores {
		p := &j.jugadores[i]
		p.puntaje, p.sinCalcular = 0, len(p.historialSinVacias)
	}
}
