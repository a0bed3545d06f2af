package generador

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/juegodepalabras/palabras/generador/internal/busqueda"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

// Hojas valora las hojas: las fichas que un jugador conserva después de
// jugar o de cambiar, en puntos, como las tablas de hojas de
// analisis/hojas o el modelo lineal del bot. Valor debe ser una función de
// la hoja (la misma hoja, el mismo valor); un NaN cuenta como −∞.
type Hojas interface {
	Valor(h letra.Multiconjunto) float64
}

// Subhojas es el camino rápido optativo de unas [Hojas] (lo tiene
// hojas.Tabla): el valor de todas las hojas que puede dejar una mano de una
// vez, en dst (reutilizando su memoria). Si la mano tiene cₓ fichas de la
// letra x (el comodín, letra.Comodin, es la última), la hoja que conserva
// kₓ de cada x va en la posición Σₓ kₓ·pₓ, con pₓ el producto de (c_y + 1)
// sobre las letras y < x de la mano; los valores deben ser los de Valor. La
// búsqueda por equidad lo usa si las Hojas lo tienen; si no, llama a Valor
// una vez por hoja.
type Subhojas interface {
	Subhojas(mano letra.Multiconjunto, dst []float64) []float64
}

// Eleccion es lo que puede hacer el jugador en turno, con su equidad:
// colocar una jugada (Tipo juego.SucesoColocacion, con Jugada), cambiar
// fichas (juego.SucesoCambio, con las Cambiadas) o pasar (juego.SucesoPase).
// Hoja es el valor de las fichas que conserva: las de la mano menos las
// puestas, menos las cambiadas o la mano entera. Equidad es los puntos
// de la jugada (0 si cambia o pasa) más Hoja.
type Eleccion struct {
	Tipo      juego.TipoSuceso
	Jugada    Jugada
	Cambiadas letra.Multiconjunto
	Hoja      float64
	Equidad   float64
}

// String describe la elección: la jugada con sus puntos, "cambia …" o
// "pasa", y su equidad.
func (e Eleccion) String() string {
	switch e.Tipo {
	case juego.SucesoColocacion:
		return fmt.Sprintf("%v +%d (equidad %.2f)", e.Jugada.Ocurrencia(), e.Jugada.Puntos, e.Equidad)
	case juego.SucesoCambio:
		return fmt.Sprintf("cambia %v (equidad %.2f)", e.Cambiadas, e.Equidad)
	}
	return fmt.Sprintf("pasa (equidad %.2f)", e.Equidad)
}

// CompararElecciones es el orden de las elecciones por equidad, de mejor a
// peor: devuelve un número negativo si a va antes que b. Va antes la de más
// equidad; a igual equidad, una colocación antes que un cambio y un cambio
// antes que pasar; entre colocaciones, el orden de [Comparar] (más puntos
// y, a igual puntaje, las fichas menores); entre cambios, el que devuelve
// menos fichas y, a igual cantidad, el de letras devueltas menores (en
// orden, la primera distinta). Es el orden de [MejoresPorEquidad].
func CompararElecciones(a, b Eleccion) int {
	if a.Equidad != b.Equidad {
		if a.Equidad > b.Equidad {
			return -1
		}
		return 1
	}
	if a.Tipo != b.Tipo {
		return cmp.Compare(rango(a.Tipo), rango(b.Tipo))
	}
	switch a.Tipo {
	case juego.SucesoColocacion:
		return Comparar(a.Jugada, b.Jugada)
	case juego.SucesoCambio:
		if n, m := a.Cambiadas.Tamano(), b.Cambiadas.Tamano(); n != m {
			return cmp.Compare(n, m)
		}
		for l := range letra.MaxLetras {
			x, y := a.Cambiadas.Cantidad(letra.Letra(l)), b.Cambiadas.Cantidad(letra.Letra(l))
			if x != y {
				return cmp.Compare(y, x) // más copias de la letra menor: antes
			}
		}
	}
	return 0
}

func rango(t juego.TipoSuceso) int {
	switch t {
	case juego.SucesoColocacion:
		return 0
	case juego.SucesoCambio:
		return 1
	}
	return 2
}

