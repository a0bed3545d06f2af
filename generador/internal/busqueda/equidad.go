package busqueda

import (
	"cmp"
	"math"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Equidad es lo que la búsqueda necesita en el modo MejoresPorEquidad: el
// valor de cada hoja que puede dejar la mano y las mejores jugadas
// encontradas hasta ahora por equidad (sus puntos más el valor de su hoja).
//
// Las hojas se numeran como las sub-hojas de generador.Subhojas: si la
// mano tiene cₓ fichas de la letra x (el comodín, letra.Comodin, es la
// última letra), la hoja que conserva kₓ de cada x es Σ kₓ·Paso[x], con
// Paso[x] el producto de (c_y + 1) sobre las letras y < x de la mano. La
// mano entera es Entera; poner una ficha de x resta Paso[x].
type Equidad struct {
	Hojas  []float64 // el valor de cada hoja, por su número (sin NaN)
	Paso   [letra.MaxLetras]int
	Entera int
	// MejorHoja[t] es el mayor valor de las hojas que quedan al poner t
	// fichas (−∞ si ninguna): la cota de la hoja de una jugada de t fichas.
	MejorHoja []float64

	// K es cuántas jugadas se guardan. Cambios son las equidades de los
	// mejores cambios, de mayor a menor (a lo sumo K): las jugadas compiten
	// con ellos por los K lugares.
	K       int
	Cambios []float64

	// Mejores son las mejores jugadas encontradas, de mejor a peor según
	// [CompararCandidatas], a lo sumo K.
	Mejores []Candidata
	// Umbral es la equidad de la K-ésima mejor entre Mejores y Cambios (−∞
	// si no hay K): una jugada de equidad menor no entra en las K mejores,
	// y una de equidad igual puede entrar solo por el desempate.
	Umbral float64

	// Comodines y CotaComodines: en la búsqueda desde un ancla, los
	// comodines de la mano y las cotas de las jugadas del ancla que ponen
	// c de ellos (la última, c o más); Comodines es 0 fuera de un ancla.
	Comodines     int
	CotaComodines [3]float64

	libres [][]ocurrencia.Ficha // memoria de fichas para las candidatas
}

// Candidata es una jugada guardada por su equidad, con fichas propias.
type Candidata struct {
	Equidad float64
	Puntos  int
	Hoja    float64 // el valor de su hoja
	Fichas  []ocurrencia.Ficha
}

// CompararCandidatas ordena las jugadas de mejor a peor: la de más equidad
// y, a igual equidad, la primera según generador.Comparar (más puntos y,
// a igual puntaje, las fichas menores).
func CompararCandidatas(a, b *Candidata) int {
	if a.Equidad != b.Equidad {
		if a.Equidad > b.Equidad {
			return -1
		}
		return 1
	}
	if a.Puntos != b.Puntos {
		return cmp.Compare(b.Puntos, a.Puntos)
	}
	return CompararFichas(a.Fichas, b.Fichas)
}

// Empezar prepara una búsqueda de las k mejores jugadas por equidad, que
// compiten con los cambios de equidades cambios (de mayor a menor), y
// devuelve las fichas de las candidatas anteriores a la memoria libre. En
// el modo MejoresPorEquidad, las hojas (Hojas, Paso, Entera, MejorHoja)
// deben estar cargadas.
func (q *Equidad) Empezar(k int, cambios []float64) {
	for _, c := range q.Mejores {
		q.libres = append(q.libres, c.Fichas[:0])
	}
	q.Mejores = q.Mejores[:0]
	q.K, q.Cambios = k, cambios
	q.actualizarUmbral()
}

// actualizarUmbral calcula el Umbral: la K-ésima mejor equidad entre las
// jugadas guardadas y los cambios, que ya están ordenados.
func (q *Equidad) actualizarUmbral() {
	i, j := 0, 0
	u := math.Inf(-1)
	for n := 0; n < q.K; n++ {
		switch {
		case i < len(q.Mejores) && (j == len(q.Cambios) || q.Mejores[i].Equidad >= q.Cambios[j]):
			u = q.Mejores[i].Equidad
			i++
		case j < len(q.Cambios):
			u = q.Cambios[j]
			j++
		default:
			q.Umbral = math.Inf(-1)
			return
		}
	}
	q.Umbral = u
}

// Alcanza informa si una jugada de t fichas que vale a lo sumo pts puntos
// podría entrar entre las mejores por equidad.
func (e *Estado) Alcanza(pts, t int) bool {
	return !(float64(pts)+e.Eq.MejorHoja[t] < e.Eq.Umbral)
}

// emitirEquidad compara la jugada de las fichas puestas, que vale pts y
// tiene sus comodines elegidos, con las mejores por equidad; con espejo,
// también su traspuesta.
func (e *Estado) emitirEquidad(pts int, espejo bool) {
	q := &e.Eq
	// La hoja vale a lo sumo MejorHoja[NP]: si ni con ella llega, no hace
	// falta saber cuál es.
	if float64(pts)+q.MejorHoja[e.NP] < q.Umbral {
		return
	}
	h := q.Entera
	for _, p := range e.Puestas[:e.NP] {
		if p.Comodin {
			h -= q.Paso[letra.Comodin]
		} else {
			h -= q.Paso[p.Letra]
		}
	}
	eq := float64(pts) + q.Hojas[h]
	if eq < q.Umbral {
		return
	}
	c := Candidata{Equidad: eq, Puntos: pts, Hoja: q.Hojas[h], Fichas: e.ordenar(e.salida[:0])}
	e.salida = c.Fichas
	q.Guardar(&c)
	if espejo {
		trasponer(c.Fichas)
		q.Guardar(&c)
	}
	if q.Comodines > 0 {
		e.Vetados = q.ComodinesVetados()
	}
}

// Guardar pone la jugada c entre las K mejores si le corresponde, con una
// copia de sus fichas, y actualiza el Umbral.
func (q *Equidad) Guardar(c *Candidata) {
	n := len(q.Mejores)
	if n == q.K && CompararCandidatas(c, &q.Mejores[n-1]) >= 0 {
		return
	}
	// El lugar: después de las que van antes que c.
	i := n
	for i > 0 && CompararCandidatas(c, &q.Mejores[i-1]) < 0 {
		i--
	}
	var fs []ocurrencia.Ficha
	if n == q.K { // sale la última
		fs = q.Mejores[n-1].Fichas[:0]
		q.Mejores = q.Mejores[:n-1]
	} else if l := len(q.libres); l > 0 {
		fs = q.libres[l-1][:0]
		q.libres = q.libres[:l-1]
	}
	nueva := *c
	nueva.Fichas = append(fs, c.Fichas...)
	q.Mejores = append(q.Mejores, Candidata{})
	copy(q.Mejores[i+1:], q.Mejores[i:])
	q.Mejores[i] = nueva
	q.actualizarUmbral()
}

// ComodinesVetados devuelve cuántos comodines no hace falta poner desde el
// ancla en curso: las jugadas que ponen c comodines o más no entran entre
// las mejores si las cotas de CotaComodines desde c son menores que el
// umbral. Como el umbral solo sube, el resultado solo crece durante la
// búsqueda; es 0 fuera de un ancla (Comodines = 0). La búsqueda lo guarda
// en [Estado.Vetados] cada vez que sube el umbral.
func (q *Equidad) ComodinesVetados() int {
	cota, vetados := math.Inf(-1), 0
	for c := q.Comodines; c >= 1; c-- {
		cota = max(cota, q.CotaComodines[min(c, len(q.CotaComodines)-1)])
		if !(cota < q.Umbral) {
			break
		}
		vetados = q.Comodines - c + 1
	}
	return vetados
}
