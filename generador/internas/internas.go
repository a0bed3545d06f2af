package internas

import (
	"iter"

	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/generador/internal/intervalos"
	"github.com/juegodepalabras/palabras/generador/paridad"
	"github.com/juegodepalabras/palabras/generador/tablas"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/variante"
)

// Generador genera las jugadas con el Método de las Palabras Internas: un
// generador.Generador que da exactamente las jugadas del GADDAG de
// generador, con los mismos puntos y la misma mejor jugada.
//
// No es seguro para usar desde varias gorutinas a la vez (las tablas sí
// pueden compartirse) ni desde dentro de la función que recibe sus
// jugadas.
type Generador struct {
	m *intervalos.Motor
}

var _ generador.Generador = (*Generador)(nil)

// Nuevo devuelve un generador para los juegos de v con las tablas t, que
// deben ser del léxico de v y tener todas sus palabras que caben en el
// tablero: si no, devuelve un error que envuelve a trie.ErrOtroLexico o a
// tablas.ErrCortas. Si el alfabeto de v tiene más de paridad.MaxLetras
// letras devuelve paridad.ErrAlfabetoGrande.
func Nuevo(v *variante.Variante, t *tablas.Internas) (*Generador, error) {
	m, err := intervalos.Nuevo(v, t.Palabras, &metodo{t: t})
	if err != nil {
		return nil, err
	}
	return &Generador{m}, nil
}

// JugadasDe recorre las jugadas de la mano m en j (ver generador.Generador).
func (g *Generador) JugadasDe(j generador.Vista, m letra.Multiconjunto) iter.Seq[generador.Jugada] {
	return g.m.JugadasDe(j, m)
}

// Estadisticas devuelve lo que contó la última generación: intervalos,
// instancias (los intervalos no podados), consultas a las tablas,
// candidatas y jugadas.
func (g *Generador) Estadisticas() generador.Estadisticas { return g.m.Estadisticas() }

type metodo struct {
	t      *tablas.Internas
	letras []letra.Letra
}

// Resolver poda el intervalo si alguna celda libre no admite ninguna letra
// o si su palabra interna principal (la corrida de fichas más larga; la
// primera si hay dos) no aparece en esa posición en ninguna palabra de su
// largo (sección 5.2 de la tesis); si no, recorre las palabras que la
// contienen (frecuencia hasta el umbral) o consulta la tabla de bajo nivel
// con cada submulticonjunto de la mano (sección 5.3).
func (mt *metodo) Resolver(m *intervalos.Motor, iv intervalos.Intervalo) {
	mejorIni, mejorLargo := 0, 0
	for k := 0; k < iv.Largo; {
		if _, ok := m.Fija(k); !ok {
			if m.Cruce(k) == 0 {
				return
			}
			k++
			continue
		}
		ini := k
		for k < iv.Largo {
			if _, ok := m.Fija(k); !ok {
				break
			}
			k++
		}
		if k-ini > mejorLargo {
			mejorIni, mejorLargo = ini, k-ini
		}
	}
	mt.letras = mt.letras[:0]
	for k := mejorIni; k < mejorIni+mejorLargo; k++ {
		l, _ := m.Fija(k)
		mt.letras = append(mt.letras, l)
	}
	interna, ok := mt.t.Interna(mt.letras)
	if !ok {
		return
	}
	var lista []uint32
	comun := true
	if mejorLargo > 0 {
		var f int
		if f, lista, ok = mt.t.Colocada(interna, mejorIni, iv.Largo); !ok {
			return
		}
		comun = f > mt.t.Umbral()
	}
	m.Instancia()
	fijas, ok := m.Fijas()
	if !ok {
		return
	}
	if comun {
		m.Submulticonjuntos(fijas, func(s paridad.Multiconjunto) {
			m.Consulta()
			for _, id := range mt.t.Buscar(interna, mejorIni, s) {
				m.Probar(mt.t.Palabra(id))
			}
		})
		return
	}
	// Recorrido de las palabras que contienen la palabra interna colocada,
	// filtradas por inclusión en la RPE si no hay comodines.
	mano, comodines, manoOK := m.Mano()
	combinado, filtrar := paridad.Multiconjunto(0), false
	if comodines == 0 && manoOK {
		combinado, filtrar = m.Tablas().Sumar(mano, fijas)
	}
	m.Consulta()
	for _, id := range lista {
		if filtrar && !m.Tablas().Incluye(combinado, mt.t.RPE(id)) {
			continue
		}
		m.Probar(mt.t.Palabra(id))
		if m.Cortado() {
			return
		}
	}
}
