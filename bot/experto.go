package bot

import (
	"math/bits"

	hojases "github.com/juegodepalabras/palabras/analisis/hojas/espanol"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Valoracion da el valor de una hoja, las fichas que se conservan después
// de jugar o de cambiar, en puntos, relativo a no conservar ninguna. La
// cumplen las tablas de hojas (hojas.Tabla, un valor por cada hoja) y
// [Hojas] (el modelo lineal de antes, que se conserva para compararlos). Si
// además tiene el método Subhojas de hojas.Tabla, el experto lo usa para
// valorar de una vez todas las hojas de su mano.
type Valoracion interface {
	Valor(h letra.Multiconjunto) float64
}

// subhojas es el camino rápido de una Valoracion (ver hojas.Tabla.Subhojas).
type subhojas interface {
	Subhojas(mano letra.Multiconjunto, dst []float64) []float64
}

// ValoracionPara devuelve la valoración de hojas que el experto usa por
// omisión en los juegos de la variante v: la tabla embebida de
// analisis/hojas/espanol si v tiene el alfabeto, la bolsa y las manos de la
// clásica española (espanol.Clasica); si no, las hojas lineales embebidas
// del alfabeto de v ([HojasPara]); o false si no hay ninguna.
func ValoracionPara(v *variante.Variante) (Valoracion, bool) {
	if v.Alfabeto() == letra.EspanolConDigrafos() {
		if tb := hojases.Tabla(); tb.EsDe(v) {
			return tb, true
		}
	}
	if hs, ok := HojasPara(v.Alfabeto()); ok {
		return hs, true
	}
	return nil, false
}

// valoracionPara devuelve la valoración del experto para los juegos de v.
func (b *Bot) valoracionPara(v *variante.Variante) Valoracion {
	if b.propia {
		return b.valoracion
	}
	if b.valoracion == nil || b.de != v {
		b.valoracion, b.de = &Hojas{}, v
		if val, ok := ValoracionPara(v); ok {
			b.valoracion = val
		}
	}
	return b.valoracion
}

// valoresDeSubhojas escribe en dst el valor de cada sub-hoja de la mano,
// en el orden de hojas.Tabla.Subhojas.
func valoresDeSubhojas(val Valoracion, mano letra.Multiconjunto, dst []float64) []float64 {
	if s, ok := val.(subhojas); ok {
		return s.Subhojas(mano, dst)
	}
	return recorrerSubhojas(mano, dst, val.Valor)
}

// recorrerSubhojas escribe en dst valor(h) para cada sub-hoja h de la mano,
// en el orden de hojas.Tabla.Subhojas: la que conserva kₓ copias de cada
// letra x en Σ kₓ·pₓ, con pₓ el producto de (c_y + 1) sobre las letras
// y < x de la mano.
func recorrerSubhojas(mano letra.Multiconjunto, dst []float64, valor func(letra.Multiconjunto) float64) []float64 {
	var letras [letra.MaxLetras]letra.Letra
	var copias, k [letra.MaxLetras]int
	d, total := 0, 1
	for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
		l := letra.Letra(bits.TrailingZeros64(sop))
		letras[d], copias[d] = l, mano.Cantidad(l)
		total *= copias[d] + 1
		d++
	}
	if cap(dst) < total {
		dst = make([]float64, total)
	}
	dst = dst[:total]
	var h letra.Multiconjunto
	for p := range total {
		dst[p] = valor(h)
		for i := range d {
			if k[i] < copias[i] {
				k[i]++
				h.Agregar(letras[i])
				break
			}
			for ; k[i] > 0; k[i]-- {
				h.Sacar(letras[i])
			}
		}
	}
	return dst
}