// ConEquidad es lo que tiene un [Generador] que busca las mejores
// elecciones por equidad sin recorrer todas sus jugadas, como [GADDAG]:
// [MejoresPorEquidad] lo usa si está.
type ConEquidad interface {
	MejoresPorEquidadDe(j Vista, m letra.Multiconjunto, h Hojas, k int, dst []Eleccion) []Eleccion
}

// MejoresPorEquidad devuelve en dst las k mejores elecciones de la mano m
// en j (como si la tuviera el jugador en turno) según
// [CompararElecciones], valorando las hojas con h (nil: todas valen 0).
// Son candidatas las jugadas de g, los cambios (cada multiconjunto no
// vacío de fichas de m) si la variante los permite y la bolsa tiene al
// menos F fichas (docs/reglas.md, C5) y pasar, solo si no hay ni jugadas ni
// cambios, como en los motores de torneo (pasar conservando la mano, que
// las tablas de hojas valoran 0, le ganaría a toda jugada de equidad
// negativa, y seis pases seguidos terminan la partida). Devuelve menos de
// k si no hay tantas, y ninguna si la partida terminó.
//
// Si g es un [ConEquidad] (el [GADDAG]), usa su búsqueda; si no, es
// [RecorrerPorEquidad]: el resultado es el mismo. dst se reutiliza, con la
// memoria de las fichas de sus elecciones (también más allá de su largo):
// con el mismo dst de llamada en llamada, el GADDAG no reserva memoria.
func MejoresPorEquidad(g Generador, j Vista, m letra.Multiconjunto, h Hojas, k int, dst []Eleccion) []Eleccion {
	if r, ok := g.(ConEquidad); ok {
		return r.MejoresPorEquidadDe(j, m, h, k, dst)
	}
	return RecorrerPorEquidad(g, j, m, h, k, dst)
}

// RecorrerPorEquidad es [MejoresPorEquidad] recorriendo todas las jugadas
// de g.JugadasDe, valorando la hoja de cada una, y todos los cambios: lo
// que hace un bot que genera todo y ordena, la referencia de la búsqueda
// del GADDAG (y su reemplazo para cualquier [Generador]).
func RecorrerPorEquidad(g Generador, j Vista, m letra.Multiconjunto, h Hojas, k int, dst []Eleccion) []Eleccion {
	if _, fin := j.Terminada(); fin || k <= 0 {
		return dst[:0]
	}
	var t tablaHojas
	t.cargar(m, h)
	v := j.Variante()
	t.elegirCambios(v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas(), k)
	var q busqueda.Equidad
	q.Empezar(k, t.equid)
	for jg := range g.JugadasDe(j, m) {
		hoja := t.valorJugada(jg.Fichas)
		c := busqueda.Candidata{Equidad: float64(jg.Puntos) + hoja, Puntos: jg.Puntos, Hoja: hoja, Fichas: jg.Fichas}
		if !(c.Equidad < q.Umbral) {
			q.Guardar(&c)
		}
	}
	return t.elecciones(q.Mejores, k, dst)
}

// elecciones junta las jugadas guardadas y los cambios elegidos en las k
// mejores elecciones, en dst; si no hay ninguna, pasar.
func (t *tablaHojas) elecciones(jugadas []busqueda.Candidata, k int, dst []Eleccion) []Eleccion {
	dst = dst[:0]
	agregar := func() *Eleccion {
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
			e := &dst[len(dst)-1]
			fs := e.Jugada.Fichas[:0]
			*e = Eleccion{Jugada: Jugada{Fichas: fs}}
			return e
		}
		dst = append(dst, Eleccion{})
		return &dst[len(dst)-1]
	}
	i, c := 0, 0
	for len(dst) < k && (i < len(jugadas) || c < len(t.cambios)) {
		e := agregar()
		if i < len(jugadas) && (c == len(t.cambios) || jugadas[i].Equidad >= t.equid[c]) {
			jg := &jugadas[i]
			e.Tipo = juego.SucesoColocacion
			e.Jugada.Fichas = append(e.Jugada.Fichas, jg.Fichas...)
			e.Jugada.Puntos = jg.Puntos
			e.Equidad = jg.Equidad
			e.Hoja = jg.Hoja
			i++
			continue
		}
		e.Tipo = juego.SucesoCambio
		e.Cambiadas = t.cambiadas(t.cambios[c])
		e.Hoja, e.Equidad = t.equid[c], t.equid[c]
		c++
	}
	if len(dst) == 0 {
		e := agregar()
		e.Tipo = juego.SucesoPase
		if t.grande {
			e.Hoja = saneado(t.h.Valor(t.mano))
		} else {
			e.Hoja = t.valores[t.entera]
		}
		e.Equidad = e.Hoja
	}
	return dst
}

