package juego

import (
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Tablero devuelve una foto del tablero (tablero): un valor que no cambia
// con el juego, ni lo cambia. Cuesta O(N²).
func (j *Juego) Tablero() tablero.Tablero {
	var fichas []ocurrencia.Ficha
	for p, c := range j.tablero {
		if c != nil {
			fichas = append(fichas, ocurrencia.Ficha{Fila: p / j.n, Columna: p % j.n, Letra: c.letra, Comodin: c.comodin})
		}
	}
	t, err := j.tableroVacio().Poner(fichas...)
	if err != nil {
		panic("juego: el tablero no es un tablero: " + err.Error()) // el invariante lo impide
	}
	return t
}

func (j *Juego) tableroVacio() tablero.Tablero {
	t, err := tablero.Nuevo(j.n, j.alfabeto)
	if err != nil {
		panic("juego: " + err.Error()) // la variante garantiza 1 ≤ N ≤ MaxTamano
	}
	return t
}

// String dibuja el tablero como [tablero.Tablero.String]: una fila por
// línea, "·" en las celdas libres, los comodines en minúsculas y los números
// de fila y columna en los bordes. Por ejemplo:
//
//	  0 1 2 3
//	0 · · · ·
//	1 · S O L
//	2 · · · ·
//	3 · · · ·
func (j *Juego) String() string { return j.Tablero().String() }

// PalabrasIlegitimas devuelve las palabras del tablero
// ([tablero.Tablero.Palabras], la regla R1) que no son legítimas en la
// variante, o que tienen una sola letra si la variante exige la conexión
// clásica. Una partida jugada con Ubicar no tiene ninguna; una que empieza
// en una posición ([DesdePosicion]) puede tenerlas, como las palabras
// falsas que nadie desafió en una partida real. Cuesta O(N²).
func (j *Juego) PalabrasIlegitimas() []ocurrencia.Ocurrencia {
	var res []ocurrencia.Ocurrencia
	for _, o := range j.Tablero().Palabras() {
		p, _ := o.Palabra()
		if !j.variante.PalabraLegitima(p) || j.conexion && len(p) < 2 {
			res = append(res, o)
		}
	}
	return res
}
