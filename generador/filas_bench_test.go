package generador_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las 39 posiciones de los benchmarks de velocidad: las 24 de
// testdata/posiciones, las 5 de referencia (tres en inglés, dos en
// español) y 10 de medio juego con dos comodines (filasDosComodines), con
// la mano con que se generan. Este archivo usa solo la API
// de generador que ya tenía antes de la búsqueda por equidad, para poder
// medir lo mismo en una copia de un commit anterior.

// fila es una posición de los benchmarks.
type fila struct {
	nombre string
	v      *variante.Variante
	j      *juego.Juego
	m      letra.Multiconjunto
}

func filas(tb testing.TB) []fila {
	var res []fila
	for _, p := range posiciones(tb) {
		j, m := juegoDePosicion(tb, p)
		res = append(res, fila{p.nombre, j.Variante(), j, m})
	}
	for _, c := range []struct {
		idioma string
		v      *variante.Variante
		refs   []referencia
	}{{"ingles", varianteInglesa(tb), referenciasInglesas}, {"espanol-clasica", espanol.Clasica(), referenciasEspanolas}} {
		for _, r := range c.refs {
			j := juegoDe(tb, c.v, r.cgp)
			m, _ := j.Fichas(j.Turno())
			res = append(res, fila{"ref-" + c.idioma + "-" + r.nombre, c.v, j, m})
		}
	}
	return append(res, filasDosComodines(tb)...)
}

// filasDosComodines son 10 posiciones de medio juego con dos comodines en
// la mano, cinco en español y cinco en inglés: una partida de la bolsa de
// semilla s jugada por el bot codicioso (generador.Mejor) 8 + s turnos, y
// la mano del jugador en turno con sus dos primeras fichas cambiadas por
// comodines (las demás, en el orden de las letras).
func filasDosComodines(tb testing.TB) []fila {
	var res []fila
	for _, c := range []struct {
		idioma string
		v      *variante.Variante
	}{{"espanol-clasica", espanol.Clasica()}, {"ingles", varianteInglesa(tb)}} {
		g := generadorDe(tb, c.v)
		for s := range 5 {
			r, err := c.v.Repositorio(2, uint64(100+s))
			require.NoError(tb, err)
			j, err := juego.Nuevo(2, c.v, r)
			require.NoError(tb, err)
			for range 8 + s {
				m, ok := generador.Mejor(g, j)
				require.True(tb, ok)
				_, err := j.Ubicar(m.Ocurrencia())
				require.NoError(tb, err)
			}
			_, fin := j.Terminada()
			require.False(tb, fin)
			mano, err := j.Fichas(j.Turno())
			require.NoError(tb, err)
			var m letra.Multiconjunto
			m.AgregarN(letra.Comodin, 2)
			quitar := 2
			for l := range letra.MaxLetras {
				for range mano.Cantidad(letra.Letra(l)) {
					if quitar > 0 {
						quitar--
						continue
					}
					m.Agregar(letra.Letra(l))
				}
			}
			res = append(res, fila{fmt.Sprintf("medio2c-%s-%d", c.idioma, s+1), c.v, j, m})
		}
	}
	return res
}

// hojasSinteticas es una valoración de hojas determinista para los
// benchmarks, mientras no estén las tablas de analisis/hojas: un modelo
// lineal armado con los valores y las cantidades de las fichas de la
// variante (las letras frecuentes y baratas valen más, cada copia repetida
// resta, el comodín vale mucho) y el equilibrio de vocales y consonantes.
// Como las tablas, vale 0 para la mano entera (F fichas) y da todas las
// sub-hojas de una mano sin reservar memoria (Subhojas).
type hojasSinteticas struct {
	f       int
	pref    [letra.MaxLetras][16]float64 // pref[x][k]: k copias de x
	vocales letra.Conjunto
	eq      [16][16]float64 // por vocales y consonantes
}

func nuevasHojasSinteticas(v *variante.Variante) *hojasSinteticas {
	h := &hojasSinteticas{f: v.Fichas()}
	alf := v.Alfabeto()
	for _, s := range []string{"A", "E", "I", "O", "U"} {
		if l, ok := alf.Indice(s); ok {
			h.vocales |= letra.ConjuntoDe(l)
		}
	}
	d := v.Distribucion()
	for l := range letra.MaxLetras {
		x := letra.Letra(l)
		base := 1.5*math.Log1p(float64(d.Cantidad(x))) - 0.7*float64(v.ValorFicha(x))
		if x == letra.Comodin {
			base = 22
		}
		for k := 1; k < 16; k++ {
			h.pref[l][k] = h.pref[l][k-1] + base - 3.5*float64(k-1)
		}
	}
	for vo := range 16 {
		for co := range 16 {
			h.eq[vo][co] = -1.5 * math.Abs(float64(vo)-0.8*float64(co))
		}
	}
	return h
}