// MejoresPorEquidadDe es [MejoresPorEquidad] con la búsqueda del GADDAG,
// que encuentra las mejores jugadas sin generar las demás (ver
// metodoEquidad en cotas.go): da exactamente lo mismo que
// [RecorrerPorEquidad].
//
// La primera llamada con un léxico arma su mapa de palabras (los
// multiconjuntos de letras de sus palabras, en dos filtros de Bloom, y sus
// palabras de hasta N letras indexadas por el multiconjunto de sus letras y
// por el de sus letras menos una), que comparten después todos los
// generadores de ese léxico: los filtros ocupan unos 2,4 MB con SOWPODS
// (inglés) y 5,8 MB con el léxico español de variante/espanol, y el índice
// unos 36 MB y 70 MB, que tarda unos 0,55 s y 1,5 s en armarse
// (BenchmarkMapaExacto); [GADDAG.LeerMapa] lo lee de su codificación en
// lugar de armarlo. Con uno o dos comodines en la mano, y sin comodines con
// pocas fichas en el tablero, las jugadas salen de ese índice en vez del
// GADDAG.
// Con el mismo dst, las búsquedas siguientes reservan memoria solo cuando
// crecen sus espacios de trabajo, no en cada llamada.
func (g *GADDAG) MejoresPorEquidadDe(j Vista, m letra.Multiconjunto, h Hojas, k int, dst []Eleccion) []Eleccion {
	if _, fin := j.Terminada(); fin || k <= 0 {
		return dst[:0]
	}
	v := j.Variante()
	r, ok := g.buscarPorEquidad(j, m, h, k, v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas(), dst)
	if !ok {
		return RecorrerPorEquidad(g, j, m, h, k, dst)
	}
	return r
}

// buscarPorEquidad es la búsqueda por cotas de las k mejores elecciones de
// la mano m en j (con los cambios si cambios), en dst; false si la mano
// tiene más de MaxSubhojas hojas y no se puede buscar así. j no debe estar
// terminada.
func (g *GADDAG) buscarPorEquidad(j Vista, m letra.Multiconjunto, h Hojas, k int, cambios bool, dst []Eleccion) ([]Eleccion, bool) {
	t := &g.hojas
	t.cargar(m, h)
	if t.grande {
		return dst[:0], false
	}
	t.elegirCambios(cambios, k)
	b := &g.b
	b.Empezar(busqueda.MejoresPorEquidad, nil)
	q := &b.Eq
	q.Hojas, q.Paso, q.Entera, q.MejorHoja = t.valores, t.paso, t.entera, t.mejor
	q.Empezar(k, t.equid)
	b.porEquidad(j, &m)
	return t.elecciones(q.Mejores, k, dst), true
}

// mejorPorPuntos es [GADDAG.MejorDe] por la búsqueda por equidad con las
// hojas en cero y sin cambios: la primera elección es la colocación de más
// puntos (una colocación va antes que pasar a igual equidad). hecho es
// false si no puede usarla (la partida terminó, o la mano tiene más de
// MaxSubhojas hojas) y hay que recorrer el GADDAG.
func (g *GADDAG) mejorPorPuntos(j Vista, m letra.Multiconjunto) (jg Jugada, ok, hecho bool) {
	if _, fin := j.Terminada(); fin {
		return Jugada{}, false, false
	}
	g.porPuntos, hecho = g.buscarPorEquidad(j, m, nil, 1, false, g.porPuntos)
	if !hecho || len(g.porPuntos) == 0 || g.porPuntos[0].Tipo != juego.SucesoColocacion {
		return Jugada{}, false, hecho
	}
	e := g.porPuntos[0].Jugada
	return Jugada{Fichas: slices.Clone(e.Fichas), Puntos: e.Puntos}, true, true
}