// experto es el nivel Experto: la mayor equidad entre las jugadas y los
// cambios. La equidad de una jugada es sus puntos más el valor de la hoja
// que deja; la de un cambio, el valor de lo que conserva; la de pasar, el
// de la mano entera, y pasar solo se elige si no hay jugadas. Con la bolsa
// vacía, el valor de una hoja es −2 veces el de sus fichas, y el de no
// dejar ninguna (salir) 2 veces el de las fichas de los rivales.
func (b *Bot) experto(j *juego.Juego) Decision {
	v := j.Variante()
	val := b.valoracionPara(v)
	turno := j.Turno()
	mano, _ := j.Fichas(turno)
	bolsa := j.LetrasEnRepositorio()

	// El valor de cada sub-hoja de la mano, y el paso de cada letra: quitar
	// de la hoja una copia de l resta paso[l] a su posición.
	var paso [letra.MaxLetras]int
	p := 1
	for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
		l := bits.TrailingZeros64(sop)
		paso[l] = p
		p *= mano.Cantidad(letra.Letra(l)) + 1
	}
	if bolsa > 0 {
		b.sub = valoresDeSubhojas(val, mano, b.sub)
	} else {
		rivales := 0
		for i := range j.Jugadores() {
			if i != turno {
				m, _ := j.Fichas(i)
				for l := range m.Todas() {
					rivales += v.ValorFicha(l)
				}
			}
		}
		b.sub = recorrerSubhojas(mano, b.sub, func(h letra.Multiconjunto) float64 {
			if h.Vacio() {
				return float64(2 * rivales)
			}
			valor := 0
			for l := range h.Todas() {
				valor += v.ValorFicha(l)
			}
			return float64(-2 * valor)
		})
	}
	entera := len(b.sub) - 1

	mejor := Decision{Tipo: juego.SucesoPase, Equidad: b.sub[entera]}
	var mejorJugada generador.Jugada
	hay := false
	for m := range b.gen.Jugadas(j) {
		i := entera
		for _, f := range m.Fichas {
			i -= paso[f.DeLaMano()]
		}
		if eq := float64(m.Puntos) + b.sub[i]; !hay || eq > mejor.Equidad {
			hay = true
			mejor.Equidad = eq
			mejorJugada = m
			mejorJugada.Fichas = append(mejorJugada.Fichas[:0:0], m.Fichas...)
		}
	}
	if hay {
		mejor = Decision{Tipo: juego.SucesoColocacion, Jugada: ocurrencia.Nueva(mejorJugada.Fichas...), Puntos: mejorJugada.Puntos, Equidad: mejor.Equidad}
	}
	if !v.Cambios() || bolsa < v.Fichas() {
		return mejor
	}
	// Cambios: cada sub-hoja que se conserva, menos la mano entera, con la
	// primera letra como la cifra más significativa (en empates gana la
	// primera).
	var letras [letra.MaxLetras]letra.Letra
	var copias, k [letra.MaxLetras]int
	d := 0
	for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
		l := letra.Letra(bits.TrailingZeros64(sop))
		letras[d], copias[d] = l, mano.Cantidad(l)
		d++
	}
	conservar := -1
	for i := 0; ; {
		if i != entera && b.sub[i] > mejor.Equidad {
			conservar, mejor.Equidad = i, b.sub[i]
		}
		x := d - 1
		for ; x >= 0; x-- {
			l := letras[x]
			if k[x] < copias[x] {
				k[x]++
				i += paso[l]
				break
			}
			i -= k[x] * paso[l]
			k[x] = 0
		}
		if x < 0 {
			break
		}
	}
	if conservar >= 0 {
		// Lo que se cambia: de cada letra, las copias que la posición no
		// conserva.
		var cambiadas letra.Multiconjunto
		for sop := uint64(mano.Soporte()); sop != 0; sop &= sop - 1 {
			l := bits.TrailingZeros64(sop)
			c := mano.Cantidad(letra.Letra(l))
			k := conservar / paso[l] % (c + 1)
			cambiadas.AgregarN(letra.Letra(l), c-k)
		}
		mejor = Decision{Tipo: juego.SucesoCambio, Cambiadas: cambiadas, Equidad: mejor.Equidad}
	}
	return mejor
}
