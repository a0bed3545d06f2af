package gcg

import (
	"bytes"
	"fmt"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/letra"
)

// Posicion devuelve la posición antes del turno n de la partida (el de
// juego.Suceso.Tiempo n; n = p.Juego.Tiempo() es la posición final): el
// tablero, los puntajes (con los ajustes anteriores a ese turno), el turno
// y los turnos sin puntos, como juego.Juego.Posicion, y las manos como las
// conoce el registro: en el turno n, la del jugador con lo que su línea
// muestra; cada mano con las fichas que el registro muestra o que se
// deducen (todas si la muestra entera). Con bolsa, Repositorio son las
// fichas que no se ven, en orden de letras: las de la bolsa y las que
// faltan en las manos que no se conocen enteras. Si todas las manos se
// conocen, la posición se puede seguir jugando con juego.DesdePosicion.
//
// Una Partida armada a mano (sin [Leer]) se escribe y se vuelve a leer
// para saberlo. Devuelve un error si n está fuera de 0…p.Juego.Tiempo() o
// si la partida no se puede escribir y leer.
func (p *Partida) Posicion(n int) (juego.Posicion, error) {
	pos, _, err := p.momento(n)
	if err != nil {
		return juego.Posicion{}, err
	}
	return pos, nil
}

// CGP devuelve la posición antes del turno n ([Partida.Posicion]) como la
// dice un CGP (juego/cgp), para escribirla con cgp.Formatear: las manos que
// no se conocen enteras quedan vacías (en CGP, una mano desconocida; lo
// dice Desconocidas), la operación "lex" nombra el léxico del registro si
// lo nombra, y Variante es la del juego. Devuelve los errores de
// [Partida.Posicion].
func (p *Partida) CGP(n int) (*cgp.Posicion, error) {
	pos, completas, err := p.momento(n)
	if err != nil {
		return nil, err
	}
	res := &cgp.Posicion{Posicion: pos, Variante: p.Juego.Variante()}
	res.Manos = make([]letra.Multiconjunto, len(pos.Manos))
	res.Desconocidas = make([]bool, len(pos.Manos))
	for i, mano := range pos.Manos {
		if completas[i] {
			res.Manos[i] = mano
		}
		res.Desconocidas[i] = res.Manos[i].Vacio()
	}
	res.Repositorio = nil
	if p.Lexico != "" {
		res.Operaciones = []cgp.Operacion{{Codigo: "lex", Valor: p.Lexico}}
	}
	return res, nil
}

// momento devuelve la posición antes del turno n y qué manos se conocen
// enteras.
func (p *Partida) momento(n int) (juego.Posicion, []bool, error) {
	if p.Juego == nil {
		return juego.Posicion{}, nil, fmt.Errorf("gcg: la partida no tiene juego")
	}
	h := p.historia
	if h == nil {
		var b bytes.Buffer
		if err := Escribir(&b, p); err != nil {
			return juego.Posicion{}, nil, err
		}
		leida, err := Leer(&b, Opciones{Variante: p.Juego.Variante()})
		if err != nil {
			return juego.Posicion{}, nil, fmt.Errorf("gcg: la partida escrita no se puede leer: %w", err)
		}
		h = leida.historia
	}
	if n < 0 || n >= h.cantidad() {
		return juego.Posicion{}, nil, fmt.Errorf("gcg: no hay turno %d: la partida tiene %d", n, h.cantidad()-1)
	}
	pos, completas := h.posicion(n)
	return pos, completas, nil
}
