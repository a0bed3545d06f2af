package tad

// OcurrenciasDePalabrasR1 calcula ocurrenciasDePalabras(t) directamente, como
// la describe la regla R1: las corridas horizontales maximales de largo ≥ 2,
// las verticales, y cada ficha sin vecinos en ninguna dirección. Es
// polinomial; TestR1IgualALosAxiomas comprueba que coincide con
// [OcurrenciasDePalabras] (la transcripción literal) en tableros chicos, y
// así puede reemplazarla en un [Juego] para partidas más largas.
//
// Difieren en un solo caso: en un tablero vacío la literal devuelve {∅} (el
// conjunto vacío "forma palabra" y no está incluido en ninguna otra) y R1, que
// rige, no devuelve nada. Ninguna consecuencia cambia: jugadaVálida? acepta
// la jugada vacía sin mirar las palabras, y ∅ no tiene fichas que puntuar.
func OcurrenciasDePalabrasR1(t Tablero) []Ocurrencia {
	n := t.Tamano()
	ocupada := make([][]bool, n)
	letras := make([][]Tupla, n)
	for i := range n {
		ocupada[i] = make([]bool, n)
		letras[i] = make([]Tupla, n)
		for j := range n {
			if t.HayLetra(i, j) {
				ocupada[i][j] = true
				letras[i][j] = Tupla{Fila: i, Columna: j, Letra: t.Letra(i, j)}
			}
		}
	}
	en := func(i, j int) bool { return i >= 0 && j >= 0 && i < n && j < n && ocupada[i][j] }
	var res []Ocurrencia
	for i := range n {
		for j := range n {
			if !ocupada[i][j] {
				continue
			}
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				if en(i-d[0], j-d[1]) || !en(i+d[0], j+d[1]) {
					continue // no empieza aquí una corrida de largo ≥ 2
				}
				var o Ocurrencia
				for f, c := i, j; en(f, c); f, c = f+d[0], c+d[1] {
					o = append(o, letras[f][c])
				}
				res = append(res, o)
			}
			if !en(i-1, j) && !en(i+1, j) && !en(i, j-1) && !en(i, j+1) {
				res = append(res, Ocurrencia{letras[i][j]})
			}
		}
	}
	return res
}
