package final

import (
	"context"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Candidata es una jugada de un prefinal con lo que vale en promedio
// sobre las fichas que puede robar.
type Candidata struct {
	Paso Paso
	// Diferencia es cuánto cambia en promedio la diferencia de puntos
	// entre el jugador en turno y su rival de aquí al fin de la partida:
	// el promedio, pesado por cuántas fichas de cada letra puede robar,
	// de los puntos de la jugada menos el valor del final que sigue.
	Diferencia float64
	// Victoria es la probabilidad de ganar la partida (un empate cuenta
	// medio), con la diferencia de puntos de ahora.
	Victoria float64
	// Probada: los finales de todas las robadas se resolvieron exactos.
	Probada bool
}

// PreFinal evalúa las jugadas del jugador en turno de j cuando queda una
// ficha en la bolsa: para cada candidata (las Opciones.Candidatas
// colocaciones de más puntos, 10 si es 0), cada ficha que puede robar (las
// que no ve: la mano del rival y la bolsa, cada letra pesada por cuántas
// hay) da un final con la bolsa vacía que se resuelve con el Resolvedor.
// Devuelve las candidatas de mayor a menor Diferencia (a igual, mayor
// Victoria). No evalúa pasar. Si ctx vence antes de terminar, el final en
// curso da lo mejor que encontró (su candidata no es Probada), no empieza
// otro, y devuelve las candidatas que alcanzó a evaluar con el error de
// ctx: el plazo acota el tiempo. j no cambia.
//
// Devuelve [ErrNoPreFinal], [ErrManoDesconocida], [ErrJugadores],
// [ErrOtraVariante] o juego.ErrPartidaTerminada si j no es un prefinal
// que pueda evaluar, o el error de armar el generador de la variante.
func (r *Resolvedor) PreFinal(ctx context.Context, j *juego.Juego) ([]Candidata, error) {
	if err := r.comprobar(j, 1, ErrNoPreFinal); err != nil {
		return nil, err
	}
	if r.gen == nil {
		g, err := generador.Nuevo(r.c.v, generador.Opciones{})
		if err != nil {
			return nil, err
		}
		r.gen = g
	}
	yo := j.Turno()
	rival := 1 - yo
	var noVistas letra.Multiconjunto // la mano del rival y la bolsa
	m, _ := j.Fichas(rival)
	noVistas = m
	for _, l := range j.Repositorio() {
		noVistas.Agregar(l)
	}
	// Generar todas las jugadas con comodines cuesta milisegundos: si el
	// plazo vence a mitad, las candidatas salen de las generadas.
	var js []generador.Jugada
	for x := range generador.Jugadas(r.gen, j) {
		x.Fichas = slices.Clone(x.Fichas)
		js = append(js, x)
		if len(js)&63 == 0 && ctx.Err() != nil {
			break
		}
	}
	slices.SortFunc(js, generador.Comparar)
	n := r.c.op.Candidatas
	if n <= 0 {
		n = 10
	}
	js = js[:min(n, len(js))]

	op := r.c.op
	r.c.op.Alternativas = 0
	defer func() { r.c.op = op }()
	antes := diferencia(j, yo)
	t := j.Tablero()
	var res []Candidata
	completas := true
	for _, x := range js {
		c := Candidata{Paso: paso(yo, ocurrenciaAPuestas(x.Fichas, r.c.v.TamanoTablero()), x.Puntos, t, r.c.v), Probada: true}
		total := 0
		for l := range letra.MaxLetras {
			l := letra.Letra(l)
			k := noVistas.Cantidad(l)
			if k == 0 {
				continue
			}
			fin, err := conRobo(j, x, l, noVistas)
			if err != nil {
				return nil, fmt.Errorf("final: la jugada %v con la ficha %d: %w", x.Fichas, l, err)
			}
			var v int
			probado := false
			if _, termino := fin.Terminada(); termino {
				v, probado = diferencia(fin, yo)-antes, true
			} else {
				if ctx.Err() != nil {
					completas = false
					break
				}
				s := r.resolver(ctx, fin, fin.Posicion().SinPuntos, false)
				v, probado = x.Puntos-s.Valor, s.Probado
			}
			c.Probada = c.Probada && probado
			c.Diferencia += float64(k * v)
			switch final := antes + v; {
			case final > 0:
				c.Victoria += float64(k)
			case final == 0:
				c.Victoria += float64(k) / 2
			}
			total += k
		}
		if !completas {
			break
		}
		c.Diferencia /= float64(total)
		c.Victoria /= float64(total)
		res = append(res, c)
	}
	slices.SortStableFunc(res, func(a, b Candidata) int {
		switch {
		case a.Diferencia != b.Diferencia:
			if a.Diferencia > b.Diferencia {
				return -1
			}
			return 1
		case a.Victoria > b.Victoria:
			return -1
		case a.Victoria < b.Victoria:
			return 1
		}
		return 0
	})
	if !completas {
		return res, ctx.Err()
	}
	return res, nil
}

// PreFinal evalúa el prefinal de j con las opciones op: un Resolvedor
// nuevo ([Nuevo]) y [Resolvedor.PreFinal].
func PreFinal(ctx context.Context, j *juego.Juego, op Opciones) ([]Candidata, error) {
	r, err := Nuevo(j.Variante(), op)
	if err != nil {
		return nil, err
	}
	return r.PreFinal(ctx, j)
}

// conRobo devuelve el final que sigue a la jugada x del jugador en turno de
// j si roba la ficha l: la mano del rival son las demás de noVistas.
func conRobo(j *juego.Juego, x generador.Jugada, l letra.Letra, noVistas letra.Multiconjunto) (*juego.Juego, error) {
	c := j.Clonar()
	yo := c.Turno()
	robada := c.Repositorio()
	if _, err := c.Ubicar(x.Ocurrencia()); err != nil {
		return nil, err
	}
	p := c.Posicion()
	mano := p.Manos[yo]
	for _, b := range robada {
		mano.Sacar(b)
	}
	mano.Agregar(l)
	p.Manos[yo] = mano
	otra := noVistas
	otra.Sacar(l)
	p.Manos[1-yo] = otra
	p.Repositorio = []letra.Letra{}
	return juego.DesdePosicion(j.Variante(), p)
}

// ocurrenciaAPuestas devuelve las fichas fs en un tablero de n×n como
// puestas de cruces.
func ocurrenciaAPuestas(fs []ocurrencia.Ficha, n int) []generador.Puesta {
	res := make([]generador.Puesta, len(fs))
	for i, f := range fs {
		res[i] = generador.Puesta{Pos: uint16(f.Fila*n + f.Columna), Letra: f.Letra, Comodin: f.Comodin}
	}
	return res
}

// diferencia es el puntaje del jugador i de j menos el de su rival.
func diferencia(j *juego.Juego, i int) int {
	a, _ := j.Puntaje(i)
	b, _ := j.Puntaje(1 - i)
	return a - b
}
