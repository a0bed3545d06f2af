package revision

import (
	"math"
	"slices"
	"sort"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// tasador calcula la equidad de las opciones de un turno, como el bot
// experto.
type tasador struct {
	j     *juego.Juego
	tab   tablero.Tablero
	v     *variante.Variante
	hs    generador.Hojas
	mano  letra.Multiconjunto
	bolsa int
	rival int // el valor de las fichas de los rivales
}

func nuevoTasador(j *juego.Juego, hs generador.Hojas) *tasador {
	t := &tasador{j: j, tab: j.Tablero(), v: j.Variante(), hs: hs, bolsa: j.LetrasEnRepositorio()}
	t.mano, _ = j.Fichas(j.Turno())
	for i := range j.Jugadores() {
		if i != j.Turno() {
			m, _ := j.Fichas(i)
			for l := range m.Todas() {
				t.rival += t.v.ValorFicha(l)
			}
		}
	}
	return t
}

// hoja es el valor de conservar h: su valor en la tabla con bolsa, y con
// la bolsa vacía el doble de las fichas de los rivales si sale, o menos el
// doble de las propias si no.
func (t *tasador) hoja(h letra.Multiconjunto) float64 {
	if t.bolsa > 0 {
		return t.hs.Valor(h)
	}
	if h.Vacio() {
		return float64(2 * t.rival)
	}
	valor := 0
	for l := range h.Todas() {
		valor += t.v.ValorFicha(l)
	}
	return float64(-2 * valor)
}

func (t *tasador) colocacion(fichas []ocurrencia.Ficha, puntos int) Opcion {
	o := ocurrencia.Nueva(fichas...)
	hoja := t.mano.Diferencia(o.DeLaMano())
	op := Opcion{Tipo: "jugada", Fichas: Fichas(o, t.v.Alfabeto()), Puntos: puntos, Hoja: Simbolos(hoja, t.v.Alfabeto())}
	if tab, err := t.tab.Poner(fichas...); err == nil {
		op.Palabra, op.Lugar = PalabraYLugar(tab, o)
	}
	op.ValorHoja = redondear(t.hoja(hoja))
	op.Equidad = redondear(float64(puntos) + t.hoja(hoja))
	return op
}

func (t *tasador) cambio(cambiadas letra.Multiconjunto) Opcion {
	hoja := t.mano.Diferencia(cambiadas)
	v := redondear(t.hoja(hoja))
	return Opcion{Tipo: "cambio", Cambia: Simbolos(cambiadas, t.v.Alfabeto()), Hoja: Simbolos(hoja, t.v.Alfabeto()), ValorHoja: v, Equidad: v}
}

func (t *tasador) pase() Opcion {
	v := redondear(t.hoja(t.mano))
	return Opcion{Tipo: "pase", Hoja: Simbolos(t.mano, t.v.Alfabeto()), ValorHoja: v, Equidad: v}
}

// redondear deja una décima (y nunca −0).
func redondear(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// analizarTurno analiza el turno mov del jugador en turno de j.
func analizarTurno(j *juego.Juego, g generador.Generador, hs generador.Hojas, mov almacen.Movimiento) Turno {
	t := nuevoTasador(j, hs)
	res := Turno{Jugador: j.Turno(), Mano: Simbolos(t.mano, t.v.Alfabeto())}
	var mejores []Opcion
	agregar := func(o Opcion) {
		i := sort.Search(len(mejores), func(i int) bool { return mejores[i].Equidad < o.Equidad })
		if i < MaxOpciones {
			mejores = slices.Insert(mejores, i, o)
			if len(mejores) > MaxOpciones {
				mejores = mejores[:MaxOpciones]
			}
		}
	}
	// Las mejores jugadas y el mejor cambio, con la búsqueda por equidad de
	// los bots y la simulación (generador.MejoresPorEquidad): se piden
	// tantas elecciones que, sin los cambios que no son el mejor, queden
	// MaxOpciones.
	k := MaxOpciones
	subs := 1
	for l := range letra.MaxLetras {
		subs *= t.mano.Cantidad(letra.Letra(l)) + 1
	}
	k += subs
	cambio := false
	for _, e := range generador.MejoresPorEquidad(g, j, t.mano, hojasTasador{t}, k, nil) {
		if len(mejores) == MaxOpciones {
			break
		}
		switch e.Tipo {
		case juego.SucesoColocacion:
			mejores = append(mejores, t.colocacion(slices.Clone(e.Jugada.Fichas), e.Jugada.Puntos))
		case juego.SucesoCambio:
			if !cambio {
				cambio = true
				mejores = append(mejores, t.cambio(e.Cambiadas))
			}
		}
	}
	agregar(t.pase())
	switch mov.Tipo {
	case juego.SucesoColocacion:
		res.Jugada = t.colocacion(mov.Jugada.Slice(), mov.Puntos)
	case juego.SucesoCambio:
		res.Jugada = t.cambio(mov.Cambiadas)
	default:
		res.Jugada = t.pase()
	}
	res.Mejores = mejores
	if len(mejores) > 0 {
		res.Perdida = redondear(max(0, mejores[0].Equidad-res.Jugada.Equidad))
	}
	return res
}

// hojasTasador valora las hojas como el tasador (tasador.hoja), para la
// búsqueda por equidad.
type hojasTasador struct{ t *tasador }

// Valor devuelve el valor de conservar h.
func (h hojasTasador) Valor(m letra.Multiconjunto) float64 { return h.t.hoja(m) }