func (h *hojasSinteticas) Valor(m letra.Multiconjunto) float64 {
	if m.Tamano() >= h.f || m.Tamano() == 0 {
		return 0
	}
	v, vo, co := 0.0, 0, 0
	for l := range letra.MaxLetras {
		c := m.Cantidad(letra.Letra(l))
		if c == 0 {
			continue
		}
		v += h.pref[l][min(c, 15)]
		switch {
		case letra.Letra(l) == letra.Comodin:
		case h.vocales&letra.ConjuntoDe(letra.Letra(l)) != 0:
			vo += c
		default:
			co += c
		}
	}
	return v + h.eq[min(vo, 15)][min(co, 15)]
}

// Subhojas da el valor de cada sub-hoja de la mano, en el orden de
// generador.Subhojas, con un cuentakilómetros.
func (h *hojasSinteticas) Subhojas(mano letra.Multiconjunto, dst []float64) []float64 {
	var letras [letra.MaxLetras]int
	var cant, k [letra.MaxLetras]int
	d, total := 0, 1
	for l := range letra.MaxLetras {
		if c := mano.Cantidad(letra.Letra(l)); c > 0 {
			letras[d], cant[d] = l, c
			total *= c + 1
			d++
		}
	}
	if cap(dst) < total {
		dst = make([]float64, total)
	}
	dst = dst[:total]
	for p := range total {
		v, vo, co, n := 0.0, 0, 0, 0
		for i := range d {
			c := k[i]
			if c == 0 {
				continue
			}
			l := letras[i]
			n += c
			v += h.pref[l][min(c, 15)]
			switch {
			case letra.Letra(l) == letra.Comodin:
			case h.vocales&letra.ConjuntoDe(letra.Letra(l)) != 0:
				vo += c
			default:
				co += c
			}
		}
		if n == 0 || n >= h.f {
			dst[p] = 0
		} else {
			dst[p] = v + h.eq[min(vo, 15)][min(co, 15)]
		}
		for i := range d {
			if k[i] < cant[i] {
				k[i]++
				break
			}
			k[i] = 0
		}
	}
	return dst
}

// botQueRecorre es lo que hace el bot experto antes de la búsqueda por
// equidad: el valor de cada sub-hoja de la mano de una vez, y después
// generar todas las jugadas y quedarse con la de más equidad (el índice
// de su hoja se resta ficha a ficha); y cada cambio.
type botQueRecorre struct {
	sub    []float64
	fichas []byte
}

func (r *botQueRecorre) elegir(g generador.Generador, j *juego.Juego, m letra.Multiconjunto, h *hojasSinteticas) (float64, int) {
	var paso [letra.MaxLetras]int
	p := 1
	for l := range letra.MaxLetras {
		if c := m.Cantidad(letra.Letra(l)); c > 0 {
			paso[l] = p
			p *= c + 1
		}
	}
	r.sub = h.Subhojas(m, r.sub)
	entera := len(r.sub) - 1
	mejor, puntos, hay := r.sub[entera], 0, false
	for jg := range g.JugadasDe(j, m) {
		i := entera
		for _, f := range jg.Fichas {
			i -= paso[f.DeLaMano()]
		}
		if eq := float64(jg.Puntos) + r.sub[i]; !hay || eq > mejor {
			hay, mejor, puntos = true, eq, jg.Puntos
			r.fichas = r.fichas[:0]
			for _, f := range jg.Fichas {
				r.fichas = append(r.fichas, byte(f.Fila), byte(f.Columna), byte(f.Letra))
			}
		}
	}
	v := j.Variante()
	if v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas() {
		for i := range entera {
			if r.sub[i] > mejor {
				mejor, puntos = r.sub[i], 0
			}
		}
	}
	return mejor, puntos
}

// BenchmarkFilas mide, en cada una de las 39 posiciones: contar sus
// jugadas (contar), recorrerlas con Jugadas (entregar) y elegir la de más
// equidad como el bot que genera todas y valora cada hoja (recorrer), con
// hojasSinteticas, y buscar la de más puntos con MejorDe (mejor).
func BenchmarkFilas(b *testing.B) {
	fs := filas(b)
	for _, modo := range []string{"contar", "entregar", "recorrer", "mejor"} {
		for _, f := range fs {
			g := generadorDe(b, f.v)
			h := nuevasHojasSinteticas(f.v)
			b.Run(modo+"/"+f.nombre, func(b *testing.B) {
				n := generador.ContarDe(g, f.j, f.m) // los cruces, ya calculados
				var r botQueRecorre
				r.elegir(g, f.j, f.m, h)
				b.ReportAllocs()
				switch modo {
				case "contar":
					medirCPU(b, func() { n = generador.ContarDe(g, f.j, f.m) })
				case "entregar":
					medirCPU(b, func() {
						n = 0
						for range g.JugadasDe(f.j, f.m) {
							n++
						}
					})
				case "recorrer":
					medirCPU(b, func() { r.elegir(g, f.j, f.m, h) })
				case "mejor":
					medirCPU(b, func() { generador.MejorDe(g, f.j, f.m) })
				}
				require.Positive(b, n)
			})
		}
	}
}
